package codec

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store/byterange"
)

// Sentinel errors, for errors.Is. The typed errors below wrap them.
var (
	// ErrConfig is matched by every *ConfigError: a codec configuration or
	// chain that is not valid.
	ErrConfig = errors.New("invalid codec configuration")
	// ErrUnknownCodec is matched by a *ConfigError for a codec name that the
	// registry does not know (and that must be understood).
	ErrUnknownCodec = errors.New("unknown codec")
	// ErrCorrupt is matched by every *CorruptError: chunk bytes that a
	// decoder cannot decode.
	ErrCorrupt = errors.New("corrupt chunk")
	// ErrSize is matched by every *SizeError: a buffer whose length does
	// not match the chunk spec.
	ErrSize = errors.New("wrong chunk size")
	// ErrFillRoundTrip is matched by every *FillRoundTripError.
	ErrFillRoundTrip = errors.New("fill value does not survive the codec round trip")
	// ErrLimit is matched by every *LimitError: a buffer that a decode
	// would allocate beyond Options.MaxChunkBytes.
	ErrLimit = errors.New("buffer exceeds the limit")
	// ErrNilContext is returned by AppendEncodeBatch and DecodeBatch
	// when given a nil context.Context.
	ErrNilContext = errors.New("codec: nil context.Context")
)

// ConfigError reports an invalid codec configuration, found while parsing
// codec JSON or while resolving a codec against a chunk spec.
type ConfigError struct {
	// Pointer is the JSON pointer (RFC 6901) of the offending value, e.g.
	// "/codecs/1/configuration/rounding", when it is known.
	Pointer string
	// Codec is the codec's name, when known.
	Codec string
	// Key is the configuration key concerned, if any. Resolution errors set
	// it without a Pointer; callers that know the codec's position build the
	// full pointer from it.
	Key string
	// Reason says what is wrong.
	Reason string
	// Err is an underlying error (such as ErrUnknownCodec), or nil.
	Err error
}

// Error returns "pointer: codec: reason" (or "codec: key: reason" without
// a pointer), with a long pointer, codec name or key shortened.
func (e *ConfigError) Error() string {
	var b strings.Builder
	if e.Pointer != "" {
		b.WriteString(shorten.Pointer(e.Pointer))
		b.WriteString(": ")
	}
	if e.Codec != "" {
		b.WriteString(shorten.String(e.Codec))
		b.WriteString(": ")
	}
	if e.Pointer == "" && e.Key != "" {
		b.WriteString(shorten.String(e.Key))
		b.WriteString(": ")
	}
	b.WriteString(e.Reason)
	return b.String()
}

// Unwrap returns Err.
func (e *ConfigError) Unwrap() error { return e.Err }

// Is makes every ConfigError match ErrConfig.
func (e *ConfigError) Is(target error) bool { return target == ErrConfig }

// StepError reports a failure of the codec at position Index of a chain
// (counted from 0 over the whole chain, as in the "codecs" list).
type StepError struct {
	Index int
	Codec string
	Err   error
}

func (e *StepError) Error() string {
	return fmt.Sprintf("codec %d (%s): %v", e.Index, e.Codec, e.Err)
}

// Unwrap returns Err.
func (e *StepError) Unwrap() error { return e.Err }

// ChainOrderError reports a chain whose codecs are not in the order
// array->array*, exactly one array->bytes, bytes->bytes*.
type ChainOrderError struct {
	Index  int    // position of the offending codec, or the chain length
	Codec  string // its name, if any
	Reason string
}

func (e *ChainOrderError) Error() string {
	if e.Codec == "" {
		return "codec chain: " + e.Reason
	}
	return fmt.Sprintf("codec %d (%s): %s", e.Index, e.Codec, e.Reason)
}

// Is makes every ChainOrderError match ErrConfig.
func (e *ChainOrderError) Is(target error) bool { return target == ErrConfig }

// FillRoundTripError reports a fill value that an array->array codec does
// not give back unchanged: Original encoded to Encoded, which decoded to
// Decoded (or failed to decode with DecodeErr).
//
// A codec whose ResolveArray cannot encode the fill value at all, and finds
// nothing else wrong, returns a *FillRoundTripError (or an error wrapping
// one) with EncodeErr set and Encoded, Decoded unset. When the failure is
// only a warning (see NewPipeline) the pipeline then resolves the codec
// again with a stand-in fill value: StandIn if the codec offers one (a
// value of the same data type that it encodes, such as scale_offset's
// offset), else the zero of the data type.
//
// In the Err of a Pipeline's Warning (a failure that did not fail
// resolution: under FillWarn, or in an advisory codec), the error also
// says where the failing codec is: Index, Codec, Nested and Advisory.
type FillRoundTripError struct {
	Original  numeric.Scalar
	Encoded   numeric.Scalar
	Decoded   numeric.Scalar
	EncodeErr error
	DecodeErr error
	StandIn   numeric.Scalar

	// Index and Codec are the position in the pipeline's chain and the
	// name of the codec that failed, or of the codec whose nested chain
	// holds the one that failed (see ChainHolder); set in warnings only.
	Index int
	Codec string
	// Nested is the path from the codec at Index down to the codec that
	// failed, one NestedStep per level of nesting, the last one naming the
	// failing codec; empty when the codec at Index failed itself.
	Nested []NestedStep
	// Advisory says the failing codec's failures are warnings in every
	// FillMode (FillRoundTripAdvisor).
	Advisory bool
}

// Path returns where the failing codec is, for an error of a warning:
// "codec 1 (scale_offset)", or "codec 0 (sharding_indexed) > inner codec 1
// (scale_offset)" for a codec of a nested chain; "" when Codec is not set.
func (e *FillRoundTripError) Path() string {
	if e.Codec == "" {
		return ""
	}
	s := fmt.Sprintf("codec %d (%s)", e.Index, e.Codec)
	for _, n := range e.Nested {
		s += fmt.Sprintf(" > %s codec %d (%s)", n.Chain, n.Index, n.Codec)
	}
	return s
}

// FailingCodec returns the name of the codec whose fill round trip failed:
// the last step of Nested, else Codec.
func (e *FillRoundTripError) FailingCodec() string {
	if n := len(e.Nested); n > 0 {
		return e.Nested[n-1].Codec
	}
	return e.Codec
}

// fillWarning returns the Warning of e, a copy of which it keeps: its
// message is e's path and e's message.
func fillWarning(e *FillRoundTripError, pointer string) Warning {
	c := *e
	c.Nested = slices.Clone(e.Nested)
	msg := c.Error()
	if p := c.Path(); p != "" {
		msg = p + ": " + msg
	}
	return Warning{Pointer: pointer, Message: msg, Err: &c}
}

func (e *FillRoundTripError) Error() string {
	switch {
	case e.EncodeErr != nil:
		return fmt.Sprintf("fill value %v (%v) cannot be encoded: %v", e.Original, e.Original.DataType(), e.EncodeErr)
	case e.DecodeErr != nil:
		return fmt.Sprintf("fill value %v (%v) encodes to %v (%v), which does not decode: %v",
			e.Original, e.Original.DataType(), e.Encoded, e.Encoded.DataType(), e.DecodeErr)
	}
	return fmt.Sprintf("fill value %v (%v) encodes to %v (%v) but decodes back to %v",
		e.Original, e.Original.DataType(), e.Encoded, e.Encoded.DataType(), e.Decoded)
}

// Is makes every FillRoundTripError match ErrFillRoundTrip and ErrConfig.
func (e *FillRoundTripError) Is(target error) bool {
	return target == ErrFillRoundTrip || target == ErrConfig
}

// Unwrap returns EncodeErr or DecodeErr.
func (e *FillRoundTripError) Unwrap() error {
	if e.EncodeErr != nil {
		return e.EncodeErr
	}
	return e.DecodeErr
}

// SizeUnit is what the lengths of a SizeError count.
type SizeUnit uint8

// The units of a SizeError. The zero value is UnitBytes.
const (
	UnitBytes    SizeUnit = iota // bytes of a buffer
	UnitElements                 // elements of a Go slice of values
	UnitChunks                   // chunks (buffers) of a batch
)

// String returns "bytes", "elements" or "chunks".
func (u SizeUnit) String() string {
	switch u {
	case UnitBytes:
		return "bytes"
	case UnitElements:
		return "elements"
	case UnitChunks:
		return "chunks"
	}
	return fmt.Sprintf("SizeUnit(%d)", uint8(u))
}

// SizeError reports a buffer (or list) whose length does not match the
// chunk spec.
type SizeError struct {
	What string // "decoded chunk", "destination", ...
	Got  int
	Want int
	Unit SizeUnit // what Got and Want count; the zero value is bytes
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("%s has %d %v, want %d", e.What, e.Got, e.Unit, e.Want)
}

// Is makes every SizeError match ErrSize.
func (e *SizeError) Is(target error) bool { return target == ErrSize }

// PanicError reports a codec that panicked while encoding or decoding a
// chunk of a batch. The batch recovers the panic so that one faulty codec
// cannot end the process; the *ChunkError around it names the chunk.
type PanicError struct {
	Value any    // the value passed to panic
	Stack []byte // the stack of the panicking goroutine (runtime/debug.Stack)
}

func (e *PanicError) Error() string { return fmt.Sprintf("codec panicked: %v", e.Value) }

// Unwrap returns Value if it is an error (a runtime.Error, for instance),
// or nil.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// CorruptError reports chunk bytes that a codec cannot decode: a truncated
// or malformed stream, a checksum mismatch, a decoded size that does not
// match the chunk spec.
type CorruptError struct {
	Codec  string // the decoder's codec name
	Reason string // "" when Err says it all (a *LimitError)
	Err    error  // an underlying library error, or nil
}

func (e *CorruptError) Error() string {
	if e.Reason == "" && e.Err != nil {
		return fmt.Sprintf("%s: corrupt chunk: %v", e.Codec, e.Err)
	}
	if e.Err != nil {
		return fmt.Sprintf("%s: corrupt chunk: %s: %v", e.Codec, e.Reason, e.Err)
	}
	return fmt.Sprintf("%s: corrupt chunk: %s", e.Codec, e.Reason)
}

// Unwrap returns Err.
func (e *CorruptError) Unwrap() error { return e.Err }

// Is makes every CorruptError match ErrCorrupt.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }

// ElementError reports an element of a chunk, or the fill value, that a
// codec cannot encode or decode: its index in the chunk (C order), its
// value when the codec has one, and why, such as
//
//	encode element 17 (value 200): (200 - 10) * 2 = 380 is out of range for uint8
//	decode element 3: unsupported element of type float (1.5); only strings (and null, and 0, zarr 2's fill of object arrays) are read
//
// The codec's name is left to the error that wraps this one (the
// pipeline's *StepError, a *ConfigError), which names it. Err is the kind
// of failure, a sentinel or an error of the codec's package, which errors.Is
// and errors.As see (for a stored chunk that cannot be decoded, it matches
// ErrCorrupt).
type ElementError struct {
	Codec  string         // the codec's name
	Decode bool           // true when decoding, false when encoding
	Index  int            // the element's index in the chunk, or -1 for the fill value
	Value  numeric.Scalar // the element's value, if the codec has one (Valid)
	Reason string         // why the element cannot be encoded or decoded
	Err    error          // the kind of failure, or nil
}

// Error returns "encode element I (value V): reason" (or "decode ...",
// "... fill value V: reason"), without "(value V)" when Value is not set.
func (e *ElementError) Error() string {
	dir := "encode"
	if e.Decode {
		dir = "decode"
	}
	switch {
	case e.Index < 0:
		return fmt.Sprintf("%s fill value %v: %s", dir, e.Value, e.Reason)
	case !e.Value.Valid():
		return fmt.Sprintf("%s element %d: %s", dir, e.Index, e.Reason)
	}
	return fmt.Sprintf("%s element %d (value %v): %s", dir, e.Index, e.Value, e.Reason)
}

// Unwrap returns Err.
func (e *ElementError) Unwrap() error { return e.Err }

// SettingMaxChunkBytes is the Setting of a *LimitError about the limit
// Options.MaxChunkBytes sets (also zarr.Options.MaxChunkBytes).
const SettingMaxChunkBytes = "Options.MaxChunkBytes"

// LimitError reports a buffer that would be larger than the limit an
// option sets, found from what the metadata or the stored bytes declare
// (a chunk's decoded size, a shard's index, the content size of a
// compressed frame) and refused before it is allocated. The bytes may be
// valid: a larger limit reads them. It matches ErrLimit; a command names
// its own flag for Setting.
type LimitError struct {
	Codec   string // the codec that refused the buffer, or ""
	What    string // what the buffer holds: "shard index", "decoded shard index", "inner chunk", "decoded chunk"
	Size    int64  // the buffer's size in bytes
	Limit   int64  // the limit in bytes
	Setting string // the option that sets the limit; "" is SettingMaxChunkBytes
}

// Error returns "codec: the what would take N bytes, more than the limit of
// L (Setting)", without "codec: " when Codec is not set.
func (e *LimitError) Error() string {
	s := fmt.Sprintf("the %s would take %d bytes, more than the limit of %d (%s)", e.What, e.Size, e.Limit, e.SettingName())
	if e.Codec != "" {
		s = e.Codec + ": " + s
	}
	return s
}

// SettingName returns Setting, or SettingMaxChunkBytes when it is not set.
func (e *LimitError) SettingName() string {
	if e.Setting == "" {
		return SettingMaxChunkBytes
	}
	return e.Setting
}

// Is makes every LimitError match ErrLimit.
func (e *LimitError) Is(target error) bool { return target == ErrLimit }

// ChunkError reports the failure of one chunk: reading, decoding, encoding
// or writing it. It wraps the cause, so errors.Is and errors.As see through
// it. Which fields are set depends on who reports it:
//
//   - a batch (Pipeline.AppendEncodeBatch, DecodeBatch) sets Index, the chunk's
//     position in the batch;
//   - a shard (sharding_indexed) sets Coords, the inner chunk's grid
//     coordinates in the shard, and Range, its bytes in the shard, when a
//     stored inner chunk fails to decode, or Coords and Op "encode" when
//     one fails to encode;
//   - an array (package zarr) sets Array and Key;
//   - the advisor sets Index, the chunk's position in the sample, and Op.
//
// Fields not set are the zero value. A chunk inside a shard inside an
// array is a *ChunkError (Array, Key) wrapping a *StepError wrapping a
// *ChunkError (Coords).
type ChunkError struct {
	// Array is the array's path in its store (package zarr).
	Array string
	// Key is the chunk's key in the store, with the array's path.
	Key string
	// Coords are the chunk's grid coordinates, when known.
	Coords []int64
	// Index is the chunk's position in a batch or a sample; meaningful
	// only when Key and Coords are not set.
	Index int
	// Range is the chunk's bytes within the value holding it (an inner
	// chunk within its shard), or the zero byterange.Range.
	Range byterange.Range
	// Op is the step that failed, when the reporter names it ("encode" or
	// "decode"), or "": an array's chunk errors say it in Err.
	Op  string
	Err error
}

// Error returns `array "/a": chunk "a/c/0/1": cause` (the array is named
// whenever Key is set), `chunk [1 0] (bytes 8-15): cause` or
// `chunk 3: encode: cause`, from the fields set.
func (e *ChunkError) Error() string {
	var b strings.Builder
	if e.Array != "" || e.Key != "" { // the root array's path is ""
		fmt.Fprintf(&b, "array %s: ", strconv.Quote("/"+e.Array))
	}
	switch {
	case e.Key != "":
		fmt.Fprintf(&b, "chunk %s", strconv.Quote(e.Key))
	case e.Coords != nil:
		fmt.Fprintf(&b, "chunk %v", e.Coords)
	default:
		fmt.Fprintf(&b, "chunk %d", e.Index)
	}
	if e.Range != (byterange.Range{}) {
		fmt.Fprintf(&b, " (bytes %v)", e.Range)
	}
	if e.Op != "" {
		b.WriteString(": " + e.Op)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

// Unwrap returns Err.
func (e *ChunkError) Unwrap() error { return e.Err }

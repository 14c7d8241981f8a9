// Package codec defines the three kinds of Zarr v3 codecs, the ChunkSpec
// that is threaded through a chain of them, and the Pipeline that binds a
// chain to a chunk spec and runs it. The codecs themselves live in the
// packages below codecs (codecs/zstd; the bytes codec in codecs/bytescodec);
// a registry (package registry) builds them from codec JSON
// such as
//
//	[{"name": "scale_offset", "configuration": {"offset": 273.15, "scale": 4}},
//	 {"name": "bytes", "configuration": {"endian": "little"}},
//	 {"name": "zstd", "configuration": {"level": 3}}]
//
// Specification: Zarr v3 core, codecs,
// https://zarr-specs.readthedocs.io/en/latest/v3/core/index.html#codecs.
//
// A codec comes in two stages. An unbound codec (ArrayToArray, ArrayToBytes
// or BytesToBytes) holds a parsed configuration and nothing else; it is what
// a registry builds from codec JSON. Resolving it against the spec of the
// chunks it will see (data type, shape, fill value, or for bytes->bytes
// codecs the byte sizes) validates everything that depends on that spec and
// gives a bound codec that encodes and decodes. Bound codecs, and therefore
// resolved Pipelines, are safe for concurrent use.
//
// Chunks are byte slices: the decoded side of a chunk holds the elements in
// C order, each in its little-endian encoding (see numeric.Scalar). A chunk
// of a variable-length type (string, bytes) has no fixed decoded size: its
// decoded side is the vlen layout, a u32le count and a u32le length and the
// bytes of each element; such a chain has no array->array codec, its
// array->bytes codec is a VariableLengthCodec, and it decodes with
// Pipeline.AppendDecode, bounded by Options.MaxChunkBytes
// (docs/decisions.md#d28).
//
// # Fill values
//
// Resolving a chain threads the fill value through every array->array codec
// and checks that it survives the round trip: each codec encodes the fill it
// receives and decodes the result back, and the two must be numerically
// equal (every NaN equals every NaN, -0.0 equals +0.0, all else exact;
// docs/decisions.md#d1). The round trip is always computed. Under
// FillStrict (the default: validating, encoding, creating arrays) a failure
// is a *FillRoundTripError; under Options.FillMode FillWarn (reading
// existing arrays) it is a Warning in Pipeline.Warnings and resolution
// goes on. Codecs implementing FillRoundTripAdvisor (the numcodecs
// array->array codecs) only ever warn (docs/decisions.md#d17).
//
// # Nested chains
//
// A codec may hold codec chains of its own and resolve them when it is
// resolved: sharding_indexed has an inner chain for its inner chunks and an
// index chain. Such a codec implements ChainHolder, and NewPipeline resolves
// it with the pipeline's own options, so a pipeline resolved under FillWarn
// resolves the nested chains under FillWarn too, at every depth. Its bound
// form implements NestedWarner, and the warnings of the nested chains come
// back through the outer Pipeline.Warnings with the path to the failing
// codec ("codec 0 (sharding_indexed) > inner codec 1 (scale_offset)") and,
// when the codec was parsed from JSON, the pointer of its entry.
//
// # Buffers
//
// A pipeline never copies bytes that do not change: a bound codec that is
// the identity for its spec (the Identity interface: the bytes codec in
// little-endian order or for one-byte types, numcodecs.shuffle with an
// element size of 1) is skipped, its decoding reduced to the checks its
// decoder makes. Decode writes into the caller's destination as early as
// the chain allows, and every decoded size comes from the chunk spec,
// never from the data (docs/decisions.md#d15). Scratch buffers are pooled
// per pipeline, up to 32 MiB each.
//
// # Batches
//
// AppendEncodeBatch and DecodeBatch run chunks on at most
// Options.Concurrency goroutines; a codec that panics inside a batch is
// recovered into a *PanicError inside a *ChunkError naming the chunk, so one
// faulty codec cannot end the process.
//
// # Conventions
//
// The module's packages share these:
//
//   - Options: each package that has settings takes a nil-able *Options
//     (codec.Options, metadata.Options, zarr.Options, advisor.Options,
//     zarrv2.Options; store.HTTPOptions and zarr.CopyOptions likewise);
//     nil, and the zero value of each field, give the documented defaults.
//     Options.Concurrency is the goroutine budget of one call, nested work
//     included; Options.MaxChunkBytes caps every buffer a decode allocates
//     on the word of stored bytes (DefaultMaxChunkBytes); Options.RangeGap
//     is the largest gap between two byte ranges of one stored value that
//     are read with one request (DefaultRangeGap, 64 KiB; -1 never merges):
//     a partial read of a shard merges the ranges of the inner chunks it
//     needs, so that k adjacent inner chunks cost one request, not k.
//   - Names: a function or method that appends to dst and returns the
//     extended slice is called Append... (AppendEncode, AppendDecode,
//     AppendEncodeBytes, AppendEncodeSlice, AppendEncodeBatch), as in
//     encoding/base64; one that fills a dst of exactly the right size is
//     not (Decode, DecodeBytes).
//   - One type per concept: region.Box for a box of an array or chunk,
//     ChunkError for the failure of one chunk, Warning for input accepted
//     but not used as is, Chain for a parsed codec list; byte ranges of
//     stored values are byterange.Range, read through a
//     byterange.Reader.
//   - Reading and writing: the registry parses one configuration for both;
//     what separates them is the FillMode a chain is resolved with. FillStrict
//     (the default: validating, creating, encoding new arrays) refuses what
//     zcodec does not write; FillWarn (opening arrays that exist) reads what
//     other writers accepted (docs/decisions.md#d23): a codec that is a
//     ReadingCodec is resolved as its ForReading, and its bound form reports
//     what it accepted through Warner. So a bytes codec without endian on a
//     multi-byte type reads as little-endian, zstd "level" 100 and lz4
//     "acceleration" 0 or -1 are kept in the configuration and encode as
//     libzstd and liblz4 did for the writer (22, 1), each with a Warning;
//     under FillStrict each is an error matching ErrReadOnlyConfig. A factory
//     therefore reads such values rather than range-checking them: range
//     checks of settings that only matter when encoding belong in resolution.
//     Only these settings are clamped: numcodecs 0.11 raises for
//     out-of-range gzip, zlib and bz2 levels, blosc clevel and lzma presets,
//     so no chunk was ever written with one.
package codec

import (
	"bytes"
	"encoding/json"

	"github.com/zcodec/zcodec/numeric"
)

// Kind is the kind of a codec: where it sits in a chain.
type Kind uint8

// The three kinds of codec, in chain order.
const (
	KindArrayToArray Kind = iota + 1
	KindArrayToBytes
	KindBytesToBytes
)

// String returns "array->array", "array->bytes" or "bytes->bytes".
func (k Kind) String() string {
	switch k {
	case KindArrayToArray:
		return "array->array"
	case KindArrayToBytes:
		return "array->bytes"
	case KindBytesToBytes:
		return "bytes->bytes"
	}
	return "invalid"
}

// Codec is an unbound codec: a name and a parsed configuration. Every codec
// also implements exactly one of ArrayToArray, ArrayToBytes, BytesToBytes.
type Codec interface {
	// Name returns the codec's canonical name, as written in metadata.
	Name() string
	// MarshalJSON returns the codec's metadata object
	// {"name": ..., "configuration": {...}} in canonical form.
	MarshalJSON() ([]byte, error)
}

// ArrayToArray is an unbound array->array codec (cast_value, scale_offset).
type ArrayToArray interface {
	Codec
	// ResolveArray binds the codec to the spec of the decoded chunks it will
	// receive. It fails if the codec cannot handle that spec; otherwise the
	// bound codec's Encoded method gives the spec of what it produces,
	// including the encoded fill value.
	ResolveArray(decoded ChunkSpec) (BoundArrayToArray, error)
}

// BoundArrayToArray is an array->array codec bound to a ChunkSpec.
type BoundArrayToArray interface {
	// Encoded returns the spec of the encoded chunks, fill value included.
	Encoded() ChunkSpec
	// EncodeArray encodes src, a whole decoded chunk, into dst, which has
	// exactly the encoded chunk's byte size. On error dst holds no
	// meaningful data.
	EncodeArray(dst, src []byte) error
	// DecodeArray is the inverse of EncodeArray.
	DecodeArray(dst, src []byte) error
	// DecodeFill decodes one value of the encoded data type, the way the
	// codec decodes elements. The pipeline uses it to check that the fill
	// value survives the round trip.
	DecodeFill(encoded numeric.Scalar) (numeric.Scalar, error)
}

// ChainHolder is an optional interface of an unbound codec that holds codec
// chains of its own and resolves them when it is resolved (sharding_indexed:
// its inner chain and its index chain).
//
// NewPipeline resolves such a codec as c.WithOptions(opts), where opts are
// the pipeline's own options (nil for the defaults), so that the nested
// chains are resolved under the same rules (the same FillMode) and decode
// under the same MaxChunkBytes; a nested codec that holds
// chains of its own is given them in turn by the nested pipeline.
// WithOptions returns a codec of the same kind and configuration that
// resolves its chains with opts, and leaves the receiver unchanged;
// Pipeline.Steps reports the codec as it was given. The bound codec reports
// what its chains warned about with NestedWarner.
type ChainHolder interface {
	WithOptions(opts *Options) Codec
}

// ArrayToBytes is an unbound array->bytes codec (bytes).
type ArrayToBytes interface {
	Codec
	// ResolveBytes binds the codec to the spec of the array chunks it will
	// receive.
	ResolveBytes(decoded ChunkSpec) (BoundArrayToBytes, error)
}

// BoundArrayToBytes is an array->bytes codec bound to a ChunkSpec.
type BoundArrayToBytes interface {
	// Encoded returns the spec of the byte strings the codec produces.
	Encoded() BytesSpec
	// AppendEncodeBytes appends the encoding of src, a whole array
	// chunk, to dst and returns the extended slice.
	AppendEncodeBytes(dst, src []byte) ([]byte, error)
	// DecodeBytes decodes src into dst, which has exactly the array
	// chunk's byte size.
	DecodeBytes(dst, src []byte) error
}

// BytesToBytes is an unbound bytes->bytes codec (compressors, shuffle,
// checksums).
type BytesToBytes interface {
	Codec
	// ResolveBytesToBytes binds the codec to the spec of the byte strings
	// it will receive.
	ResolveBytesToBytes(decoded BytesSpec) (BoundBytesToBytes, error)
}

// BoundBytesToBytes is a bytes->bytes codec bound to a BytesSpec.
type BoundBytesToBytes interface {
	// Encoded returns the spec of the byte strings the codec produces.
	Encoded() BytesSpec
	// AppendEncode appends the encoding of src to dst and returns the extended
	// slice.
	AppendEncode(dst, src []byte) ([]byte, error)
	// AppendDecode appends the decoding of src to dst and returns the extended
	// slice. The decoded length must satisfy the decoded BytesSpec the
	// codec was resolved with: a decoder never produces, or allocates for,
	// more than its MaxSize, whatever the input claims.
	AppendDecode(dst, src []byte) ([]byte, error)
}

// KindOf returns the kind of c, or 0 if c implements none of the three
// codec interfaces.
func KindOf(c Codec) Kind {
	switch c.(type) {
	case ArrayToArray:
		return KindArrayToArray
	case ArrayToBytes:
		return KindArrayToBytes
	case BytesToBytes:
		return KindBytesToBytes
	}
	return 0
}

// MarshalCodec returns the metadata object {"name": name, "configuration":
// config} of a codec; a nil config omits "configuration". It is a helper for
// MarshalJSON methods.
func MarshalCodec(name string, config any) ([]byte, error) {
	type object struct {
		Name          string `json:"name"`
		Configuration any    `json:"configuration,omitempty"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // keep "<f8" readable
	if err := enc.Encode(object{Name: name, Configuration: config}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

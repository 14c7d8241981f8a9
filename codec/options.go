package codec

import (
	"fmt"
	"runtime"
)

// FillMode says what a failed fill round trip (docs/decisions.md#d1,
// docs/decisions.md#d17) is when a pipeline is resolved.
type FillMode uint8

const (
	// FillStrict makes a failed fill round trip an error of NewPipeline:
	// the mode for validating metadata, encoding and creating arrays, and
	// the default.
	FillStrict FillMode = iota
	// FillWarn makes a failed fill round trip a FillRoundTripWarning of
	// the pipeline, and resolution goes on: the mode for reading chunks of
	// arrays that exist, which are filled with the array's own fill value.
	FillWarn
)

// String returns "strict" or "warn".
func (m FillMode) String() string {
	switch m {
	case FillStrict:
		return "strict"
	case FillWarn:
		return "warn"
	}
	return fmt.Sprintf("FillMode(%d)", uint8(m))
}

// DefaultMaxChunkBytes is the default of Options.MaxChunkBytes (2 GiB).
const DefaultMaxChunkBytes = 2 << 30

// Options control how a pipeline is resolved and how it runs. A nil
// *Options gives the defaults, as does the zero value of each field.
// Functions that take an *Options read only the fields that concern them
// and never keep or change it.
type Options struct {
	// FillMode says what a failed fill round trip is when a pipeline is
	// resolved (NewPipeline); the default is FillStrict.
	FillMode FillMode
	// MaxChunkBytes is the cap on any buffer a decode allocates on the
	// word of stored bytes: a decoded chunk, a shard's index, an inner
	// chunk of a shard. 0 (or less) means DefaultMaxChunkBytes. It cannot
	// raise the limit of a ChunkSpec, MaxChunkBytes. NewPipeline hands it
	// to the codecs that hold chains of their own (ChainHolder).
	MaxChunkBytes int64
	// Concurrency is the number of goroutines one call may use
	// (AppendEncodeBatch, DecodeBatch, DecodeRegion and the partial decoders
	// they reach), the budget of the whole call including nested work;
	// 0 (or less) means GOMAXPROCS.
	Concurrency int
}

// fillMode returns o.FillMode, FillStrict for a nil o.
func (o *Options) fillMode() FillMode {
	if o == nil {
		return FillStrict
	}
	return o.FillMode
}

// MaxChunkBytesOrDefault returns o.MaxChunkBytes, or DefaultMaxChunkBytes
// when o is nil or the field is not positive.
func (o *Options) MaxChunkBytesOrDefault() int64 {
	if o == nil || o.MaxChunkBytes <= 0 {
		return DefaultMaxChunkBytes
	}
	return o.MaxChunkBytes
}

// ConcurrencyOrDefault returns o.Concurrency, or GOMAXPROCS when o is nil
// or the field is not positive.
func (o *Options) ConcurrencyOrDefault() int {
	if o == nil || o.Concurrency <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.Concurrency
}

// FillRoundTripAdvisor is an optional interface of an unbound array->array
// codec. A codec whose FillRoundTripAdvisory returns true has fill round
// trip failures that are warnings in every FillMode: the numcodecs
// array->array codecs, which come from Zarr v2, where fill values never
// passed through filters (docs/decisions.md#d17).
type FillRoundTripAdvisor interface {
	FillRoundTripAdvisory() bool
}

func isAdvisory(c Codec) bool {
	a, ok := c.(FillRoundTripAdvisor)
	return ok && a.FillRoundTripAdvisory()
}

// FillRoundTripWarning is a fill round trip that failed without failing
// resolution: under FillWarn, or in an advisory codec. It carries what a
// *FillRoundTripError would, and where the failing codec is: a codec of the
// pipeline's own chain, or one in a chain nested inside it (an inner codec
// of a shard; see ChainHolder).
type FillRoundTripWarning struct {
	// Index and Codec are the position in the pipeline's chain and the
	// name of the codec that failed, or of the codec whose nested chain
	// holds the one that failed.
	Index int
	Codec string
	// Nested is the path from the codec at Index down to the codec that
	// failed, one NestedStep per level of nesting, the last one naming the
	// failing codec; empty when the codec at Index failed itself.
	Nested   []NestedStep
	Advisory bool // the failing codec's failures are warnings in every mode
	Err      *FillRoundTripError
	// Pointer is the JSON pointer of the failing codec's entry when the
	// codec holding it knows it ("/codecs/0/configuration/codecs/1"), else
	// "". The entries of a pipeline's own chain are located by the caller,
	// from Index.
	Pointer string
}

// NestedStep is one level of a FillRoundTripWarning's path into nested
// chains.
type NestedStep struct {
	Chain string // the holding codec's name for the chain: "inner", "index"
	Index int    // the codec's position in that chain
	Codec string // its name
}

// Path returns where the failing codec is: "codec 1 (scale_offset)", or
// "codec 0 (sharding_indexed) > inner codec 1 (scale_offset)" for a codec of
// a nested chain.
func (w FillRoundTripWarning) Path() string {
	s := fmt.Sprintf("codec %d (%s)", w.Index, w.Codec)
	for _, n := range w.Nested {
		s += fmt.Sprintf(" > %s codec %d (%s)", n.Chain, n.Index, n.Codec)
	}
	return s
}

// String returns the path and the failure: "codec 1 (scale_offset): fill
// value 0 (float64) encodes to ... but decodes back to ...".
func (w FillRoundTripWarning) String() string {
	return w.Path() + ": " + w.Err.Error()
}

// NestedWarner is an optional interface of a bound codec that resolved
// codec chains of its own (see ChainHolder). NestedWarnings returns the
// warnings of those chains; NewPipeline adds them to its own Warnings,
// after any of the codec's own, at the codec's position, with the chain and
// the nested warning's codec put in front of its Nested path.
type NestedWarner interface {
	NestedWarnings() []NestedWarning
}

// NestedWarning is a warning of a chain nested in a codec: the codec's name
// for the chain ("inner", "index") and the warning as the chain's Pipeline
// reported it. A codec that knows the JSON pointers of its chain's entries
// sets Warning.Pointer when it is empty.
type NestedWarning struct {
	Chain   string
	Warning FillRoundTripWarning
}

// nest returns n as a warning of the chain that holds the codec reporting
// it, that codec being at position index and named name.
func (n NestedWarning) nest(index int, name string) FillRoundTripWarning {
	w := n.Warning
	w.Nested = append([]NestedStep{{Chain: n.Chain, Index: w.Index, Codec: w.Codec}}, w.Nested...)
	w.Index, w.Codec = index, name
	return w
}

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
	// FillWarn makes a failed fill round trip a Warning of the
	// pipeline, and resolution goes on: the mode for reading chunks of
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
	// 0 (or less) means GOMAXPROCS. Given to NewPipeline, which hands it to
	// the codecs that hold chains of their own (ChainHolder), it bounds the
	// calls that take no options (Decode and AppendEncode of a whole shard).
	Concurrency int
	// RangeGap is how far apart, in bytes, two byte ranges of one stored
	// value may lie and still be read with one request (DecodeRegion of a
	// shard: the inner chunks a region needs): the bytes between them are
	// read and dropped. 0 means DefaultRangeGap; a negative value never
	// merges ranges, not even adjacent ones.
	RangeGap int64
}

// DefaultRangeGap is the default of Options.RangeGap (64 KiB); the
// sharding package documentation says why.
const DefaultRangeGap = 64 << 10

// RangeGapOrDefault returns o.RangeGap, DefaultRangeGap when o is nil or
// the field is 0, and -1 when it is negative (never merge).
func (o *Options) RangeGapOrDefault() int64 {
	switch {
	case o == nil || o.RangeGap == 0:
		return DefaultRangeGap
	case o.RangeGap < 0:
		return -1
	}
	return o.RangeGap
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

// NestedStep is one level of a FillRoundTripError's path into nested
// chains.
type NestedStep struct {
	Chain string // the holding codec's name for the chain: "inner", "index"
	Index int    // the codec's position in that chain
	Codec string // its name
}

// NestedWarner is an optional interface of a bound codec that resolved
// codec chains of its own (see ChainHolder). NestedWarnings returns the
// warnings of those chains, each as the chain's Pipeline reported it with
// the step into the chain put in front: a Warning whose Err is a copy of
// the *FillRoundTripError with Nested starting with {Chain: the codec's
// name for the chain ("inner", "index"), Index and Codec: the failing
// codec's position in that chain}, and Pointer the JSON pointer of the
// failing codec's entry when the codec knows it. NewPipeline adds them to
// its own Warnings, after any of the codec's own, with Index and Codec set
// to the holding codec's position and name.
type NestedWarner interface {
	NestedWarnings() []Warning
}

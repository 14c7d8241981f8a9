package codec

import "fmt"

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

// Option configures the resolution of a pipeline (NewPipeline).
type Option func(*options)

type options struct {
	fillMode FillMode
}

// WithFillMode sets what a failed fill round trip is (FillStrict by
// default).
func WithFillMode(m FillMode) Option { return func(o *options) { o.fillMode = m } }

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
// *FillRoundTripError would.
type FillRoundTripWarning struct {
	Index    int    // the codec's position in the chain
	Codec    string // its name
	Advisory bool   // the codec's failures are warnings in every mode
	Err      *FillRoundTripError
}

// String returns "codec 1 (scale_offset): fill value 0 (float64) encodes
// to ... but decodes back to ...".
func (w FillRoundTripWarning) String() string {
	return fmt.Sprintf("codec %d (%s): %v", w.Index, w.Codec, w.Err)
}

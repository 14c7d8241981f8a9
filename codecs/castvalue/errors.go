package castvalue

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// ErrCast is matched (errors.Is) by every *ElementError.
var ErrCast = errors.New("cast_value: value cannot be cast")

// ElementError reports an element, or the fill value, that cannot be cast
// (docs/decisions.md#d8).
type ElementError struct {
	// Index is the element's index in C order within the chunk, or -1 for
	// the fill value.
	Index int
	// Value is the element as read, of type From.
	Value numeric.Scalar
	// From and To are the source and target types of the failing direction.
	From, To numeric.DataType
	// Rule says why the value cannot be cast.
	Rule numeric.CastFailure
	// Decoding is true for a failure while decoding.
	Decoding bool
}

func (e *ElementError) Error() string {
	what := fmt.Sprintf("element %d", e.Index)
	if e.Index < 0 {
		what = "fill value"
	}
	dir := "encoding"
	if e.Decoding {
		dir = "decoding"
	}
	var why string
	switch e.Rule {
	case numeric.CastOutOfRange:
		why = fmt.Sprintf("does not fit %v and out_of_range is not set", e.To)
	case numeric.CastNaN, numeric.CastInfinity:
		why = fmt.Sprintf("has no %v value and scalar_map does not map it", e.To)
	case numeric.CastWrapFloat:
		why = fmt.Sprintf(`does not fit %v and out_of_range "wrap" does not apply to float types`, e.To)
	default:
		why = fmt.Sprintf("cannot be cast to %v: %v", e.To, e.Rule)
	}
	// The codec's name is left to the error that wraps this one (the
	// pipeline's *codec.StepError, a *codec.ConfigError), which names it.
	return fmt.Sprintf("%s %s: %v (%v) %s", dir, what, e.Value, e.From, why)
}

// Is makes every ElementError match ErrCast, and one found while decoding
// also codec.ErrCorrupt (the stored chunk does not decode).
func (e *ElementError) Is(target error) bool {
	return target == ErrCast || (e.Decoding && target == codec.ErrCorrupt)
}

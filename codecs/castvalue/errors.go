package castvalue

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// ErrCast is matched (errors.Is) by every *CastError, and so by every
// *codec.ElementError of this codec.
var ErrCast = errors.New("cast_value: value cannot be cast")

// CastError is the Err of the *codec.ElementError this codec returns for
// an element, or the fill value, that cannot be cast
// (docs/decisions.md#d8): the cast's types and the rule the value breaks.
type CastError struct {
	// From and To are the source and target types of the failing direction.
	From, To numeric.DataType
	// Rule says why the value cannot be cast.
	Rule numeric.CastFailure
	// Decoding is true for a failure while decoding.
	Decoding bool
}

// Error says why the value cannot be cast, from its source type on.
func (e *CastError) Error() string {
	switch e.Rule {
	case numeric.CastOutOfRange:
		return fmt.Sprintf("%v does not fit %v and out_of_range is not set", e.From, e.To)
	case numeric.CastNaN, numeric.CastInfinity:
		return fmt.Sprintf("%v has no %v value and scalar_map does not map it", e.From, e.To)
	case numeric.CastWrapFloat:
		return fmt.Sprintf(`%v does not fit %v and out_of_range "wrap" does not apply to float types`, e.From, e.To)
	}
	return fmt.Sprintf("%v cannot be cast to %v: %v", e.From, e.To, e.Rule)
}

// Is makes every CastError match ErrCast, and one found while decoding
// also codec.ErrCorrupt (the stored chunk does not decode).
func (e *CastError) Is(target error) bool {
	return target == ErrCast || (e.Decoding && target == codec.ErrCorrupt)
}

// elementError returns the *codec.ElementError of element i (-1 for the
// fill value) of value v, which cannot be cast from from to to under rule.
func elementError(i int, v numeric.Scalar, from, to numeric.DataType, rule numeric.CastFailure, decoding bool) *codec.ElementError {
	ce := &CastError{From: from, To: to, Rule: rule, Decoding: decoding}
	return &codec.ElementError{Codec: Name, Decode: decoding, Index: i, Value: v, Reason: ce.Error(), Err: ce}
}

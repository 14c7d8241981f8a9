package numcodecs

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// ErrValue is matched by every *ElementError: an element that numcodecs
// itself cannot encode (its encode raises), so neither can this package.
var ErrValue = errors.New("element numcodecs cannot encode")

// ElementError reports an element, or the fill value, that numcodecs'
// encode raises an exception for, such as
//
//	encode element 0 (value "NaN"): int() of NaN raises ValueError in NumPy
//
// The codec's name is left to the error that wraps this one (the
// pipeline's *codec.StepError), which names it. Every ElementError matches
// ErrValue.
type ElementError struct {
	Codec  string         // codec name
	Index  int            // element index in the chunk (C order), or -1 for the fill value
	Value  numeric.Scalar // the element
	Reason string         // why numcodecs cannot encode it
}

// Error returns the message shown above.
func (e *ElementError) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("encode fill value %v: %s", e.Value, e.Reason)
	}
	return fmt.Sprintf("encode element %d (value %v): %s", e.Index, e.Value, e.Reason)
}

// Is makes every ElementError match ErrValue.
func (e *ElementError) Is(target error) bool { return target == ErrValue }

package scaleoffset

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// ErrValue is matched by every *ElementError: an element that the codec's
// arithmetic cannot map to a representable value.
var ErrValue = errors.New("element not representable")

// ElementError reports an element that a codec cannot encode or decode: its
// index in the chunk (C order), its value, and the rule it breaks, such as
//
//	encode element 17 (value 200): (200 - 10) * 2 = 380 is out of range for uint8
//
// The codec's name is left to the error that wraps this one (the
// pipeline's *codec.StepError, a *codec.ConfigError), which names it.
// Every ElementError matches ErrValue; errors found while decoding also
// match codec.ErrCorrupt, since the stored chunk cannot be decoded.
type ElementError struct {
	Codec  string         // codec name
	Decode bool           // true when decoding, false when encoding
	Index  int            // element index in the chunk, or -1 for the fill value
	Value  numeric.Scalar // the element's value
	Reason string         // the rule that fails
}

// Error returns the message shown above.
func (e *ElementError) Error() string {
	dir := "encode"
	if e.Decode {
		dir = "decode"
	}
	if e.Index < 0 {
		return fmt.Sprintf("%s fill value %v: %s", dir, e.Value, e.Reason)
	}
	return fmt.Sprintf("%s element %d (value %v): %s", dir, e.Index, e.Value, e.Reason)
}

// Is makes every ElementError match ErrValue, and decode errors match
// codec.ErrCorrupt.
func (e *ElementError) Is(target error) bool {
	return target == ErrValue || (e.Decode && target == codec.ErrCorrupt)
}

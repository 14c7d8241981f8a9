package scaleoffset

import (
	"errors"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// ErrValue is matched by every *codec.ElementError of this codec: an
// element that the codec's arithmetic cannot map to a representable
// value, such as
//
//	encode element 17 (value 200): (200 - 10) * 2 = 380 is out of range for uint8
//
// Errors found while decoding also match codec.ErrCorrupt, since the
// stored chunk cannot be decoded.
var ErrValue = errors.New("element not representable")

// errDecodeValue is the Err of a decoding *codec.ElementError: it matches
// ErrValue and codec.ErrCorrupt.
var errDecodeValue = errors.Join(ErrValue, codec.ErrCorrupt)

// elementError returns the *codec.ElementError of element i (-1 for the
// fill value) of value x.
func elementError(decode bool, i int, x numeric.Scalar, reason string) *codec.ElementError {
	err := ErrValue
	if decode {
		err = errDecodeValue
	}
	return &codec.ElementError{Codec: Name, Decode: decode, Index: i, Value: x, Reason: reason, Err: err}
}

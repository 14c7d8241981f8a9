package hdf5nbit

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// ErrValue is matched by every *ValueError: an element that the filter's
// bits cannot hold.
var ErrValue = errors.New("value does not fit the n-bit precision")

// ValueError reports an element that the encoder refuses because its
// value does not fit the type's precision.
type ValueError struct {
	Index     int            // the element's index in the chunk (C order)
	Value     numeric.Scalar // the element
	Precision int
}

// Error returns "zcodec.hdf5_nbit: encode element 17 (value 5000): does
// not fit 12 bits (signed: -2048 to 2047)".
func (e *ValueError) Error() string {
	p := e.Precision
	var rng string
	if e.Value.DataType().IsSigned() {
		rng = fmt.Sprintf("signed: %d to %d", -(int64(1) << (p - 1)), int64(1)<<(p-1)-1)
	} else {
		rng = fmt.Sprintf("unsigned: 0 to %d", uint64(1)<<p-1)
	}
	return fmt.Sprintf("%s: encode element %d (value %v): does not fit %d bits (%s)", Name, e.Index, e.Value, p, rng)
}

// Is makes every ValueError match ErrValue.
func (e *ValueError) Is(target error) bool { return target == ErrValue }

package hdf5scaleoffset

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/numeric"
)

// ErrValue is matched by every *ValueError: a chunk that the filter cannot
// store so that it decodes to its values.
var ErrValue = errors.New("value not representable by the scale-offset filter")

// ValueError reports a chunk that the encoder refuses: an element that the
// filter would store as another value (NaN, a value outside the range of
// the configured bits), or a chunk whose range HDF5's arithmetic cannot
// handle.
type ValueError struct {
	Index  int            // the element's index in the chunk (C order), -1 for the whole chunk
	Value  numeric.Scalar // the element, when Index >= 0
	Reason string
}

// Error returns "zcodec.hdf5_scaleoffset: encode element 17 (value NaN):
// reason", or "zcodec.hdf5_scaleoffset: encode: reason" for a chunk.
func (e *ValueError) Error() string {
	if e.Index < 0 {
		return Name + ": encode: " + e.Reason
	}
	return fmt.Sprintf("%s: encode element %d (value %v): %s", Name, e.Index, e.Value, e.Reason)
}

// Is makes every ValueError match ErrValue.
func (e *ValueError) Is(target error) bool { return target == ErrValue }

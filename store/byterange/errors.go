package byterange

import (
	"errors"
	"fmt"
)

// ErrRange: a byte range that is not valid or does not lie inside the
// value; matched by every *RangeError.
var ErrRange = errors.New("byte range not satisfiable")

// RangeError reports a byte range that is not valid or does not lie inside
// the value. Size is the value's length, or -1 when unknown.
type RangeError struct {
	Range  Range
	Size   int64
	Reason string
}

func (e *RangeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("byte range {offset %d, length %d}: %s", e.Range.Offset, e.Range.Length, e.Reason)
	}
	return fmt.Sprintf("byte range {offset %d, length %d} of a %d-byte value: %s", e.Range.Offset, e.Range.Length, e.Size, e.Reason)
}

// Is makes every RangeError match ErrRange.
func (e *RangeError) Is(target error) bool { return target == ErrRange }

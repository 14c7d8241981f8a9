package region

import (
	"errors"
	"fmt"
)

// ErrInvalid is matched by every *Error.
var ErrInvalid = errors.New("invalid region")

// Error reports a box (a region of an array or chunk) that cannot be
// parsed, does not lie inside the array or chunk it is applied to, or
// holds too many elements to read into memory (package zarr).
type Error struct {
	// Input is the region as given (shortened) when it was parsed from
	// text, else its String form.
	Input string
	// Shape is the shape of the array or chunk the region was applied to,
	// or nil when that is not what is wrong.
	Shape []int64
	// Dim is the dimension concerned, or -1.
	Dim int
	// Reason says what is wrong.
	Reason string
}

// Error returns `region "0:4,2:3": dimension 1: reason` (without the
// dimension when Dim is -1).
func (e *Error) Error() string {
	if e.Dim >= 0 {
		return fmt.Sprintf("region %q: dimension %d: %s", e.Input, e.Dim, e.Reason)
	}
	return fmt.Sprintf("region %q: %s", e.Input, e.Reason)
}

// Is makes every *Error match ErrInvalid.
func (e *Error) Is(target error) bool { return target == ErrInvalid }

// Validate checks that b has the rank of an array or chunk of the given
// shape and lies inside it, Start[d] <= Stop[d] along every dimension; an
// error is an *Error.
func (b Box) Validate(shape []int64) error { return validate(b, shape) }

// ValidateChunk is Validate for the shape of a chunk as the codecs hold it
// (codec.ChunkSpec.Shape).
func (b Box) ValidateChunk(shape []int) error { return validate(b, shape) }

func validate[T ~int | ~int64](b Box, shape []T) error {
	if len(b.Start) != len(shape) || len(b.Stop) != len(shape) {
		return &Error{Input: b.String(), Shape: Int64s(shape), Dim: -1,
			Reason: fmt.Sprintf("start has %d and stop %d dimensions, the array or chunk %d", len(b.Start), len(b.Stop), len(shape))}
	}
	for i, c := range shape {
		s := b.Start[i]
		n := b.Stop[i] - s
		if s < 0 || b.Stop[i] < s || s > int64(c) || n > int64(c)-s {
			return &Error{Input: b.String(), Shape: Int64s(shape), Dim: i,
				Reason: fmt.Sprintf("[%d, %d+%d) is not inside [0, %d)", s, s, n, c)}
		}
	}
	return nil
}

// Covers reports whether b is the whole of an array or chunk of the given
// shape: Whole(shape).Equal(b), without allocating.
func (b Box) Covers(shape []int64) bool { return covers(b, shape) }

// CoversChunk is Covers for the shape of a chunk as the codecs hold it
// (codec.ChunkSpec.Shape).
func (b Box) CoversChunk(shape []int) bool { return covers(b, shape) }

func covers[T ~int | ~int64](b Box, shape []T) bool {
	if len(b.Start) != len(shape) || len(b.Stop) != len(shape) {
		return false
	}
	for i, c := range shape {
		if b.Start[i] != 0 || b.Stop[i] != int64(c) {
			return false
		}
	}
	return true
}

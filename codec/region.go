package codec

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/region"
)

// Region is a box of an array or of one chunk in element coordinates: the
// elements whose index along dimension d is in [Start[d],
// Start[d]+Shape[d]). Its rank is that of the array or chunk. A region's
// elements are laid out in C order (the last dimension varies fastest)
// wherever they are read into or written from.
type Region struct{ Start, Shape []int64 }

// WholeRegion returns the region of every element of an array or chunk of
// the given shape.
func WholeRegion(shape []int64) Region {
	return Region{Start: make([]int64, len(shape)), Shape: append([]int64(nil), shape...)}
}

// Box returns r as a region.Box, [Start, Start+Shape) along each
// dimension.
func (r Region) Box() region.Box { return region.FromShape(r.Start, r.Shape) }

// RegionOf returns the box b as a Region: its Start and its Shape.
func RegionOf(b region.Box) Region {
	return Region{Start: append([]int64(nil), b.Start...), Shape: b.Shape()}
}

// ErrRegion is matched by every *RegionError.
var ErrRegion = errors.New("invalid region")

// RegionError reports a region that cannot be parsed, does not lie inside
// the array or chunk it is applied to, or holds too many elements to read
// into memory (package zarr).
type RegionError struct {
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
func (e *RegionError) Error() string {
	if e.Dim >= 0 {
		return fmt.Sprintf("region %q: dimension %d: %s", e.Input, e.Dim, e.Reason)
	}
	return fmt.Sprintf("region %q: %s", e.Input, e.Reason)
}

// Is makes every RegionError match ErrRegion.
func (e *RegionError) Is(target error) bool { return target == ErrRegion }

// String returns r in the syntax of zarr.ParseRegion: "0:10,0:7,5:6".
func (r Region) String() string {
	if len(r.Start) != len(r.Shape) {
		return fmt.Sprintf("start %v shape %v", r.Start, r.Shape)
	}
	parts := make([]string, len(r.Start))
	for i := range r.Start {
		parts[i] = fmt.Sprintf("%d:%d", r.Start[i], r.Start[i]+r.Shape[i])
	}
	return strings.Join(parts, ",")
}

// Validate checks that r has the rank of shape and lies inside it; an
// error is a *RegionError.
func (r Region) Validate(shape []int64) error { return validateRegion(r, shape) }

// ValidateChunk is Validate for the shape of a chunk, as ChunkSpec.Shape
// holds it.
func (r Region) ValidateChunk(shape []int) error { return validateRegion(r, shape) }

func validateRegion[T int | int64](r Region, shape []T) error {
	if len(r.Start) != len(shape) || len(r.Shape) != len(shape) {
		return &RegionError{Input: r.String(), Shape: region.Int64s(shape), Dim: -1,
			Reason: fmt.Sprintf("start has %d and shape %d dimensions, the array or chunk %d", len(r.Start), len(r.Shape), len(shape))}
	}
	for i, c := range shape {
		s, n := r.Start[i], r.Shape[i]
		if s < 0 || n < 0 || s > int64(c) || n > int64(c)-s {
			return &RegionError{Input: r.String(), Shape: region.Int64s(shape), Dim: i,
				Reason: fmt.Sprintf("[%d, %d+%d) is not inside [0, %d)", s, s, n, c)}
		}
	}
	return nil
}

// NumElements returns the number of elements of r (0 if any dimension is
// empty, 1 for a rank-0 region). It assumes a region that passed Validate.
func (r Region) NumElements() int64 {
	n := int64(1)
	for _, d := range r.Shape {
		n *= d
	}
	return n
}

// Covers reports whether r is the whole of an array or chunk of the given
// shape.
func (r Region) Covers(shape []int64) bool { return coversShape(r, shape) }

// CoversChunk is Covers for the shape of a chunk, as ChunkSpec.Shape holds
// it.
func (r Region) CoversChunk(shape []int) bool { return coversShape(r, shape) }

func coversShape[T int | int64](r Region, shape []T) bool {
	if len(r.Start) != len(shape) || len(r.Shape) != len(shape) {
		return false
	}
	for i, c := range shape {
		if r.Start[i] != 0 || r.Shape[i] != int64(c) {
			return false
		}
	}
	return true
}

// ints returns s as int values; the caller knows they fit (a region
// validated against a chunk's shape).
func ints(s []int64) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}

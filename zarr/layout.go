package zarr

import "github.com/zcodec/zcodec/internal/ndcopy"

// box places a box inside a C-order array held in a byte slice: the
// array's shape and the box's start, in elements. Boxes inside one chunk or
// one region buffer fit an int.
type box struct {
	shape []int // shape of the array the bytes hold
	start []int // start of the box in that array
}

// copyBox copies a box of the given extent from src (laid out as from) to
// dst (laid out as to).
func copyBox(dst []byte, to box, src []byte, from box, extent []int, es int) {
	ndcopy.Copy(dst, to.shape, to.start, src, from.shape, from.start, extent, es)
}

// contiguous reports whether a box of the given extent in an array of the
// given shape occupies one contiguous run of its C-order layout: after the
// first dimension where the extent exceeds 1, every dimension is whole.
func contiguous(shape []int64, extent []int) bool {
	d := 0
	for d < len(extent) && extent[d] == 1 {
		d++
	}
	for d++; d < len(extent); d++ {
		if int64(extent[d]) != shape[d] {
			return false
		}
	}
	return true
}

// offsetOf returns the byte offset of the element at start in a C-order
// array of the given shape.
func offsetOf(shape []int64, start []int, es int) int64 {
	off := int64(0)
	for d := range shape {
		off = off*shape[d] + int64(start[d])
	}
	return off * int64(es)
}

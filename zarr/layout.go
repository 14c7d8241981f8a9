package zarr

import (
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/region"
)

// The buffers a read or write moves elements between (a region's, a
// decoded chunk's, a part of a chunk's) are each a C-order layout of one
// box of the array: a buffer is described by that box, and a copy by the
// box of the array it moves, inside both. Boxes inside one chunk or one
// region buffer fit an int.

// copyPart copies the elements of part from src, which holds the box from
// of the array, to dst, which holds the box to.
func copyPart(dst []byte, to region.Box, src []byte, from region.Box, part region.Box, es int) {
	rank := part.Rank()
	ints := make([]int, 5*rank)
	toShape, toStart, fromShape, fromStart, extent := ints[:rank], ints[rank:2*rank], ints[2*rank:3*rank], ints[3*rank:4*rank], ints[4*rank:]
	for d := range rank {
		toShape[d], toStart[d] = int(to.Len(d)), int(part.Start[d]-to.Start[d])
		fromShape[d], fromStart[d] = int(from.Len(d)), int(part.Start[d]-from.Start[d])
		extent[d] = int(part.Len(d))
	}
	ndcopy.Copy(dst, toShape, toStart, src, fromShape, fromStart, extent, es)
}

// contiguous reports whether part, inside the box rb that a buffer holds,
// occupies one contiguous run of the buffer: after the first dimension
// where part is longer than 1, every dimension is whole.
func contiguous(rb, part region.Box) bool {
	d := 0
	for d < part.Rank() && part.Len(d) == 1 {
		d++
	}
	for d++; d < part.Rank(); d++ {
		if part.Len(d) != rb.Len(d) {
			return false
		}
	}
	return true
}

// offsetOf returns the byte offset of the element at p (array
// coordinates) in a buffer holding the box rb.
func offsetOf(rb region.Box, p []int64, es int) int64 {
	off := int64(0)
	for d := range p {
		off = off*rb.Len(d) + p[d] - rb.Start[d]
	}
	return off * int64(es)
}

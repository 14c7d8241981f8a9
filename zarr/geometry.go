package zarr

import (
	"math"

	"github.com/zcodec/zcodec/codec"
)

// grid is the regular chunk grid of an array.
type grid struct {
	shape  []int64 // the array's shape
	chunk  []int64 // the chunk shape (of the outer grid, for sharded arrays)
	counts []int64 // chunks along each dimension
}

func newGrid(shape []int64, chunk []int) grid {
	g := grid{shape: shape, chunk: make([]int64, len(chunk)), counts: make([]int64, len(chunk))}
	for d, c := range chunk {
		g.chunk[d] = int64(c)
		// Not (shape+c-1)/c, which overflows near math.MaxInt64.
		g.counts[d] = shape[d] / int64(c)
		if shape[d]%int64(c) != 0 {
			g.counts[d]++
		}
	}
	return g
}

// numChunks returns the number of chunks of the grid, or -1 when it does
// not fit an int64.
func (g grid) numChunks() int64 {
	n, ok := product(g.counts)
	if !ok {
		return -1
	}
	return n
}

// product returns the product of non-negative numbers, or false when it
// does not fit an int64.
func product(xs []int64) (int64, bool) {
	n := int64(1)
	for _, x := range xs {
		if x != 0 && n > math.MaxInt64/x {
			return 0, false
		}
		n *= x
	}
	return n, true
}

// inGrid reports whether coords name a chunk of the grid.
func (g grid) inGrid(coords []int64) bool {
	if len(coords) != len(g.counts) {
		return false
	}
	for d, c := range coords {
		if c < 0 || c >= g.counts[d] {
			return false
		}
	}
	return true
}

// chunkRange is the box of chunk coordinates [lo, hi) that a region
// touches; empty when the region has no elements.
type chunkRange struct{ lo, hi []int64 }

func (g grid) chunksOf(r codec.Region) chunkRange {
	cr := chunkRange{lo: make([]int64, len(r.Start)), hi: make([]int64, len(r.Start))}
	for d := range r.Start {
		if r.Shape[d] == 0 {
			return chunkRange{lo: cr.lo, hi: cr.lo}
		}
		cr.lo[d] = r.Start[d] / g.chunk[d]
		cr.hi[d] = (r.Start[d]+r.Shape[d]-1)/g.chunk[d] + 1
	}
	return cr
}

// count returns the number of chunks in the range.
func (cr chunkRange) count() int64 {
	n := int64(1)
	for d := range cr.lo {
		n *= cr.hi[d] - cr.lo[d]
	}
	return n
}

// at writes the coordinates of the i-th chunk of the range, in C order,
// into coords.
func (cr chunkRange) at(i int64, coords []int64) {
	for d := len(cr.lo) - 1; d >= 0; d-- {
		n := cr.hi[d] - cr.lo[d]
		coords[d] = cr.lo[d] + i%n
		i /= n
	}
}

// chunkBox returns the region of the array that chunk coords covers,
// clipped to the array.
func (g grid) chunkBox(coords []int64) codec.Region {
	r := codec.Region{Start: make([]int64, len(coords)), Shape: make([]int64, len(coords))}
	for d, c := range coords {
		r.Start[d] = c * g.chunk[d]
		r.Shape[d] = min(g.chunk[d], g.shape[d]-r.Start[d])
	}
	return r
}

// intersect returns the intersection of two regions of one array.
func intersect(a, b codec.Region) codec.Region {
	r := codec.Region{Start: make([]int64, len(a.Start)), Shape: make([]int64, len(a.Start))}
	for d := range a.Start {
		lo := max(a.Start[d], b.Start[d])
		hi := min(a.Start[d]+a.Shape[d], b.Start[d]+b.Shape[d])
		r.Start[d], r.Shape[d] = lo, max(hi-lo, 0)
	}
	return r
}

// regionsEqual reports whether two regions are the same box.
func regionsEqual(r, o codec.Region) bool {
	for d := range r.Start {
		if r.Start[d] != o.Start[d] || r.Shape[d] != o.Shape[d] {
			return false
		}
	}
	return true
}

// byteSize returns the size in bytes of n elements of es bytes, or false
// when it does not fit an int.
func byteSize(n int64, es int) (int, bool) {
	if n < 0 || n > int64(math.MaxInt)/int64(es) {
		return 0, false
	}
	return int(n) * es, true
}

// regionBytes is byteSize of a region's element count, with overflow of
// the count itself detected.
func regionBytes(r codec.Region, es int) (int, bool) {
	n, ok := product(r.Shape)
	if !ok {
		return 0, false
	}
	return byteSize(n, es)
}

// int64s returns s as int64 values.
func int64s(s []int) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}

package zarr

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/region"
)

// ChunkRegion returns the box of the array that the chunk at coords (grid
// coordinates, one per dimension) covers: the elements of the chunk that
// lie inside the array, so an edge chunk's box is clipped at the array's
// edge. Reading that box reads the chunk. Coordinates of
// another rank or outside the grid (GridShape) are a *NodeError around a
// *region.Error.
func (a *Array) ChunkRegion(coords []int64) (region.Box, error) {
	bad := func(dim int, reason string) (region.Box, error) {
		return region.Box{}, a.nodeErr(&region.Error{Input: fmt.Sprint(coords), Shape: a.GridShape(), Dim: dim, Reason: reason})
	}
	if len(coords) != a.grid.Rank() {
		return bad(-1, fmt.Sprintf("%d chunk coordinates for an array of %d dimensions", len(coords), a.grid.Rank()))
	}
	for d, c := range coords {
		if n := a.grid.NumChunks(d); c < 0 || c >= n {
			return bad(d, fmt.Sprintf("chunk coordinate %d outside the grid [0, %d)", c, n))
		}
	}
	return region.ChunkBox(a.grid, coords), nil
}

// chunkLayout returns, for the chunk at coords and rb (the box of the
// array a region's buffer holds), the box a decoded chunk holds (buffer:
// the chunk's box before clipping at the array's edge, of the chunk
// shape), the part of the chunk inside the array that rb holds, and
// whether that part is the whole decoded chunk.
func (a *Array) chunkLayout(coords []int64, rb region.Box) (buffer, part region.Box, whole bool) {
	var cb region.Box
	region.Alloc(len(coords), &cb, &buffer, &part) // one allocation
	cb.SetChunk(a.grid, coords)
	for d, c := range a.grid.ChunkShape() {
		buffer.Start[d], buffer.Stop[d] = cb.Start[d], cb.Start[d]+c
	}
	part.SetIntersect(cb, rb)
	return buffer, part, part.Equal(buffer)
}

// coversChunk reports whether rb holds every element of the chunk at
// coords that lies inside the array.
func (a *Array) coversChunk(coords []int64, rb region.Box) bool {
	return rb.Contains(region.ChunkBox(a.grid, coords))
}

// byteSize returns the size in bytes of n elements of es bytes, or false
// when it does not fit an int (or n is negative: a count that overflowed).
func byteSize(n int64, es int) (int, bool) {
	if n < 0 || n > int64(math.MaxInt)/int64(es) {
		return 0, false
	}
	return int(n) * es, true
}

// regionBytes is byteSize of a region's element count, with overflow of
// the count itself detected.
func regionBytes(r region.Box, es int) (int, bool) {
	return byteSize(r.Size(), es)
}

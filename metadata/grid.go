package metadata

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/region"
)

// GridError reports a shape and chunk shape whose regular chunk grid does
// not fit 64-bit arithmetic: a dimension whose last chunk would end past
// the largest int64, more chunks than an int64 counts, or a grid spanning
// more bytes than an int64 counts.
type GridError struct {
	// Dim is the dimension concerned, or -1 for the grid as a whole.
	Dim    int
	Reason string
}

func (e *GridError) Error() string {
	if e.Dim < 0 {
		return "chunk grid: " + e.Reason
	}
	return fmt.Sprintf("chunk grid: dimension %d: %s", e.Dim, e.Reason)
}

// CheckGrid checks that the regular chunk grid of an array of the given
// shape, chunk shape and element size (in bytes) can be addressed with
// int64 arithmetic: along every dimension, the chunks that cover it end
// at most at math.MaxInt64 (so chunk coordinates times the chunk shape
// never overflow); the number of chunks of the grid fits an int64; and so
// does the number of bytes the grid's chunks span (which bounds the
// array's element count and byte size). It returns a *GridError, or nil;
// shapes of different lengths, negative extents and chunk extents below 1
// are left to the caller's other checks (nil).
//
// Parse applies it to every zarr.json, and interop/zarrv2 to every
// .zarray, so an array that opens has a grid whose counts are exact.
func CheckGrid(shape []int64, chunkShape []int, elementSize int) error {
	if e := gridProblem(shape, chunkShape, elementSize); e != nil {
		return e
	}
	return nil
}

func gridProblem(shape []int64, chunkShape []int, elementSize int) *GridError {
	if len(shape) != len(chunkShape) || elementSize < 1 {
		return nil
	}
	counts := make([]int64, len(shape))
	spans := make([]int64, len(shape))
	empty := false
	for d, s := range shape {
		c := int64(chunkShape[d])
		if s < 0 || c < 1 {
			return nil
		}
		counts[d] = s / c
		if s%c != 0 {
			counts[d]++
		}
		if counts[d] > math.MaxInt64/c {
			return &GridError{Dim: d, Reason: fmt.Sprintf(
				"%d elements in chunks of %d: the last chunk would end past %d, the largest int64", s, c, int64(math.MaxInt64))}
		}
		spans[d] = counts[d] * c
		empty = empty || s == 0
	}
	if empty {
		return nil // no chunks, no elements
	}
	if _, ok := product(counts); !ok {
		return &GridError{Dim: -1, Reason: fmt.Sprintf(
			"a grid of %v chunks holds more chunks than an int64 counts", counts)}
	}
	if n, ok := product(spans); !ok || n > math.MaxInt64/int64(elementSize) {
		return &GridError{Dim: -1, Reason: fmt.Sprintf(
			"a grid of %v chunks of %v elements of %d bytes spans more bytes than an int64 counts", counts, chunkShape, elementSize)}
	}
	return nil
}

// product returns the product of positive numbers, or false when it does
// not fit an int64.
func product(xs []int64) (int64, bool) {
	n := int64(1)
	for _, x := range xs {
		if n > math.MaxInt64/x {
			return 0, false
		}
		n *= x
	}
	return n, true
}

// checkGrid records a problem for a grid that CheckGrid refuses, at
// "/shape/<dim>" or at "/shape" for the grid as a whole.
func (p *parser) checkGrid() {
	if p.a.Shape == nil || p.a.ChunkShape == nil || !p.a.DataType.Valid() {
		return
	}
	var ge *GridError
	if p.a.ChunkEdges != nil {
		ge = rectilinearProblem(p.a.Shape, p.a.ChunkEdges, p.a.DataType.Size())
	} else {
		ge = gridProblem(p.a.Shape, p.a.ChunkShape, p.a.DataType.Size())
	}
	if ge == nil {
		return
	}
	ptr := "/shape"
	if ge.Dim >= 0 {
		ptr = fmt.Sprintf("/shape/%d", ge.Dim)
	}
	p.add(ptr, "", "%s", ge.Reason)
	p.addErr(ge)
}

// CheckEdges is CheckGrid for a rectilinear grid of the given edges (that
// region.NewRectilinear accepts): the number of its chunks, and the bytes
// its chunks span up to the end of the last that holds elements, fit an
// int64. It returns a *GridError, or nil; edges that NewRectilinear
// refuses are left to it (nil).
func CheckEdges(shape []int64, edges [][]region.Run, elementSize int) error {
	if e := rectilinearProblem(shape, edges, elementSize); e != nil {
		return e
	}
	return nil
}

func rectilinearProblem(shape []int64, edges [][]region.Run, elementSize int) *GridError {
	g, err := region.NewRectilinear(shape, edges)
	if err != nil || elementSize < 1 {
		return nil
	}
	counts := make([]int64, len(shape))
	spans := make([]int64, len(shape))
	for d := range shape {
		counts[d] = g.NumChunks(d)
		if counts[d] == 0 {
			return nil // no chunks, no elements
		}
		start, _ := g.ChunkSpan(d, counts[d]-1)
		spans[d] = start + g.ChunkLength(d, counts[d]-1)
	}
	if _, ok := product(counts); !ok {
		return &GridError{Dim: -1, Reason: fmt.Sprintf(
			"a grid of %v chunks holds more chunks than an int64 counts", counts)}
	}
	if n, ok := product(spans); !ok || n > math.MaxInt64/int64(elementSize) {
		return &GridError{Dim: -1, Reason: fmt.Sprintf(
			"chunks spanning %v elements of %d bytes span more bytes than an int64 counts", spans, elementSize)}
	}
	return nil
}

package zarr

import (
	"errors"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestChunkRegion: each chunk's box, clipped at the array's edge, tiles the
// array, and reading it reads what the chunk holds; coordinates outside
// the grid are region errors.
func TestChunkRegion(t *testing.T) {
	t.Parallel()
	a := create(t, store.NewMemory(), "a", newMeta(t, []int64{10, 7}, []int{4, 4}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	if got, err := a.ChunkRegion([]int64{2, 1}); err != nil || !got.Equal(region.Box{Start: []int64{8, 4}, Stop: []int64{10, 7}}) {
		t.Fatalf("ChunkRegion([2 1]) = %v, %v", got, err)
	}
	covered := make([]int, 70)
	for p := range region.GridBox(a.grid).Points() {
		b, err := a.ChunkRegion(p)
		if err != nil {
			t.Fatal(err)
		}
		for q := range b.Points() {
			covered[q[0]*7+q[1]]++
		}
		if b.Empty() {
			t.Errorf("chunk %v: empty box %v", p, b)
		}
		if err := a.ReadRegion(t.Context(), b, make([]byte, b.Size())); err != nil {
			t.Errorf("reading chunk %v's box %v: %v", p, b, err)
		}
	}
	if slices.ContainsFunc(covered, func(n int) bool { return n != 1 }) {
		t.Errorf("the chunks' boxes do not tile the array: %v", covered)
	}
	for _, coords := range [][]int64{{3, 0}, {0, 2}, {-1, 0}, {0}, {0, 0, 0}} {
		_, err := a.ChunkRegion(coords)
		var re *region.Error
		if !errors.Is(err, region.ErrInvalid) || !errors.As(err, &re) {
			t.Errorf("ChunkRegion(%v): %v, want a region error", coords, err)
		}
	}
}

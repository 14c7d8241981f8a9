package zarr

import (
	"context"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/workpool"
)

// forChunks calls fn for every chunk of cr, until one fails or ctx is
// done, within the array's concurrency budget B (Options.Concurrency): it
// runs outer = min(B, chunks) chunks at once (internal/workpool) and gives
// each call the budget inner = max(1, B/outer) (codec.Options.Concurrency),
// which a chunk that is a shard spends on its inner chunks; outer*inner <= B, so
// the goroutines and store requests of the whole call stay within B. Each
// goroutine has its own scratch buffer for fn (an encoded chunk, say). A
// panic in fn (a codec's bug) becomes a *codec.ChunkError naming the chunk.
func (a *Array) forChunks(ctx context.Context, cr chunkRange, fn func(coords []int64, scratch *[]byte, budget *codec.Options) error) error {
	return a.forChunksWithin(ctx, cr, a.conc, fn)
}

// forChunksWithin is forChunks within a budget of conc instead of the
// array's: the budget a caller that runs several of them at once gives
// each.
func (a *Array) forChunksWithin(ctx context.Context, cr chunkRange, conc int, fn func(coords []int64, scratch *[]byte, budget *codec.Options) error) error {
	n := cr.count()
	if n == 0 {
		return ctx.Err()
	}
	outer, inner := workpool.Split(conc, int(min(n, math.MaxInt32)))
	budget := &codec.Options{Concurrency: inner, RangeGap: a.rangeGap}
	type state struct {
		coords  []int64
		scratch []byte
	}
	err := workpool.RunWith(ctx, int(n), outer,
		func() *state { return &state{coords: make([]int64, len(cr.lo))} }, nil,
		func(s *state, i int) error {
			cr.at(int64(i), s.coords)
			return fn(s.coords, &s.scratch, budget)
		})
	if pe, ok := err.(*workpool.PanicError); ok {
		coords := make([]int64, len(cr.lo))
		cr.at(int64(pe.Index), coords)
		return &codec.ChunkError{Array: a.path, Key: a.ChunkKey(coords), Err: fmt.Errorf("panic: %v", pe.Value)}
	}
	return err
}

// chunkLayout returns, for the chunk at coords and a region r, the part of
// the chunk inside r (its extent) and where that part sits in the region's
// buffer and in the decoded chunk; whole says the part is the whole chunk.
func (a *Array) chunkLayout(coords []int64, r codec.Region) (extent []int, inRegion, inChunk box, whole bool) {
	cb := a.grid.chunkBox(coords)
	in := intersect(cb, r)
	rank := len(coords)
	extent = make([]int, rank)
	inRegion = box{shape: make([]int, rank), start: make([]int, rank)}
	inChunk = box{shape: a.meta.ChunkShape, start: make([]int, rank)}
	whole = true
	for d := range rank {
		extent[d] = int(in.Shape[d])
		inRegion.shape[d] = int(r.Shape[d])
		inRegion.start[d] = int(in.Start[d] - r.Start[d])
		inChunk.start[d] = int(in.Start[d] - coords[d]*a.grid.chunk[d])
		if extent[d] != a.meta.ChunkShape[d] {
			whole = false
		}
	}
	return extent, inRegion, inChunk, whole
}

// coversChunk reports whether r holds every element of the chunk at coords
// that lies inside the array.
func (a *Array) coversChunk(coords []int64, r codec.Region) bool {
	cb := a.grid.chunkBox(coords)
	return regionsEqual(intersect(cb, r), cb)
}

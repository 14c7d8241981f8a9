package zarr

import (
	"context"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/region"
)

// forChunks calls fn for every chunk of cr (a box of chunk coordinates), until one fails or ctx is
// done, within the array's concurrency budget B (Options.Concurrency): it
// runs outer = min(B, chunks) chunks at once (internal/workpool) and gives
// each call the budget inner = max(1, B/outer) (codec.Options.Concurrency),
// which a chunk that is a shard spends on its inner chunks; outer*inner <= B, so
// the goroutines and store requests of the whole call stay within B. Each
// goroutine has its own scratch buffer for fn (an encoded chunk, say). A
// panic in fn (a codec's bug) becomes a *codec.ChunkError naming the chunk.
func (a *Array) forChunks(ctx context.Context, cr region.Box, fn func(coords []int64, scratch *[]byte, budget *codec.Options) error) error {
	return a.forChunksWithin(ctx, cr, a.conc, fn)
}

// forChunksWithin is forChunks within a budget of conc instead of the
// array's: the budget a caller that runs several of them at once gives
// each.
func (a *Array) forChunksWithin(ctx context.Context, cr region.Box, conc int, fn func(coords []int64, scratch *[]byte, budget *codec.Options) error) error {
	n := cr.Size()
	if n <= 0 {
		return ctx.Err()
	}
	outer, inner := workpool.Split(conc, int(min(n, math.MaxInt32)))
	budget := &codec.Options{Concurrency: inner, RangeGap: a.rangeGap}
	type state struct {
		coords  []int64
		scratch []byte
	}
	err := workpool.RunWith(ctx, int(n), outer,
		func() *state { return &state{coords: make([]int64, cr.Rank())} }, nil,
		func(s *state, i int) error {
			cr.Point(int64(i), s.coords)
			return fn(s.coords, &s.scratch, budget)
		})
	if pe, ok := err.(*workpool.PanicError); ok {
		coords := make([]int64, cr.Rank())
		cr.Point(int64(pe.Index), coords)
		return &codec.ChunkError{Array: a.path, Key: a.ChunkKey(coords), Err: fmt.Errorf("panic: %v", pe.Value)}
	}
	return err
}

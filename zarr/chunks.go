package zarr

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/zcodec/zcodec/codec"
)

// forChunks calls fn for every chunk of cr on up to the array's
// concurrency of goroutines, until one fails or ctx is done. Each goroutine
// has its own scratch buffer for fn (an encoded chunk, say). A panic in fn
// (a codec's bug) becomes an error naming the chunk.
func (a *Array) forChunks(ctx context.Context, cr chunkRange, fn func(coords []int64, scratch *[]byte) error) error {
	n := cr.count()
	if n == 0 {
		return ctx.Err()
	}
	workers := int(min(int64(a.conc), n))
	var (
		next     atomic.Int64
		failed   atomic.Bool
		once     sync.Once
		firstErr error
	)
	fail := func(err error) {
		once.Do(func() { firstErr = err })
		failed.Store(true)
	}
	work := func() {
		coords := make([]int64, len(cr.lo))
		var scratch []byte
		for !failed.Load() {
			if err := ctx.Err(); err != nil {
				fail(err)
				return
			}
			i := next.Add(1) - 1
			if i >= n {
				return
			}
			cr.at(i, coords)
			if err := a.safeCall(coords, &scratch, fn); err != nil {
				fail(err)
				return
			}
		}
	}
	if workers == 1 {
		work()
		return firstErr
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(work)
	}
	wg.Wait()
	return firstErr
}

func (a *Array) safeCall(coords []int64, scratch *[]byte, fn func([]int64, *[]byte) error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &codec.ChunkError{Array: a.path, Key: a.ChunkKey(coords), Err: fmt.Errorf("panic: %v", p)}
		}
	}()
	return fn(coords, scratch)
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

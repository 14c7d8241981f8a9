package zarr

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
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
			err = &ChunkError{Array: a.path, Key: a.ChunkKey(coords), Err: fmt.Errorf("panic: %v", p)}
		}
	}()
	return fn(coords, scratch)
}

// chunkLayout returns, for the chunk at coords and a region r, the part of
// the chunk inside r (in array coordinates) and where that part sits in
// the region's buffer and in the decoded chunk.
func (a *Array) chunkLayout(coords []int64, r Region) (in Region, inRegion, inChunk box, whole bool) {
	cb := a.grid.chunkBox(coords)
	in = intersect(cb, r)
	rank := len(coords)
	inRegion = box{shape: r.Shape, start: make([]int64, rank)}
	inChunk = box{shape: a.grid.chunk, start: make([]int64, rank)}
	whole = true
	for d := range rank {
		c0 := coords[d] * a.grid.chunk[d]
		inRegion.start[d] = in.Start[d] - r.Start[d]
		inChunk.start[d] = in.Start[d] - c0
		if in.Shape[d] != a.grid.chunk[d] {
			whole = false
		}
	}
	return in, inRegion, inChunk, whole
}

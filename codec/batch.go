package codec

import (
	"context"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// AppendEncodeBatch encodes every chunk of srcs, appending the encoding of
// srcs[i] to dsts[i] (dsts may be nil, or shorter than srcs, to allocate; pass
// dsts[i][:0] to reuse a buffer), and returns the extended slices. It uses at
// most opts.Concurrency goroutines (nil opts, or 0, means GOMAXPROCS); each
// holds one set of the pipeline's scratch buffers, so memory stays bounded by
// the concurrency, not by the batch size. Only opts.Concurrency is read. It
// stops at the first failure, or when ctx is done, and returns a *ChunkError
// naming the chunk (or ctx's error). A codec that panics does not end the
// process: the panic becomes a *PanicError inside the chunk's *ChunkError. A
// nil ctx is ErrNilContext.
func (p *Pipeline) AppendEncodeBatch(ctx context.Context, dsts, srcs [][]byte, opts *Options) ([][]byte, error) {
	out := make([][]byte, len(srcs))
	copy(out, dsts)
	err := runBatch(ctx, len(srcs), opts.ConcurrencyOrDefault(), func(i int) error {
		enc, err := p.AppendEncode(out[i], srcs[i])
		out[i] = enc
		return err
	})
	return out, err
}

// DecodeBatch decodes srcs[i] into dsts[i] (each exactly DecodedSize()
// bytes) for every i, with the same concurrency and error rules as
// AppendEncodeBatch. len(dsts) must equal len(srcs).
func (p *Pipeline) DecodeBatch(ctx context.Context, dsts, srcs [][]byte, opts *Options) error {
	if len(dsts) != len(srcs) {
		return &SizeError{What: "DecodeBatch destination list", Got: len(dsts), Want: len(srcs), Unit: UnitChunks}
	}
	return runBatch(ctx, len(srcs), opts.ConcurrencyOrDefault(), func(i int) error { return p.Decode(dsts[i], srcs[i]) })
}

// runBatch calls f(i) for i in [0, n) on up to workers goroutines, handing
// out indexes in order, until one fails or ctx is done.
func runBatch(ctx context.Context, n, workers int, f func(i int) error) error {
	if ctx == nil {
		return ErrNilContext
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	var (
		next     atomic.Int64
		failed   atomic.Bool
		errOnce  sync.Once
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		failed.Store(true)
	}
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for !failed.Load() {
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := recovered(f, i); err != nil {
					fail(&ChunkError{Index: i, Err: err})
					return
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// recovered calls f(i), turning a panic into a *PanicError.
func recovered(f func(i int) error, i int) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Stack: debug.Stack()}
		}
	}()
	return f(i)
}

package codec

import (
	"context"

	"github.com/zcodec/zcodec/internal/workpool"
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

// runBatch calls f(i) for i in [0, n) on up to workers goroutines
// (internal/workpool), handing out indexes in order, until one fails or ctx
// is done; a failure is a *ChunkError naming the chunk, a panic a
// *PanicError inside it.
func runBatch(ctx context.Context, n, workers int, f func(i int) error) error {
	if ctx == nil {
		return ErrNilContext
	}
	err := workpool.Run(ctx, n, workers, func(i int) error {
		if err := f(i); err != nil {
			return &ChunkError{Index: i, Err: err}
		}
		return nil
	})
	// Only a panic of f itself: one from a pool deeper down is f's error.
	if pe, ok := err.(*workpool.PanicError); ok {
		return &ChunkError{Index: pe.Index, Err: &PanicError{Value: pe.Value, Stack: pe.Stack}}
	}
	return err
}

package codec

import (
	"context"
	"fmt"

	"github.com/zcodec/zcodec/internal/workpool"
)

// BatchError reports the failure of one chunk of a batch.
type BatchError struct {
	Index int // the chunk's position in the batch
	Err   error
}

func (e *BatchError) Error() string { return fmt.Sprintf("chunk %d: %v", e.Index, e.Err) }

// Unwrap returns Err.
func (e *BatchError) Unwrap() error { return e.Err }

// EncodeBatch encodes every chunk of srcs, appending the encoding of srcs[i]
// to dsts[i][:0] (dsts may be nil, or shorter than srcs, to allocate), and
// returns the encoded chunks. It uses at most workers goroutines (<= 0 means
// GOMAXPROCS); each holds one set of the pipeline's scratch buffers, so
// memory stays bounded by workers, not by the batch size. It stops at the
// first failure, or when ctx is done, and returns a *BatchError naming the
// chunk (or ctx's error). A codec that panics does not end the process: the
// panic becomes a *PanicError inside the chunk's *BatchError. A nil ctx is
// ErrNilContext.
func (p *Pipeline) EncodeBatch(ctx context.Context, dsts, srcs [][]byte, workers int) ([][]byte, error) {
	out := make([][]byte, len(srcs))
	copy(out, dsts)
	err := runBatch(ctx, len(srcs), workers, func(i int) error {
		var dst []byte
		if out[i] != nil {
			dst = out[i][:0]
		}
		enc, err := p.Encode(dst, srcs[i])
		out[i] = enc
		return err
	})
	return out, err
}

// DecodeBatch decodes srcs[i] into dsts[i] (each exactly DecodedSize()
// bytes) for every i, with the same concurrency and error rules as
// EncodeBatch. len(dsts) must equal len(srcs).
func (p *Pipeline) DecodeBatch(ctx context.Context, dsts, srcs [][]byte, workers int) error {
	if len(dsts) != len(srcs) {
		return &SizeError{What: "DecodeBatch destination list", Got: len(dsts), Want: len(srcs), Unit: UnitChunks}
	}
	return runBatch(ctx, len(srcs), workers, func(i int) error { return p.Decode(dsts[i], srcs[i]) })
}

// runBatch calls f(i) for i in [0, n) on up to workers goroutines
// (internal/workpool), handing out indexes in order, until one fails or ctx
// is done; a failure is a *BatchError naming the chunk, a panic a
// *PanicError inside it.
func runBatch(ctx context.Context, n, workers int, f func(i int) error) error {
	if ctx == nil {
		return ErrNilContext
	}
	err := workpool.Run(ctx, n, workers, func(i int) error {
		if err := f(i); err != nil {
			return &BatchError{Index: i, Err: err}
		}
		return nil
	})
	// Only a panic of f itself: one from a pool deeper down is f's error.
	if pe, ok := err.(*workpool.PanicError); ok {
		return &BatchError{Index: pe.Index, Err: &PanicError{Value: pe.Value, Stack: pe.Stack}}
	}
	return err
}

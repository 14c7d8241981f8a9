package zarr

import (
	"context"
	"sync"
)

// Verify decodes every stored chunk of the array (see ListChunks) and calls
// report once per chunk with nil or the reason it failed: a *ChunkError
// naming the key, wrapping the store's or the codec's error. Keys outside
// the grid are reported with InGrid false and a nil error: they are not
// part of the array, so they are not decoded. report runs on one goroutine
// at a time; Verify stops at the first error report returns, or when ctx
// is done. Decoding runs on Options.Concurrency goroutines.
func (a *Array) Verify(ctx context.Context, report func(StoredChunk, error) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		c   StoredChunk
		err error
	}
	todo := make(chan StoredChunk, a.conc)
	results := make(chan result, a.conc)
	var listErr error
	go func() {
		defer close(todo)
		listErr = a.ListChunks(ctx, func(c StoredChunk) error {
			select {
			case todo <- c:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}()
	var wg sync.WaitGroup
	for range a.conc {
		wg.Go(func() {
			buf := a.getBuf()
			defer a.putBuf(buf)
			for c := range todo {
				var err error
				if c.InGrid {
					err = a.verifyChunk(ctx, c, *buf)
				}
				select {
				case results <- result{c, err}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var reportErr error
	for r := range results {
		if reportErr != nil {
			continue // drain
		}
		if err := report(r.c, r.err); err != nil {
			reportErr = err
			cancel()
		}
	}
	switch {
	case reportErr != nil:
		return reportErr
	case listErr != nil:
		return listErr
	}
	return context.Cause(ctx)
}

// verifyChunk reads and decodes one stored chunk.
func (a *Array) verifyChunk(ctx context.Context, c StoredChunk, buf []byte) error {
	enc, err := a.st.Get(ctx, c.Key, a.maxEnc)
	if err == nil {
		err = a.pipe.Decode(buf, enc)
	}
	if err != nil {
		return &ChunkError{Array: a.path, Key: c.Key, Err: err}
	}
	return nil
}

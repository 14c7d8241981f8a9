package zarr

import (
	"context"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
)

// Check is the result of decoding one stored chunk, or one inner chunk of
// a shard.
type Check struct {
	StoredChunk
	// Inner holds the grid coordinates of an inner chunk within the shard
	// StoredChunk; nil for an unsharded chunk, or for a failure of the
	// shard as a whole (unreadable, or its index invalid).
	Inner []int
	// Err is nil, or why the chunk failed: a *codec.ChunkError naming the key,
	// wrapping the store's or the codec's error.
	Err error
}

// Verify decodes every stored chunk of the array (see ListChunks) and calls
// report once per chunk with the result. For a sharded array it reads each
// shard, checks its index, and decodes every stored inner chunk on its own,
// reporting each one (absent inner chunks need no decoding). Keys outside
// the grid are reported with InGrid false and no error: they are not part
// of the array, so they are not decoded. report runs on one goroutine at a
// time; Verify stops at the first error report returns, or when ctx is
// done. Decoding runs on Options.Concurrency goroutines.
func (a *Array) Verify(ctx context.Context, report func(Check) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	shards, sharded := sharding.FromPipeline(a.pipe)
	if !sharded {
		shards = nil
	}
	todo := make(chan StoredChunk, a.conc)
	results := make(chan []Check, a.conc)
	var listErr error
	listed := make(chan struct{})
	go func() {
		defer close(listed)
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
				checks := []Check{{StoredChunk: c}}
				if c.InGrid {
					checks = a.verifyChunk(ctx, c, shards, *buf)
				}
				select {
				case results <- checks:
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
	for checks := range results {
		for _, c := range checks {
			if reportErr != nil {
				break // drain
			}
			if err := report(c); err != nil {
				reportErr = err
				cancel()
			}
		}
	}
	// Workers stop early when ctx is done, so results can close before the
	// listing goroutine returns: wait for it before reading listErr.
	<-listed
	switch {
	case reportErr != nil:
		return reportErr
	case listErr != nil:
		return listErr
	}
	return context.Cause(ctx)
}

// verifyChunk reads and decodes one stored chunk, or one shard inner chunk
// by inner chunk when shards is not nil.
func (a *Array) verifyChunk(ctx context.Context, c StoredChunk, shards *sharding.Bound, buf []byte) []Check {
	fail := func(err error) []Check {
		return []Check{{StoredChunk: c, Err: &codec.ChunkError{Array: a.path, Key: c.Key, Err: err}}}
	}
	enc, err := a.st.Get(ctx, c.Key, a.maxEnc)
	if err != nil {
		return fail(err)
	}
	if shards == nil {
		if err := a.pipe.Decode(buf, enc); err != nil {
			return fail(err)
		}
		return []Check{{StoredChunk: c}}
	}
	ix, err := shards.ParseIndex(enc)
	if err != nil {
		return fail(err)
	}
	inner := buf[:shards.Inner().DecodedSize()]
	var checks []Check
	for _, ic := range ix.Chunks() {
		if ctx.Err() != nil {
			break
		}
		ch := Check{StoredChunk: c, Inner: ic.Coords}
		if err := shards.DecodeChunk(inner, enc, ix, ic.Coords); err != nil {
			ch.Err = &codec.ChunkError{Array: a.path, Key: c.Key, Err: err}
		}
		checks = append(checks, ch)
	}
	return checks
}

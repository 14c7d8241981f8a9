package zarr

import (
	"bytes"
	"context"
	"errors"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/store"
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
	// wrapping the store's or the codec's error. A key the store lists
	// but cannot read (StoredChunk.Err, or a read that fails other than
	// with store.ErrNotFound) is a failure, never an absent chunk.
	Err error
	// Vanished is set (with Err nil) for a chunk that was listed but held
	// no value when read, twice: it was deleted meanwhile (by a live
	// writer, say), and reads as the fill value. It is neither decoded
	// nor corrupt.
	Vanished bool
}

// verifyItem is one chunk for Verify to read; probe says it was not
// listed but taken from the grid, so that its absence is no news.
type verifyItem struct {
	c     StoredChunk
	probe bool
}

// Verify decodes every stored chunk of the array (see ListChunks) and calls
// report once per chunk with the result. For a sharded array it reads each
// shard, checks its index, and decodes every stored inner chunk on its own,
// reporting each one (absent inner chunks need no decoding). Keys outside
// the grid are reported with InGrid false and no error: they are not part
// of the array, so they are not decoded. report runs on one goroutine at a
// time; Verify stops at the first error report returns, or when ctx is
// done. Decoding runs on Options.Concurrency goroutines.
//
// A store that cannot list keys (an HTTP store) has its chunks found by
// walking the grid: each chunk of the grid is read, and those the store
// does not hold are absent, not reported; keys outside the grid are then
// not seen. A chunk that fails is read a second time before it is
// reported, since a live writer may have deleted or replaced it after the
// listing: gone, it is reported Vanished; changed, the second value is
// decoded and its result reported.
func (a *Array) Verify(ctx context.Context, report func(Check) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	shards, sharded := sharding.FromPipeline(a.pipe)
	if !sharded {
		shards = nil
	}
	todo := make(chan verifyItem, a.conc)
	results := make(chan []Check, a.conc)
	var listErr error
	listed := make(chan struct{})
	go func() {
		defer close(listed)
		defer close(todo)
		listErr = a.eachChunk(ctx, func(c StoredChunk, probe bool) error {
			select {
			case todo <- verifyItem{c, probe}:
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
			for it := range todo {
				checks := []Check{{StoredChunk: it.c}}
				if it.c.InGrid {
					checks = a.verifyChunk(ctx, it.c, it.probe, shards, *buf)
				}
				if len(checks) == 0 {
					continue // probed and absent
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
// by inner chunk when shards is not nil. A chunk that fails is read again
// (see Verify); a probed chunk that is absent gives no checks.
func (a *Array) verifyChunk(ctx context.Context, c StoredChunk, probe bool, shards *sharding.Bound, buf []byte) []Check {
	if c.Err != nil {
		return []Check{{StoredChunk: c, Err: &codec.ChunkError{Array: a.path, Key: c.Key, Err: c.Err}}}
	}
	enc, err := a.st.Get(ctx, c.Key, a.maxEnc)
	if errors.Is(err, store.ErrNotFound) && probe {
		return nil
	}
	checks := a.decodeChecks(ctx, c, enc, err, shards, buf)
	if !failed(checks) || ctx.Err() != nil {
		return checks
	}
	again, err2 := a.st.Get(ctx, c.Key, a.maxEnc)
	switch {
	case errors.Is(err2, store.ErrNotFound) && probe:
		return nil
	case errors.Is(err2, store.ErrNotFound):
		return []Check{{StoredChunk: c, Vanished: true}}
	case err == nil && err2 == nil && bytes.Equal(enc, again):
		return checks // the same bytes fail the same way
	}
	return a.decodeChecks(ctx, c, again, err2, shards, buf)
}

// failed reports whether any of checks holds an error.
func failed(checks []Check) bool {
	for _, c := range checks {
		if c.Err != nil {
			return true
		}
	}
	return false
}

// decodeChecks decodes the value enc of chunk c that reading gave (or
// reports readErr), inner chunk by inner chunk when shards is not nil.
func (a *Array) decodeChecks(ctx context.Context, c StoredChunk, enc []byte, readErr error, shards *sharding.Bound, buf []byte) []Check {
	fail := func(err error) []Check {
		return []Check{{StoredChunk: c, Err: &codec.ChunkError{Array: a.path, Key: c.Key, Err: err}}}
	}
	if readErr != nil {
		return fail(readErr)
	}
	if shards == nil {
		var err error
		if a.pipe.VariableLength() {
			_, err = a.pipe.AppendDecode(nil, enc)
		} else {
			err = a.pipe.Decode(buf, enc)
		}
		if err != nil {
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

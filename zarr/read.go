package zarr

import (
	"context"
	"errors"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/memvalue"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// ReadRegion reads the elements of region r into dst, in C order over the
// region, each in its little-endian encoding (the decoded layout of the
// codec pipeline); len(dst) must be r's element count times the element
// size. Chunks that are absent read as the fill value. Chunks are fetched
// and decoded concurrently (Options.Concurrency); a chunk that lies whole
// inside r and contiguous in dst is decoded straight into dst. On error
// the contents of dst are unspecified; the error is a *codec.ChunkError naming
// the chunk, a *NodeError, or ctx's error.
func (a *Array) ReadRegion(ctx context.Context, r codec.Region, dst []byte) error {
	return a.readRegionWithin(ctx, r, dst, a.conc)
}

// readRegionWithin is ReadRegion within a budget of conc (see
// forChunksWithin).
func (a *Array) readRegionWithin(ctx context.Context, r codec.Region, dst []byte, conc int) error {
	cr, err := a.checkRegion(r, len(dst), "destination")
	if err != nil {
		return err
	}
	return a.forChunksWithin(ctx, cr, conc, func(coords []int64, _ *[]byte, budget *codec.Options) error {
		return a.readChunk(ctx, coords, r, dst, budget)
	})
}

// readChunk reads the part of the chunk at coords that r holds into dst,
// within budget (see forChunks).
func (a *Array) readChunk(ctx context.Context, coords []int64, r codec.Region, dst []byte, budget *codec.Options) error {
	extent, inRegion, inChunk, whole := a.chunkLayout(coords, r)
	key := a.ChunkKey(coords)
	if !whole && a.pipe.PartialDecoding() {
		return a.readPart(ctx, key, r, dst, extent, inRegion, inChunk, budget)
	}
	enc, err := a.st.Get(ctx, key, a.maxEnc)
	if errors.Is(err, store.ErrNotFound) {
		a.fill.fillBox(dst, inRegion, extent)
		return nil
	}
	if err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	if whole && contiguous(r.Shape, extent) {
		off := offsetOf(r.Shape, inRegion.start, a.es)
		if err := a.decode(ctx, dst[off:off+int64(a.pipe.DecodedSize())], enc, budget); err != nil {
			return &codec.ChunkError{Array: a.path, Key: key, Err: err}
		}
		return nil
	}
	buf := a.getBuf()
	defer a.putBuf(buf)
	if err := a.decode(ctx, *buf, enc, budget); err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	copyBox(dst, inRegion, *buf, inChunk, extent, a.es)
	return nil
}

// decode decodes enc, one whole chunk, into dst. A chunk that is a shard
// goes through the pipeline's partial decoder, for the whole chunk, so
// that its inner chunks are decoded within budget (see forChunks); Decode
// takes no options.
func (a *Array) decode(ctx context.Context, dst, enc []byte, budget *codec.Options) error {
	if a.pipe.PartialDecoding() {
		return a.pipe.DecodeRegion(ctx, memvalue.Value(enc), a.wholeChunk, dst, budget)
	}
	return a.pipe.Decode(dst, enc)
}

// readPart decodes the part of a chunk (a shard) that r needs through byte
// ranges of the stored value: the shard's index and the inner chunks the
// part meets, nothing else.
func (a *Array) readPart(ctx context.Context, key string, r codec.Region, dst []byte, extent []int, inRegion, inChunk box, budget *codec.Options) error {
	n := a.es
	for _, e := range extent {
		n *= e
	}
	var part []byte
	contig := contiguous(r.Shape, extent)
	if contig {
		off := offsetOf(r.Shape, inRegion.start, a.es)
		part = dst[off : off+int64(n)]
	} else if n <= 1<<20 {
		part = make([]byte, n) // a small part of a shard: no shard-sized buffer
	} else {
		buf := a.getBuf()
		defer a.putBuf(buf)
		part = (*buf)[:n]
	}
	err := a.pipe.DecodeRegion(ctx, rangeReader{a.st, key}, codec.Region{Start: int64s(inChunk.start), Shape: int64s(extent)}, part, budget)
	if errors.Is(err, store.ErrNotFound) {
		a.fill.fillBox(dst, inRegion, extent)
		return nil
	}
	if err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	if !contig {
		copyBox(dst, inRegion, part, box{shape: extent, start: make([]int, len(extent))}, extent, a.es)
	}
	return nil
}

// rangeReader reads byte ranges of one stored value: the reader a partial
// decoder (sharding) is given.
type rangeReader struct {
	st  store.Store
	key string
}

func (r rangeReader) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	return r.st.GetRange(ctx, r.key, br)
}

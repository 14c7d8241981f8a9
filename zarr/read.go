package zarr

import (
	"context"
	"errors"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/memvalue"
	"github.com/zcodec/zcodec/region"
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
func (a *Array) ReadRegion(ctx context.Context, r region.Box, dst []byte) error {
	return a.readRegionWithin(ctx, r, dst, a.conc)
}

// readRegionWithin is ReadRegion within a budget of conc (see
// forChunksWithin).
func (a *Array) readRegionWithin(ctx context.Context, r region.Box, dst []byte, conc int) error {
	rb, cr, err := a.checkRegion(r, len(dst), "destination")
	if err != nil {
		return err
	}
	return a.forChunksWithin(ctx, cr, conc, func(coords []int64, _ *[]byte, budget *codec.Options) error {
		return a.readChunk(ctx, coords, rb, dst, budget)
	})
}

// readChunk reads the part of the chunk at coords that rb (the box of
// the region dst holds) needs into dst, within budget (see forChunks).
func (a *Array) readChunk(ctx context.Context, coords []int64, rb region.Box, dst []byte, budget *codec.Options) error {
	buffer, part, whole := a.chunkLayout(coords, rb)
	key := a.ChunkKey(coords)
	if !whole && a.pipe.PartialDecoding() {
		return a.readPart(ctx, key, rb, dst, buffer, part, budget)
	}
	enc, err := a.st.Get(ctx, key, a.maxEnc)
	if errors.Is(err, store.ErrNotFound) {
		a.fill.fillPart(dst, rb, part)
		return nil
	}
	if err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	if whole && contiguous(rb, part) {
		off := offsetOf(rb, part.Start, a.es)
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
	copyPart(dst, rb, *buf, buffer, part, a.es)
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

// readPart decodes part, the part of a chunk (a shard) whose decoded box
// is buffer that rb needs, through byte ranges of the stored value: the
// shard's index and the inner chunks the part meets, nothing else.
func (a *Array) readPart(ctx context.Context, key string, rb region.Box, dst []byte, buffer, part region.Box, budget *codec.Options) error {
	n := a.es * int(part.Size()) // at most one chunk
	var pbuf []byte
	contig := contiguous(rb, part)
	if contig {
		off := offsetOf(rb, part.Start, a.es)
		pbuf = dst[off : off+int64(n)]
	} else if n <= 1<<20 {
		pbuf = make([]byte, n) // a small part of a shard: no shard-sized buffer
	} else {
		buf := a.getBuf()
		defer a.putBuf(buf)
		pbuf = (*buf)[:n]
	}
	inChunk := part.RelativeTo(buffer)
	err := a.pipe.DecodeRegion(ctx, rangeReader{a.st, key}, region.FromShape(inChunk.Start, part.Shape()), pbuf, budget)
	if errors.Is(err, store.ErrNotFound) {
		a.fill.fillPart(dst, rb, part)
		return nil
	}
	if err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	if !contig {
		copyPart(dst, rb, pbuf, part, part, a.es)
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

package zarr

import (
	"context"
	"errors"

	"github.com/zcodec/zcodec/store"
)

// ReadRegion reads the elements of region r into dst, in C order over the
// region, each in its little-endian encoding (the decoded layout of the
// codec pipeline); len(dst) must be r's element count times the element
// size. Chunks that are absent read as the fill value. Chunks are fetched
// and decoded concurrently (Options.Concurrency); a chunk that lies whole
// inside r and contiguous in dst is decoded straight into dst. On error
// the contents of dst are unspecified; the error is a *ChunkError naming
// the chunk, a *NodeError, or ctx's error.
func (a *Array) ReadRegion(ctx context.Context, r Region, dst []byte) error {
	cr, err := a.checkRegion(r, len(dst), "destination")
	if err != nil {
		return err
	}
	return a.forChunks(ctx, cr, func(coords []int64, _ *[]byte) error {
		return a.readChunk(ctx, coords, r, dst)
	})
}

func (a *Array) readChunk(ctx context.Context, coords []int64, r Region, dst []byte) error {
	in, inRegion, inChunk, whole := a.chunkLayout(coords, r)
	key := a.ChunkKey(coords)
	enc, err := a.st.Get(ctx, key, a.maxEnc)
	if errors.Is(err, store.ErrNotFound) {
		a.fill.fillBox(dst, inRegion, in.Shape, a.es)
		return nil
	}
	if err != nil {
		return &ChunkError{Array: a.path, Key: key, Err: err}
	}
	if whole && contiguous(r.Shape, in.Shape) {
		off := offsetOf(r.Shape, inRegion.start, a.es)
		if err := a.pipe.Decode(dst[off:off+int64(a.pipe.DecodedSize())], enc); err != nil {
			return &ChunkError{Array: a.path, Key: key, Err: err}
		}
		return nil
	}
	buf := a.getBuf()
	defer a.putBuf(buf)
	if err := a.pipe.Decode(*buf, enc); err != nil {
		return &ChunkError{Array: a.path, Key: key, Err: err}
	}
	copyBox(dst, inRegion, *buf, inChunk, in.Shape, a.es)
	return nil
}

package zarr

import (
	"context"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// WriteRegion writes the elements of src, laid out as ReadRegion reads
// them, into region r. Every chunk r touches is rewritten whole: a chunk
// that r covers is encoded from src alone; one that r covers in part is
// read (or taken as fill values when absent), updated and written back. A
// chunk whose elements all equal the fill value, bit for bit, is not
// stored, and an existing one is deleted, so absent chunks and fill values
// stay interchangeable. Parts of edge chunks outside the array hold the fill
// value. Zarr v2 arrays are read-only (store.ErrReadOnly). On error some
// chunks may have been written and others not; each chunk is replaced
// atomically in stores that write atomically.
func (a *Array) WriteRegion(ctx context.Context, r region.Box, src []byte) error {
	if a.format != 3 {
		return &NodeError{Kind: "array", Path: a.path, Err: fmt.Errorf("arrays opened from Zarr v2 metadata are read-only: %w", store.ErrReadOnly)}
	}
	rb, cr, err := a.checkRegion(r, len(src), "source")
	if err != nil {
		return err
	}
	return a.forChunks(ctx, cr, func(coords []int64, enc *[]byte, budget *codec.Options) error {
		return a.writeChunk(ctx, coords, rb, src, enc, budget)
	})
}

// writeChunk writes the part of the chunk at coords that rb (the box of the
// region src holds) covers, with the rest of the chunk as stored.
func (a *Array) writeChunk(ctx context.Context, coords []int64, rb region.Box, src []byte, enc *[]byte, budget *codec.Options) error {
	buffer, part, whole := a.chunkLayout(coords, rb)
	key := a.ChunkKey(coords)
	var chunk []byte
	if whole && contiguous(rb, part) {
		off := offsetOf(rb, part.Start, a.es)
		chunk = src[off : off+int64(a.pipe.DecodedSize())]
	} else {
		buf := a.getBuf()
		defer a.putBuf(buf)
		chunk = *buf
		if a.coversChunk(coords, rb) {
			// r covers every element of the chunk inside the array; the
			// rest of an edge chunk holds the fill value.
			if !whole {
				a.fill.fill(chunk)
			}
		} else if err := a.loadChunk(ctx, key, chunk, budget); err != nil {
			return err
		}
		copyPart(chunk, buffer, src, rb, part, a.es)
	}
	return a.storeChunk(ctx, key, chunk, enc)
}

// storeChunk encodes the decoded chunk and stores it under key, with enc
// as scratch for the encoded bytes; a chunk whose elements all equal the
// fill value is deleted instead.
func (a *Array) storeChunk(ctx context.Context, key string, chunk []byte, enc *[]byte) error {
	if a.fill.isFill(chunk) {
		if err := a.st.Delete(ctx, key); err != nil {
			return &codec.ChunkError{Array: a.path, Key: key, Err: err}
		}
		return nil
	}
	return a.encodeChunk(ctx, key, chunk, enc)
}

// encodeChunk encodes the decoded chunk into *enc (reused from call to
// call) and stores it under key.
func (a *Array) encodeChunk(ctx context.Context, key string, chunk []byte, enc *[]byte) error {
	out, err := a.pipe.AppendEncode((*enc)[:0], chunk)
	if err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	*enc = out
	if err := a.st.Set(ctx, key, out); err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	return nil
}

// loadChunk decodes the stored chunk at key into buf, or fills buf when the
// chunk is absent.
func (a *Array) loadChunk(ctx context.Context, key string, buf []byte, budget *codec.Options) error {
	enc, err := a.st.Get(ctx, key, a.maxEnc)
	if errors.Is(err, store.ErrNotFound) {
		a.fill.fill(buf)
		return nil
	}
	if err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	if err := a.decode(ctx, buf, enc, budget); err != nil {
		return &codec.ChunkError{Array: a.path, Key: key, Err: err}
	}
	return nil
}

package sharding

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/store"
)

// DecodeBytes decodes src, one whole shard, into dst, which has exactly the
// shard's decoded size. The index is decoded and validated first (see
// DecodeIndex); then every stored inner chunk is decoded with the inner
// chain into its place, and every absent one is filled with the fill value.
// A failing inner chunk is a *codec.ChunkError naming it.
func (b *Bound) DecodeBytes(dst, src []byte) error {
	if len(dst) != b.spec.Size() {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: b.spec.Size()}
	}
	s := b.scratch.Get().(*scratch)
	defer b.scratch.Put(s)
	if err := b.decodeIndex(s.entries, src, int64(len(src))); err != nil {
		return err
	}
	if b.workers > 1 {
		entries := s.entries
		return b.parallel(b.workers, b.n, func(i int, ws *scratch) error {
			return b.decodeChunk(dst, src, entries, i, ws)
		})
	}
	for i := range b.n {
		if err := b.decodeChunk(dst, src, s.entries, i, s); err != nil {
			return err
		}
	}
	return nil
}

// decodeChunk decodes inner chunk i of the shard src (whose validated
// index is entries) into its place in dst, the decoded shard.
func (b *Bound) decodeChunk(dst, src, entries []byte, i int, s *scratch) error {
	off, n := entry(entries, i)
	if b.contiguous {
		// Contiguous inner chunks tile the shard in C order of the grid.
		place := dst[i*b.chunkLen : (i+1)*b.chunkLen]
		if off == absent {
			ndcopy.FillPattern(place, b.fill)
			return nil
		}
		if err := b.inner.Decode(place, src[off:off+n]); err != nil {
			b.chunkCoords(i, s.coords)
			return b.chunkError(s.coords, off, n, err)
		}
		return nil
	}
	b.chunkCoords(i, s.coords)
	b.chunkStart(s.coords, s.start)
	if off == absent {
		ndcopy.Fill(dst, b.spec.Shape, s.start, b.c.chunkShape, b.fill)
		return nil
	}
	enc := src[off : off+n]
	if b.identity {
		if err := b.inner.CheckIdentity(enc); err != nil {
			return b.chunkError(s.coords, off, n, err)
		}
		ndcopy.Copy(dst, b.spec.Shape, s.start, enc, b.c.chunkShape, s.zero, b.c.chunkShape, b.elem)
		return nil
	}
	if err := b.inner.Decode(s.chunk, enc); err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	ndcopy.Copy(dst, b.spec.Shape, s.start, s.chunk, b.c.chunkShape, s.zero, b.c.chunkShape, b.elem)
	return nil
}

func (b *Bound) chunkError(coords []int, off, n uint64, err error) error {
	return &codec.ChunkError{Coords: int64s(coords), Range: store.ByteRange{Offset: int64(off), Length: int64(n)}, Err: err}
}

package sharding

import (
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
)

// DecodeBytes decodes src, one whole shard, into dst, which has exactly the
// shard's decoded size. The index is decoded and validated first (see
// DecodeIndex); then every stored inner chunk is decoded with the inner
// chain into its place, and every absent one is filled with the fill value.
// A failing inner chunk is a *ChunkError naming it.
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
	b.chunkCoords(i, s.coords)
	off, n := entry(entries, i)
	if off == absent {
		if b.contiguous {
			o := b.chunkOffset(s.coords)
			ndcopy.FillPattern(dst[o:o+b.chunkLen], b.fill)
			return nil
		}
		b.chunkStart(s.coords, s.start)
		ndcopy.Fill(dst, b.spec.Shape, s.start, b.c.chunkShape, b.fill)
		return nil
	}
	enc := src[off : off+n]
	if b.identity && !b.contiguous {
		// n == chunkLen: the index check holds inner chunks of a fixed-size
		// chain to that size.
		b.chunkStart(s.coords, s.start)
		ndcopy.Copy(dst, b.spec.Shape, s.start, enc, b.c.chunkShape, s.zero, b.c.chunkShape, b.elem)
		return nil
	}
	if b.contiguous {
		o := b.chunkOffset(s.coords)
		if err := b.inner.Decode(dst[o:o+b.chunkLen], enc); err != nil {
			return b.chunkError(s.coords, off, n, err)
		}
		return nil
	}
	if err := b.inner.Decode(s.chunk, enc); err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	b.chunkStart(s.coords, s.start)
	ndcopy.Copy(dst, b.spec.Shape, s.start, s.chunk, b.c.chunkShape, s.zero, b.c.chunkShape, b.elem)
	return nil
}

func (b *Bound) chunkError(coords []int, off, n uint64, err error) error {
	return &ChunkError{Chunk: slices.Clone(coords), Range: codec.ByteRange{Offset: int64(off), Length: int64(n)}, Err: err}
}

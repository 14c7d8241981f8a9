package sharding

import (
	"context"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/memvalue"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// DecodeBytes decodes src, one whole shard, into dst, which has exactly the
// shard's decoded size. The index is decoded and validated first (see
// DecodeIndex); then every stored inner chunk is decoded with the inner
// chain into its place, and every absent one is filled with the fill value.
// A failing inner chunk is a *codec.ChunkError naming it. Shards of 4 MiB and
// more are decoded on up to the Concurrency of the options the codec was
// resolved with (WithOptions; GOMAXPROCS by default) goroutines;
// DecodeRegion of the whole shard does the same within its call's budget.
func (b *Bound) DecodeBytes(dst, src []byte) error {
	return b.decodeBytes(context.Background(), dst, src, 0)
}

// decodeBytes is DecodeBytes within a budget of goroutines (0: none
// given): the inner chunks are decoded on w = wholeWorkers(budget)
// goroutines, and a nested shard gets the budget max(1, budget/w) through
// its own DecodeRegion.
func (b *Bound) decodeBytes(ctx context.Context, dst, src []byte, budget int) error {
	if len(dst) != b.spec.Size() {
		return &codec.SizeError{What: "destination", Got: len(dst), Want: b.spec.Size()}
	}
	if b.tooLarge != nil {
		return b.tooLarge
	}
	s := b.scratch.Get().(*scratch)
	defer b.scratch.Put(s)
	entries := s.indexEntries(b)
	if err := b.decodeIndex(entries, src, int64(len(src))); err != nil {
		return err
	}
	workers := b.wholeWorkers(budget)
	var nested *codec.Options // nil: nested shards decode as DecodeBytes does
	if budget > 0 && b.inner.PartialDecoding() {
		_, inner := workpool.Split(budget, workers)
		nested = &codec.Options{Concurrency: inner}
	}
	if workers == 1 {
		for i := range b.n {
			if err := b.decodeChunk(ctx, dst, src, entries, i, s, nested); err != nil {
				return err
			}
		}
		return nil
	}
	return b.each(ctx, workers, b.n, func(i int) int { return i }, func(ws *scratch, i int) error {
		return b.decodeChunk(ctx, dst, src, entries, i, ws, nested)
	})
}

// decodeChunk decodes inner chunk i of the shard src (whose validated
// index is entries) into its place in dst, the decoded shard.
func (b *Bound) decodeChunk(ctx context.Context, dst, src, entries []byte, i int, s *scratch, nested *codec.Options) error {
	off, n := entry(entries, i)
	if b.contiguous {
		// Contiguous inner chunks tile the shard in C order of the grid.
		place := dst[i*b.chunkLen : (i+1)*b.chunkLen]
		if off == absent {
			ndcopy.FillPattern(place, b.fill)
			return nil
		}
		if err := b.decodeInner(ctx, place, src[off:off+n], nested); err != nil {
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
	if err := b.decodeInner(ctx, s.chunk, enc, nested); err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	ndcopy.Copy(dst, b.spec.Shape, s.start, s.chunk, b.c.chunkShape, s.zero, b.c.chunkShape, b.elem)
	return nil
}

// decodeInner decodes one whole inner chunk; a nested shard goes through
// DecodeRegion within the budget of nested when it is not nil.
func (b *Bound) decodeInner(ctx context.Context, dst, enc []byte, nested *codec.Options) error {
	if nested != nil {
		return b.inner.DecodeRegion(ctx, memvalue.Value(enc), region.Whole(region.Int64s(b.c.chunkShape)), dst, nested)
	}
	return b.inner.Decode(dst, enc)
}

func (b *Bound) chunkError(coords []int, off, n uint64, err error) error {
	return &codec.ChunkError{Coords: region.Int64s(coords), Range: byterange.Range{Offset: int64(off), Length: int64(n)}, Err: err}
}

package sharding

import (
	"cmp"
	"context"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// run is a stretch [off, end) of a shard's bytes read with one request:
// it holds the stored inner chunks order[first:last] of a plan (see
// planRuns).
type run struct {
	first, last int
	off, end    int64
}

// planRuns returns the runs that read the stored inner chunks of needed,
// whose index entries (validated) are in entries: the chunks sorted by
// offset (then by number) in s.order, and each run a stretch of them in
// which every chunk starts at most gap bytes after the end of the bytes
// before it (overlapping chunks merge too) and the run spans at most limit
// bytes. A chunk that would make a run longer than limit starts the next
// one, so no run is larger than limit, since no inner chunk is
// (checkLimit, checkIndex). Absent chunks are left out: they need no read.
func (b *Bound) planRuns(entries []byte, needed []int, gap, limit int64, s *scratch) []run {
	order := s.order[:0]
	for _, i := range needed {
		if off, _ := entry(entries, i); off != absent {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(x, y int) int {
		ox, _ := entry(entries, x)
		oy, _ := entry(entries, y)
		if c := cmp.Compare(ox, oy); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	runs := s.runs[:0]
	for k, i := range order {
		off, n := entry(entries, i)
		start, end := int64(off), int64(off+n) // no overflow: validated
		if last := len(runs) - 1; last >= 0 {
			r := &runs[last]
			if start-r.end <= gap && max(r.end, end)-r.off <= limit {
				r.last, r.end = k+1, max(r.end, end)
				continue
			}
		}
		runs = append(runs, run{first: k, last: k + 1, off: start, end: end})
	}
	s.order, s.runs = order, runs
	return runs
}

// decodeRuns is DecodeRegion for inner chunks read in merged runs (the
// inner chain does not decode in part): absent chunks are filled, then
// outer = min(budget, runs) runs are read at once, each with one
// ReadRange, and each run's chunks are decoded from the bytes read on
// max(1, budget/outer) goroutines, so that outer*inner <= budget.
func (b *Bound) decodeRuns(ctx context.Context, r byterange.Reader, rgn region.Box, dst, entries []byte, needed []int, gap int64, budget int, s *scratch) error {
	for _, i := range needed {
		if off, _ := entry(entries, i); off == absent {
			b.place(rgn, i, s)
			ndcopy.Fill(dst, s.rShape, s.dstPos, s.box, b.fill)
		}
	}
	runs := b.planRuns(entries, needed, gap, b.c.opts.MaxChunkBytesOrDefault(), s)
	order := s.order
	outer, inner := workpool.Split(budget, len(runs))
	if outer == 1 {
		for _, rn := range runs {
			if err := b.readRun(ctx, r, rgn, dst, entries, order, rn, s, inner); err != nil {
				return err
			}
		}
		return nil
	}
	return b.each(ctx, outer, len(runs), func(k int) int { return order[runs[k].first] }, func(ws *scratch, k int) error {
		return b.readRun(ctx, r, rgn, dst, entries, order, runs[k], ws, inner)
	})
}

// readRun reads the bytes of rn with one request and puts the part of each
// of its inner chunks that rgn covers into dst, on up to workers
// goroutines. A failed read is a *codec.ChunkError naming the run's first
// inner chunk and the run's range.
func (b *Bound) readRun(ctx context.Context, r byterange.Reader, rgn region.Box, dst, entries []byte, order []int, rn run, s *scratch, workers int) error {
	rng := byterange.Range{Offset: rn.off, Length: rn.end - rn.off}
	buf, err := codec.ReadRange(ctx, r, rng, Name)
	if err != nil {
		b.chunkCoords(order[rn.first], s.coords)
		return b.chunkError(s.coords, uint64(rn.off), uint64(rng.Length), err)
	}
	chunks := order[rn.first:rn.last]
	if workers == 1 || len(chunks) == 1 {
		// Serial, on the caller's scratch, allocating nothing.
		for _, i := range chunks {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := b.runChunk(rgn, dst, entries, buf, rn.off, i, s); err != nil {
				return err
			}
		}
		return nil
	}
	return b.each(ctx, min(workers, len(chunks)), len(chunks), func(k int) int { return chunks[k] }, func(ws *scratch, k int) error {
		return b.runChunk(rgn, dst, entries, buf, rn.off, chunks[k], ws)
	})
}

// runChunk puts the part of inner chunk i that rgn covers into dst,
// decoding it from buf, the bytes of its run from offset base.
func (b *Bound) runChunk(rgn region.Box, dst, entries, buf []byte, base int64, i int, s *scratch) error {
	off, n := entry(entries, i)
	b.place(rgn, i, s)
	from := int64(off) - base
	if err := b.putChunk(dst, buf[from:from+int64(n)], s); err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	return nil
}

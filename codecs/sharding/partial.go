package sharding

import (
	"context"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// DecodeRegion decodes box, a region of one shard, into dst (C order over the
// region) reading only what it needs through r: the index (one range: the
// first or last IndexSize() bytes), then the stored inner chunks the region
// touches, their ranges merged into runs read with one request each when
// they lie at most opts.RangeGap apart (see the package documentation; one
// range per inner chunk when opts.RangeGap is negative). A region that is the whole shard needs every inner
// chunk: it is read as one range, the whole value, and decoded as
// DecodeBytes does. Absent inner chunks are filled without a read. An
// inner chunk whose own chain supports partial decoding (nested sharding)
// is itself read through ranges inside its bytes.
//
// The call runs within the concurrency budget B of opts.Concurrency (see
// the package documentation; GOMAXPROCS when opts is nil or gives 0): it
// reads and decodes outer = min(B, inner chunks needed) inner chunks at
// once and gives a nested shard the budget max(1, B/outer), so that at
// most B goroutines and B reads are at work; a whole shard is decoded on
// at most B goroutines. Only opts.Concurrency and opts.RangeGap are read.
//
// A shard whose index or inner chunk is larger than the limit is a
// *codec.LimitError before anything is read. The index is validated before any
// inner chunk is read, against the shard's length when r is a
// byterange.Sizer; otherwise a range past the shard's end shows as a
// short read (a *codec.CorruptError). Reader errors are *codec.ReadError
// values wrapping the reader's error; an inner chunk that fails is a
// *codec.ChunkError.
func (b *Bound) DecodeRegion(ctx context.Context, r byterange.Reader, box region.Box, dst []byte, opts *codec.Options) error {
	if err := box.ValidateChunk(b.spec.Shape); err != nil {
		return err
	}
	if want := int(box.Size()) * b.elem; len(dst) != want {
		return &codec.SizeError{What: "region destination", Got: len(dst), Want: want}
	}
	if len(dst) == 0 {
		return nil
	}
	if b.tooLarge != nil {
		return b.tooLarge
	}
	budget := 0
	if opts != nil {
		budget = max(opts.Concurrency, 0)
	}
	gap := opts.RangeGapOrDefault()
	if box.CoversChunk(b.spec.Shape) {
		shard, err := codec.ReadRange(ctx, r, byterange.Whole, Name)
		if err != nil {
			return err
		}
		return b.decodeBytes(ctx, dst, shard, budget)
	}
	s := b.scratch.Get().(*scratch)
	defer b.scratch.Put(s)
	entries := s.indexEntries(b)
	if _, err := b.readIndex(ctx, r, entries); err != nil {
		return err
	}
	rgn := box
	needed := b.neededChunks(rgn, s)
	if gap >= 0 && len(needed) > 1 && !b.inner.PartialDecoding() {
		return b.decodeRuns(ctx, r, rgn, dst, entries, needed, gap, budget, s)
	}
	outer, inner := workpool.Split(budget, len(needed))
	var nested *codec.Options // the budget of nested shards
	if b.inner.PartialDecoding() {
		nested = &codec.Options{Concurrency: inner, RangeGap: gap}
	}
	if outer == 1 {
		// Serial, on the caller's goroutine and scratch, allocating nothing.
		for _, i := range needed {
			if err := b.regionChunk(ctx, r, rgn, dst, entries, i, s, nested); err != nil {
				return err
			}
		}
		return nil
	}
	return b.each(ctx, outer, len(needed), func(k int) int { return needed[k] }, func(ws *scratch, k int) error {
		return b.regionChunk(ctx, r, rgn, dst, entries, needed[k], ws, nested)
	})
}

// each calls f(ws, k) for k in [0, count) on up to workers goroutines
// (internal/workpool), each with a scratch of its own, and returns the
// error of the lowest k that failed; a panic is a *ChunkError naming inner
// chunk chunk(k) around a *codec.PanicError. Callers run a single worker
// themselves, in a plain loop: the closures handed to the pool escape, and
// the serial paths allocate nothing.
func (b *Bound) each(ctx context.Context, workers, count int, chunk func(k int) int, f func(ws *scratch, k int) error) error {
	get := func() *scratch { return b.scratch.Get().(*scratch) }
	put := func(ws *scratch) { b.scratch.Put(ws) }
	err := workpool.RunWith(ctx, count, workers, get, put, f)
	if pe, ok := err.(*workpool.PanicError); ok {
		coords := make([]int, len(b.grid))
		b.chunkCoords(chunk(pe.Index), coords)
		return &codec.ChunkError{Coords: region.Int64s(coords), Err: &codec.PanicError{Value: pe.Value, Stack: pe.Stack}}
	}
	return err
}

// readIndex reads and validates the index through r into entries and
// returns the shard's size (-1 if r cannot tell it).
func (b *Bound) readIndex(ctx context.Context, r byterange.Reader, entries []byte) (int64, error) {
	size := int64(-1)
	if sz, ok := r.(byterange.Sizer); ok {
		n, err := sz.Size(ctx)
		if err != nil {
			return -1, &codec.ReadError{Range: byterange.Whole, Err: err}
		}
		if n < int64(b.indexLen) {
			return -1, corrupt(nil, "shard has %d bytes, too short for its %d-byte index", n, b.indexLen)
		}
		size = n
	}
	raw, err := codec.ReadRange(ctx, r, b.IndexRange(), Name)
	if err != nil {
		return -1, err
	}
	return size, b.checkIndex(entries, raw, size)
}

// neededChunks lists, in s.needed, the inner chunks that rgn (not empty)
// touches, in C order.
func (b *Bound) neededChunks(rgn region.Box, s *scratch) []int {
	s.touched.SetChunksOf(b.innerGrid, rgn)
	copy(s.at, s.touched.Start)
	needed := s.needed[:0]
	for ok := true; ok; ok = s.touched.Next(s.at) {
		needed = append(needed, int(b.gridBox.Index(s.at)))
	}
	s.needed = needed
	return needed
}

// place sets s.coords (and s.at) to the coordinates of inner chunk i,
// s.span to its box in the shard and s.part to the part of it that rgn
// covers, with that part's shape (s.partShape) and start in the chunk
// (s.partStart) and, as ints for the copies, s.box, s.dstPos, s.inChunk
// and s.rShape: the part's shape, where it goes in the region, where it
// starts in the chunk and the region's shape.
func (b *Bound) place(rgn region.Box, i int, s *scratch) {
	b.gridBox.Point(int64(i), s.at)
	s.span.SetChunk(b.innerGrid, s.at)
	s.part.SetIntersect(s.span, rgn)
	for d := range s.box {
		s.coords[d] = int(s.at[d])
		s.partShape[d] = s.part.Stop[d] - s.part.Start[d]
		s.partStart[d] = s.part.Start[d] - s.span.Start[d]
		s.box[d] = int(s.partShape[d])
		s.dstPos[d] = int(s.part.Start[d] - rgn.Start[d])
		s.inChunk[d] = int(s.partStart[d])
		s.rShape[d] = int(rgn.Stop[d] - rgn.Start[d])
	}
}

// putChunk decodes enc, the stored bytes of the inner chunk that place
// set s to, and puts the part of it the region covers into dst (the
// region's buffer).
func (b *Bound) putChunk(dst, enc []byte, s *scratch) error {
	decoded := enc
	if b.identity {
		if err := b.inner.CheckIdentity(enc); err != nil {
			return err
		}
	} else {
		if err := b.inner.Decode(s.chunk, enc); err != nil {
			return err
		}
		decoded = s.chunk
	}
	ndcopy.Copy(dst, s.rShape, s.dstPos, decoded, b.c.chunkShape, s.inChunk, s.box, b.elem)
	return nil
}

// regionChunk puts the part of inner chunk i that rgn covers into dst.
func (b *Bound) regionChunk(ctx context.Context, r byterange.Reader, rgn region.Box, dst, entries []byte, i int, s *scratch, opts *codec.Options) error {
	b.place(rgn, i, s)
	off, n := entry(entries, i)
	if off == absent {
		ndcopy.Fill(dst, s.rShape, s.dstPos, s.box, b.fill)
		return nil
	}
	rng := byterange.Range{Offset: int64(off), Length: int64(n)}
	if b.inner.PartialDecoding() {
		// A nested shard, read through ranges of its bytes (one range
		// when whole) within this call's budget (opts).
		part := s.chunk[:elements(s.box)*b.elem]
		sub := &subReader{r: r, off: rng.Offset, n: rng.Length}
		if err := b.inner.DecodeRegion(ctx, sub, region.FromShape(s.partStart, s.partShape), part, opts); err != nil {
			return b.chunkError(s.coords, off, n, err)
		}
		ndcopy.Copy(dst, s.rShape, s.dstPos, part, s.box, s.zero, s.box, b.elem)
		return nil
	}
	enc, err := codec.ReadRange(ctx, r, rng, Name)
	if err == nil {
		err = b.putChunk(dst, enc, s)
	}
	if err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	return nil
}

// subReader reads ranges of the n bytes at off of another reader: an inner
// chunk seen as a value of its own.
type subReader struct {
	r      byterange.Reader
	off, n int64
}

// ReadRange maps br into the parent's ranges, clipping it to the n bytes;
// a parent that returns less is a *codec.CorruptError.
func (s *subReader) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	var start, end int64 // within [0, n]
	switch {
	case br.Offset < 0:
		start, end = max(0, s.n+br.Offset), s.n
	case br.Length < 0:
		start, end = min(br.Offset, s.n), s.n
	default:
		start = min(br.Offset, s.n)
		end = start + min(br.Length, s.n-start)
	}
	if end == start {
		return nil, nil
	}
	rng := byterange.Range{Offset: s.off + start, Length: end - start}
	b, err := s.r.ReadRange(ctx, rng)
	if err == nil && int64(len(b)) < rng.Length {
		// The shard ends inside the inner chunk: a short read that the
		// inner decoder could not see for a read of its whole value.
		return nil, corrupt(nil, "stored value ends before bytes %v (got %d of %d bytes)", rng, len(b), rng.Length)
	}
	return b, err
}

// Size returns n: the inner value's length is known from the index.
func (s *subReader) Size(context.Context) (int64, error) { return s.n, nil }

// elements returns the number of elements of a box of the given shape.
func elements(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

package sharding

import (
	"context"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/store"
)

// DecodeRegion decodes region of one shard into dst (C order over the
// region) reading only what it needs through r: the index (one range: the
// first or last IndexSize() bytes), then one range per stored inner chunk
// the region touches. A region that is the whole shard needs every inner
// chunk: it is read as one range, the whole value, and decoded as
// DecodeBytes does. Absent inner chunks are filled without a read. An
// inner chunk whose own chain supports partial decoding (nested sharding)
// and that the region covers only in part is itself read partially, through
// ranges inside its bytes. Inner chunks are read and decoded on up to
// opts.Concurrency goroutines (nil opts, or 0: GOMAXPROCS).
//
// The index is validated before any inner chunk is read, against the
// shard's length when r is a store.ByteRangeSizer; otherwise a range past
// the shard's end shows as a short read (a *codec.CorruptError). Reader
// errors are *codec.ReadError values wrapping the reader's error; an inner
// chunk that fails is a *codec.ChunkError.
func (b *Bound) DecodeRegion(ctx context.Context, r store.ByteRangeReader, region codec.Region, dst []byte, opts *codec.Options) error {
	if err := region.ValidateChunk(b.spec.Shape); err != nil {
		return err
	}
	if want := int(region.NumElements()) * b.elem; len(dst) != want {
		return &codec.SizeError{What: "region destination", Got: len(dst), Want: want}
	}
	if len(dst) == 0 {
		return nil
	}
	if region.CoversChunk(b.spec.Shape) {
		shard, err := codec.ReadRange(ctx, r, store.WholeValue, Name)
		if err != nil {
			return err
		}
		return b.DecodeBytes(dst, shard)
	}
	s := b.scratch.Get().(*scratch)
	defer b.scratch.Put(s)
	if _, err := b.readIndex(ctx, r, s.entries); err != nil {
		return err
	}
	ir := s.intRegion(region)
	needed := b.neededChunks(ir, s)
	if workers := opts.ConcurrencyOrDefault(); workers > 1 && len(needed) > 1 {
		entries := s.entries
		return b.parallel(workers, len(needed), func(k int, ws *scratch) error {
			return b.regionChunk(ctx, r, ir, dst, entries, needed[k], ws, opts)
		})
	}
	for _, i := range needed {
		if err := b.regionChunk(ctx, r, ir, dst, s.entries, i, s, opts); err != nil {
			return err
		}
	}
	return nil
}

// readIndex reads and validates the index through r into entries and
// returns the shard's size (-1 if r cannot tell it).
func (b *Bound) readIndex(ctx context.Context, r store.ByteRangeReader, entries []byte) (int64, error) {
	size := int64(-1)
	if sz, ok := r.(store.ByteRangeSizer); ok {
		n, err := sz.Size(ctx)
		if err != nil {
			return -1, &codec.ReadError{Range: store.WholeValue, Err: err}
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

// neededChunks lists, in s.needed, the inner chunks that region touches,
// in C order.
func (b *Bound) neededChunks(region intRegion, s *scratch) []int {
	lo, hi := s.start, s.box // grid box [lo, hi] of the region
	for d, cs := range b.c.chunkShape {
		lo[d] = region.Start[d] / cs
		hi[d] = (region.Start[d] + region.Shape[d] - 1) / cs
	}
	needed := s.needed[:0]
	copy(s.coords, lo)
	for {
		needed = append(needed, b.chunkNumber(s.coords))
		d := len(lo) - 1
		for ; d >= 0; d-- {
			if s.coords[d] < hi[d] {
				s.coords[d]++
				break
			}
			s.coords[d] = lo[d]
		}
		if d < 0 {
			break
		}
	}
	s.needed = needed
	return needed
}

// regionChunk puts the part of inner chunk i that region covers into dst.
func (b *Bound) regionChunk(ctx context.Context, r store.ByteRangeReader, region intRegion, dst, entries []byte, i int, s *scratch, opts *codec.Options) error {
	b.chunkCoords(i, s.coords)
	whole := true
	for d, cs := range b.c.chunkShape {
		c0 := s.coords[d] * cs
		from := max(region.Start[d], c0)
		to := min(region.Start[d]+region.Shape[d], c0+cs)
		s.box[d] = to - from
		s.dstPos[d] = from - region.Start[d]
		s.inChunk[d] = from - c0
		whole = whole && s.box[d] == cs
	}
	off, n := entry(entries, i)
	if off == absent {
		ndcopy.Fill(dst, region.Shape, s.dstPos, s.box, b.fill)
		return nil
	}
	rng := store.ByteRange{Offset: int64(off), Length: int64(n)}
	if !whole && b.inner.PartialDecoding() {
		part := s.chunk[:elements(s.box)*b.elem]
		sub := &subReader{r: r, off: rng.Offset, n: rng.Length}
		if err := b.inner.DecodeRegion(ctx, sub, codec.Region{Start: int64s(s.inChunk), Shape: int64s(s.box)}, part, opts); err != nil {
			return b.chunkError(s.coords, off, n, err)
		}
		ndcopy.Copy(dst, region.Shape, s.dstPos, part, s.box, s.zero, s.box, b.elem)
		return nil
	}
	enc, err := codec.ReadRange(ctx, r, rng, Name)
	if err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	decoded := enc
	if b.identity {
		err = b.inner.CheckIdentity(enc)
	} else {
		err = b.inner.Decode(s.chunk, enc)
		decoded = s.chunk
	}
	if err != nil {
		return b.chunkError(s.coords, off, n, err)
	}
	ndcopy.Copy(dst, region.Shape, s.dstPos, decoded, b.c.chunkShape, s.inChunk, s.box, b.elem)
	return nil
}

// subReader reads ranges of the n bytes at off of another reader: an inner
// chunk seen as a value of its own.
type subReader struct {
	r      store.ByteRangeReader
	off, n int64
}

// ReadRange maps br into the parent's ranges, clipping it to the n bytes.
func (s *subReader) ReadRange(ctx context.Context, br store.ByteRange) ([]byte, error) {
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
	return s.r.ReadRange(ctx, store.ByteRange{Offset: s.off + start, Length: end - start})
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

// int64s returns s as int64 values.
func int64s(s []int) []int64 {
	out := make([]int64, len(s))
	for i, v := range s {
		out[i] = int64(v)
	}
	return out
}

// intRegion is a region of a shard in int coordinates, as the shard's grid
// arithmetic uses them.
type intRegion struct{ Start, Shape []int }

// intRegion returns r, validated against the shard's shape, in s's region
// buffers.
func (s *scratch) intRegion(r codec.Region) intRegion {
	for d := range r.Start {
		s.rStart[d], s.rShape[d] = int(r.Start[d]), int(r.Shape[d])
	}
	return intRegion{Start: s.rStart, Shape: s.rShape}
}

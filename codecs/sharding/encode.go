package sharding

import (
	"context"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/region"
)

// AppendEncodeBytes appends the encoding of src, one whole decoded shard, to
// dst: every inner chunk that is not entirely the fill value (bit for bit)
// encoded with the inner chain, in C order of the grid, and the index
// (absent chunks as offset and nbytes 2^64-1) before or after them. On error
// it returns dst unchanged.
func (b *Bound) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	if len(src) != b.spec.Size() {
		return dst, &codec.SizeError{What: "shard", Got: len(src), Want: b.spec.Size()}
	}
	if b.tooLarge != nil {
		return dst, b.tooLarge
	}
	s := b.scratch.Get().(*scratch)
	defer b.scratch.Put(s)
	s.indexEntries(b)
	base := len(dst)
	out := dst
	if b.c.indexLocation == IndexStart {
		out = bounded.Grow(out, b.indexLen)
	}
	var err error
	if b.workers > 1 && b.chunkLen >= parallelMinChunk {
		out, err = b.encodeParallel(out, base, src, s)
	} else {
		out, err = b.encodeSerial(out, base, src, s)
	}
	if err != nil {
		return dst, err
	}
	s.encoded, err = b.index.AppendEncode(s.encoded[:0], s.entries)
	if err != nil {
		return dst, fmt.Errorf("%s: encoding the shard index: %w", Name, err)
	}
	if b.c.indexLocation == IndexStart {
		copy(out[base:base+b.indexLen], s.encoded)
		return out, nil
	}
	return append(out, s.encoded...), nil
}

// encodeSerial appends the inner chunks to out one after the other and
// records their ranges (relative to base) in s.entries.
func (b *Bound) encodeSerial(out []byte, base int, src []byte, s *scratch) ([]byte, error) {
	if b.identity && !b.contiguous {
		out = bounded.Reserve(out, b.n*b.chunkLen+b.indexLen)
	}
	for i := range b.n {
		if b.identity && !b.contiguous {
			// Copy the box straight into place; drop it if it is all fill.
			before := len(out)
			out = bounded.Grow(out, b.chunkLen)
			b.chunkCoords(i, s.coords)
			b.chunkStart(s.coords, s.start)
			ndcopy.Copy(out[before:], b.c.chunkShape, s.zero, src, b.spec.Shape, s.start, b.c.chunkShape, b.elem)
			if ndcopy.IsPattern(out[before:], s.fillRef) {
				out = out[:before]
				putEntry(s.entries, i, absent, absent)
			} else {
				putEntry(s.entries, i, uint64(before-base), uint64(b.chunkLen))
			}
			continue
		}
		chunk := b.gather(src, i, s)
		if ndcopy.IsPattern(chunk, s.fillRef) {
			putEntry(s.entries, i, absent, absent)
			continue
		}
		out = ensure(out, b.innerMax)
		before := len(out)
		enc, err := b.inner.AppendEncode(out, chunk)
		if err != nil {
			b.chunkCoords(i, s.coords)
			return out, &codec.ChunkError{Coords: region.Int64s(s.coords), Op: "encode", Err: err}
		}
		out = enc
		putEntry(s.entries, i, uint64(before-base), uint64(len(out)-before))
	}
	return out, nil
}

// parallelMinChunk is the smallest decoded inner chunk for which a whole
// shard is encoded in parallel: a parallel encode keeps tables of 25 bytes
// per inner chunk (s.parts, s.stored), small beside inner chunks of 1 KiB
// and more, but as large as the shard itself for inner chunks of a few
// elements, which gain nothing from it.
const parallelMinChunk = 1 << 10

// encodeParallel encodes the inner chunks on b.workers goroutines, each
// into its own buffer of s.parts (kept from call to call), then appends
// them to out in order.
func (b *Bound) encodeParallel(out []byte, base int, src []byte, s *scratch) ([]byte, error) {
	if len(s.parts) != b.n {
		s.parts, s.stored = make([][]byte, b.n), make([]bool, b.n)
	}
	parts, stored := s.parts, s.stored
	err := b.each(context.Background(), b.workers, b.n, func(i int) int { return i }, func(ws *scratch, i int) error {
		chunk := b.gather(src, i, ws)
		stored[i] = !ndcopy.IsPattern(chunk, ws.fillRef)
		if !stored[i] {
			return nil
		}
		enc, err := b.inner.AppendEncode(parts[i][:0], chunk)
		if err != nil {
			b.chunkCoords(i, ws.coords)
			return &codec.ChunkError{Coords: region.Int64s(ws.coords), Op: "encode", Err: err}
		}
		parts[i] = enc
		return nil
	})
	if err != nil {
		return out, err
	}
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	out = ensure(out, total+b.indexLen)
	for i, p := range parts {
		if !stored[i] {
			putEntry(s.entries, i, absent, absent)
			continue
		}
		putEntry(s.entries, i, uint64(len(out)-base), uint64(len(p)))
		out = append(out, p...)
	}
	return out, nil
}

// ensure returns out with room for n more bytes, growing it geometrically:
// inner codecs reserve their worst case before appending, and growing by
// exactly that each time would copy the shard once per inner chunk.
func ensure(out []byte, n int) []byte {
	if cap(out)-len(out) >= n {
		return out
	}
	nb := make([]byte, len(out), max(2*cap(out), len(out)+n))
	copy(nb, out)
	return nb
}

// gather returns the decoded bytes of inner chunk i of src: a slice of src
// when inner chunks are contiguous, else s.chunk filled by a box copy.
func (b *Bound) gather(src []byte, i int, s *scratch) []byte {
	if b.contiguous {
		// Contiguous inner chunks tile the shard in C order of the grid.
		return src[i*b.chunkLen : (i+1)*b.chunkLen]
	}
	b.chunkCoords(i, s.coords)
	b.chunkStart(s.coords, s.start)
	ndcopy.Copy(s.chunk, b.c.chunkShape, s.zero, src, b.spec.Shape, s.start, b.c.chunkShape, b.elem)
	return s.chunk
}

package sharding

import (
	"context"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// FromPipeline returns the sharding codec of p, bound to its shard spec as
// p resolved it (with p's options), or ok false when p's array->bytes codec
// is not sharding_indexed. It is how a host looks inside the shards of an
// array: read an index, list the stored inner chunks, decode them one by
// one. The shard spec is the array spec that reaches the codec (after any
// array->array codec before it), so inner chunks decode to values in that
// spec.
func FromPipeline(p *codec.Pipeline) (b *Bound, ok bool) {
	b, ok = p.ArrayToBytes().(*Bound)
	return b, ok
}

// ReadIndex reads the index of a shard through r (one range, the first or
// last IndexSize() bytes) and validates it as DecodeIndex does; the shard's
// length is known when r is a byterange.Sizer. An index larger than
// the limit is a *codec.LimitError before anything is read.
func (b *Bound) ReadIndex(ctx context.Context, r byterange.Reader) (*Index, error) {
	if b.tooLarge != nil {
		return nil, b.tooLarge
	}
	ix := &Index{b: b, entries: make([]byte, 16*b.n)}
	size, err := b.readIndex(ctx, r, ix.entries)
	if err != nil {
		return nil, err
	}
	ix.shardSize = size
	return ix, nil
}

// DecodeChunk decodes the inner chunk at coords of shard (a whole shard's
// bytes, whose index is ix) into dst, which holds one inner chunk
// (Inner().DecodedSize() bytes). An absent inner chunk decodes to the fill
// value. A failure is a *codec.ChunkError.
func (b *Bound) DecodeChunk(dst, shard []byte, ix *Index, coords []int) error {
	rng, ok, err := b.lookup(dst, ix, coords)
	if err != nil || !ok {
		return err
	}
	if rng.Offset+rng.Length > int64(len(shard)) {
		return &codec.ChunkError{Coords: region.Int64s(coords), Range: rng, Err: corrupt(nil, "the chunk ends past the end of the %d-byte shard", len(shard))}
	}
	if err := b.inner.Decode(dst, shard[rng.Offset:rng.Offset+rng.Length]); err != nil {
		return &codec.ChunkError{Coords: region.Int64s(coords), Range: rng, Err: err}
	}
	return nil
}

// ReadChunk is DecodeChunk through a reader: it reads the inner chunk's
// range (nothing for an absent chunk) and decodes it into dst.
func (b *Bound) ReadChunk(ctx context.Context, r byterange.Reader, ix *Index, coords []int, dst []byte) error {
	rng, ok, err := b.lookup(dst, ix, coords)
	if err != nil || !ok {
		return err
	}
	enc, err := codec.ReadRange(ctx, r, rng, Name)
	if err == nil {
		err = b.inner.Decode(dst, enc)
	}
	if err != nil {
		return &codec.ChunkError{Coords: region.Int64s(coords), Range: rng, Err: err}
	}
	return nil
}

// lookup checks dst and coords and finds the inner chunk's range; an
// absent chunk is written to dst as the fill value (ok false).
func (b *Bound) lookup(dst []byte, ix *Index, coords []int) (byterange.Range, bool, error) {
	if len(dst) != b.chunkLen {
		return byterange.Range{}, false, &codec.SizeError{What: "inner chunk destination", Got: len(dst), Want: b.chunkLen}
	}
	if ix.b != b && (ix.b.n != b.n || ix.b.indexLen != b.indexLen) {
		return byterange.Range{}, false, &codec.ConfigError{Codec: Name, Reason: "the index belongs to a sharding codec of another shape"}
	}
	rng, ok, err := ix.Lookup(coords)
	if err != nil {
		return rng, false, err
	}
	if !ok {
		ndcopy.FillPattern(dst, b.fill)
	}
	return rng, ok, nil
}

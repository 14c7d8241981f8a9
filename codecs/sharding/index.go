package sharding

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// absent is the offset and nbytes of an inner chunk that is not stored.
const absent = math.MaxUint64

// Index is the validated index of one shard: where each inner chunk's
// bytes are, or that it is absent (all fill value).
type Index struct {
	b         *Bound
	entries   []byte // 2 little-endian uint64 per inner chunk, C order
	shardSize int64  // -1 when unknown
}

// InnerChunk locates one stored inner chunk of a shard.
type InnerChunk struct {
	Coords []int           // grid coordinates
	Range  byterange.Range // its bytes within the shard
}

// entry returns the offset and nbytes of inner chunk i.
func entry(entries []byte, i int) (offset, nbytes uint64) {
	return binary.LittleEndian.Uint64(entries[16*i:]), binary.LittleEndian.Uint64(entries[16*i+8:])
}

// NumChunks returns the number of inner chunks the index covers.
func (ix *Index) NumChunks() int { return ix.b.n }

// Grid returns the number of inner chunks along each dimension.
func (ix *Index) Grid() []int { return ix.b.Grid() }

// ShardSize returns the length of the shard the index was checked
// against, or -1 if it was not known.
func (ix *Index) ShardSize() int64 { return ix.shardSize }

// Lookup returns the byte range of the inner chunk at coords, or ok false
// if it is absent. coords outside the grid is a *region.Error.
func (ix *Index) Lookup(coords []int) (r byterange.Range, ok bool, err error) {
	i := ix.b.chunkNumber(coords)
	if i < 0 {
		return r, false, &region.Error{Input: fmt.Sprint(coords), Shape: region.Int64s(ix.b.Grid()), Dim: -1, Reason: "inner chunk coordinates outside the shard's grid"}
	}
	r, ok = ix.rangeOf(i)
	return r, ok, nil
}

// rangeOf returns the byte range of inner chunk i, or ok false if absent.
func (ix *Index) rangeOf(i int) (byterange.Range, bool) {
	off, n := entry(ix.entries, i)
	if off == absent {
		return byterange.Range{}, false
	}
	return byterange.Range{Offset: int64(off), Length: int64(n)}, true
}

// Chunks returns the stored inner chunks, in C order of the grid.
func (ix *Index) Chunks() []InnerChunk {
	var out []InnerChunk
	for i := range ix.b.n {
		if r, ok := ix.rangeOf(i); ok {
			coords := make([]int, len(ix.b.grid))
			ix.b.chunkCoords(i, coords)
			out = append(out, InnerChunk{Coords: coords, Range: r})
		}
	}
	return out
}

// NumStored returns the number of stored (non-absent) inner chunks.
func (ix *Index) NumStored() int {
	k := 0
	for i := range ix.b.n {
		if off, _ := entry(ix.entries, i); off != absent {
			k++
		}
	}
	return k
}

// StoredBytes returns the sum of the stored inner chunks' lengths.
func (ix *Index) StoredBytes() int64 {
	var t int64
	for i := range ix.b.n {
		if off, n := entry(ix.entries, i); off != absent {
			t += int64(n)
		}
	}
	return t
}

// ParseIndex decodes and validates the index of shard, a whole shard's
// bytes. See DecodeIndex for the checks; an index larger than the limit is
// a *codec.LimitError.
func (b *Bound) ParseIndex(shard []byte) (*Index, error) {
	if b.tooLarge != nil {
		return nil, b.tooLarge
	}
	ix := &Index{b: b, entries: make([]byte, 16*b.n)}
	if err := b.decodeIndex(ix.entries, shard, int64(len(shard))); err != nil {
		return nil, err
	}
	ix.shardSize = int64(len(shard))
	return ix, nil
}

// DecodeIndex decodes and validates index, the IndexSize() bytes of a
// shard's index, for a shard of shardSize bytes (-1 if unknown). The index
// chain must decode it (a crc32c index codec checks its checksum), and
// every entry must be absent (offset and nbytes 2^64-1) or a range that
// does not overflow, lies inside the shard, does not overlap the index, and
// has a length the inner chain can produce (exactly its size when it is
// fixed, at most its bound otherwise). With an unknown shard size, ranges
// are checked against the largest shard the codec can produce instead. A
// failure is a *codec.CorruptError or an *IndexError, both matching
// codec.ErrCorrupt.
func (b *Bound) DecodeIndex(index []byte, shardSize int64) (*Index, error) {
	if len(index) != b.indexLen {
		return nil, corrupt(nil, "shard index has %d bytes, want %d", len(index), b.indexLen)
	}
	if b.tooLarge != nil {
		return nil, b.tooLarge
	}
	ix := &Index{b: b, entries: make([]byte, 16*b.n), shardSize: shardSize}
	if err := b.checkIndex(ix.entries, index, shardSize); err != nil {
		return nil, err
	}
	return ix, nil
}

// indexBytes returns the index's bytes within a whole shard.
func (b *Bound) indexBytes(shard []byte) ([]byte, error) {
	if len(shard) < b.indexLen {
		return nil, corrupt(nil, "shard has %d bytes, too short for its %d-byte index", len(shard), b.indexLen)
	}
	if b.c.indexLocation == IndexStart {
		return shard[:b.indexLen], nil
	}
	return shard[len(shard)-b.indexLen:], nil
}

// decodeIndex decodes and validates the index of a whole shard into
// entries.
func (b *Bound) decodeIndex(entries, shard []byte, shardSize int64) error {
	raw, err := b.indexBytes(shard)
	if err != nil {
		return err
	}
	return b.checkIndex(entries, raw, shardSize)
}

// checkIndex decodes raw, the encoded index, into entries and validates
// every entry for a shard of shardSize bytes (-1 if unknown).
func (b *Bound) checkIndex(entries, raw []byte, shardSize int64) error {
	if err := b.index.Decode(entries, raw); err != nil {
		return corrupt(err, "shard index does not decode")
	}
	// The region inner chunks may occupy: [lo, hi).
	lo, hi := int64(0), shardSize
	if hi < 0 {
		hi = int64(b.Encoded().MaxSize)
	}
	if b.c.indexLocation == IndexStart {
		lo = int64(b.indexLen)
	} else if shardSize >= 0 {
		hi -= int64(b.indexLen)
	}
	for i := range b.n {
		off, n := entry(entries, i)
		if off == absent && n == absent {
			continue
		}
		reason := ""
		switch {
		case off == absent || n == absent:
			reason = "only one of offset and nbytes is 2^64-1 (absent)"
		case off > math.MaxInt64 || n > math.MaxInt64-off:
			reason = "offset + nbytes overflows"
		case b.innerFixed && n != uint64(b.innerMax):
			reason = fmt.Sprintf("nbytes is not %d, the inner chain's fixed size", b.innerMax)
		case n > uint64(b.innerMax):
			reason = fmt.Sprintf("nbytes exceeds %d, the most the inner chain produces", b.innerMax)
		case int64(off) < lo:
			reason = fmt.Sprintf("the chunk starts inside the %d-byte index at the start of the shard", b.indexLen)
		case int64(off+n) > hi && shardSize >= 0 && b.c.indexLocation == IndexEnd && int64(off+n) <= shardSize:
			reason = fmt.Sprintf("the chunk overlaps the index in the last %d bytes of the %d-byte shard", b.indexLen, shardSize)
		case int64(off+n) > hi && shardSize >= 0:
			reason = fmt.Sprintf("the chunk ends past the end of the %d-byte shard", shardSize)
		case int64(off+n) > hi:
			reason = fmt.Sprintf("the chunk ends past %d bytes, more than any shard of this codec holds", hi)
		}
		if reason != "" {
			coords := make([]int, len(b.grid))
			b.chunkCoords(i, coords)
			return &IndexError{Chunk: coords, Offset: off, Nbytes: n, Reason: reason}
		}
	}
	return nil
}

// putEntry stores inner chunk i's range in entries.
func putEntry(entries []byte, i int, offset, nbytes uint64) {
	binary.LittleEndian.PutUint64(entries[16*i:], offset)
	binary.LittleEndian.PutUint64(entries[16*i+8:], nbytes)
}

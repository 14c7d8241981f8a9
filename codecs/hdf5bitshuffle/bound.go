package hdf5bitshuffle

import (
	"sync"

	lz4block "github.com/pierrec/lz4/v4"

	"github.com/zcodec/zcodec/codec"
)

// headerSize is the size of the header of compressed chunks: the decoded
// size (8 bytes) and the block size in bytes (4 bytes), big-endian.
const headerSize = 12

// bound is the codec resolved for one chunk spec.
type bound struct {
	decoded codec.BytesSpec
	encoded codec.BytesSpec
	es      int // element size in bytes
	block   int // elements per block (a multiple of 8)
	comp    Compression
	level   int
}

func (b *bound) Encoded() codec.BytesSpec { return b.encoded }

// layout is how the n elements of a chunk split into blocks: full blocks
// of block elements, then one shorter block of a multiple of 8 elements
// (last, possibly 0), then fewer than 8 elements stored as they are.
type layout struct {
	full, block, last, tail int // counts of elements, except full (blocks)
}

func split(n, block int) layout {
	return layout{full: n / block, block: block, last: n % block &^ 7, tail: n % 8}
}

// blocks calls f with the element offset and count of every block, in
// order; it stops at the first error.
func (l layout) blocks(f func(at, n int) error) error {
	at := 0
	for range l.full {
		if err := f(at, l.block); err != nil {
			return err
		}
		at += l.block
	}
	if l.last > 0 {
		return f(at, l.last)
	}
	return nil
}

// maxEncodedLen returns the largest encoding of n bytes with the bound's
// element size, block size and compression.
func (b *bound) maxEncodedLen(n int) int {
	l := split(n/b.es, b.block)
	size := headerSize + n - (l.full*l.block+l.last)*b.es
	size += l.full * (4 + b.compressBound(l.block*b.es))
	if l.last > 0 {
		size += 4 + b.compressBound(l.last*b.es)
	}
	return size
}

// compressBound bounds the compressed size of n bytes: LZ4's
// LZ4_compressBound, or for zstd n + n/256 + 64, which is at least
// libzstd's ZSTD_compressBound.
func (b *bound) compressBound(n int) int {
	if b.comp == LZ4 {
		return lz4block.CompressBlockBound(n)
	}
	return n + n>>8 + 64
}

// scratch holds the buffers of one encode or decode, each of one block's
// bytes: a always, b when the bound needs two.
type scratch struct{ a, b []byte }

var scratches sync.Pool

// maxPooled is the largest buffer returned to the pool.
const maxPooled = 4 << 20

// getScratch returns a of n bytes and, if two, b of n bytes.
func getScratch(n int, two bool) *scratch {
	s, _ := scratches.Get().(*scratch)
	if s == nil {
		s = new(scratch)
	}
	if cap(s.a) < n {
		s.a = make([]byte, n)
	}
	s.a = s.a[:n]
	if two {
		if cap(s.b) < n {
			s.b = make([]byte, n)
		}
		s.b = s.b[:n]
	}
	return s
}

func putScratch(s *scratch) {
	if cap(s.a) <= maxPooled && cap(s.b) <= maxPooled {
		scratches.Put(s)
	}
}

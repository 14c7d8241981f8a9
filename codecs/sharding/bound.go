package sharding

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/ndcopy"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// Bound is a sharding_indexed codec bound to the spec of its shards. It
// implements codec.BoundArrayToBytes, codec.PartialDecoder and
// codec.NestedWarner, and gives hosts what they need to look inside a
// shard: the index (ParseIndex, ReadIndex) and single inner chunks
// (DecodeChunk, ReadChunk). It is safe for concurrent use.
type Bound struct {
	c    *Codec
	spec codec.ChunkSpec // of a shard
	grid []int           // inner chunks per dimension
	// innerGrid is the grid of inner chunks over the shard and gridBox the
	// box of their coordinates, for the geometry of partial reads.
	innerGrid *region.Regular
	gridBox   region.Box
	n         int // inner chunks per shard
	inner     *codec.Pipeline
	index     *codec.Pipeline
	elem      int
	chunkLen  int // decoded bytes of one inner chunk
	// indexLen is the encoded index size; innerMax bounds an inner chunk's
	// encoded size (innerFixed: every inner chunk has exactly innerMax).
	indexLen   int
	innerMax   int
	innerFixed bool
	// contiguous: every inner chunk is one run of the shard's bytes (the
	// chunk is 1 along the leading dimensions, then spans the rest).
	contiguous bool
	// identity: the inner chain's encoding is the decoded inner chunk
	// itself (a little-endian bytes codec; see codec.Identity), so inner
	// chunks move between the shard and the stored bytes with one box copy
	// and no intermediate buffer, after the checks of inner.CheckIdentity.
	identity bool
	// warnings are the fill round trip warnings of the two chains.
	warnings []codec.Warning
	fill     []byte // the fill value's bytes
	workers  int    // goroutines for a whole shard; 1 means serial
	// tooLarge is the *codec.LimitError of a shard whose index or inner chunk is
	// larger than the codec's limit, returned before any allocation.
	tooLarge error
	scratch  sync.Pool
}

// scratch holds the buffers of one encode or decode of a shard.
type scratch struct {
	chunk   []byte   // one decoded inner chunk
	entries []byte   // the decoded index (see indexEntries); nil in workers
	fillRef []byte   // the fill value repeated, for IsPattern
	encoded []byte   // the encoded index
	parts   [][]byte // encoded inner chunks of a parallel encode
	stored  []bool   // which of parts hold a stored inner chunk
	// Coordinates, each of the shard's rank: a chunk's grid coordinates,
	// its first element, zeros; for partial reads the box of a chunk that
	// a region needs, where it goes in the region and where it starts in
	// the chunk.
	coords, start, zero, box, dstPos, inChunk []int
	needed                                    []int // inner chunks a region needs
	// order and runs are the plan of a partial read that merges ranges:
	// the stored inner chunks it needs by offset, and the runs of bytes
	// that read them (see planRuns).
	order  []int
	runs   []run
	rShape []int // the shape of the region of a partial read
	// The boxes of a partial read (see place): the region, the inner
	// chunks it touches, one inner chunk's box and the part of it the
	// region needs, with that part's shape and start in the chunk and the
	// chunk's coordinates, as int64.
	touched, span, part      region.Box
	partShape, partStart, at []int64
}

// parallelMinBytes is the decoded shard size from which whole-shard encode
// and decode spread inner chunks over several goroutines. Below it, the
// wake-ups of the extra goroutines cost about as much as they save on a
// loaded machine, and hosts run chunks concurrently themselves.
const parallelMinBytes = 4 << 20

// fillRefLen is the length of the fill pattern buffer compared against
// inner chunks when encoding.
const fillRefLen = 4 << 10

// indexEntries returns s.entries sized for the decoded index of b: only
// the goroutine that reads the index holds one, never the workers.
func (s *scratch) indexEntries(b *Bound) []byte {
	if len(s.entries) != 16*b.n {
		s.entries = make([]byte, 16*b.n)
	}
	return s.entries
}

// ResolveBytes binds the codec to decoded, the spec of one shard: the inner
// chunk shape must have the shard's rank and divide its shape, and both
// chains must resolve (the inner one for the shard's data type, inner chunk
// shape and fill value, fill round trip included; the index one for uint64
// [grid..., 2] with fill 2^64-1, to a fixed size). Both are resolved with
// the options of the pipeline resolving the codec (see WithOptions); what
// they warn about is reported by the Bound's NestedWarnings. The bound
// codec is a *Bound.
func (c *Codec) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	rank := len(decoded.Shape)
	if len(c.chunkShape) != rank {
		return nil, c.configError("chunk_shape", -1, fmt.Sprintf("chunk_shape %v has %d dimensions, the shard %v has %d", c.chunkShape, len(c.chunkShape), decoded.Shape, rank))
	}
	b := &Bound{c: c, spec: decoded.Clone(), grid: make([]int, rank), n: 1, elem: decoded.DataType.Size()}
	contiguousFrom := rank // first dimension from which the chunk spans the shard
	for i, d := range c.chunkShape {
		s := decoded.Shape[i]
		if s%d != 0 {
			return nil, c.configError("chunk_shape", i, fmt.Sprintf("inner chunk dimension %d (%d) does not divide the shard dimension %d", i, d, s))
		}
		b.grid[i] = s / d
		b.n *= s / d
	}
	for i := rank - 1; i >= 0 && c.chunkShape[i] == decoded.Shape[i]; i-- {
		contiguousFrom = i
	}
	b.contiguous = true
	for i := 0; i < contiguousFrom-1; i++ {
		if c.chunkShape[i] != 1 {
			b.contiguous = false
		}
	}
	innerSpec := codec.ChunkSpec{DataType: decoded.DataType, Shape: slices.Clone(c.chunkShape), FillValue: decoded.FillValue}
	inner, err := c.resolveChain(c.innerChain(), innerSpec)
	if err != nil {
		return nil, err
	}
	indexShape := append(slices.Clone(b.grid), 2)
	indexFill := numeric.ScalarFromBits(numeric.Uint64, math.MaxUint64, 0)
	index, err := c.resolveChain(c.indexChain(), codec.ChunkSpec{DataType: numeric.Uint64, Shape: indexShape, FillValue: indexFill})
	if err != nil {
		return nil, err
	}
	if !index.Encoded().Fixed() {
		return nil, c.configError("index_codecs", -1, fmt.Sprintf("the index chain produces %v, not a fixed size: index codecs must not compress", index.Encoded()))
	}
	b.inner, b.index = inner, index
	b.innerGrid = region.NewRegular(decoded.Shape, c.chunkShape)
	b.gridBox = region.GridBox(b.innerGrid)
	b.warnings = append(c.innerChain().warnings(inner), c.indexChain().warnings(index)...)
	b.chunkLen = inner.DecodedSize()
	b.indexLen = index.Encoded().Size
	b.innerMax = inner.Encoded().MaxSize
	b.innerFixed = inner.Encoded().Fixed()
	b.fill = decoded.FillValue.Bytes()
	b.identity = inner.IsIdentity()
	b.workers = 1
	if procs := c.opts.ConcurrencyOrDefault(); procs > 1 && b.n > 1 && decoded.Size() >= parallelMinBytes {
		b.workers = min(procs, b.n)
	}
	b.tooLarge = b.checkLimit(c.opts.MaxChunkBytesOrDefault())
	b.scratch.New = func() any {
		ints := make([]int, 7*rank)
		s := &scratch{
			chunk:   make([]byte, b.chunkLen),
			coords:  ints[0*rank : 1*rank : 1*rank],
			start:   ints[1*rank : 2*rank : 2*rank],
			zero:    ints[2*rank : 3*rank : 3*rank],
			box:     ints[3*rank : 4*rank : 4*rank],
			dstPos:  ints[4*rank : 5*rank : 5*rank],
			inChunk: ints[5*rank : 6*rank : 6*rank],
			rShape:  ints[6*rank : 7*rank : 7*rank],
		}
		var extra, extra2 region.Box
		region.Alloc(rank, &s.touched, &s.span, &s.part, &extra, &extra2)
		s.partShape, s.partStart, s.at = extra.Start, extra.Stop, extra2.Start
		s.fillRef = make([]byte, max(b.elem, fillRefLen/b.elem*b.elem))
		ndcopy.FillPattern(s.fillRef, b.fill)
		return s
	}
	return b, nil
}

// checkLimit returns a *codec.LimitError if the encoded or the decoded index, or
// a decoded inner chunk, is larger than limit.
func (b *Bound) checkLimit(limit int64) error {
	for _, c := range []struct {
		what string
		n    int64
	}{{"shard index", int64(b.indexLen)}, {"decoded shard index", 16 * int64(b.n)}, {"inner chunk", int64(b.chunkLen)}} {
		if c.n > limit {
			return &codec.LimitError{Codec: Name, What: c.what, Size: c.n, Limit: limit}
		}
	}
	return nil
}

// wholeWorkers returns the goroutines a whole shard is decoded on under a
// budget of goroutines (0: none given, b.workers).
func (b *Bound) wholeWorkers(budget int) int {
	if budget <= 0 {
		return b.workers
	}
	return min(budget, b.workers)
}

// Encoded returns the spec of a shard's bytes: variable, at most the index
// plus every inner chunk at the inner chain's largest size.
func (b *Bound) Encoded() codec.BytesSpec {
	maxSize := math.MaxInt
	if b.innerMax <= (math.MaxInt-b.indexLen)/b.n {
		maxSize = b.indexLen + b.n*b.innerMax
	}
	return codec.VariableBytes(maxSize, b.spec)
}

// Spec returns the spec of one shard.
func (b *Bound) Spec() codec.ChunkSpec { return b.spec.Clone() }

// Grid returns the number of inner chunks along each dimension.
func (b *Bound) Grid() []int { return slices.Clone(b.grid) }

// NumChunks returns the number of inner chunks of a shard.
func (b *Bound) NumChunks() int { return b.n }

// ChunkShape returns the inner chunk shape.
func (b *Bound) ChunkShape() []int { return slices.Clone(b.c.chunkShape) }

// Inner returns the inner chain, resolved for one inner chunk.
func (b *Bound) Inner() *codec.Pipeline { return b.inner }

// IndexSize returns the encoded size of a shard's index in bytes.
func (b *Bound) IndexSize() int { return b.indexLen }

// IndexLocation returns where shards keep their index.
func (b *Bound) IndexLocation() IndexLocation { return b.c.indexLocation }

// IndexRange returns the byte range of a shard's index: the first
// IndexSize() bytes, or a suffix of that many bytes.
func (b *Bound) IndexRange() byterange.Range {
	n := int64(b.indexLen)
	if b.c.indexLocation == IndexStart {
		return byterange.Range{Offset: 0, Length: n}
	}
	return byterange.Range{Offset: -n, Length: n}
}

// chunkCoords writes the grid coordinates of inner chunk number i (C order)
// into coords.
func (b *Bound) chunkCoords(i int, coords []int) {
	for d := len(b.grid) - 1; d >= 0; d-- {
		coords[d] = i % b.grid[d]
		i /= b.grid[d]
	}
}

// chunkNumber returns the C-order number of the inner chunk at coords, or
// -1 if coords is outside the grid.
func (b *Bound) chunkNumber(coords []int) int {
	if len(coords) != len(b.grid) {
		return -1
	}
	n := 0
	for d, g := range b.grid {
		if coords[d] < 0 || coords[d] >= g {
			return -1
		}
		n = n*g + coords[d]
	}
	return n
}

// chunkStart writes the element coordinates of the inner chunk at coords
// into start.
func (b *Bound) chunkStart(coords, start []int) {
	for d, c := range coords {
		start[d] = c * b.c.chunkShape[d]
	}
}

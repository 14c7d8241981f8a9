package region

import "iter"

// Grid is a chunk grid over an array: along each dimension the array's
// elements [0, n) are cut into chunks numbered from 0. A Grid maps, per
// dimension, an element to the chunk that holds it and a chunk to the
// elements it holds, so that the functions of this package (ChunksOf,
// ChunkBox, Chunks) work for any grid whose chunks are intervals laid end
// to end: Regular, whose chunks all have one shape, or Rectilinear, whose
// chunks have lengths of their own along each dimension.
type Grid interface {
	// Rank returns the number of dimensions of the array.
	Rank() int
	// NumChunks returns the number of chunks along dimension d.
	NumChunks(d int) int64
	// ChunkOf returns the chunk along dimension d that holds element x,
	// for x in [0, the array's length along d).
	ChunkOf(d int, x int64) int64
	// ChunkSpan returns the elements [start, stop) along dimension d of
	// chunk i, for i in [0, NumChunks(d)), clipped to the array.
	ChunkSpan(d int, i int64) (start, stop int64)
	// ChunkLength returns the length along dimension d of chunk i as
	// stored, for i in [0, NumChunks(d)): not clipped to the array, so
	// that a chunk at the array's end may be longer than its span.
	ChunkLength(d int, i int64) int64
}

// GridBox returns the box of the chunk coordinates of g: [0,
// NumChunks(d)) along each dimension. Its Size is the number of chunks,
// its Point the coordinates of the i-th chunk in C order and its Index
// the number of a chunk.
func GridBox(g Grid) Box {
	var b Box
	b.SetGrid(g)
	return b
}

// SetGrid sets b to GridBox(g) in b's slices.
func (b *Box) SetGrid(g Grid) {
	b.resize(g.Rank())
	for d := range b.Start {
		b.Start[d], b.Stop[d] = 0, g.NumChunks(d)
	}
}

// ChunksOf returns the box of the chunk coordinates of g that r (a box
// inside the array) touches; it is empty, [0, 0) along every dimension,
// when r is.
func ChunksOf(g Grid, r Box) Box {
	var b Box
	b.SetChunksOf(g, r)
	return b
}

// SetChunksOf sets b to ChunksOf(g, r) in b's slices.
func (b *Box) SetChunksOf(g Grid, r Box) {
	b.resize(len(r.Start))
	if r.Empty() {
		clear(b.Start)
		clear(b.Stop)
		return
	}
	for d := range r.Start {
		b.Start[d] = g.ChunkOf(d, r.Start[d])
		b.Stop[d] = g.ChunkOf(d, r.Stop[d]-1) + 1
	}
}

// ChunkBox returns the box of the array that the chunk at coords covers,
// clipped to the array. coords must be in GridBox(g).
func ChunkBox(g Grid, coords []int64) Box {
	var b Box
	b.SetChunk(g, coords)
	return b
}

// SetChunk sets b to ChunkBox(g, coords) in b's slices.
func (b *Box) SetChunk(g Grid, coords []int64) {
	b.resize(len(coords))
	for d, c := range coords {
		b.Start[d], b.Stop[d] = g.ChunkSpan(d, c)
	}
}

// Chunk is one chunk that a box touches, as Chunks yields it: its grid
// coordinates and the box of the array it covers, clipped to the array
// (not to the box).
type Chunk struct {
	Coords []int64
	Box    Box
}

// Chunks returns the chunks of g that r (a box inside the array) touches,
// in C order of their coordinates. The slices of the Chunk it yields are
// reused from one chunk to the next: clone them to keep them.
func Chunks(g Grid, r Box) iter.Seq[Chunk] {
	return func(yield func(Chunk) bool) {
		if r.Empty() {
			return
		}
		cr := ChunksOf(g, r)
		c := Chunk{Coords: append([]int64(nil), cr.Start...)}
		for ok := true; ok; ok = cr.Next(c.Coords) {
			c.Box.SetChunk(g, c.Coords)
			if !yield(c) {
				return
			}
		}
	}
}

// Regular is the regular chunk grid of an array: chunks of one shape from
// the origin, the last along each dimension clipped to the array. It
// implements Grid.
type Regular struct {
	shape, chunk, counts []int64
}

// NewRegular returns the regular grid of chunks of the given shape over an
// array of the given shape (of the same rank; every chunk length at least
// 1).
func NewRegular[S, C ~int | ~int64](shape []S, chunk []C) *Regular {
	g := &Regular{shape: make([]int64, len(shape)), chunk: make([]int64, len(chunk)), counts: make([]int64, len(chunk))}
	for d, c := range chunk {
		n, c := int64(shape[d]), int64(c)
		g.shape[d], g.chunk[d] = n, c
		// Not (n+c-1)/c, which overflows near math.MaxInt64.
		g.counts[d] = n / c
		if n%c != 0 {
			g.counts[d]++
		}
	}
	return g
}

// Rank returns the number of dimensions of the grid.
func (g *Regular) Rank() int { return len(g.chunk) }

// NumChunks returns the number of chunks along dimension d.
func (g *Regular) NumChunks(d int) int64 { return g.counts[d] }

// ChunkOf returns the chunk along dimension d that holds element x.
func (g *Regular) ChunkOf(d int, x int64) int64 { return x / g.chunk[d] }

// ChunkSpan returns the elements [start, stop) along dimension d of chunk
// i, clipped to the array.
func (g *Regular) ChunkSpan(d int, i int64) (start, stop int64) {
	start = i * g.chunk[d]
	return start, start + min(g.chunk[d], g.shape[d]-start)
}

// ChunkShape returns the shape of the grid's chunks. It must not be
// modified.
func (g *Regular) ChunkShape() []int64 { return g.chunk }

// Shape returns the array's shape. It must not be modified.
func (g *Regular) Shape() []int64 { return g.shape }

// GridShape returns the number of chunks along each dimension. It must
// not be modified.
func (g *Regular) GridShape() []int64 { return g.counts }

// ChunkShape returns the shape of the chunk at coords as stored (see
// Grid.ChunkLength): the shape its decoded buffer has.
func ChunkShape(g Grid, coords []int64) []int64 {
	s := make([]int64, len(coords))
	for d, c := range coords {
		s[d] = g.ChunkLength(d, c)
	}
	return s
}

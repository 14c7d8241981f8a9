package region

import (
	"fmt"
	"math"
	"slices"
)

// Run is Count chunk edges of one Length along a dimension: the
// run-length form the rectilinear chunk grid writes as [Length, Count].
type Run struct{ Length, Count int64 }

// EdgeError reports chunk edges that do not make a grid of an array: a
// rank that is not the array's, an edge or a count below 1, edges that
// end before the array does, or edges whose sum or count does not fit an
// int64.
type EdgeError struct {
	// Dim is the dimension concerned, or -1 for the grid as a whole.
	Dim int
	// Run is the index of the run concerned in that dimension's runs, or
	// -1.
	Run    int
	Reason string
}

func (e *EdgeError) Error() string {
	switch {
	case e.Dim < 0:
		return "chunk edges: " + e.Reason
	case e.Run < 0:
		return fmt.Sprintf("chunk edges: dimension %d: %s", e.Dim, e.Reason)
	}
	return fmt.Sprintf("chunk edges: dimension %d, run %d: %s", e.Dim, e.Run, e.Reason)
}

// Rectilinear is a chunk grid whose chunks along each dimension have
// lengths of their own, laid end to end from the origin: the
// "rectilinear" chunk grid of Zarr v3 (zarr-extensions,
// chunk-grids/rectilinear). It implements Grid.
//
// The edges may run past the end of the array, as that grid allows: the
// last chunk holding elements may overhang the array (it is stored whole,
// the part outside the array holding the fill value, as the edge chunks
// of Regular), and chunks wholly past the array may follow. Those hold no
// element, so they are not chunks of the grid (NumChunks leaves them
// out), but Edges keeps them, so that a grid written back is the grid
// read.
//
// A dimension is held as runs of equal edges, so its memory is that of
// its runs, never that of its chunks: one run of 2^40 chunks of 1 is
// three numbers. ChunkOf and ChunkSpan search the runs (O(log runs)).
type Rectilinear struct {
	shape []int64
	dims  []rectDim
}

// rectDim is one dimension: its runs (adjacent equal lengths merged), the
// first chunk and the first element of each, and the number of chunks
// that start inside the array.
type rectDim struct {
	runs       []Run
	firstChunk []int64
	firstElem  []int64
	count      int64 // chunks that start before the array's end
}

// NewRectilinear returns the grid of an array of the given shape whose
// chunks along dimension d have the lengths edges[d] gives, in runs. It
// returns an *EdgeError when len(edges) differs from len(shape), a shape
// is negative, a run's Length or Count is below 1, the edges of a
// dimension sum to less than its length, or a sum or count of chunks does
// not fit an int64. An empty list of runs is a dimension of length 0.
// The grid shares no memory with edges.
func NewRectilinear(shape []int64, edges [][]Run) (*Rectilinear, error) {
	if len(edges) != len(shape) {
		return nil, &EdgeError{Dim: -1, Run: -1, Reason: fmt.Sprintf("%d dimensions of edges for an array of %d", len(edges), len(shape))}
	}
	g := &Rectilinear{shape: slices.Clone(shape), dims: make([]rectDim, len(shape))}
	for d, runs := range edges {
		if shape[d] < 0 {
			return nil, &EdgeError{Dim: d, Run: -1, Reason: fmt.Sprintf("the array's length %d is negative", shape[d])}
		}
		if err := g.dims[d].set(d, shape[d], runs); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// set fills r from runs for an array of length n along dimension d.
func (r *rectDim) set(d int, n int64, runs []Run) error {
	var chunks, elems int64
	for i, run := range runs {
		if run.Length < 1 || run.Count < 1 {
			return &EdgeError{Dim: d, Run: i, Reason: fmt.Sprintf("edge length %d repeated %d times: both must be at least 1", run.Length, run.Count)}
		}
		if run.Count > math.MaxInt64-chunks || run.Count > math.MaxInt64/run.Length || run.Length*run.Count > math.MaxInt64-elems {
			return &EdgeError{Dim: d, Run: i, Reason: "the edges sum to more than an int64 holds"}
		}
		if k := len(r.runs) - 1; k >= 0 && r.runs[k].Length == run.Length {
			r.runs[k].Count += run.Count
		} else {
			r.runs = append(r.runs, run)
			r.firstChunk = append(r.firstChunk, chunks)
			r.firstElem = append(r.firstElem, elems)
		}
		if elems < n {
			// Chunks of this run that start before n.
			r.count = chunks + min(run.Count, (n-elems+run.Length-1)/run.Length)
		}
		chunks += run.Count
		elems += run.Length * run.Count
	}
	if elems < n {
		return &EdgeError{Dim: d, Run: -1, Reason: fmt.Sprintf("the edges sum to %d, short of the array's length %d", elems, n)}
	}
	return nil
}

// Rank returns the number of dimensions of the grid.
func (g *Rectilinear) Rank() int { return len(g.dims) }

// NumChunks returns the number of chunks along dimension d that hold
// elements of the array (edges wholly past its end are not chunks).
func (g *Rectilinear) NumChunks(d int) int64 { return g.dims[d].count }

// runOfElem returns the run that holds element x.
func (r *rectDim) runOfElem(x int64) int { return lastAtMost(r.firstElem, x) }

// runOfChunk returns the run that holds chunk i.
func (r *rectDim) runOfChunk(i int64) int { return lastAtMost(r.firstChunk, i) }

// lastAtMost returns the last index of s (strictly ascending, s[0] <= x)
// whose value is at most x.
func lastAtMost(s []int64, x int64) int {
	i, found := slices.BinarySearch(s, x)
	if !found {
		i--
	}
	return i
}

// ChunkOf returns the chunk along dimension d that holds element x, for x
// in [0, the array's length along d): the first chunk whose end exceeds
// x.
func (g *Rectilinear) ChunkOf(d int, x int64) int64 {
	r := &g.dims[d]
	k := r.runOfElem(x)
	return r.firstChunk[k] + (x-r.firstElem[k])/r.runs[k].Length
}

// ChunkSpan returns the elements [start, stop) along dimension d of chunk
// i, clipped to the array.
func (g *Rectilinear) ChunkSpan(d int, i int64) (start, stop int64) {
	r := &g.dims[d]
	k := r.runOfChunk(i)
	l := r.runs[k].Length
	start = r.firstElem[k] + (i-r.firstChunk[k])*l
	return start, start + min(l, g.shape[d]-start)
}

// ChunkLength returns the length along dimension d of chunk i as stored:
// its edge, not clipped to the array.
func (g *Rectilinear) ChunkLength(d int, i int64) int64 {
	r := &g.dims[d]
	return r.runs[r.runOfChunk(i)].Length
}

// Shape returns the array's shape. It must not be modified.
func (g *Rectilinear) Shape() []int64 { return g.shape }

// Edges returns the edges of dimension d as runs, adjacent runs of one
// length merged, including the edges past the array's end. It must not
// be modified.
func (g *Rectilinear) Edges(d int) []Run { return g.dims[d].runs }

// MaxChunkShape returns, along each dimension, the longest edge of the
// chunks of the grid (edges past the array's end left out): the shape of
// a buffer that holds any of its decoded chunks. A dimension without
// chunks has 0.
func (g *Rectilinear) MaxChunkShape() []int64 {
	out := make([]int64, len(g.dims))
	for d := range g.dims {
		r := &g.dims[d]
		for k, run := range r.runs {
			if r.firstChunk[k] >= r.count {
				break
			}
			out[d] = max(out[d], run.Length)
		}
	}
	return out
}

// RegularShape returns the chunk shape of the regular grid that g equals,
// and true, when there is one: along every dimension all edges have one
// length and there are exactly as many as cover the array, none wholly
// past its end. A dimension of length 0 has no edges that cover it, so
// no length to give: a grid with one is never regular.
func (g *Rectilinear) RegularShape() ([]int64, bool) {
	out := make([]int64, len(g.dims))
	for d := range g.dims {
		l, ok := g.RegularLength(d)
		if !ok {
			return nil, false
		}
		out[d] = l
	}
	return out, true
}

// RegularLength returns the one edge length of dimension d and true when
// that dimension is regular: every edge has that length and the edges are
// exactly those that cover the array (the form a single integer gives in
// the rectilinear grid's metadata).
func (g *Rectilinear) RegularLength(d int) (int64, bool) {
	r := &g.dims[d]
	if len(r.runs) != 1 || r.runs[0].Count != r.count || r.count == 0 {
		return 0, false
	}
	return r.runs[0].Length, true
}

// ChunkLength returns the length along dimension d of chunk i as stored:
// the grid's chunk length, not clipped to the array.
func (g *Regular) ChunkLength(d int, _ int64) int64 { return g.chunk[d] }

package region

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// points returns the elements of b by brute force, in C order: every
// point of the bounding range checked one by one.
func points(b Box) [][]int64 {
	var out [][]int64
	var walk func(d int, p []int64)
	walk = func(d int, p []int64) {
		if d == len(b.Start) {
			out = append(out, slices.Clone(p))
			return
		}
		for x := b.Start[d]; x < b.Stop[d]; x++ {
			walk(d+1, append(p, x))
		}
	}
	walk(0, nil)
	return out
}

// has reports whether ps holds p.
func has(ps [][]int64, p []int64) bool {
	return slices.ContainsFunc(ps, func(q []int64) bool { return slices.Equal(p, q) })
}

// boxFrom reads a box of the given rank from data, two bytes a dimension,
// with bounds in [-4, 11] (so that some are empty or reversed).
func boxFrom(data []byte, rank int) (Box, []byte) {
	b := Box{Start: make([]int64, rank), Stop: make([]int64, rank)}
	for d := range rank {
		var x, y byte
		if len(data) >= 2 {
			x, y, data = data[0], data[1], data[2:]
		}
		b.Start[d], b.Stop[d] = int64(x%16)-4, int64(y%16)-4
	}
	return b, data
}

// checkBoxes checks Intersect, RelativeTo, Contains, Size, Empty, Points,
// Point and Index of a and b against the brute-force reference.
func checkBoxes(t *testing.T, a, b Box) {
	t.Helper()
	pa, pb := points(a), points(b)
	if got := a.Size(); got != int64(len(pa)) {
		t.Fatalf("%v.Size() = %d, brute force %d", a, got, len(pa))
	}
	if a.Empty() != (len(pa) == 0) {
		t.Fatalf("%v.Empty() = %v with %d points", a, a.Empty(), len(pa))
	}
	if shape := a.Shape(); NumElements(shape) != int64(len(pa)) {
		t.Fatalf("NumElements(%v) = %d, brute force %d", shape, NumElements(shape), len(pa))
	}
	var c, e Box
	Alloc(a.Rank(), &c, &e)
	c.SetFromShape(a.Start, a.Shape())
	if !a.Empty() && !c.Equal(a) {
		t.Fatalf("SetFromShape(%v, %v) = %v", a.Start, a.Shape(), c)
	}
	in := a.Intersect(b)
	for d := range in.Start {
		if in.Stop[d] < in.Start[d] {
			t.Fatalf("%v.Intersect(%v) = %v: Stop before Start", a, b, in)
		}
	}
	var want [][]int64
	for _, p := range pa {
		if has(pb, p) {
			want = append(want, p)
		}
	}
	if got := points(in); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%v.Intersect(%v) = %v holds %v, want %v", a, b, in, got, want)
	}
	var set Box
	set.SetIntersect(a, b)
	if !set.Equal(in) {
		t.Fatalf("SetIntersect = %v, Intersect %v", set, in)
	}
	rel := a.RelativeTo(b)
	var shifted [][]int64
	for _, p := range pa {
		q := slices.Clone(p)
		for d := range q {
			q[d] -= b.Start[d]
		}
		shifted = append(shifted, q)
	}
	if got := points(rel); !slices.EqualFunc(got, shifted, slices.Equal) {
		t.Fatalf("%v.RelativeTo(%v) = %v holds %v, want %v", a, b, rel, got, shifted)
	}
	contains := true
	for _, p := range pb {
		contains = contains && has(pa, p)
	}
	if got := a.Contains(b); got != contains {
		t.Fatalf("%v.Contains(%v) = %v, brute force %v", a, b, got, contains)
	}
	var seq [][]int64
	for p := range a.Points() {
		seq = append(seq, slices.Clone(p))
	}
	if !slices.EqualFunc(seq, pa, slices.Equal) {
		t.Fatalf("%v.Points() = %v, want %v", a, seq, pa)
	}
	p := make([]int64, a.Rank())
	for i, q := range pa {
		a.Point(int64(i), p)
		if !slices.Equal(p, q) {
			t.Fatalf("%v.Point(%d) = %v, want %v", a, i, p, q)
		}
		if got := a.Index(q); got != int64(i) {
			t.Fatalf("%v.Index(%v) = %d, want %d", a, q, got, i)
		}
	}
}

func TestBoxBruteForce(t *testing.T) {
	t.Parallel()
	for seed := range 3000 {
		data := make([]byte, 16)
		x := uint64(seed)*0x9E3779B97F4A7C15 + 1
		for i := range data {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			data[i] = byte(x)
		}
		rank := seed % 4
		a, rest := boxFrom(data, rank)
		b, _ := boxFrom(rest, rank)
		checkBoxes(t, a, b)
	}
}

func FuzzBox(f *testing.F) {
	f.Add(byte(2), []byte{4, 8, 5, 9, 6, 12, 0, 15})
	f.Add(byte(0), []byte{})
	f.Add(byte(3), []byte{1, 1, 2, 9, 3, 3, 0, 15, 9, 2, 4, 5})
	f.Fuzz(func(t *testing.T, rank byte, data []byte) {
		a, rest := boxFrom(data, int(rank%4))
		b, _ := boxFrom(rest, int(rank%4))
		checkBoxes(t, a, b)
	})
}

// spans is a grid of chunks of varying lengths for the tests: bounds[d]
// lists the boundaries along dimension d, from 0 to the array's length.
type spans [][]int64

func (g spans) Rank() int             { return len(g) }
func (g spans) NumChunks(d int) int64 { return int64(len(g[d]) - 1) }
func (g spans) ChunkOf(d int, x int64) int64 {
	i, _ := slices.BinarySearch(g[d], x+1)
	return int64(i - 1)
}
func (g spans) ChunkSpan(d int, i int64) (int64, int64) { return g[d][i], g[d][i+1] }
func (g spans) ChunkLength(d int, i int64) int64        { return g[d][i+1] - g[d][i] }

// checkChunks checks Chunks, ChunksOf and ChunkBox of g over r, a box of
// an array of the given shape, against the brute-force reference: the
// chunks that hold r's elements, each found by scanning every chunk.
func checkChunks(t *testing.T, g Grid, shape []int64, r Box) {
	t.Helper()
	chunkOf := func(d int, x int64) int64 {
		for i := range g.NumChunks(d) {
			if s, e := g.ChunkSpan(d, i); s <= x && x < e {
				return i
			}
		}
		t.Fatalf("no chunk holds %d along %d", x, d)
		return -1
	}
	var want [][]int64
	for _, p := range points(r) {
		c := make([]int64, len(p))
		for d, x := range p {
			c[d] = chunkOf(d, x)
		}
		if !has(want, c) {
			want = append(want, c)
		}
	}
	slices.SortFunc(want, slices.Compare)
	var got [][]int64
	for c := range Chunks(g, r) {
		got = append(got, slices.Clone(c.Coords))
		box := Whole(shape)
		for d := range c.Coords {
			lo, hi := int64(-1), int64(-1)
			for x := range shape[d] {
				if chunkOf(d, x) == c.Coords[d] {
					if lo < 0 {
						lo = x
					}
					hi = x + 1
				}
			}
			box.Start[d], box.Stop[d] = lo, hi
		}
		if !c.Box.Equal(box) {
			t.Fatalf("chunk %v of %v: box %v, want %v", c.Coords, r, c.Box, box)
		}
		if !ChunkBox(g, c.Coords).Equal(box) {
			t.Fatalf("ChunkBox(%v) = %v, want %v", c.Coords, ChunkBox(g, c.Coords), box)
		}
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("Chunks over %v = %v, want %v", r, got, want)
	}
	cr := ChunksOf(g, r)
	if n := cr.Size(); n != int64(len(want)) {
		t.Fatalf("ChunksOf(%v) = %v: %d chunks, want %d", r, cr, n, len(want))
	}
}

func TestChunksBruteForce(t *testing.T) {
	t.Parallel()
	x := uint64(7)
	next := func(n int64) int64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return int64(x % uint64(n))
	}
	for i := range 2000 {
		rank := int(next(4))
		shape := make([]int64, rank)
		chunk := make([]int64, rank)
		bounds := make(spans, rank)
		r := Box{Start: make([]int64, rank), Stop: make([]int64, rank)}
		for d := range rank {
			shape[d] = next(10)
			chunk[d] = 1 + next(4)
			bounds[d] = []int64{0}
			for b := int64(0); b < shape[d]; {
				b = min(shape[d], b+1+next(4))
				bounds[d] = append(bounds[d], b)
			}
			r.Start[d] = next(shape[d] + 1)
			r.Stop[d] = r.Start[d] + next(shape[d]-r.Start[d]+1)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			checkChunks(t, NewRegular(shape, chunk), shape, r)
			checkChunks(t, bounds, shape, r)
		})
	}
}

func FuzzChunks(f *testing.F) {
	f.Add([]byte{10, 7, 4, 4, 3, 9, 2, 7})
	f.Add([]byte{0, 5, 1, 2, 0, 0, 1, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Four bytes per dimension: its length, the chunk length, the
		// region's start and stop; at most 3 dimensions.
		rank := min(len(data)/4, 3)
		shape, chunk := make([]int64, rank), make([]int64, rank)
		r := Box{Start: make([]int64, rank), Stop: make([]int64, rank)}
		for d := range rank {
			b := data[4*d : 4*d+4]
			shape[d], chunk[d] = int64(b[0]%12), 1+int64(b[1]%5)
			r.Start[d] = int64(b[2]) % (shape[d] + 1)
			r.Stop[d] = r.Start[d] + int64(b[3])%(shape[d]-r.Start[d]+1)
		}
		checkChunks(t, NewRegular(shape, chunk), shape, r)
	})
}

func TestRegularEdges(t *testing.T) {
	t.Parallel()
	big := int64(1) << 62
	if int64(int(big)) != big {
		t.Skip("a chunk edge of 2^62 needs a 64-bit int")
	}
	g := NewRegular([]int64{math.MaxInt64, 10}, []int{int(big), 4})
	if got := GridBox(g); !got.Equal(Box{Start: []int64{0, 0}, Stop: []int64{2, 3}}) {
		t.Errorf("GridBox = %v", got)
	}
	if got := ChunkBox(g, []int64{1, 2}); !got.Equal(Box{Start: []int64{1 << 62, 8}, Stop: []int64{math.MaxInt64, 10}}) {
		t.Errorf("ChunkBox = %v", got)
	}
	if n := (Box{Start: []int64{0, 0}, Stop: []int64{math.MaxInt64, 2}}).Size(); n != -1 {
		t.Errorf("Size of an overflowing box = %d", n)
	}
	if n := (Box{}).Size(); n != 1 {
		t.Errorf("Size of rank 0 = %d", n)
	}
}

func TestSetAllocs(t *testing.T) {
	g := NewRegular([]int64{100, 100}, []int64{7, 9})
	r := Box{Start: []int64{3, 5}, Stop: []int64{50, 60}}
	var cr, cb, in, rel Box
	cr.SetChunksOf(g, r) // sizes the slices
	cb.SetChunk(g, cr.Start)
	in.SetIntersect(cb, r)
	rel.SetRelative(in, r)
	p := slices.Clone(cr.Start)
	n := testing.AllocsPerRun(100, func() {
		cr.SetChunksOf(g, r)
		copy(p, cr.Start)
		for ok := true; ok; ok = cr.Next(p) {
			cb.SetChunk(g, p)
			in.SetIntersect(cb, r)
			rel.SetRelative(in, r)
		}
	})
	if n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

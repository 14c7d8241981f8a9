package region_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/region"
)

// expand returns the edges of runs one by one.
func expand(runs []region.Run) []int64 {
	var out []int64
	for _, r := range runs {
		for range r.Count {
			out = append(out, r.Length)
		}
	}
	return out
}

// edges1 turns explicit edges into runs of one each.
func edges1(ls ...int64) []region.Run {
	out := make([]region.Run, len(ls))
	for i, l := range ls {
		out[i] = region.Run{Length: l, Count: 1}
	}
	return out
}

// The example of the specification's Indexing section: edges [[16, 10],
// [24, 14]]; the array index (20, 15) is in chunk (1, 0) at (4, 15). Its
// prose gives chunk (0, 1) the shape [14, 16]; by its own rule (and its
// diagram) it is [16, 14].
func TestRectilinearSpecIndexing(t *testing.T) {
	t.Parallel()
	g, err := region.NewRectilinear([]int64{26, 38}, [][]region.Run{edges1(16, 10), edges1(24, 14)})
	if err != nil {
		t.Fatal(err)
	}
	c0, c1 := g.ChunkOf(0, 20), g.ChunkOf(1, 15)
	if c0 != 1 || c1 != 0 {
		t.Fatalf("chunk of (20, 15) = (%d, %d), want (1, 0)", c0, c1)
	}
	b := region.ChunkBox(g, []int64{c0, c1})
	if in := []int64{20 - b.Start[0], 15 - b.Start[1]}; !slices.Equal(in, []int64{4, 15}) {
		t.Fatalf("index in chunk = %v, want [4 15]", in)
	}
	if s := region.ChunkBox(g, []int64{0, 1}).Shape(); !slices.Equal(s, []int64{16, 14}) {
		t.Fatalf("chunk (0, 1) has shape %v, want [16 14]", s)
	}
	if s := region.ChunkBox(g, []int64{0, 0}).Shape(); !slices.Equal(s, []int64{16, 24}) {
		t.Fatalf("chunk (0, 0) has shape %v, want [16 24]", s)
	}
}

// The dimensions of the specification's Example, shape [6, 6, 6, 6, 6],
// as their runs; the integer 4 expands to [4, 4].
func TestRectilinearSpecExample(t *testing.T) {
	t.Parallel()
	dims := [][]region.Run{
		{{Length: 4, Count: 2}},
		edges1(1, 2, 3),
		{{Length: 4, Count: 2}},
		{{Length: 1, Count: 3}, {Length: 3, Count: 1}},
		edges1(4, 4, 4),
	}
	g, err := region.NewRectilinear([]int64{6, 6, 6, 6, 6}, dims)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		n     int64
		spans [][2]int64
		edges []int64
	}{
		{2, [][2]int64{{0, 4}, {4, 6}}, []int64{4, 4}},
		{3, [][2]int64{{0, 1}, {1, 3}, {3, 6}}, []int64{1, 2, 3}},
		{2, [][2]int64{{0, 4}, {4, 6}}, []int64{4, 4}},
		{4, [][2]int64{{0, 1}, {1, 2}, {2, 3}, {3, 6}}, []int64{1, 1, 1, 3}},
		// The third edge lies wholly past the array: kept, not a chunk.
		{2, [][2]int64{{0, 4}, {4, 6}}, []int64{4, 4, 4}},
	}
	for d, w := range want {
		if n := g.NumChunks(d); n != w.n {
			t.Errorf("dim %d: %d chunks, want %d", d, n, w.n)
			continue
		}
		for i := range w.n {
			if s0, s1 := g.ChunkSpan(d, i); s0 != w.spans[i][0] || s1 != w.spans[i][1] {
				t.Errorf("dim %d chunk %d: span [%d, %d), want %v", d, i, s0, s1, w.spans[i])
			}
		}
		if e := expand(g.Edges(d)); !slices.Equal(e, w.edges) {
			t.Errorf("dim %d: edges %v, want %v", d, e, w.edges)
		}
	}
	if _, ok := g.RegularShape(); ok {
		t.Error("the example's grid is not regular")
	}
	if l, ok := g.RegularLength(0); !ok || l != 4 {
		t.Errorf("dim 0: RegularLength = %d, %v; want 4, true", l, ok)
	}
	if _, ok := g.RegularLength(4); ok {
		t.Error("dim 4 has an edge past the array: not regular")
	}
	if m := g.MaxChunkShape(); !slices.Equal(m, []int64{4, 3, 4, 3, 4}) {
		t.Errorf("MaxChunkShape = %v", m)
	}
}

// Against the specification's rule applied literally: the chunk of x is
// the first position whose cumulative sum exceeds x.
func TestRectilinearAgainstCumulativeSums(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var runs []region.Run
		for range 1 + rng.IntN(8) {
			runs = append(runs, region.Run{Length: 1 + rng.Int64N(5), Count: 1 + rng.Int64N(4)})
		}
		edges := expand(runs)
		var cum []int64
		total := int64(0)
		for _, e := range edges {
			total += e
			cum = append(cum, total)
		}
		n := rng.Int64N(total + 1)
		g, err := region.NewRectilinear([]int64{n}, [][]region.Run{runs})
		if err != nil {
			t.Fatal(err)
		}
		for x := range n {
			want := int64(slices.IndexFunc(cum, func(c int64) bool { return c > x }))
			if got := g.ChunkOf(0, x); got != want {
				t.Fatalf("edges %v, x %d: chunk %d, want %d", edges, x, got, want)
			}
		}
		wantN := int64(0)
		for i := range cum {
			if i == 0 || cum[i-1] < n {
				wantN = int64(i + 1)
			}
		}
		if n == 0 {
			wantN = 0
		}
		if got := g.NumChunks(0); got != wantN {
			t.Fatalf("edges %v, n %d: %d chunks, want %d", edges, n, got, wantN)
		}
		for i := range wantN {
			lo := int64(0)
			if i > 0 {
				lo = cum[i-1]
			}
			s0, s1 := g.ChunkSpan(0, i)
			if s0 != lo || s1 != min(cum[i], n) || g.ChunkLength(0, i) != edges[i] {
				t.Fatalf("edges %v, n %d, chunk %d: span [%d, %d) length %d", edges, n, i, s0, s1, g.ChunkLength(0, i))
			}
		}
	}
}

// Chunks over a rectilinear grid visits exactly the chunks a box touches.
func TestRectilinearChunks(t *testing.T) {
	t.Parallel()
	g, err := region.NewRectilinear([]int64{10, 7}, [][]region.Run{edges1(3, 1, 6), {{Length: 2, Count: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	r := region.Box{Start: []int64{2, 1}, Stop: []int64{5, 5}}
	var got []string
	for c := range region.Chunks(g, r) {
		got = append(got, c.Box.String())
	}
	want := []string{"0:3,0:2", "0:3,2:4", "0:3,4:6", "3:4,0:2", "3:4,2:4", "3:4,4:6", "4:10,0:2", "4:10,2:4", "4:10,4:6"}
	if !slices.Equal(got, want) {
		t.Fatalf("chunks %v, want %v", got, want)
	}
	// The last chunk of dimension 1 overhangs: stored as 2, spans 1.
	if s0, s1 := g.ChunkSpan(1, 3); s0 != 6 || s1 != 7 || g.ChunkLength(1, 3) != 2 {
		t.Fatalf("overhanging chunk: [%d, %d) of length %d", s0, s1, g.ChunkLength(1, 3))
	}
	if s := region.ChunkShape(g, []int64{2, 3}); !slices.Equal(s, []int64{6, 2}) {
		t.Fatalf("ChunkShape = %v", s)
	}
}

func TestRectilinearHugeRuns(t *testing.T) {
	t.Parallel()
	// 2^40 chunks of 1 and then 2^40 chunks of 3: six numbers, not 2^41.
	n := int64(1)<<40 + 3<<40
	g, err := region.NewRectilinear([]int64{n}, [][]region.Run{{{Length: 1, Count: 1 << 40}, {Length: 3, Count: 1 << 40}}})
	if err != nil {
		t.Fatal(err)
	}
	if c := g.ChunkOf(0, n-1); c != 1<<41-1 {
		t.Fatalf("last chunk %d", c)
	}
	if s0, s1 := g.ChunkSpan(0, 1<<40+1); s0 != 1<<40+3 || s1 != 1<<40+6 {
		t.Fatalf("span [%d, %d)", s0, s1)
	}
}

func TestRectilinearErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		shape []int64
		edges [][]region.Run
		dim   int
	}{
		{"rank", []int64{4}, nil, -1},
		{"zero edge", []int64{4}, [][]region.Run{{{Length: 0, Count: 1}, {Length: 4, Count: 1}}}, 0},
		{"negative edge", []int64{4}, [][]region.Run{{{Length: -2, Count: 1}}}, 0},
		{"zero count", []int64{4}, [][]region.Run{{{Length: 4, Count: 0}}}, 0},
		{"short", []int64{4, 9}, [][]region.Run{edges1(4), edges1(4, 4)}, 1},
		{"empty for a length", []int64{1}, [][]region.Run{{}}, 0},
		{"overflow", []int64{1}, [][]region.Run{{{Length: 2, Count: math.MaxInt64 / 2}, {Length: 2, Count: 1}}}, 0},
		{"negative shape", []int64{-1}, [][]region.Run{edges1(1)}, 0},
	} {
		_, err := region.NewRectilinear(c.shape, c.edges)
		var e *region.EdgeError
		if !errors.As(err, &e) || e.Dim != c.dim {
			t.Errorf("%s: error %v, want an *EdgeError at dimension %d", c.name, err, c.dim)
		}
	}
	// Length 0 with edges, or with none, is a grid without chunks.
	for _, runs := range [][]region.Run{{}, edges1(3)} {
		g, err := region.NewRectilinear([]int64{0}, [][]region.Run{runs})
		if err != nil || g.NumChunks(0) != 0 {
			t.Errorf("length 0, edges %v: %v, err %v", runs, g, err)
		}
	}
}

// BenchmarkRectilinearChunkOf looks up elements in a dimension of 10^6
// edges of differing lengths (10^6 runs).
func BenchmarkRectilinearChunkOf(b *testing.B) {
	const n = 1_000_000
	runs := make([]region.Run, n)
	total := int64(0)
	for i := range runs {
		runs[i] = region.Run{Length: int64(1 + i%2 + 2*(i%5)), Count: 1}
		total += runs[i].Length
	}
	g, err := region.NewRectilinear([]int64{total}, [][]region.Run{runs})
	if err != nil {
		b.Fatal(err)
	}
	if len(g.Edges(0)) != n {
		b.Fatalf("%d runs, want %d", len(g.Edges(0)), n)
	}
	xs := make([]int64, 4096)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range xs {
		xs[i] = rng.Int64N(total)
	}
	b.SetBytes(8)
	b.ReportAllocs()
	b.ResetTimer()
	var sink int64
	for i := range b.N {
		sink += g.ChunkOf(0, xs[i%len(xs)])
	}
	if sink < 0 {
		b.Fatal(sink)
	}
}

// BenchmarkRegularChunkOf is the same lookup in a regular grid: the
// division that the rectilinear grid's search is compared with.
func BenchmarkRegularChunkOf(b *testing.B) {
	g := region.NewRegular([]int64{5_000_000}, []int{5})
	xs := make([]int64, 4096)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range xs {
		xs[i] = rng.Int64N(5_000_000)
	}
	b.SetBytes(8)
	b.ReportAllocs()
	b.ResetTimer()
	var sink int64
	for i := range b.N {
		sink += g.ChunkOf(0, xs[i%len(xs)])
	}
	if sink < 0 {
		b.Fatal(sink)
	}
}

package advisor

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// gridAdvice returns the state Advise builds for s, as far as grid
// detection needs it.
func gridAdvice(s *Sample, tol Tolerance) *advice {
	a := &advice{spec: s.Spec, complete: s.Complete, tol: tol}
	a.sample = &chunkSet{spec: s.Spec, chunks: s.Chunks, extents: s.Extents, ran: map[string]*Candidate{}}
	a.stats = valueStatsOf(a.sample)
	return a
}

// gridField returns two 64x64 chunks of a smooth field on the grid
// offset + k*step (k an integer), computed in float64 and stored as T, with
// a NaN hole when holes is set.
func gridField[T float32 | float64](offset, step float64, holes bool) [][]T {
	var chunks [][]T
	for c := range 2 {
		v := make([]T, 64*64)
		for i := range v {
			y, x := float64(c*64+i/64), float64(i%64)
			k := math.Round((20*math.Sin(y/30) + 5*math.Cos(x/9) + 25) / step)
			v[i] = T(offset + k*step)
			if holes && (y-70)*(y-70)+(x-30)*(x-30) < 100 {
				v[i] = T(math.NaN())
			}
		}
		chunks = append(chunks, v)
	}
	return chunks
}

func gridSample[T float32 | float64](t *testing.T, chunks [][]T, fill float64) *Sample {
	t.Helper()
	dt := numeric.DataTypeOf[T]()
	spec := codec.ChunkSpec{DataType: dt, Shape: []int{64, 64}, FillValue: numeric.FloatScalar(dt, fill)}
	s, err := NewSample(spec, chunks...)
	if err != nil {
		t.Fatal(err)
	}
	s.Complete = true
	return s
}

// TestDetectGrid: exact grids, float32 grids with their rounding noise,
// NaN holes, fill values in the padding of edge chunks and integers stored
// as floats are found with their exact step; data off any grid (noisy
// values, a float type's own spacing) are not.
func TestDetectGrid(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	edge := gridSample(t, gridField[float64](243.15, 0.25, false), -9999.1)
	edge.Extents = [][]int{{64, 40}, {30, 64}} // -9999.1, off the grid, beyond the array
	for i, e := range edge.Extents {
		for y := range 64 {
			for x := range 64 {
				if y >= e[0] || x >= e[1] {
					numeric.FloatScalar(numeric.Float64, -9999.1).PutBytes(edge.Chunks[i][(y*64+x)*8:])
				}
			}
		}
	}
	noisy := gridField[float32](0, 1e-9, false)
	for _, c := range noisy {
		for i := range c {
			c[i] = float32(280 + 10*r.NormFloat64())
		}
	}
	binade := gridField[float32](0, 1e-9, false) // every value in [256, 512): multiples of 2^-15
	for _, c := range binade {
		for i := range c {
			c[i] = float32(300 + 100*r.Float64())
		}
	}
	ints := gridField[float64](0, 1, false)
	evens := gridField[float64](-1000, 2, false)
	for _, c := range evens {
		for i := range c {
			c[i] += float64(2 * r.IntN(3))
		}
	}
	for _, tc := range []struct {
		name string
		s    *Sample
		step float64 // 0: no grid
	}{
		{"float64 on 0.25 K", gridSample(t, gridField[float64](243.15, 0.25, false), math.NaN()), 0.25},
		{"float32 on 0.01", gridSample(t, gridField[float32](273.15, 0.01, false), math.NaN()), 0.01},
		{"float32 on 0.1 with NaN holes", gridSample(t, gridField[float32](-40, 0.1, true), math.NaN()), 0.1},
		{"float64 on 0.25 K, edge chunks padded with an off-grid fill", edge, 0.25},
		{"integers as float64", gridSample(t, ints, -1), 1},
		{"even integers", gridSample(t, evens, 0), 2},
		{"float32 on 1/3", gridSample(t, gridField[float32](0, 1.0/3, false), 0), 1.0 / 3},
		{"noisy float32", gridSample(t, noisy, math.NaN()), 0},
		{"float32 in one binade", gridSample(t, binade, math.NaN()), 0},
	} {
		g, ok := gridAdvice(tc.s, Tolerance{Abs: 0.1}).detectGrid()
		switch {
		case tc.step == 0 && ok:
			t.Errorf("%s: found a grid of step %v (noise %v)", tc.name, g.step, g.noise)
		case tc.step != 0 && (!ok || g.step != tc.step):
			t.Errorf("%s: step %v (found %v), want %v", tc.name, g.step, ok, tc.step)
		}
	}
}

// TestAdviseGrid: on values on a 0.25 K grid at a tolerance of 0.125 the
// chain stores them at step 0.25 exactly, every value decodes to itself,
// and the output is smaller than on the same values moved off the grid by
// 1e-9 (where the step is the tolerance's 0.2481).
func TestAdviseGrid(t *testing.T) {
	ctx := context.Background()
	opts := &Options{Tolerance: Tolerance{Abs: 0.125}, Compressors: []string{"zstd"}, Objective: ObjectiveSize}
	onGrid := gridField[float64](243.15, 0.25, true)
	r, err := Advise(ctx, gridSample(t, onGrid, math.NaN()), opts)
	if err != nil {
		t.Fatal(err)
	}
	best := r.Chosen()
	if best == nil || best.Family != FamilyScaleOffset || best.Step != 0.25 || best.Errors.MaxAbs != 0 || best.Errors.NaNLost != 0 {
		t.Fatalf("chose %+v", best)
	}
	off := gridField[float64](243.15, 0.25, true)
	for _, c := range off {
		for i := range c {
			if i%2 == 1 {
				c[i] += 1e-9
			}
		}
	}
	r2, err := Advise(ctx, gridSample(t, off, math.NaN()), opts)
	if err != nil {
		t.Fatal(err)
	}
	other := r2.Chosen()
	if other == nil || other.Step == 0.25 || other.EncodedBytes <= best.EncodedBytes {
		t.Fatalf("off the grid: %+v; on it %d bytes at step %v", other, best.EncodedBytes, best.Step)
	}
	t.Logf("on the grid %d bytes (%s), off it %d (%s)", best.EncodedBytes, best.Label, other.EncodedBytes, other.Label)

	// float32 values on a 0.01 grid, a tolerance of half the step: the
	// step is the grid's, the error the float32 arithmetic's.
	f32 := gridSample(t, gridField[float32](273.15, 0.01, false), math.NaN())
	r3, err := Advise(ctx, f32, &Options{Tolerance: Tolerance{Abs: 0.005}, Compressors: []string{"zstd"}, Objective: ObjectiveSize})
	if err != nil {
		t.Fatal(err)
	}
	if b := r3.Chosen(); b == nil || b.Step != 0.01 || b.Errors.MaxAbs > 1e-4 {
		t.Fatalf("float32 on 0.01: chose %+v", b)
	}

	// Integers as float64 at a tolerance of 0.001: the tolerance's step
	// would need uint16 codes; the grid's fit uint8 and are exact.
	ints := gridSample(t, gridField[float64](0, 1, false), math.NaN())
	r4, err := Advise(ctx, ints, &Options{Tolerance: Tolerance{Abs: 0.001}, Compressors: []string{"zstd"}, Objective: ObjectiveSize})
	if err != nil {
		t.Fatal(err)
	}
	if b := r4.Chosen(); b == nil || b.Step != 1 || b.StoredAs != numeric.Uint8 || b.Errors.MaxAbs != 0 {
		t.Fatalf("integers at 0.001: chose %+v", b)
	}
	// At a tolerance of 2.5 the grid chain stores every fifth integer
	// (an odd multiple: no value halfway between codes), at most 2 away.
	r5, err := Advise(ctx, ints, &Options{Tolerance: Tolerance{Abs: 2.5}, Compressors: []string{"zstd"}, Objective: ObjectiveSize})
	if err != nil {
		t.Fatal(err)
	}
	fifth := false
	for _, c := range r5.Candidates {
		if c.Step == 5 && c.Meets() {
			fifth = true
			if c.Errors.MaxAbs != 2 {
				t.Errorf("step 5: max abs error %v, want 2", c.Errors.MaxAbs)
			}
		}
	}
	if !fifth {
		t.Errorf("no chain at step 5 among %d", len(r5.Candidates))
	}
}

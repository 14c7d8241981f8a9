package advisor

import (
	"context"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestInExtent compares the runs with the elements a nested loop over the
// box selects.
func TestInExtent(t *testing.T) {
	for _, tc := range []struct{ shape, extent []int }{
		{[]int{4, 5}, nil},
		{[]int{4, 5}, []int{4, 5}},
		{[]int{4, 5}, []int{2, 5}},
		{[]int{4, 5}, []int{4, 3}},
		{[]int{4, 5}, []int{1, 1}},
		{[]int{3, 4, 5}, []int{2, 4, 5}},
		{[]int{3, 4, 5}, []int{3, 2, 5}},
		{[]int{3, 4, 5}, []int{2, 3, 4}},
		{[]int{7}, []int{3}},
		{[]int{}, []int{}},
	} {
		const es = 2
		var got []int
		inExtent(tc.shape, tc.extent, es, func(lo, hi int) {
			if lo%es != 0 || hi%es != 0 || hi <= lo {
				t.Fatalf("%v %v: run [%d, %d)", tc.shape, tc.extent, lo, hi)
			}
			for b := lo; b < hi; b += es {
				got = append(got, b/es)
			}
		})
		ext := tc.extent
		if ext == nil {
			ext = tc.shape
		}
		var want []int
		n := 1
		for _, d := range tc.shape {
			n *= d
		}
		for i := range n {
			in, rest := true, i
			for d := len(tc.shape) - 1; d >= 0; d-- {
				if rest%tc.shape[d] >= ext[d] {
					in = false
				}
				rest /= tc.shape[d]
			}
			if in {
				want = append(want, i)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%v %v: elements %v, want %v", tc.shape, tc.extent, got, want)
		}
	}
}

// TestEdgeChunkExtents: the padding of an edge chunk holds the fill value,
// far outside the data; with the extent given it neither widens the range
// (uint8 codes still hold the data at the step asked) nor counts in the
// statistics, and the chain still carries it (the fill round-trips).
func TestEdgeChunkExtents(t *testing.T) {
	const fill = -9999
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{8, 10}, FillValue: numeric.FloatScalar(numeric.Float32, fill)}
	whole := make([]float32, 80)
	edge := make([]float32, 80)
	for i := range whole {
		whole[i] = 10 + float32(i%10)/4
		edge[i] = fill
	}
	for y := range 3 {
		for x := range 7 {
			edge[y*10+x] = 12 + float32(x)/8
		}
	}
	s, err := NewSample(spec, whole, edge)
	if err != nil {
		t.Fatal(err)
	}
	s.Extents = [][]int{nil, {3, 7}}
	r, err := Advise(context.Background(), s, &Options{Tolerance: Tolerance{Abs: 0.05}, Compressors: []string{"zstd"}})
	if err != nil {
		t.Fatal(err)
	}
	if st := r.Stats; st.Elements != 80+21 || st.Min != 10 || st.Max != 12.75 {
		t.Errorf("stats %+v: want 101 elements from 10 to 12.75", st)
	}
	best := r.Chosen()
	if best == nil || best.StoredAs != numeric.Uint8 || !best.FillRoundTrip || best.Errors.Elements != 101 {
		t.Fatalf("chosen %+v", best)
	}
	// Without the extent the fill is data: uint8 cannot hold it at 0.1.
	s.Extents = nil
	r, err = Advise(context.Background(), s, &Options{Tolerance: Tolerance{Abs: 0.05}, Compressors: []string{"zstd"}})
	if err != nil {
		t.Fatal(err)
	}
	if best := r.Chosen(); best == nil || best.StoredAs == numeric.Uint8 {
		t.Fatalf("without extents: chosen %+v", best)
	}
	s.Extents = [][]int{nil, {9, 7}}
	if _, err := Advise(context.Background(), s, &Options{Tolerance: Tolerance{Abs: 0.05}}); err == nil {
		t.Fatal("an extent beyond the chunk was accepted")
	}
}

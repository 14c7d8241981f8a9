package metadata_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/metadata"
)

func gridDoc(shape []int64, chunks []int, dtype string) []byte {
	js := func(v any) string { return strings.Join(strings.Fields(fmt.Sprint(v)), ",") }
	return doc(fmt.Sprintf(`"shape": %s, "data_type": %q,
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": %s}},
		"fill_value": 0, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]`,
		js(shape), dtype, js(chunks)))
}

// TestParseGridOverflow: grids whose chunk counts, extents or byte spans
// overflow an int64 are refused at parse time with a pointer to the shape.
func TestParseGridOverflow(t *testing.T) {
	for _, c := range []struct {
		shape   []int64
		chunks  []int
		dtype   string
		pointer string
	}{
		{[]int64{math.MaxInt64}, []int{1000}, "uint8", "/shape/0"},
		{[]int64{1 << 62, 1 << 62}, []int{1, 1}, "uint8", "/shape"},
		{[]int64{1 << 62}, []int{1}, "float64", "/shape"},
		{[]int64{10, math.MaxInt64 - 1}, []int{3, 10}, "uint8", "/shape/1"},
		{[]int64{0, math.MaxInt64 - 1}, []int{3, 10}, "uint8", "/shape/1"},
		{[]int64{1 << 40, 1 << 40}, []int{1 << 10, 1 << 10}, "uint8", "/shape"},
	} {
		_, err := metadata.Parse(gridDoc(c.shape, c.chunks, c.dtype), nil)
		var ve *metadata.ValidationError
		var ge *metadata.GridError
		if !errors.As(err, &ve) || !errors.As(err, &ge) {
			t.Errorf("%v / %v: got %v, want a grid error", c.shape, c.chunks, err)
			continue
		}
		if len(ve.Problems) != 1 || ve.Problems[0].Pointer != c.pointer {
			t.Errorf("%v / %v: problems %v, want one at %s", c.shape, c.chunks, ve.Problems, c.pointer)
		}
	}
	for _, c := range []struct {
		shape  []int64
		chunks []int
		dtype  string
	}{
		{[]int64{math.MaxInt64}, []int{1}, "uint8"},
		{[]int64{math.MaxInt64 - 999}, []int{1000}, "uint8"},
		{[]int64{1 << 62, 0}, []int{1, 1}, "float64"}, // empty: no chunks
		{[]int64{1 << 31, 1 << 31}, []int{1 << 10, 1 << 10}, "uint8"},
		{[]int64{1, math.MaxInt64 - 1}, []int{1, 7}, "uint8"}, // 7 divides math.MaxInt64
	} {
		if _, err := metadata.Parse(gridDoc(c.shape, c.chunks, c.dtype), nil); err != nil {
			t.Errorf("%v / %v: %v", c.shape, c.chunks, err)
		}
	}
}

// TestCheckGridProperty compares CheckGrid with exact arithmetic over
// extreme shapes: it accepts a grid exactly when the padded extent of
// every dimension fits an int64 and, unless the array is empty, so do the
// number of chunks and the bytes the grid spans.
func TestCheckGridProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	extreme := func() int64 {
		switch rng.IntN(5) {
		case 0:
			return math.MaxInt64 - rng.Int64N(3000)
		case 1:
			return int64(1) << rng.IntN(63)
		case 2:
			return (int64(1) << rng.IntN(63)) - 1 + rng.Int64N(2)
		case 3:
			return rng.Int64N(100)
		}
		return rng.Int64()
	}
	for range 20000 {
		rank := 1 + rng.IntN(4)
		shape := make([]int64, rank)
		chunks := make([]int, rank)
		for d := range rank {
			shape[d] = extreme()
			chunks[d] = int(max(1, min(extreme(), math.MaxInt32)))
		}
		es := []int{1, 2, 4, 8, 16}[rng.IntN(5)]
		err := metadata.CheckGrid(shape, chunks, es)
		if got, want := err == nil, fitsExactly(shape, chunks, es); got != want {
			t.Fatalf("CheckGrid(%v, %v, %d) = %v, exact arithmetic says fits=%v", shape, chunks, es, err, want)
		}
	}
}

func fitsExactly(shape []int64, chunks []int, es int) bool {
	maxI := big.NewInt(math.MaxInt64)
	total, span := big.NewInt(1), big.NewInt(int64(es))
	empty := false
	for d, s := range shape {
		empty = empty || s == 0
		c := big.NewInt(int64(chunks[d]))
		n := new(big.Int).Add(big.NewInt(s), new(big.Int).Sub(c, big.NewInt(1)))
		n.Quo(n, c)
		padded := new(big.Int).Mul(n, c)
		if padded.Cmp(maxI) > 0 {
			return false
		}
		total.Mul(total, n)
		span.Mul(span, padded)
	}
	return empty || total.Cmp(maxI) <= 0 && span.Cmp(maxI) <= 0
}

// FuzzCheckGrid: whatever the grid, CheckGrid agrees with exact
// arithmetic and Parse never panics on it.
func FuzzCheckGrid(f *testing.F) {
	f.Add(int64(math.MaxInt64), int64(1<<62), 1000, 1, uint8(1))
	f.Add(int64(1<<62), int64(1<<62), 1, 1, uint8(8))
	f.Fuzz(func(t *testing.T, s0, s1 int64, c0, c1 int, es uint8) {
		if s0 < 0 || s1 < 0 || c0 < 1 || c1 < 1 || c0 > math.MaxInt32 || c1 > math.MaxInt32 || es == 0 {
			return
		}
		shape, chunks := []int64{s0, s1}, []int{c0, c1}
		err := metadata.CheckGrid(shape, chunks, int(es))
		if got, want := err == nil, fitsExactly(shape, chunks, int(es)); got != want {
			t.Fatalf("CheckGrid(%v, %v, %d) = %v, exact arithmetic says fits=%v", shape, chunks, es, err, want)
		}
		metadata.Parse(gridDoc(shape, chunks, "uint8"), nil)
	})
}

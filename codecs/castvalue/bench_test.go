package castvalue_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

const benchChunk = 1 << 20 // bytes of input per operation

type benchCase struct {
	from, to string
	rounding string
	oor      string // "error" for absent
	smap     string // scalar_map JSON, or ""
}

var benchCases = []benchCase{
	{"float64", "uint8", "nearest-even", "clamp", ""},
	{"float64", "uint8", "nearest-even", "error", ""},
	{"float64", "uint8", "nearest-even", "wrap", ""},
	{"float64", "uint8", "towards-zero", "clamp", ""},
	{"float64", "uint8", "nearest-away", "clamp", ""},
	{"float64", "uint8", "nearest-even", "clamp", `{"encode": [["NaN", 0]]}`},
	{"float64", "uint8", "nearest-even", "clamp", `{"encode": [["NaN", 0], [-9999, 1], [1e20, 2]]}`},
	{"float32", "int16", "nearest-even", "clamp", ""},
	{"float32", "int16", "nearest-even", "error", ""},
	{"float32", "int16", "towards-negative", "clamp", ""},
	{"float64", "float32", "nearest-even", "error", ""},
	{"float64", "float32", "nearest-even", "clamp", ""},
	{"float64", "float32", "towards-zero", "error", ""},
	{"float32", "float16", "nearest-even", "clamp", ""},
	{"float32", "bfloat16", "nearest-even", "clamp", ""},
	{"float16", "float32", "nearest-even", "error", ""},
	{"uint8", "float64", "nearest-even", "error", ""},
	{"int16", "float32", "nearest-even", "error", ""},
	{"int64", "float64", "nearest-even", "error", ""},
	{"int64", "float64", "towards-zero", "error", ""},
	{"int32", "int16", "nearest-even", "clamp", ""},
	{"int32", "int16", "nearest-even", "wrap", ""},
	{"int32", "int16", "nearest-even", "error", ""},
}

// benchInput returns n elements of dt from a fixed seed: for the
// float -> integer cases values spread over the target's range with
// fractions (1 in 100 beyond it when outside is set); for other cases
// values typical of the source type that stay within the target.
func benchInput(from, to numeric.DataType, n int, outside bool) []byte {
	r := rand.New(rand.NewPCG(7, uint64(from)<<8|uint64(to)))
	lo, hi := -1e6, 1e6
	if to.IsInteger() {
		l, h, _ := to.IntRange()
		lo, hi = float64(l), float64(h)
	} else if to.MaxFloat() < hi {
		lo, hi = -to.MaxFloat(), to.MaxFloat()
	}
	if from.IsInteger() {
		l, h, _ := from.IntRange()
		lo, hi = max(lo, float64(l)), min(hi, float64(h))
	} else if from.MaxFloat() < hi {
		lo, hi = max(lo, -from.MaxFloat()), from.MaxFloat()
	}
	out := make([]byte, 0, n*from.Size())
	for range n {
		v := lo + r.Float64()*(hi-lo)
		if outside && r.IntN(100) == 0 {
			v = hi*2 + 10
		}
		var s numeric.Scalar
		if from.IsInteger() {
			if from.IsSigned() {
				s, _ = numeric.IntScalar(from, int64(math.Round(v)))
			} else {
				s, _ = numeric.UintScalar(from, uint64(math.Max(0, math.Round(v))))
			}
			if !s.Valid() { // outside the source type: its maximum
				_, h, _ := from.IntRange()
				s = numeric.ScalarFromBits(from, h>>1, 0)
			}
		} else {
			s = numeric.FloatScalar(from, v)
		}
		out = append(out, s.Bytes()...)
	}
	return out
}

func BenchmarkCastValue(b *testing.B) {
	b.Run("copy/1MiB", func(b *testing.B) {
		src := benchInput(numeric.Float64, numeric.Uint8, benchChunk/8, false)
		dst := make([]byte, len(src))
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			copy(dst, src)
		}
	})
	for _, bc := range benchCases {
		name := fmt.Sprintf("%s_to_%s/%s/%s", bc.from, bc.to, bc.rounding, bc.oor)
		if bc.smap != "" {
			name += fmt.Sprintf("/map%d", countEntries(bc.smap))
		}
		b.Run(name, func(b *testing.B) {
			from, to := dtypeOf(b, bc.from), dtypeOf(b, bc.to)
			config := fmt.Sprintf(`{"data_type": %q, "rounding": %q`, bc.to, bc.rounding)
			if bc.oor != "error" {
				config += fmt.Sprintf(`, "out_of_range": %q`, bc.oor)
			}
			if bc.smap != "" {
				config += `, "scalar_map": ` + bc.smap
			}
			config += "}"
			n := benchChunk / from.Size()
			bound, err := mustParse(b, config).ResolveArray(codec.ChunkSpec{DataType: from, Shape: []int{n}, FillValue: numeric.Zero(from)})
			if err != nil {
				b.Fatal(err)
			}
			src := benchInput(from, to, n, bc.oor != "error")
			dst := make([]byte, n*to.Size())
			if err := bound.EncodeArray(dst, src); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if err := bound.EncodeArray(dst, src); err != nil {
					b.Fatal(err)
				}
			}
			reportCopyRatio(b, src)
		})
	}
}

// reportCopyRatio times copy() of the same input bytes as often as the
// benchmark ran, right after it, and reports the cast's time per operation
// as a multiple of the copy's ("x-copy"): a ratio that machine load
// shifts far less than the absolute figures.
func reportCopyRatio(b *testing.B, src []byte) {
	elapsed, n := b.Elapsed(), b.N
	if n == 0 || elapsed <= 0 {
		return
	}
	buf := make([]byte, len(src))
	start := time.Now()
	for range n {
		copy(buf, src)
	}
	copyTime := time.Since(start)
	if copyTime > 0 {
		b.ReportMetric(float64(elapsed)/float64(copyTime), "x-copy")
	}
}

func countEntries(smap string) int {
	n := 0
	for i := 0; i+1 < len(smap); i++ {
		if smap[i] == '[' && smap[i+1] != '[' {
			n++
		}
	}
	return n
}

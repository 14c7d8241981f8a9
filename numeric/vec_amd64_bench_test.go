//go:build goexperiment.simd && amd64

package numeric

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// BenchmarkVectorCast times the vector and scalar kernels of a few casts
// on 1 MiB of input beside copy() of the same bytes, in one run.
func BenchmarkVectorCast(b *testing.B) {
	src := make([]byte, 1<<20)
	r := rand.New(rand.NewPCG(1, 1))
	for i := range src {
		src[i] = byte(r.Uint32())
	}
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, len(src))
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			copy(dst, src)
		}
	})
	benchVecPair[float64, uint8](b, "float64_to_uint8", 255, OutOfRangeClamp)
	benchVecPair[float64, int16](b, "float64_to_int16", 30000, OutOfRangeError)
	benchVecPair[float64, int32](b, "float64_to_int32", 1e9, OutOfRangeError)
	benchVecPair[float32, uint8](b, "float32_to_uint8", 255, OutOfRangeClamp)
	benchVecPair[float32, int16](b, "float32_to_int16", 30000, OutOfRangeClamp)
	benchVecPair[float64, float32](b, "float64_to_float32", 1e30, OutOfRangeError)
}

// benchVecPair times S -> D in nearest-even on 1 MiB of values in
// [0, hi), with the vector kernel and with the scalar one.
func benchVecPair[S Float, D CastElement](b *testing.B, name string, hi float64, oor OutOfRange) {
	from := Float64
	if unsafe.Sizeof(S(0)) == 4 {
		from = Float32
	}
	spec := CastSpec{From: from, To: DataTypeOf[D](), OutOfRange: oor}
	r := rand.New(rand.NewPCG(2, 2))
	src := make([]S, (1<<20)/int(unsafe.Sizeof(S(0))))
	for i := range src {
		src[i] = S(r.Float64() * hi)
	}
	dst := make([]D, len(src))
	for _, k := range []struct {
		name string
		k    kernel[S, D]
	}{{"vector", fromFloat[S, D](spec)}, {"scalar", fromFloatScalar[S, D](spec)}} {
		b.Run(name+"/"+k.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)) * int64(unsafe.Sizeof(S(0))))
			b.ReportAllocs()
			for b.Loop() {
				if _, f := k.k(dst, src); f != CastOK {
					b.Fatal(f)
				}
			}
		})
	}
}

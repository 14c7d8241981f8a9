//go:build amd64 && !noasm

package numeric

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// BenchmarkVectorISA times the pure-Go kernel and the loops of every
// instruction set the CPU has on 1 MiB of input, beside copy() of the same
// bytes in the same run, on clean data and on data of which 10% or 50% is
// out of range (clamped under clamp):
//
//	go test -run '^$' -bench VectorISA -count 5 ./numeric | benchstat -col /impl -
func BenchmarkVectorISA(b *testing.B) {
	b.Logf("cpu: %s", CPUFeatures())
	src := make([]byte, 1<<20)
	dst := make([]byte, 8<<20)
	for i := range src {
		src[i] = byte(i * 7)
	}
	b.Run("case=copy/impl=copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			copy(dst, src)
		}
	})
	for _, share := range []float64{0, 0.1, 0.5} {
		benchF2I[float64, uint8](b, share, NearestEven, OutOfRangeClamp)
		benchF2I[float32, int16](b, share, NearestEven, OutOfRangeClamp)
	}
	benchF2I[float64, uint8](b, 0, TowardsZero, OutOfRangeError)
	benchF2I[float64, int32](b, 0, NearestAway, OutOfRangeError)
	benchF2I[float64, float32](b, 0, NearestEven, OutOfRangeError)
	benchF2I[float64, float32](b, 0, TowardsZero, OutOfRangeError)
	benchF2I[float32, float64](b, 0, NearestEven, OutOfRangeError)
	benchI2F[uint8, float64](b)
	benchI2F[int16, float32](b)
	benchI2F[int32, float64](b)
}

// benchF2I times S -> D on 1 MiB of S whose values lie in D's range
// (or [-1e6, 1e6]), a share of them below it.
func benchF2I[S float32 | float64, D CastElement](b *testing.B, share float64, m RoundingMode, oor OutOfRange) {
	from := Float64
	if unsafe.Sizeof(S(0)) == 4 {
		from = Float32
	}
	spec := CastSpec{From: from, To: DataTypeOf[D](), Rounding: m, OutOfRange: oor}
	lo, hi := -1e6, 1e6
	if spec.To.IsInteger() {
		l, h, _ := spec.To.IntRange()
		lo, hi = float64(l), float64(min(h, 1<<20))
	}
	r := rand.New(rand.NewPCG(2, 2))
	src := make([]S, (1<<20)/int(unsafe.Sizeof(S(0))))
	for i := range src {
		src[i] = S(lo + r.Float64()*(hi-lo))
		if r.Float64() < share {
			src[i] = S(lo - 1 - r.Float64()*100)
		}
	}
	dst := make([]D, len(src))
	scalar := fromFloatScalar[S, D](spec)
	name := fmt.Sprintf("case=%v-%v-%v-%v-out%.0f%%", spec.From, spec.To, m, oor, share*100)
	benchImpls(b, name, scalar, func(isa int) kernel[S, D] { return withVectorISA(spec, scalar, isa) }, dst, src)
}

func benchI2F[S int8 | uint8 | int16 | uint16 | int32, D float32 | float64](b *testing.B) {
	src := make([]S, (1<<20)/int(unsafe.Sizeof(S(0))))
	r := rand.New(rand.NewPCG(3, 3))
	bs := bytesOfSlice(src)
	for i := range bs {
		bs[i] = byte(r.Uint32())
	}
	dst := make([]D, len(src))
	scalar := intToFloatScalar[S, D]()
	name := fmt.Sprintf("case=%v-%v", DataTypeOf[S](), DataTypeOf[D]())
	benchImpls(b, name, scalar, func(isa int) kernel[S, D] { return intVectorISA(scalar, isa) }, dst, src)
}

func benchImpls[S, D any](b *testing.B, name string, scalar kernel[S, D], vec func(isa int) kernel[S, D], dst []D, src []S) {
	impls := []struct {
		name string
		k    kernel[S, D]
	}{{"scalar", scalar}}
	for _, isa := range vecISAs() {
		impls = append(impls, struct {
			name string
			k    kernel[S, D]
		}{map[int]string{isaAVX2: "avx2", isaAVX512: "avx512"}[isa], vec(isa)})
	}
	for _, im := range impls {
		b.Run(name+"/impl="+im.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)) * int64(unsafe.Sizeof(src[0])))
			b.ReportAllocs()
			for b.Loop() {
				if i, f := im.k(dst, src); f != CastOK {
					b.Fatal(i, f)
				}
			}
		})
	}
}

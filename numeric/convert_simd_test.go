//go:build goexperiment.simd && amd64

package numeric

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"simd/archsimd"
)

// TestVectorCastMatchesScalar runs the AVX2 cast kernels and the scalar
// kernels they stand for on the same inputs (random, adversarial, every
// length 0..67 and 1 MiB) and requires the same bytes in dst, the same
// failing index and the same reason, for every rounding mode and policy.
func TestVectorCastMatchesScalar(t *testing.T) {
	if !archsimd.X86.AVX2() {
		t.Skip("no AVX2: the vector kernels are not chosen")
	}
	for _, oor := range []OutOfRange{OutOfRangeError, OutOfRangeClamp, OutOfRangeWrap} {
		for _, m := range RoundingModes {
			vecCompare[float64, uint8](t, m, oor)
			vecCompare[float64, int8](t, m, oor)
			vecCompare[float64, uint16](t, m, oor)
			vecCompare[float64, int16](t, m, oor)
			vecCompare[float64, int32](t, m, oor)
			vecCompare[float32, uint8](t, m, oor)
			vecCompare[float32, int8](t, m, oor)
			vecCompare[float32, uint16](t, m, oor)
			vecCompare[float32, int16](t, m, oor)
			vecCompare[float32, int32](t, m, oor)
		}
		vecCompare[float64, float32](t, NearestEven, oor)
	}
}

// TestVectorCastWithMap checks that a scalar_map around a vector kernel
// gives what it gives around the scalar kernel.
func TestVectorCastWithMap(t *testing.T) {
	if !archsimd.X86.AVX2() {
		t.Skip("no AVX2: the vector kernels are not chosen")
	}
	entries := []MapEntry{
		{From: FloatScalar(Float64, math.NaN()), To: mustUint(t, Uint8, 7)},
		{From: FloatScalar(Float64, 300.5), To: mustUint(t, Uint8, 9)},
		{From: FloatScalar(Float64, 0), To: mustUint(t, Uint8, 1)},
	}
	for _, oor := range []OutOfRange{OutOfRangeError, OutOfRangeClamp} {
		spec := CastSpec{From: Float64, To: Uint8, Rounding: NearestEven, OutOfRange: oor, Map: entries}
		vec := buildKernel[float64, uint8](spec)
		scalar := mapKernel(entries, fromFloatScalar[float64, uint8](spec))
		r := rand.New(rand.NewPCG(3, uint64(oor)))
		adv := adversarial[float64](Uint8)
		for n := range 68 {
			for trial := range 20 {
				src := vecInput(r, adv, 0, 255, n, trial)
				checkSame(t, fmt.Sprintf("map %v n=%d trial=%d", oor, n, trial), vec, scalar, src)
			}
		}
	}
}

func mustUint(t *testing.T, dt DataType, v uint64) Scalar {
	t.Helper()
	s, err := UintScalar(dt, v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// vecCompare compares the vector and scalar kernels from S to D.
func vecCompare[S Float, D CastElement](t *testing.T, m RoundingMode, oor OutOfRange) {
	t.Helper()
	from := Float64
	if unsafe.Sizeof(S(0)) == 4 {
		from = Float32
	}
	spec := CastSpec{From: from, To: DataTypeOf[D](), Rounding: m, OutOfRange: oor}
	if vectorRun[S, D](spec) == nil {
		t.Fatalf("%v -> %v %v %v: no vector kernel", spec.From, spec.To, m, oor)
	}
	vec := fromFloat[S, D](spec)
	scalar := fromFloatScalar[S, D](spec)
	name := fmt.Sprintf("%v->%v/%v/%v", spec.From, spec.To, m, oor)
	lo, hi := -1e6, 1e6
	if spec.To.IsInteger() {
		l, h, _ := spec.To.IntRange()
		lo, hi = float64(l), float64(h)
	}
	if hi-lo > 1e6 { // int32: values near the bounds and near zero
		lo, hi = -3000, 3000
	}
	adv := adversarial[S](spec.To)
	r := rand.New(rand.NewPCG(uint64(spec.From)<<16|uint64(spec.To)<<8|uint64(m), uint64(oor)))
	for n := range 68 {
		for trial := range 24 {
			src := vecInput(r, adv, lo, hi, n, trial)
			checkSame(t, fmt.Sprintf("%s n=%d trial=%d", name, n, trial), vec, scalar, src)
		}
	}
	// 1 MiB of input: in range, then with adversarial values sprinkled in,
	// and for the policies that fail, with one failure near the end.
	n := (1 << 20) / int(unsafe.Sizeof(S(0)))
	for trial := range 3 {
		src := vecInput(r, adv, lo, hi, n, trial)
		checkSame(t, fmt.Sprintf("%s n=%d trial=%d", name, n, trial), vec, scalar, src)
	}
	src := vecInput(r, adv, lo, hi, n, 0)
	for i := n - 1000; i < n; i++ {
		src[i] = adv[r.IntN(len(adv))]
	}
	checkSame(t, name+" 1MiB adversarial tail", vec, scalar, src)
}

// vecInput returns n source values: trial 0 all within [lo, hi] with
// fractions; trial 1 one adversarial value at a random place; trial 2 a
// few; others half adversarial.
func vecInput[S Float](r *rand.Rand, adv []S, lo, hi float64, n, trial int) []S {
	src := make([]S, n)
	for i := range src {
		src[i] = S(lo + r.Float64()*(hi-lo))
		if r.IntN(8) == 0 { // exact halves and integers
			src[i] = S(math.Floor(lo+r.Float64()*(hi-lo)) + float64(r.IntN(2))*0.5)
		}
	}
	if n == 0 {
		return src
	}
	switch {
	case trial == 0:
	case trial == 1:
		src[r.IntN(n)] = adv[r.IntN(len(adv))]
	case trial == 2:
		for range 1 + n/100 {
			src[r.IntN(n)] = adv[r.IntN(len(adv))]
		}
	default:
		for i := range src {
			if r.IntN(2) == 0 {
				src[i] = adv[r.IntN(len(adv))]
			}
		}
	}
	return src
}

// adversarial returns values of S around the bounds of to, its halves,
// zeros, infinities, NaNs with payloads and subnormals.
func adversarial[S Float](to DataType) []S {
	var bounds []float64
	if to.IsInteger() {
		l, h, _ := to.IntRange()
		bounds = append(bounds, float64(l), float64(h), float64(l)-1, float64(h)+1)
		bounds = append(bounds, float64(l)-0.5, float64(h)+0.5, float64(l)+0.5, float64(h)-0.5)
		bounds = append(bounds, float64(l)-1.5, float64(h)+1.5, float64(h)*2+10, float64(l)*2-10)
	} else {
		m := to.MaxFloat()
		bounds = append(bounds, m, -m, m*(1+0x1p-24), -m*(1+0x1p-24), m*(1+0x1p-25), m*2,
			0x1p-149, 0x1p-150, -0x1p-150, 0x1p-150*1.5, 0x1p-126, 0x1p-127*3, 1+0x1p-24, 1+0x1p-24+0x1p-50)
	}
	bounds = append(bounds, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
		1e10, -1e10, 0x1p31, -0x1p31, 0x1p52, 0x1p63, 1e300, -1e300, math.MaxFloat64, 5e-324, -5e-324,
		0x1p-1022, 1e-40, -1e-40, 1)
	var out []S
	for _, b := range bounds {
		x := S(b)
		out = append(out, x, nextS(x, 1), nextS(x, -1))
	}
	out = append(out, S(math.Copysign(0, -1)), 0, S(math.Inf(1)), S(math.Inf(-1)))
	if unsafe.Sizeof(S(0)) == 8 {
		for _, b := range []uint64{0x7ff8000000000000, 0x7ff8000000000001, 0x7ff0000000000001, 0xfff8000000000000,
			0x7fffffffffffffff, 0xfff0000000abcdef, 0x7ff4000000000000} {
			out = append(out, S(math.Float64frombits(b)))
		}
	} else {
		for _, b := range []uint32{0x7fc00000, 0x7fc00001, 0x7f800001, 0xffc00000, 0x7fffffff, 0xff80abcd} {
			f := math.Float32frombits(b)
			out = append(out, *(*S)(unsafe.Pointer(&f)))
		}
	}
	return out
}

// nextS returns the neighbour of x in S towards the sign of dir.
func nextS[S Float](x S, dir float64) S {
	if unsafe.Sizeof(x) == 4 {
		return S(math.Nextafter32(float32(x), float32(math.Inf(int(dir)))))
	}
	return S(math.Nextafter(float64(x), math.Inf(int(dir))))
}

// checkSame runs both kernels on src into destinations that start with the
// same bytes and fails unless the destinations, indices and reasons agree.
func checkSame[S Float, D CastElement](t *testing.T, name string, vec, scalar kernel[S, D], src []S) {
	t.Helper()
	dv, ds := make([]D, len(src)), make([]D, len(src))
	bv, bs := bytesOfSlice(dv), bytesOfSlice(ds)
	for i := range bv {
		bv[i], bs[i] = byte(i*7+1), byte(i*7+1)
	}
	iv, fv := vec(dv, src)
	is, fs := scalar(ds, src)
	if iv != is || fv != fs {
		t.Fatalf("%s: vector (%d, %v), scalar (%d, %v)", name, iv, fv, is, fs)
	}
	if !bytes.Equal(bv, bs) {
		for i := range bv {
			if bv[i] != bs[i] {
				e := i / int(unsafe.Sizeof(D(0)))
				t.Fatalf("%s: element %d (source %v, bits %x): vector %v, scalar %v",
					name, e, src[e], math.Float64bits(float64(src[e])), dv[e], ds[e])
			}
		}
	}
}

func bytesOfSlice[T any](s []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(z)))
}

// FuzzVectorCast compares the vector and scalar kernels on arbitrary
// element bytes, read as float64 or float32 values, for every target,
// rounding mode and policy that has a vector kernel.
func FuzzVectorCast(f *testing.F) {
	targets := []DataType{Uint8, Int8, Uint16, Int16, Int32, Float32}
	r := rand.New(rand.NewPCG(1, 2))
	for i, to := range targets {
		adv := adversarial[float64](to)
		src := vecInput(r, adv, -300, 300, 40, 2)
		f.Add(uint8(i), uint8(i%5), uint8(i%3), false, bytesOfSlice(src))
		adv32 := adversarial[float32](to)
		src32 := vecInput(r, adv32, -300, 300, 40, 3)
		f.Add(uint8(i), uint8(i%5), uint8(OutOfRangeClamp), true, bytesOfSlice(src32))
	}
	f.Fuzz(func(t *testing.T, to, mode, oor uint8, f32 bool, data []byte) {
		if !archsimd.X86.AVX2() {
			t.Skip("no AVX2")
		}
		m, o := RoundingMode(mode%5), OutOfRange(oor%3)
		dt := targets[int(to)%len(targets)]
		if dt == Float32 {
			if f32 {
				return // float32 -> float32 is a copy
			}
			m = NearestEven
		}
		if f32 {
			fuzzVector[float32](t, dt, m, o, data)
		} else {
			fuzzVector[float64](t, dt, m, o, data)
		}
	})
}

func fuzzVector[S Float](t *testing.T, to DataType, m RoundingMode, oor OutOfRange, data []byte) {
	size := int(unsafe.Sizeof(S(0)))
	src := make([]S, len(data)/size)
	copy(bytesOfSlice(src), data)
	switch to {
	case Uint8:
		fuzzPair[S, uint8](t, m, oor, src)
	case Int8:
		fuzzPair[S, int8](t, m, oor, src)
	case Uint16:
		fuzzPair[S, uint16](t, m, oor, src)
	case Int16:
		fuzzPair[S, int16](t, m, oor, src)
	case Int32:
		fuzzPair[S, int32](t, m, oor, src)
	default:
		fuzzPair[S, float32](t, m, oor, src)
	}
}

func fuzzPair[S Float, D CastElement](t *testing.T, m RoundingMode, oor OutOfRange, src []S) {
	from := Float64
	if unsafe.Sizeof(S(0)) == 4 {
		from = Float32
	}
	spec := CastSpec{From: from, To: DataTypeOf[D](), Rounding: m, OutOfRange: oor}
	if vectorRun[S, D](spec) == nil {
		t.Fatalf("%v -> %v %v %v: no vector kernel", spec.From, spec.To, m, oor)
	}
	checkSame(t, fmt.Sprintf("%v->%v/%v/%v", spec.From, spec.To, m, oor), fromFloat[S, D](spec), fromFloatScalar[S, D](spec), src)
}

//go:build !noasm

package numeric

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// vecISAs returns the instruction sets of the loops this CPU can run, so
// that the tests compare every loop with the scalar kernels, not only the
// chosen one.
func vecISAs() []int {
	var s []int
	if cpufeat.AVX2 {
		s = append(s, isaAVX2)
	}
	if cpufeat.AVX512 {
		s = append(s, isaAVX512)
	}
	return s
}

var isaNames = map[int]string{isaAVX2: "AVX2", isaAVX512: "AVX-512"}

// TestVectorCastMatchesScalar runs the vector cast loops of every
// instruction set the CPU has and the scalar kernels they stand for on the
// same inputs (random, adversarial, every length 0..67 and 1 MiB) and
// requires the same bytes in dst, the same failing index and the same
// reason, for every rounding mode and policy.
func TestVectorCastMatchesScalar(t *testing.T) {
	isas := vecISAs()
	if len(isas) == 0 {
		t.Skip("no AVX2: the vector loops are not chosen")
	}
	for _, isa := range isas {
		for _, oor := range []OutOfRange{OutOfRangeError, OutOfRangeClamp, OutOfRangeWrap} {
			for _, m := range RoundingModes {
				vecCompare[float64, uint8](t, isa, m, oor)
				vecCompare[float64, int8](t, isa, m, oor)
				vecCompare[float64, uint16](t, isa, m, oor)
				vecCompare[float64, int16](t, isa, m, oor)
				vecCompare[float64, int32](t, isa, m, oor)
				vecCompare[float32, uint8](t, isa, m, oor)
				vecCompare[float32, int8](t, isa, m, oor)
				vecCompare[float32, uint16](t, isa, m, oor)
				vecCompare[float32, int16](t, isa, m, oor)
				vecCompare[float32, int32](t, isa, m, oor)
				if m != NearestAway && (isa == isaAVX512 || m == NearestEven) {
					vecCompare[float64, float32](t, isa, m, oor)
				}
			}
		}
		vecCompare[float32, float64](t, isa, NearestEven, OutOfRangeError)
	}
}

// TestVectorIntToFloatMatchesScalar compares the integer -> float loops
// with Go's conversions on every length 0..67 and 1 MiB, over the whole
// range of each source type.
func TestVectorIntToFloatMatchesScalar(t *testing.T) {
	for _, isa := range vecISAs() {
		intCompare[int8, float64](t, isa)
		intCompare[uint8, float64](t, isa)
		intCompare[int16, float64](t, isa)
		intCompare[uint16, float64](t, isa)
		intCompare[int32, float64](t, isa)
		intCompare[int8, float32](t, isa)
		intCompare[uint8, float32](t, isa)
		intCompare[int16, float32](t, isa)
		intCompare[uint16, float32](t, isa)
		intCompare[int32, float32](t, isa)
	}
}

func intCompare[S int8 | uint8 | int16 | uint16 | int32, D float32 | float64](t *testing.T, isa int) {
	t.Helper()
	scalar := intToFloatScalar[S, D]()
	vec := intVectorISA(scalar, isa)
	name := fmt.Sprintf("%s %v->%v", isaNames[isa], DataTypeOf[S](), DataTypeOf[D]())
	r := rand.New(rand.NewPCG(uint64(DataTypeOf[S]()), uint64(DataTypeOf[D]())))
	for _, n := range append(lengths67(), 1<<18) {
		src := make([]S, n)
		b := bytesOfSlice(src)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		checkSame(t, fmt.Sprintf("%s n=%d", name, n), vec, scalar, src)
	}
}

func lengths67() []int {
	s := make([]int, 68)
	for i := range s {
		s[i] = i
	}
	return s
}

// TestVectorCastWithMap checks that a scalar_map around a vector kernel
// gives what it gives around the scalar kernel.
func TestVectorCastWithMap(t *testing.T) {
	entries := []MapEntry{
		{From: FloatScalar(Float64, math.NaN()), To: mustUint(t, Uint8, 7)},
		{From: FloatScalar(Float64, 300.5), To: mustUint(t, Uint8, 9)},
		{From: FloatScalar(Float64, 0), To: mustUint(t, Uint8, 1)},
	}
	for _, isa := range vecISAs() {
		for _, oor := range []OutOfRange{OutOfRangeError, OutOfRangeClamp} {
			spec := CastSpec{From: Float64, To: Uint8, Rounding: NearestEven, OutOfRange: oor, Map: entries}
			vec := mapKernel(entries, withVectorISA(spec, fromFloatScalar[float64, uint8](spec), isa))
			scalar := mapKernel(entries, fromFloatScalar[float64, uint8](spec))
			r := rand.New(rand.NewPCG(3, uint64(oor)))
			adv := adversarial[float64](Uint8)
			for n := range 68 {
				for trial := range 20 {
					src := vecInput(r, adv, 0, 255, n, trial)
					checkSame(t, fmt.Sprintf("%s map %v n=%d trial=%d", isaNames[isa], oor, n, trial), vec, scalar, src)
				}
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

// vecCompare compares the vector loop of isa and the scalar kernel from S
// to D.
func vecCompare[S float32 | float64, D CastElement](t *testing.T, isa int, m RoundingMode, oor OutOfRange) {
	t.Helper()
	from := Float64
	if unsafe.Sizeof(S(0)) == 4 {
		from = Float32
	}
	spec := CastSpec{From: from, To: DataTypeOf[D](), Rounding: m, OutOfRange: oor}
	scalar := fromFloatScalar[S, D](spec)
	vec := withVectorISA(spec, scalar, isa)
	name := fmt.Sprintf("%s %v->%v/%v/%v", isaNames[isa], spec.From, spec.To, m, oor)
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
		for trial := range 6 {
			src := vecInput(r, adv, lo, hi, n, trial)
			checkSame(t, fmt.Sprintf("%s n=%d trial=%d", name, n, trial), vec, scalar, src)
		}
	}
	// 1 MiB of input: in range (with fractions, halves and integers), then
	// adversarial values in the last 1000 elements, so that the loop runs
	// long before it meets them.
	n := (1 << 20) / int(unsafe.Sizeof(S(0)))
	src := vecInput(r, adv, lo, hi, n, 0)
	for i := n - 1000; i < n; i++ {
		src[i] = adv[r.IntN(len(adv))]
	}
	checkSame(t, name+" 1MiB adversarial tail", vec, scalar, src)
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
		m, o := RoundingMode(mode%5), OutOfRange(oor%3)
		dt := targets[int(to)%len(targets)]
		if dt == Float32 {
			if f32 {
				return // float32 -> float32 is a copy
			}
			if m == NearestAway {
				m = NearestEven
			}
		}
		if f32 {
			fuzzVector[float32](t, dt, m, o, data)
		} else {
			fuzzVector[float64](t, dt, m, o, data)
		}
	})
}

func fuzzVector[S float32 | float64](t *testing.T, to DataType, m RoundingMode, oor OutOfRange, data []byte) {
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

func fuzzPair[S float32 | float64, D CastElement](t *testing.T, m RoundingMode, oor OutOfRange, src []S) {
	from := Float64
	if unsafe.Sizeof(S(0)) == 4 {
		from = Float32
	}
	spec := CastSpec{From: from, To: DataTypeOf[D](), Rounding: m, OutOfRange: oor}
	scalar := fromFloatScalar[S, D](spec)
	for _, isa := range vecISAs() {
		checkSame(t, fmt.Sprintf("%s %v->%v/%v/%v", isaNames[isa], spec.From, spec.To, m, oor), withVectorISA(spec, scalar, isa), scalar, src)
	}
}

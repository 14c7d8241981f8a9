package numeric

import (
	"fmt"
	"math"
	"sync"
)

// buildKernel chooses the kernel for spec (whose types are those of S and D).
func buildKernel[S, D CastElement](spec CastSpec) kernel[S, D] {
	if spec.From == spec.To && len(spec.Map) == 0 {
		return any(copyKernel[S]()).(kernel[S, D])
	}
	if spec.From == Float16 || spec.From == BFloat16 {
		if (spec.To == Float32 || spec.To == Float64) && len(spec.Map) == 0 {
			return halfWiden[S, D]()
		}
		return halfSource[S, D](spec)
	}
	var k any
	switch any(S(0)).(type) {
	case int8:
		k = fromInt[int8, D](spec)
	case int16:
		k = fromInt[int16, D](spec)
	case int32:
		k = fromInt[int32, D](spec)
	case int64:
		k = fromInt[int64, D](spec)
	case uint8:
		k = fromInt[uint8, D](spec)
	case uint16:
		k = fromInt[uint16, D](spec)
	case uint32:
		k = fromInt[uint32, D](spec)
	case uint64:
		k = fromInt[uint64, D](spec)
	case float32:
		k = fromFloat[float32, D](spec)
	case float64:
		k = fromFloat[float64, D](spec)
	default:
		panic(fmt.Sprintf("numeric: no cast kernel from %v", spec.From))
	}
	core := k.(kernel[S, D])
	if len(spec.Map) != 0 {
		core = mapKernel(spec.Map, core)
	}
	if spec.From.Size() == 1 && (len(spec.Map) != 0 || !spec.To.IsFloat() || spec.To.Size() < 4) {
		// int8 and uint8 look their 256 results up, except plain widenings
		// to float32 and float64, which the vector loops do faster
		return byteKernel(core)
	}
	return core
}

func fromInt[S Integer, D CastElement](spec CastSpec) kernel[S, D] {
	m, oor := spec.Rounding, spec.OutOfRange
	var k any
	switch any(D(0)).(type) {
	case int8:
		k = intToInt[S, int8](oor)
	case int16:
		k = intToInt[S, int16](oor)
	case int32:
		k = intToInt[S, int32](oor)
	case int64:
		k = intToInt[S, int64](oor)
	case uint8:
		k = intToInt[S, uint8](oor)
	case uint16:
		k = intToInt[S, uint16](oor)
	case uint32:
		k = intToInt[S, uint32](oor)
	case uint64:
		k = intToInt[S, uint64](oor)
	case F16:
		k = intToHalf[S, F16](Float16, m, oor)
	case BF16:
		k = intToHalf[S, BF16](BFloat16, m, oor)
	case float32:
		k = intToFloat[S, float32](m)
	case float64:
		k = intToFloat[S, float64](m)
	}
	return k.(kernel[S, D])
}

// fromFloat returns the kernel from a float32 or float64 source: the
// scalar kernel, or its vector form where this build and CPU have one
// (convert_simd.go), which gives the same bytes and failures.
func fromFloat[S Float, D CastElement](spec CastSpec) kernel[S, D] {
	return withVector(spec, fromFloatScalar[S, D](spec))
}

// fromFloatScalar returns the scalar kernel from a float32 or float64 source.
func fromFloatScalar[S Float, D CastElement](spec CastSpec) kernel[S, D] {
	m, oor := spec.Rounding, spec.OutOfRange
	var k any
	switch any(D(0)).(type) {
	case int8:
		k = floatToInt[S, int8](m, oor)
	case int16:
		k = floatToInt[S, int16](m, oor)
	case int32:
		k = floatToInt[S, int32](m, oor)
	case int64:
		k = floatToInt[S, int64](m, oor)
	case uint8:
		k = floatToInt[S, uint8](m, oor)
	case uint16:
		k = floatToInt[S, uint16](m, oor)
	case uint32:
		k = floatToInt[S, uint32](m, oor)
	case uint64:
		k = floatToInt[S, uint64](m, oor)
	case F16:
		if spec.From == Float32 && m == NearestEven {
			k = any(f32ToHalfNE[F16](Float16, oor))
		} else {
			k = narrowToBits[S, F16](Float16, m, oor)
		}
	case BF16:
		if spec.From == Float32 && m == NearestEven {
			k = any(f32ToHalfNE[BF16](BFloat16, oor))
		} else {
			k = narrowToBits[S, BF16](BFloat16, m, oor)
		}
	case float32:
		if spec.From == Float32 {
			k = copyKernel[float32]()
		} else {
			k = narrowF64F32(m, oor)
		}
	case float64:
		if spec.From == Float64 {
			k = copyKernel[float64]()
		} else {
			k = widenF32F64()
		}
	}
	return k.(kernel[S, D])
}

// halfSource returns the kernel from float16 or bfloat16: blocks are
// widened exactly to float32 and converted by the float32 kernel, with the
// map keys widened the same way.
func halfSource[S, D CastElement](spec CastSpec) kernel[S, D] {
	wide := spec
	wide.From = Float32
	wide.Map = make([]MapEntry, len(spec.Map))
	for i, e := range spec.Map {
		lo, _ := e.From.Bits()
		wide.Map[i] = MapEntry{From: ScalarFromBits(Float32, uint64(math.Float32bits(float32(WidenFloat(lo, spec.From)))), 0), To: e.To}
	}
	inner := buildKernel[float32, D](wide)
	pool := &sync.Pool{New: func() any { return new([512]float32) }}
	return func(dst []D, src []S) (int, CastFailure) {
		buf := pool.Get().(*[512]float32)
		defer pool.Put(buf)
		for off := 0; off < len(src); off += len(buf) {
			n := min(len(buf), len(src)-off)
			widenHalves(buf[:n], src[off:off+n])
			if i, f := inner(dst[off:off+n], buf[:n]); f != CastOK {
				return off + i, f
			}
		}
		return -1, CastOK
	}
}

// widenHalves converts float16 or bfloat16 values to float32, exactly.
func widenHalves[S CastElement](dst []float32, src []S) {
	switch s := any(src).(type) {
	case []F16:
		for i, h := range s {
			dst[i] = math.Float32frombits(f16ToF32Bits(h))
		}
	case []BF16:
		for i, h := range s {
			dst[i] = math.Float32frombits(uint32(h) << 16)
		}
	}
}

// halfWiden returns the exact float16/bfloat16 -> float32/float64 kernel.
func halfWiden[S, D CastElement]() kernel[S, D] {
	return func(dst []D, src []S) (int, CastFailure) {
		switch d := any(dst).(type) {
		case []float32:
			widenHalves(d[:len(src)], src)
		case []float64:
			d = d[:len(src)]
			switch s := any(src).(type) {
			case []F16:
				for i, h := range s {
					d[i] = float64(math.Float32frombits(f16ToF32Bits(h)))
				}
			case []BF16:
				for i, h := range s {
					d[i] = float64(math.Float32frombits(uint32(h) << 16))
				}
			}
		}
		return -1, CastOK
	}
}

// f16ToF32Bits returns the bits of the float32 equal to h, with one
// branch for the rare classes: the exponent is rebiased, infinities and
// NaNs get the float32 maximum exponent (payload kept), and subnormals are
// normalised by a float subtraction that is exact.
func f16ToF32Bits(h F16) uint32 {
	const shiftedExp = 0x7c00 << 13
	o := uint32(h&0x7fff) << 13
	exp := o & shiftedExp
	o += (127 - 15) << 23
	switch exp {
	case shiftedExp: // infinity or NaN
		o += (128 - 16) << 23
	case 0: // zero or subnormal: o is now 2^-14 * (1 + m/1024); subtract 2^-14
		o += 1 << 23
		o = math.Float32bits(math.Float32frombits(o) - math.Float32frombits(113<<23))
	}
	return o | uint32(h&0x8000)<<16
}

//go:build goexperiment.simd && amd64

package numeric

import (
	"math"
	"unsafe"

	"simd/archsimd"
)

// AVX2 forms of the cast kernels (GOEXPERIMENT=simd builds on amd64, chosen
// when the Caster or Cast is made and the CPU has AVX2):
//
//   - float64 and float32 -> uint8, int8, uint16, int16, int32 in every
//     rounding mode and every out_of_range policy;
//   - float64 -> float32 in nearest-even, every policy.
//
// Each vector loop takes groups of 16 elements. A group is converted with
// vector instructions only when every element of it takes the scalar
// kernel's fast path, where the result is a plain function of the element
// that the vector instructions compute exactly as the scalar code does:
//
//   - float -> integer: every element lies in [min, max] of the target (the
//     scalar kernel's fast range), so that rounding it to an integer
//     (VROUNDPD/VROUNDPS: nearest-even, truncate, ceiling, floor; ties away
//     as the truncation of x + copysign(largest float below 1/2, x), see
//     f64Params.away) and converting that integer gives the same value.
//     Under clamp, a group of finite elements is also taken, clamped first
//     to [min, max]: the bounds are integers, so rounding the clamped value
//     equals clamping the rounded one, which is what the scalar kernel does.
//     (float32 -> int32 is the exception: 2^31-1 is not a float32, so it
//     clamps in the scalar kernel.)
//   - float64 -> float32: VCVTPD2PS rounds as CVTSD2SS, the scalar
//     conversion, does (Go keeps MXCSR at round-to-nearest without
//     flush-to-zero, and both quiet a NaN the same way). Unless the policy
//     is clamp, a group is stored only when every result is finite.
//
// Any other group (NaN, infinities, values needing the range rules) and the
// tail go to the scalar kernel, which then writes them and reports the first
// failing element: the bytes written, the index and the reason are those of
// the scalar kernel by construction. wrap uses the loop of the error policy
// (its fast path is the same). float64 -> float32 in the directed modes has
// no vector loop.
//
// The loops avoid legacy (non-VEX) SSE instructions while the upper halves
// of the vector registers are in use, and clear those halves before scalar
// code runs: on the AMD EPYC machine the benchmarks ran on, mixing the two
// cost more than the vector loop itself (float64 -> uint8 fell to 0.5
// GB/s). Hence parameter structs filled field by field, index tables as
// package variables rather than literals, and no variable-count shifts.

// vecGroup is the number of elements a vector loop takes at a time.
const vecGroup = 16

// withVector returns the vector form of the scalar kernel when there is one
// for spec and the CPU has AVX2, or scalar itself.
func withVector[S Float, D CastElement](spec CastSpec, scalar kernel[S, D]) kernel[S, D] {
	if run := vectorRun[S, D](spec); run != nil {
		return groupKernel(run, scalar)
	}
	return scalar
}

// groupKernel runs the vector loop run, which converts whole groups from the
// start of src until the first one it cannot take and returns how many
// elements it converted, and hands that group (or the tail) to scalar.
func groupKernel[S, D any](run func(dst []D, src []S) int, scalar kernel[S, D]) kernel[S, D] {
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i := 0; i < len(src); {
			i += run(dst[i:], src[i:])
			// leave no dirty upper halves to the scalar code that follows:
			// legacy SSE instructions pay for them on some CPUs
			archsimd.ClearAVXUpperBits()
			if i == len(src) {
				break
			}
			end := min(i+vecGroup, len(src))
			if j, f := scalar(dst[i:end], src[i:end]); f != CastOK {
				return i + j, f
			}
			i = end
		}
		return -1, CastOK
	}
}

// vectorRun returns the vector loop for spec, or nil when there is none
// (other types, float64 -> float32 in a directed mode, no AVX2).
func vectorRun[S Float, D CastElement](spec CastSpec) func(dst []D, src []S) int {
	if !archsimd.X86.AVX2() {
		return nil
	}
	var run any
	switch any(S(0)).(type) {
	case float64:
		if spec.To == Float32 {
			if spec.Rounding != NearestEven {
				return nil
			}
			if spec.OutOfRange == OutOfRangeClamp {
				run = f64ToF32All
			} else {
				run = f64ToF32Finite
			}
			break
		}
		b, ok := newVecBounds[D](spec, 8)
		if !ok {
			return nil
		}
		run = b.f64Run(spec.To)
	case float32:
		b, ok := newVecBounds[D](spec, 4)
		if !ok {
			return nil
		}
		run = b.f32Run(spec.To)
	}
	r, _ := run.(func(dst []D, src []S) int)
	return r
}

// vecBounds holds what a float -> integer vector loop needs.
type vecBounds struct {
	lo, hi float64 // the fast range: the target's bounds, hi as a source value
	mode   RoundingMode
	clamp  bool // finite groups are clamped to [lo, hi], which are the target's bounds
}

// newVecBounds returns the bounds of the float -> D loop for a source of
// srcSize bytes, or false when D has no vector loop.
func newVecBounds[D CastElement](spec CastSpec, srcSize int) (vecBounds, bool) {
	var lo, maxF float64
	switch any(D(0)).(type) {
	case uint8:
		lo, _, maxF = intFloatBounds[uint8]()
	case int8:
		lo, _, maxF = intFloatBounds[int8]()
	case uint16:
		lo, _, maxF = intFloatBounds[uint16]()
	case int16:
		lo, _, maxF = intFloatBounds[int16]()
	case int32:
		lo, _, maxF = intFloatBounds[int32]()
	default:
		return vecBounds{}, false
	}
	b := vecBounds{lo: lo, hi: maxF, mode: spec.Rounding}
	if srcSize == 4 { // the largest float32 not above maxF: x <= hi iff float64(x) <= maxF
		h := float32(maxF)
		if float64(h) > maxF {
			h = math.Nextafter32(h, 0)
		}
		b.hi = float64(h)
	}
	b.clamp = spec.OutOfRange == OutOfRangeClamp && b.hi == maxF
	return b, true
}

// f64Run returns the float64 -> to loop as a func(dst []D, src []float64) int.
func (b vecBounds) f64Run(to DataType) any {
	switch to {
	case Uint8:
		return func(d []uint8, s []float64) int { return b.f64ToBytes(d, s) }
	case Int8:
		return func(d []int8, s []float64) int { return b.f64ToBytes(bytesOf(d), s) }
	case Int16:
		return b.f64ToI16
	case Uint16:
		return b.f64ToU16
	}
	return b.f64ToI32
}

// f32Run returns the float32 -> to loop as a func(dst []D, src []float32) int.
func (b vecBounds) f32Run(to DataType) any {
	switch to {
	case Uint8:
		return func(d []uint8, s []float32) int { return b.f32ToBytes(d, s) }
	case Int8:
		return func(d []int8, s []float32) int { return b.f32ToBytes(bytesOf(d), s) }
	case Int16:
		return b.f32ToI16
	case Uint16:
		return b.f32ToU16
	}
	return b.f32ToI32
}

// bytesOf returns the memory of d as bytes.
func bytesOf(d []int8) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
}

// lowBytesLo and lowBytesHi are read-only VPSHUFB index tables gathering
// the low bytes of eight int16 lanes into the low or high half of a vector
// (-1 gives a zero byte). They are package variables, not composite
// literals, so that loading them is one VEX load: a literal is built on the
// stack with legacy SSE stores, which cost a state transition on some CPUs
// while the vector registers' upper halves are in use.
var (
	lowBytesLo = [16]int8{0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1, -1, -1, -1, -1}
	lowBytesHi = [16]int8{-1, -1, -1, -1, -1, -1, -1, -1, 0, 2, 4, 6, 8, 10, 12, 14}
)

// narrowBytes packs 16 int32 lanes holding values of int8 or uint8 into
// their low bytes: signed saturation to int16 keeps every value, and
// VPSHUFB gathers the low byte of each.
func narrowBytes(a, b, c, d archsimd.Int32x4, il, ih archsimd.Int8x16) archsimd.Uint8x16 {
	lo := a.SaturateToInt16Concat(b).AsInt8x16().PermuteOrZero(il)
	hi := c.SaturateToInt16Concat(d).AsInt8x16().PermuteOrZero(ih)
	return lo.Or(hi).AsUint8x16()
}

// f64Params is a vecBounds as vectors.
type f64Params struct {
	lo, hi     archsimd.Float64x4
	sign, half archsimd.Uint64x4 // the sign bit; the bits of 0.5 - 2^-54
	mode       RoundingMode
	clamp      bool
}

// set fills p from b field by field: each store is a VEX store, where
// returning the struct would copy it with legacy SSE moves, which cost a
// state transition on some CPUs after the broadcasts.
func (p *f64Params) set(b vecBounds) {
	p.lo, p.hi = archsimd.BroadcastFloat64x4(b.lo), archsimd.BroadcastFloat64x4(b.hi)
	p.sign, p.half = archsimd.BroadcastUint64x4(1<<63), archsimd.BroadcastUint64x4(math.Float64bits(0.5-0x1p-54))
	p.mode, p.clamp = b.mode, b.clamp
}

// take returns the elements of a group ready for rounding, or false when
// one of them does not take the fast path: under clamp, finite elements
// clamped to the bounds; otherwise elements within the bounds.
func (p *f64Params) take(v0, v1, v2, v3 archsimd.Float64x4) (w0, w1, w2, w3 archsimd.Float64x4, ok bool) {
	if p.clamp {
		t := v0.Sub(v0).Add(v1.Sub(v1)).Add(v2.Sub(v2).Add(v3.Sub(v3))) // NaN iff one is not finite
		return v0.Max(p.lo).Min(p.hi), v1.Max(p.lo).Min(p.hi), v2.Max(p.lo).Min(p.hi), v3.Max(p.lo).Min(p.hi),
			t.Equal(t).ToBits() == 0xf
	}
	m := v0.GreaterEqual(p.lo).And(v0.LessEqual(p.hi)).And(v1.GreaterEqual(p.lo)).And(v1.LessEqual(p.hi))
	m = m.And(v2.GreaterEqual(p.lo)).And(v2.LessEqual(p.hi)).And(v3.GreaterEqual(p.lo)).And(v3.LessEqual(p.hi))
	return v0, v1, v2, v3, m.ToBits() == 0xf
}

// away rounds v (|v| < 2^52) to the nearest integer, ties away from zero:
// v + copysign(0.5 - 2^-54, v) rounds (to nearest even) past the next
// integer exactly when |v|'s fraction is at least one half, so truncating
// the sum gives the result.
func (p *f64Params) away(v archsimd.Float64x4) archsimd.Float64x4 {
	return v.Add(v.AsUint64x4().And(p.sign).Or(p.half).AsFloat64x4()).Trunc()
}

// ints rounds taken elements in p's mode and converts them to int32 lanes
// (exactly: they are integers within the target's range).
func (p *f64Params) ints(v0, v1, v2, v3 archsimd.Float64x4) (a, b, c, d archsimd.Int32x4) {
	switch p.mode {
	case NearestEven:
		v0, v1, v2, v3 = v0.RoundToEven(), v1.RoundToEven(), v2.RoundToEven(), v3.RoundToEven()
	case TowardsZero:
		v0, v1, v2, v3 = v0.Trunc(), v1.Trunc(), v2.Trunc(), v3.Trunc()
	case TowardsPositive:
		v0, v1, v2, v3 = v0.Ceil(), v1.Ceil(), v2.Ceil(), v3.Ceil()
	case TowardsNegative:
		v0, v1, v2, v3 = v0.Floor(), v1.Floor(), v2.Floor(), v3.Floor()
	default:
		v0, v1, v2, v3 = p.away(v0), p.away(v1), p.away(v2), p.away(v3)
	}
	return v0.ConvertToInt32(), v1.ConvertToInt32(), v2.ConvertToInt32(), v3.ConvertToInt32()
}

// load16 loads x[:16].
func load16(x []float64) (v0, v1, v2, v3 archsimd.Float64x4) {
	x = x[:16]
	return archsimd.LoadFloat64x4Slice(x[0:4]), archsimd.LoadFloat64x4Slice(x[4:8]),
		archsimd.LoadFloat64x4Slice(x[8:12]), archsimd.LoadFloat64x4Slice(x[12:16])
}

func (b vecBounds) f64ToBytes(d []byte, s []float64) int {
	var p f64Params
	p.set(b)
	il, ih := archsimd.LoadInt8x16(&lowBytesLo), archsimd.LoadInt8x16(&lowBytesHi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, v2, v3, ok := p.take(load16(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1, r2, r3 := p.ints(v0, v1, v2, v3)
		narrowBytes(r0, r1, r2, r3, il, ih).StoreSlice(d[i : i+16 : i+16])
	}
	return i
}

func (b vecBounds) f64ToI16(d []int16, s []float64) int {
	var p f64Params
	p.set(b)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, v2, v3, ok := p.take(load16(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1, r2, r3 := p.ints(v0, v1, v2, v3)
		o := d[i : i+16 : i+16]
		r0.SaturateToInt16Concat(r1).StoreSlice(o[0:8])
		r2.SaturateToInt16Concat(r3).StoreSlice(o[8:16])
	}
	return i
}

func (b vecBounds) f64ToU16(d []uint16, s []float64) int {
	var p f64Params
	p.set(b)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, v2, v3, ok := p.take(load16(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1, r2, r3 := p.ints(v0, v1, v2, v3)
		o := d[i : i+16 : i+16]
		r0.SaturateToUint16Concat(r1).StoreSlice(o[0:8])
		r2.SaturateToUint16Concat(r3).StoreSlice(o[8:16])
	}
	return i
}

func (b vecBounds) f64ToI32(d []int32, s []float64) int {
	var p f64Params
	p.set(b)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, v2, v3, ok := p.take(load16(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1, r2, r3 := p.ints(v0, v1, v2, v3)
		o := d[i : i+16 : i+16]
		r0.StoreSlice(o[0:4])
		r1.StoreSlice(o[4:8])
		r2.StoreSlice(o[8:12])
		r3.StoreSlice(o[12:16])
	}
	return i
}

// f32Params is a vecBounds as vectors.
type f32Params struct {
	lo, hi     archsimd.Float32x8
	sign, half archsimd.Uint32x8 // the sign bit; the bits of 0.5 - 2^-25
	mode       RoundingMode
	clamp      bool
}

// set is f64Params.set for float32.
func (p *f32Params) set(b vecBounds) {
	p.lo, p.hi = archsimd.BroadcastFloat32x8(float32(b.lo)), archsimd.BroadcastFloat32x8(float32(b.hi))
	p.sign, p.half = archsimd.BroadcastUint32x8(1<<31), archsimd.BroadcastUint32x8(math.Float32bits(0.5-0x1p-25))
	p.mode, p.clamp = b.mode, b.clamp
}

// take is f64Params.take for float32 elements.
func (p *f32Params) take(v0, v1 archsimd.Float32x8) (w0, w1 archsimd.Float32x8, ok bool) {
	if p.clamp {
		t := v0.Sub(v0).Add(v1.Sub(v1)) // NaN iff one is not finite
		return v0.Max(p.lo).Min(p.hi), v1.Max(p.lo).Min(p.hi), t.Equal(t).ToBits() == 0xff
	}
	m := v0.GreaterEqual(p.lo).And(v0.LessEqual(p.hi)).And(v1.GreaterEqual(p.lo)).And(v1.LessEqual(p.hi))
	return v0, v1, m.ToBits() == 0xff
}

// away is f64Params.away for float32 elements (|v| < 2^23 or integral).
func (p *f32Params) away(v archsimd.Float32x8) archsimd.Float32x8 {
	return v.Add(v.AsUint32x8().And(p.sign).Or(p.half).AsFloat32x8()).Trunc()
}

// ints is f64Params.ints for float32 elements. Rounding a float32 in
// float32 gives the integer the scalar kernel gets from its float64
// widening.
func (p *f32Params) ints(v0, v1 archsimd.Float32x8) (a, b archsimd.Int32x8) {
	switch p.mode {
	case NearestEven:
		v0, v1 = v0.RoundToEven(), v1.RoundToEven()
	case TowardsZero:
		v0, v1 = v0.Trunc(), v1.Trunc()
	case TowardsPositive:
		v0, v1 = v0.Ceil(), v1.Ceil()
	case TowardsNegative:
		v0, v1 = v0.Floor(), v1.Floor()
	default:
		v0, v1 = p.away(v0), p.away(v1)
	}
	return v0.ConvertToInt32(), v1.ConvertToInt32()
}

// load16f32 loads x[:16].
func load16f32(x []float32) (v0, v1 archsimd.Float32x8) {
	x = x[:16]
	return archsimd.LoadFloat32x8Slice(x[0:8]), archsimd.LoadFloat32x8Slice(x[8:16])
}

func (b vecBounds) f32ToBytes(d []byte, s []float32) int {
	var p f32Params
	p.set(b)
	il, ih := archsimd.LoadInt8x16(&lowBytesLo), archsimd.LoadInt8x16(&lowBytesHi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, ok := p.take(load16f32(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1 := p.ints(v0, v1)
		narrowBytes(r0.GetLo(), r0.GetHi(), r1.GetLo(), r1.GetHi(), il, ih).StoreSlice(d[i : i+16 : i+16])
	}
	return i
}

func (b vecBounds) f32ToI16(d []int16, s []float32) int {
	var p f32Params
	p.set(b)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, ok := p.take(load16f32(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1 := p.ints(v0, v1)
		o := d[i : i+16 : i+16]
		r0.GetLo().SaturateToInt16Concat(r0.GetHi()).StoreSlice(o[0:8])
		r1.GetLo().SaturateToInt16Concat(r1.GetHi()).StoreSlice(o[8:16])
	}
	return i
}

func (b vecBounds) f32ToU16(d []uint16, s []float32) int {
	var p f32Params
	p.set(b)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, ok := p.take(load16f32(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1 := p.ints(v0, v1)
		o := d[i : i+16 : i+16]
		r0.GetLo().SaturateToUint16Concat(r0.GetHi()).StoreSlice(o[0:8])
		r1.GetLo().SaturateToUint16Concat(r1.GetHi()).StoreSlice(o[8:16])
	}
	return i
}

func (b vecBounds) f32ToI32(d []int32, s []float32) int {
	var p f32Params
	p.set(b)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		v0, v1, ok := p.take(load16f32(s[i : i+16 : i+16]))
		if !ok {
			break
		}
		r0, r1 := p.ints(v0, v1)
		o := d[i : i+16 : i+16]
		r0.StoreSlice(o[0:8])
		r1.StoreSlice(o[8:16])
	}
	return i
}

// f64ToF32All converts whole groups float64 -> float32 in nearest-even,
// whatever the results (the clamp policy: overflow gives the infinity the
// hardware gives).
func f64ToF32All(d []float32, s []float64) int {
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := s[i:i+16:i+16], d[i:i+16:i+16]
		archsimd.LoadFloat64x4Slice(x[0:4]).ConvertToFloat32().StoreSlice(y[0:4])
		archsimd.LoadFloat64x4Slice(x[4:8]).ConvertToFloat32().StoreSlice(y[4:8])
		archsimd.LoadFloat64x4Slice(x[8:12]).ConvertToFloat32().StoreSlice(y[8:12])
		archsimd.LoadFloat64x4Slice(x[12:16]).ConvertToFloat32().StoreSlice(y[12:16])
	}
	return i
}

// f64ToF32Finite converts groups float64 -> float32 in nearest-even while
// every result of the group is finite.
func f64ToF32Finite(d []float32, s []float64) int {
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := s[i:i+16:i+16], d[i:i+16:i+16]
		r0 := archsimd.LoadFloat64x4Slice(x[0:4]).ConvertToFloat32()
		r1 := archsimd.LoadFloat64x4Slice(x[4:8]).ConvertToFloat32()
		r2 := archsimd.LoadFloat64x4Slice(x[8:12]).ConvertToFloat32()
		r3 := archsimd.LoadFloat64x4Slice(x[12:16]).ConvertToFloat32()
		t := r0.Sub(r0).Add(r1.Sub(r1)).Add(r2.Sub(r2).Add(r3.Sub(r3))) // NaN iff one is not finite
		if t.Equal(t).ToBits() != 0xf {
			break
		}
		r0.StoreSlice(y[0:4])
		r1.StoreSlice(y[4:8])
		r2.StoreSlice(y[8:12])
		r3.StoreSlice(y[12:16])
	}
	return i
}

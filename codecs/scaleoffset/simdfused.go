//go:build goexperiment.simd && amd64

package scaleoffset

import (
	"unsafe"

	"simd/archsimd"
)

// AVX2 loops for the one-loop scale_offset + cast_value kernels of
// fuseddirect.go (GOEXPERIMENT=simd builds on amd64): float64 data to
// uint8, int8, int16, uint16 or int32, and float32 data to int16 or uint16.
//
// Each takes 16 elements at a time: (x - offset) then * scale as separate
// vector operations in the data's type, VROUNDPD/VROUNDPS to nearest-even,
// and a range check against the integer type. A group whose rounded values
// are all in range (NaN never is) is converted (exactly, as the values are
// integers in range) and stored; at the first group that is not, the loop
// stops and directEnc.run maps that group with the scalar loop (NaN map,
// clamp, errors), then resumes. For |y| < 2^51 VROUNDPD gives the integer
// rintSmall gives, and larger values are out of range in both, so a group
// is stored here exactly when the scalar loop would store the same values.

// directEncVec returns the vector loop for F data cast to I when there is
// one and the CPU has AVX2, or nil.
func directEncVec[F float32 | float64, I smallInt]() func(k *directEnc[F, I], d []I, s []F) int {
	if !archsimd.X86.AVX2() {
		return nil
	}
	var v any
	switch any(*new(F)).(type) {
	case float64:
		switch any(*new(I)).(type) {
		case uint8:
			v = encF64ToU8
		case int8:
			v = encF64ToI8
		case int16:
			v = encF64ToI16
		case uint16:
			v = encF64ToU16
		case int32:
			v = encF64ToI32
		}
	case float32:
		switch any(*new(I)).(type) {
		case int16:
			v = encF32ToI16
		case uint16:
			v = encF32ToU16
		}
	}
	f, _ := v.(func(k *directEnc[F, I], d []I, s []F) int)
	return f
}

// f64Group holds the broadcast parameters of a float64 kernel.
type f64Group struct{ off, scale, lo, hi archsimd.Float64x4 }

func newF64Group(off, scale, lo, hi float64) f64Group {
	return f64Group{archsimd.BroadcastFloat64x4(off), archsimd.BroadcastFloat64x4(scale),
		archsimd.BroadcastFloat64x4(lo), archsimd.BroadcastFloat64x4(hi)}
}

// round converts 16 elements x to int32 lanes, ok false when one of them
// is not in range after rounding.
func (g *f64Group) round(x []float64) (a, b, c, d archsimd.Int32x4, ok bool) {
	x = x[:16]
	r0 := archsimd.LoadFloat64x4Slice(x[0:4]).Sub(g.off).Mul(g.scale).RoundToEven()
	r1 := archsimd.LoadFloat64x4Slice(x[4:8]).Sub(g.off).Mul(g.scale).RoundToEven()
	r2 := archsimd.LoadFloat64x4Slice(x[8:12]).Sub(g.off).Mul(g.scale).RoundToEven()
	r3 := archsimd.LoadFloat64x4Slice(x[12:16]).Sub(g.off).Mul(g.scale).RoundToEven()
	m := r0.GreaterEqual(g.lo).And(r0.LessEqual(g.hi)).And(r1.GreaterEqual(g.lo)).And(r1.LessEqual(g.hi))
	m = m.And(r2.GreaterEqual(g.lo)).And(r2.LessEqual(g.hi)).And(r3.GreaterEqual(g.lo)).And(r3.LessEqual(g.hi))
	if m.ToBits() != 0xf {
		return a, b, c, d, false
	}
	return r0.ConvertToInt32(), r1.ConvertToInt32(), r2.ConvertToInt32(), r3.ConvertToInt32(), true
}

// encF64ToBytes maps float64 data to 8-bit integers (uint8 or int8, whose
// ranges int16 holds, so that the low byte of each int16 is the result).
func encF64ToBytes(off, scale, lo, hi float64, d []byte, s []float64) int {
	g := newF64Group(off, scale, lo, hi)
	// VPSHUFB indices gathering the low bytes of eight int16 lanes into
	// the low (il) or high (ih) half of a vector; -1 gives a zero byte.
	il := archsimd.LoadInt8x16(&[16]int8{0, 2, 4, 6, 8, 10, 12, 14, -1, -1, -1, -1, -1, -1, -1, -1})
	ih := archsimd.LoadInt8x16(&[16]int8{-1, -1, -1, -1, -1, -1, -1, -1, 0, 2, 4, 6, 8, 10, 12, 14})
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		a, b, c, e, ok := g.round(s[i : i+16 : i+16])
		if !ok {
			break
		}
		lo16 := a.SaturateToInt16Concat(b).AsInt8x16().PermuteOrZero(il)
		hi16 := c.SaturateToInt16Concat(e).AsInt8x16().PermuteOrZero(ih)
		lo16.Or(hi16).AsUint8x16().StoreSlice(d[i : i+16 : i+16])
	}
	return i
}

func encF64ToU8(k *directEnc[float64, uint8], d []uint8, s []float64) int {
	return encF64ToBytes(k.off, k.scale, k.lo, k.hi, d, s)
}

func encF64ToI8(k *directEnc[float64, int8], d []int8, s []float64) int {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(d))), len(d))
	return encF64ToBytes(k.off, k.scale, k.lo, k.hi, b, s)
}

func encF64ToI16(k *directEnc[float64, int16], d []int16, s []float64) int {
	g := newF64Group(k.off, k.scale, k.lo, k.hi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		a, b, c, e, ok := g.round(s[i : i+16 : i+16])
		if !ok {
			break
		}
		o := d[i : i+16 : i+16]
		a.SaturateToInt16Concat(b).StoreSlice(o[0:8])
		c.SaturateToInt16Concat(e).StoreSlice(o[8:16])
	}
	return i
}

func encF64ToU16(k *directEnc[float64, uint16], d []uint16, s []float64) int {
	g := newF64Group(k.off, k.scale, k.lo, k.hi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		a, b, c, e, ok := g.round(s[i : i+16 : i+16])
		if !ok {
			break
		}
		o := d[i : i+16 : i+16]
		a.SaturateToUint16Concat(b).StoreSlice(o[0:8])
		c.SaturateToUint16Concat(e).StoreSlice(o[8:16])
	}
	return i
}

func encF64ToI32(k *directEnc[float64, int32], d []int32, s []float64) int {
	g := newF64Group(k.off, k.scale, k.lo, k.hi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		a, b, c, e, ok := g.round(s[i : i+16 : i+16])
		if !ok {
			break
		}
		o := d[i : i+16 : i+16]
		a.StoreSlice(o[0:4])
		b.StoreSlice(o[4:8])
		c.StoreSlice(o[8:12])
		e.StoreSlice(o[12:16])
	}
	return i
}

// f32Group holds the broadcast parameters of a float32 kernel. The ranges
// of 16-bit integers are exact in float32, and so is rounding a float32 to
// an integer, so the check in float32 agrees with the scalar one in
// float64.
type f32Group struct{ off, scale, lo, hi archsimd.Float32x8 }

func newF32Group(off, scale float32, lo, hi float64) f32Group {
	return f32Group{archsimd.BroadcastFloat32x8(off), archsimd.BroadcastFloat32x8(scale),
		archsimd.BroadcastFloat32x8(float32(lo)), archsimd.BroadcastFloat32x8(float32(hi))}
}

// round converts 16 elements x to int32 lanes, ok false when one of them
// is not in range after rounding.
func (g *f32Group) round(x []float32) (a, b archsimd.Int32x8, ok bool) {
	x = x[:16]
	r0 := archsimd.LoadFloat32x8Slice(x[0:8]).Sub(g.off).Mul(g.scale).RoundToEven()
	r1 := archsimd.LoadFloat32x8Slice(x[8:16]).Sub(g.off).Mul(g.scale).RoundToEven()
	m := r0.GreaterEqual(g.lo).And(r0.LessEqual(g.hi)).And(r1.GreaterEqual(g.lo)).And(r1.LessEqual(g.hi))
	if m.ToBits() != 0xff {
		return a, b, false
	}
	return r0.ConvertToInt32(), r1.ConvertToInt32(), true
}

func encF32ToI16(k *directEnc[float32, int16], d []int16, s []float32) int {
	g := newF32Group(k.off, k.scale, k.lo, k.hi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		a, b, ok := g.round(s[i : i+16 : i+16])
		if !ok {
			break
		}
		o := d[i : i+16 : i+16]
		a.GetLo().SaturateToInt16Concat(a.GetHi()).StoreSlice(o[0:8])
		b.GetLo().SaturateToInt16Concat(b.GetHi()).StoreSlice(o[8:16])
	}
	return i
}

func encF32ToU16(k *directEnc[float32, uint16], d []uint16, s []float32) int {
	g := newF32Group(k.off, k.scale, k.lo, k.hi)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		a, b, ok := g.round(s[i : i+16 : i+16])
		if !ok {
			break
		}
		o := d[i : i+16 : i+16]
		a.GetLo().SaturateToUint16Concat(a.GetHi()).StoreSlice(o[0:8])
		b.GetLo().SaturateToUint16Concat(b.GetHi()).StoreSlice(o[8:16])
	}
	return i
}

//go:build goexperiment.simd && amd64

package scaleoffset

import "simd/archsimd"

// AVX2 loops for scale_offset on float32 and float64 (GOEXPERIMENT=simd
// builds on amd64). Each takes four vectors at a time, computes them with
// one separate instruction per operation (VSUBPS then VMULPS, never an
// FMA), and stores them only when all results are finite: y - y is +0 for
// a finite y and NaN otherwise, and NaN survives the sums. A block with a
// non-finite result, and the tail, go to the scalar loop of
// floatkernel.go, which then writes the block and finds the failing
// element. With finite operands both loops compute the same correctly
// rounded IEEE results (Go leaves MXCSR in round-to-nearest without
// flush-to-zero), so the bytes written and the index returned are those of
// the scalar loop.

// floatVecFor returns the vector loops for F when the CPU has AVX2, or nil.
func floatVecFor[F float32 | float64]() *floatVec[F] {
	if !archsimd.X86.AVX2() {
		return nil
	}
	var v any
	switch any(F(0)).(type) {
	case float32:
		v = &floatVec[float32]{encode: encodeF32x8, decode: decodeF32x8, decodeRecip: decodeRecipF32x8}
	case float64:
		v = &floatVec[float64]{encode: encodeF64x4, decode: decodeF64x4, decodeRecip: decodeRecipF64x4}
	}
	return v.(*floatVec[F])
}

// allFinite32 reports whether a, b, c and d hold only finite values.
func allFinite32(a, b, c, d archsimd.Float32x8) bool {
	t := a.Sub(a).Add(b.Sub(b)).Add(c.Sub(c).Add(d.Sub(d)))
	return t.Equal(t).ToBits() == 0xff
}

// allFinite64 reports whether a, b, c and d hold only finite values.
func allFinite64(a, b, c, d archsimd.Float64x4) bool {
	t := a.Sub(a).Add(b.Sub(b)).Add(c.Sub(c).Add(d.Sub(d)))
	return t.Equal(t).ToBits() == 0xf
}

// encodeF32x8 is encodeFloat[float32].
func encodeF32x8(d, s []float32, off, scale float32) int {
	d = d[:len(s)]
	vo, vs := archsimd.BroadcastFloat32x8(off), archsimd.BroadcastFloat32x8(scale)
	i := 0
	for ; i+32 <= len(s); i += 32 {
		x, y := s[i:i+32:i+32], d[i:i+32:i+32]
		y0 := archsimd.LoadFloat32x8Slice(x[0:8]).Sub(vo).Mul(vs)
		y1 := archsimd.LoadFloat32x8Slice(x[8:16]).Sub(vo).Mul(vs)
		y2 := archsimd.LoadFloat32x8Slice(x[16:24]).Sub(vo).Mul(vs)
		y3 := archsimd.LoadFloat32x8Slice(x[24:32]).Sub(vo).Mul(vs)
		if !allFinite32(y0, y1, y2, y3) {
			if j := encodeFloat(y, x, off, scale); j >= 0 {
				return i + j
			}
			continue
		}
		y0.StoreSlice(y[0:8])
		y1.StoreSlice(y[8:16])
		y2.StoreSlice(y[16:24])
		y3.StoreSlice(y[24:32])
	}
	if j := encodeFloat(d[i:], s[i:], off, scale); j >= 0 {
		return i + j
	}
	return -1
}

// decodeF32x8 is decodeFloat[float32].
func decodeF32x8(d, s []float32, scale, off float32) int {
	d = d[:len(s)]
	vo, vs := archsimd.BroadcastFloat32x8(off), archsimd.BroadcastFloat32x8(scale)
	i := 0
	for ; i+32 <= len(s); i += 32 {
		x, y := s[i:i+32:i+32], d[i:i+32:i+32]
		y0 := archsimd.LoadFloat32x8Slice(x[0:8]).Div(vs).Add(vo)
		y1 := archsimd.LoadFloat32x8Slice(x[8:16]).Div(vs).Add(vo)
		y2 := archsimd.LoadFloat32x8Slice(x[16:24]).Div(vs).Add(vo)
		y3 := archsimd.LoadFloat32x8Slice(x[24:32]).Div(vs).Add(vo)
		if !allFinite32(y0, y1, y2, y3) {
			if j := decodeFloat(y, x, scale, off); j >= 0 {
				return i + j
			}
			continue
		}
		y0.StoreSlice(y[0:8])
		y1.StoreSlice(y[8:16])
		y2.StoreSlice(y[16:24])
		y3.StoreSlice(y[24:32])
	}
	if j := decodeFloat(d[i:], s[i:], scale, off); j >= 0 {
		return i + j
	}
	return -1
}

// decodeRecipF32x8 is decodeFloatRecip[float32].
func decodeRecipF32x8(d, s []float32, recip, off float32) int {
	d = d[:len(s)]
	vo, vr := archsimd.BroadcastFloat32x8(off), archsimd.BroadcastFloat32x8(recip)
	i := 0
	for ; i+32 <= len(s); i += 32 {
		x, y := s[i:i+32:i+32], d[i:i+32:i+32]
		y0 := archsimd.LoadFloat32x8Slice(x[0:8]).Mul(vr).Add(vo)
		y1 := archsimd.LoadFloat32x8Slice(x[8:16]).Mul(vr).Add(vo)
		y2 := archsimd.LoadFloat32x8Slice(x[16:24]).Mul(vr).Add(vo)
		y3 := archsimd.LoadFloat32x8Slice(x[24:32]).Mul(vr).Add(vo)
		if !allFinite32(y0, y1, y2, y3) {
			if j := decodeFloatRecip(y, x, recip, off); j >= 0 {
				return i + j
			}
			continue
		}
		y0.StoreSlice(y[0:8])
		y1.StoreSlice(y[8:16])
		y2.StoreSlice(y[16:24])
		y3.StoreSlice(y[24:32])
	}
	if j := decodeFloatRecip(d[i:], s[i:], recip, off); j >= 0 {
		return i + j
	}
	return -1
}

// encodeF64x4 is encodeFloat[float64].
func encodeF64x4(d, s []float64, off, scale float64) int {
	d = d[:len(s)]
	vo, vs := archsimd.BroadcastFloat64x4(off), archsimd.BroadcastFloat64x4(scale)
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := s[i:i+16:i+16], d[i:i+16:i+16]
		y0 := archsimd.LoadFloat64x4Slice(x[0:4]).Sub(vo).Mul(vs)
		y1 := archsimd.LoadFloat64x4Slice(x[4:8]).Sub(vo).Mul(vs)
		y2 := archsimd.LoadFloat64x4Slice(x[8:12]).Sub(vo).Mul(vs)
		y3 := archsimd.LoadFloat64x4Slice(x[12:16]).Sub(vo).Mul(vs)
		if !allFinite64(y0, y1, y2, y3) {
			if j := encodeFloat(y, x, off, scale); j >= 0 {
				return i + j
			}
			continue
		}
		y0.StoreSlice(y[0:4])
		y1.StoreSlice(y[4:8])
		y2.StoreSlice(y[8:12])
		y3.StoreSlice(y[12:16])
	}
	if j := encodeFloat(d[i:], s[i:], off, scale); j >= 0 {
		return i + j
	}
	return -1
}

// decodeF64x4 is decodeFloat[float64].
func decodeF64x4(d, s []float64, scale, off float64) int {
	d = d[:len(s)]
	vo, vs := archsimd.BroadcastFloat64x4(off), archsimd.BroadcastFloat64x4(scale)
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := s[i:i+16:i+16], d[i:i+16:i+16]
		y0 := archsimd.LoadFloat64x4Slice(x[0:4]).Div(vs).Add(vo)
		y1 := archsimd.LoadFloat64x4Slice(x[4:8]).Div(vs).Add(vo)
		y2 := archsimd.LoadFloat64x4Slice(x[8:12]).Div(vs).Add(vo)
		y3 := archsimd.LoadFloat64x4Slice(x[12:16]).Div(vs).Add(vo)
		if !allFinite64(y0, y1, y2, y3) {
			if j := decodeFloat(y, x, scale, off); j >= 0 {
				return i + j
			}
			continue
		}
		y0.StoreSlice(y[0:4])
		y1.StoreSlice(y[4:8])
		y2.StoreSlice(y[8:12])
		y3.StoreSlice(y[12:16])
	}
	if j := decodeFloat(d[i:], s[i:], scale, off); j >= 0 {
		return i + j
	}
	return -1
}

// decodeRecipF64x4 is decodeFloatRecip[float64].
func decodeRecipF64x4(d, s []float64, recip, off float64) int {
	d = d[:len(s)]
	vo, vr := archsimd.BroadcastFloat64x4(off), archsimd.BroadcastFloat64x4(recip)
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := s[i:i+16:i+16], d[i:i+16:i+16]
		y0 := archsimd.LoadFloat64x4Slice(x[0:4]).Mul(vr).Add(vo)
		y1 := archsimd.LoadFloat64x4Slice(x[4:8]).Mul(vr).Add(vo)
		y2 := archsimd.LoadFloat64x4Slice(x[8:12]).Mul(vr).Add(vo)
		y3 := archsimd.LoadFloat64x4Slice(x[12:16]).Mul(vr).Add(vo)
		if !allFinite64(y0, y1, y2, y3) {
			if j := decodeFloatRecip(y, x, recip, off); j >= 0 {
				return i + j
			}
			continue
		}
		y0.StoreSlice(y[0:4])
		y1.StoreSlice(y[4:8])
		y2.StoreSlice(y[8:12])
		y3.StoreSlice(y[12:16])
	}
	if j := decodeFloatRecip(d[i:], s[i:], recip, off); j >= 0 {
		return i + j
	}
	return -1
}

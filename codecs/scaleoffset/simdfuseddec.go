//go:build goexperiment.simd && amd64

package scaleoffset

import "simd/archsimd"

// AVX2 loops for the decoding side of the one-loop kernels of
// fuseddirect.go: uint8, int8, int16, uint16 or int32 data to float64, and
// int16 or uint16 data to float32.
//
// Each takes 16 elements at a time, widens them to int32 lanes and converts
// them exactly (every such integer is a float64, and every 16-bit integer
// a float32), then divides by the scale (or multiplies by its exact
// reciprocal) and adds the offset, one vector operation each. A group is
// stored when no element equals the decode map's key and all results are
// finite; at the first group that is not, the loop stops and
// directDec.run maps that group with the scalar loop, then resumes.

// directDecVec returns the vector loop for I data decoded to F when there
// is one and the CPU has AVX2, or nil.
func directDecVec[F float32 | float64, I smallInt]() func(k *directDec[F, I], d []F, s []I) int {
	if !archsimd.X86.AVX2() {
		return nil
	}
	var v any
	switch any(*new(F)).(type) {
	case float64:
		switch any(*new(I)).(type) {
		case uint8:
			v = decU8ToF64
		case int8:
			v = decI8ToF64
		case int16:
			v = decI16ToF64
		case uint16:
			v = decU16ToF64
		case int32:
			v = decI32ToF64
		}
	case float32:
		switch any(*new(I)).(type) {
		case int16:
			v = decI16ToF32
		case uint16:
			v = decU16ToF32
		}
	}
	f, _ := v.(func(k *directDec[F, I], d []F, s []I) int)
	return f
}

// f64Dec holds the broadcast parameters of a float64 decoding loop.
type f64Dec struct {
	div, off, key    archsimd.Float64x4 // div: scale, or its reciprocal
	useRecip, hasKey bool
}

func newF64Dec[I smallInt](k *directDec[float64, I]) f64Dec {
	g := f64Dec{div: archsimd.BroadcastFloat64x4(k.scale), off: archsimd.BroadcastFloat64x4(k.off),
		key: archsimd.BroadcastFloat64x4(float64(k.key)), useRecip: k.useRecip, hasKey: k.hasKey}
	if k.useRecip {
		g.div = archsimd.BroadcastFloat64x4(k.recip)
	}
	return g
}

// put computes and stores the 16 results of the int32 lanes a, b, c and
// e into d, or reports false without storing.
func (g *f64Dec) put(d []float64, a, b, c, e archsimd.Int32x4) bool {
	d = d[:16]
	v0, v1, v2, v3 := a.ConvertToFloat64(), b.ConvertToFloat64(), c.ConvertToFloat64(), e.ConvertToFloat64()
	if g.hasKey && v0.Equal(g.key).Or(v1.Equal(g.key)).Or(v2.Equal(g.key)).Or(v3.Equal(g.key)).ToBits() != 0 {
		return false
	}
	if g.useRecip {
		v0, v1, v2, v3 = v0.Mul(g.div), v1.Mul(g.div), v2.Mul(g.div), v3.Mul(g.div)
	} else {
		v0, v1, v2, v3 = v0.Div(g.div), v1.Div(g.div), v2.Div(g.div), v3.Div(g.div)
	}
	v0, v1, v2, v3 = v0.Add(g.off), v1.Add(g.off), v2.Add(g.off), v3.Add(g.off)
	if !allFinite64(v0, v1, v2, v3) {
		return false
	}
	v0.StoreSlice(d[0:4])
	v1.StoreSlice(d[4:8])
	v2.StoreSlice(d[8:12])
	v3.StoreSlice(d[12:16])
	return true
}

// upperBytes returns VPSHUFB indices that move bytes 8-15 of a vector to
// bytes 0-7.
func upperBytes() archsimd.Int8x16 {
	return archsimd.LoadInt8x16(&[16]int8{8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1})
}

func decU8ToF64(k *directDec[float64, uint8], d []float64, s []uint8) int {
	g := newF64Dec(k)
	up := upperBytes()
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		u := archsimd.LoadUint8x16Slice(s[i : i+16 : i+16])
		lo := u.ExtendLo8ToUint32().AsInt32x8()
		hi := u.AsInt8x16().PermuteOrZero(up).AsUint8x16().ExtendLo8ToUint32().AsInt32x8()
		if !g.put(d[i:i+16:i+16], lo.GetLo(), lo.GetHi(), hi.GetLo(), hi.GetHi()) {
			break
		}
	}
	return i
}

func decI8ToF64(k *directDec[float64, int8], d []float64, s []int8) int {
	g := newF64Dec(k)
	up := upperBytes()
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		u := archsimd.LoadInt8x16Slice(s[i : i+16 : i+16])
		lo := u.ExtendLo8ToInt32()
		hi := u.PermuteOrZero(up).ExtendLo8ToInt32()
		if !g.put(d[i:i+16:i+16], lo.GetLo(), lo.GetHi(), hi.GetLo(), hi.GetHi()) {
			break
		}
	}
	return i
}

func decI16ToF64(k *directDec[float64, int16], d []float64, s []int16) int {
	g := newF64Dec(k)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x := s[i : i+16 : i+16]
		lo := archsimd.LoadInt16x8Slice(x[0:8]).ExtendToInt32()
		hi := archsimd.LoadInt16x8Slice(x[8:16]).ExtendToInt32()
		if !g.put(d[i:i+16:i+16], lo.GetLo(), lo.GetHi(), hi.GetLo(), hi.GetHi()) {
			break
		}
	}
	return i
}

func decU16ToF64(k *directDec[float64, uint16], d []float64, s []uint16) int {
	g := newF64Dec(k)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x := s[i : i+16 : i+16]
		lo := archsimd.LoadUint16x8Slice(x[0:8]).ExtendToUint32().AsInt32x8()
		hi := archsimd.LoadUint16x8Slice(x[8:16]).ExtendToUint32().AsInt32x8()
		if !g.put(d[i:i+16:i+16], lo.GetLo(), lo.GetHi(), hi.GetLo(), hi.GetHi()) {
			break
		}
	}
	return i
}

func decI32ToF64(k *directDec[float64, int32], d []float64, s []int32) int {
	g := newF64Dec(k)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x := s[i : i+16 : i+16]
		a, b := archsimd.LoadInt32x4Slice(x[0:4]), archsimd.LoadInt32x4Slice(x[4:8])
		c, e := archsimd.LoadInt32x4Slice(x[8:12]), archsimd.LoadInt32x4Slice(x[12:16])
		if !g.put(d[i:i+16:i+16], a, b, c, e) {
			break
		}
	}
	return i
}

// f32Dec holds the broadcast parameters of a float32 decoding loop.
type f32Dec struct {
	div, off, key    archsimd.Float32x8 // div: scale, or its reciprocal
	useRecip, hasKey bool
}

func newF32Dec[I smallInt](k *directDec[float32, I]) f32Dec {
	g := f32Dec{div: archsimd.BroadcastFloat32x8(k.scale), off: archsimd.BroadcastFloat32x8(k.off),
		key: archsimd.BroadcastFloat32x8(float32(k.key)), useRecip: k.useRecip, hasKey: k.hasKey}
	if k.useRecip {
		g.div = archsimd.BroadcastFloat32x8(k.recip)
	}
	return g
}

// put computes and stores the 16 results of the int32 lanes a and b into
// d, or reports false without storing.
func (g *f32Dec) put(d []float32, a, b archsimd.Int32x8) bool {
	d = d[:16]
	v0, v1 := a.ConvertToFloat32(), b.ConvertToFloat32()
	if g.hasKey && v0.Equal(g.key).Or(v1.Equal(g.key)).ToBits() != 0 {
		return false
	}
	if g.useRecip {
		v0, v1 = v0.Mul(g.div), v1.Mul(g.div)
	} else {
		v0, v1 = v0.Div(g.div), v1.Div(g.div)
	}
	v0, v1 = v0.Add(g.off), v1.Add(g.off)
	t := v0.Sub(v0).Add(v1.Sub(v1))
	if t.Equal(t).ToBits() != 0xff {
		return false
	}
	v0.StoreSlice(d[0:8])
	v1.StoreSlice(d[8:16])
	return true
}

func decI16ToF32(k *directDec[float32, int16], d []float32, s []int16) int {
	g := newF32Dec(k)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x := s[i : i+16 : i+16]
		a := archsimd.LoadInt16x8Slice(x[0:8]).ExtendToInt32()
		b := archsimd.LoadInt16x8Slice(x[8:16]).ExtendToInt32()
		if !g.put(d[i:i+16:i+16], a, b) {
			break
		}
	}
	return i
}

func decU16ToF32(k *directDec[float32, uint16], d []float32, s []uint16) int {
	g := newF32Dec(k)
	d = d[:len(s)]
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x := s[i : i+16 : i+16]
		a := archsimd.LoadUint16x8Slice(x[0:8]).ExtendToUint32().AsInt32x8()
		b := archsimd.LoadUint16x8Slice(x[8:16]).ExtendToUint32().AsInt32x8()
		if !g.put(d[i:i+16:i+16], a, b) {
			break
		}
	}
	return i
}

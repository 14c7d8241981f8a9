package scaleoffset

import (
	"math"
	"unsafe"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// One-loop kernels for the most common scale_offset + cast_value chains:
// float32 or float64 data stored as integers of at most 32 bits, cast with
// rounding "nearest-even", out_of_range absent or "clamp", and a
// scalar_map with at most one entry per direction (on the encode side a
// "NaN" key). Each element is scaled, rounded, range-checked and stored
// without an intermediate buffer. Everything else takes the block path.
//
// The cast_value procedure for these chains: a NaN goes to the mapped
// value or fails; ±Infinity fails (clamp does not apply to it); a finite
// value rounds to nearest-even, then outside the integer range it clamps
// or fails. Decoding converts integers that float32 (up to 16 bits) or
// float64 (up to 32 bits) hold exactly, with the decode map's key, if any,
// giving its value.

type smallInt interface {
	int8 | int16 | int32 | uint8 | uint16 | uint32
}

// failure says which codec a direct kernel's failing element belongs to.
type failure struct {
	index int
	rule  numeric.CastFailure // numeric.CastOK: scale_offset fails
}

type directEnc[F float32 | float64, I smallInt] struct {
	off, scale F
	lo, hi     float64 // the integer range
	clamp      bool
	hasNaN     bool
	nanTo      I
	// vec, when not nil, maps the leading elements of s into d with vector
	// instructions while whole groups of vecGroup elements are in range
	// after rounding (or clamped), and returns how many it mapped
	// (vec_amd64.go).
	vec func(k *directEnc[F, I], d []I, s []F) int
}

// vecGroup is the number of elements a vector loop maps at a time; after a
// group it cannot map, run maps that many with the scalar loop.
const vecGroup = 16

func (k *directEnc[F, I]) run(dst, src []byte) (failure, bool) {
	s := elements.Load[F](src)
	d, direct := elements.Output[I](dst)
	d = d[:len(s)]
	if k.vec == nil {
		if j, rule, ok := k.scalar(d, s); !ok {
			return failure{j, rule}, false
		}
		elements.Store(dst, d, direct)
		return failure{}, true
	}
	for i := 0; i < len(s); {
		if len(s)-i >= vecGroup {
			i += k.vec(k, d[i:], s[i:])
			if i == len(s) {
				break
			}
		}
		end := min(i+vecGroup, len(s))
		if j, rule, ok := k.scalar(d[i:end], s[i:end]); !ok {
			return failure{i + j, rule}, false
		}
		i = end
	}
	elements.Store(dst, d, direct)
	return failure{}, true
}

// scalar maps s into d (of the same length) element by element; when an
// element fails, it returns its index and rule with ok false.
func (k *directEnc[F, I]) scalar(d []I, s []F) (index int, rule numeric.CastFailure, ok bool) {
	d = d[:len(s)]
	off, scale, lo, hi := k.off, k.scale, k.lo, k.hi
	i := 0
	for ; i+4 <= len(s); i += 4 {
		x := s[i : i+4 : i+4]
		o := d[i : i+4 : i+4]
		r0 := elements.RintSmall(float64(F(F(x[0]-off) * scale)))
		r1 := elements.RintSmall(float64(F(F(x[1]-off) * scale)))
		r2 := elements.RintSmall(float64(F(F(x[2]-off) * scale)))
		r3 := elements.RintSmall(float64(F(F(x[3]-off) * scale)))
		if r0 >= lo && r0 <= hi && r1 >= lo && r1 <= hi && r2 >= lo && r2 <= hi && r3 >= lo && r3 <= hi {
			o[0], o[1], o[2], o[3] = I(int64(r0)), I(int64(r1)), I(int64(r2)), I(int64(r3))
			continue
		}
		for j, xj := range x {
			v, rule, ok := k.one(xj)
			if !ok {
				return i + j, rule, false
			}
			o[j] = v
		}
	}
	for ; i < len(s); i++ {
		v, rule, ok := k.one(s[i])
		if !ok {
			return i, rule, false
		}
		d[i] = v
	}
	return -1, numeric.CastOK, true
}

// one maps a single element: ok is false when it fails, with rule
// numeric.CastOK for a scale_offset failure.
func (k *directEnc[F, I]) one(x F) (v I, rule numeric.CastFailure, ok bool) {
	y := F(F(x-k.off) * k.scale)
	r := math.RoundToEven(float64(y))
	switch {
	case r >= k.lo && r <= k.hi:
		return I(int64(r)), numeric.CastOK, true
	case y-y != 0 && x-x == 0:
		return 0, numeric.CastOK, false
	case y != y:
		if !k.hasNaN {
			return 0, numeric.CastNaN, false
		}
		return k.nanTo, numeric.CastOK, true
	case y-y != 0:
		return 0, numeric.CastInfinity, false
	case !k.clamp:
		return 0, numeric.CastOutOfRange, false
	case r < k.lo:
		return I(int64(k.lo)), numeric.CastOK, true
	}
	return I(int64(k.hi)), numeric.CastOK, true
}

type directDec[F float32 | float64, I smallInt] struct {
	scale, recip, off F
	useRecip          bool
	hasKey            bool
	key               I
	keyTo             F
	// vec, when not nil, maps the leading elements of s into d with vector
	// instructions while whole groups of vecGroup elements hold no map key
	// and give finite results, and returns how many it mapped
	// (vec_amd64.go).
	vec func(k *directDec[F, I], d []F, s []I) int
	// table, for 8-bit data, holds the result of the scalar loop for each
	// of the 256 values; run looks elements up instead.
	table *numeric.ByteTable[F]
}

func (k *directDec[F, I]) run(dst, src []byte) (failure, bool) {
	s := elements.Load[I](src)
	d, direct := elements.Output[F](dst)
	d = d[:len(s)]
	if k.table != nil {
		if i, rule := k.table.Apply(d, src[:len(s)]); rule != numeric.CastOK {
			return failure{index: i}, false
		}
		elements.Store(dst, d, direct)
		return failure{}, true
	}
	if k.vec == nil {
		if bad := k.scalar(d, s); bad >= 0 {
			return failure{index: bad}, false
		}
		elements.Store(dst, d, direct)
		return failure{}, true
	}
	for i := 0; i < len(s); {
		if len(s)-i >= vecGroup {
			i += k.vec(k, d[i:], s[i:])
			if i == len(s) {
				break
			}
		}
		end := min(i+vecGroup, len(s))
		if bad := k.scalar(d[i:end], s[i:end]); bad >= 0 {
			return failure{index: i + bad}, false
		}
		i = end
	}
	elements.Store(dst, d, direct)
	return failure{}, true
}

// scalar maps s into d (of the same length) element by element and returns
// the index of the first element whose result is not finite, or -1.
func (k *directDec[F, I]) scalar(d []F, s []I) int {
	d = d[:len(s)]
	hasKey, key, keyTo, off := k.hasKey, k.key, k.keyTo, k.off
	if k.useRecip {
		recip := k.recip
		for i, x := range s {
			v := F(x)
			if hasKey && x == key {
				v = keyTo
			}
			y := F(F(v*recip) + off)
			d[i] = y
			if y-y != 0 && v-v == 0 {
				return i
			}
		}
		return -1
	}
	scale := k.scale
	for i, x := range s {
		v := F(x)
		if hasKey && x == key {
			v = keyTo
		}
		y := F(F(v/scale) + off)
		d[i] = y
		if y-y != 0 && v-v == 0 {
			return i
		}
	}
	return -1
}

// directKernels returns the one-loop kernels for f, or nil where the chain
// is not one of the common ones.
func (f *fused) directKernels(spec numeric.CastSpec, decSpec numeric.CastSpec) (enc, dec func(dst, src []byte) (failure, bool)) {
	if f.mid != numeric.Float32 && f.mid != numeric.Float64 {
		return nil, nil
	}
	if spec.Rounding == numeric.NearestEven && spec.OutOfRange != numeric.OutOfRangeWrap &&
		(len(spec.Map) == 0 || len(spec.Map) == 1 && spec.Map[0].From.IsNaN()) {
		enc = pickEnc(f, spec)
	}
	small := f.out.Size() <= 2 || f.mid == numeric.Float64 // exact integer -> float
	if small && len(decSpec.Map) <= 1 {
		dec = pickDec(f, decSpec)
	}
	return enc, dec
}

func pickEnc(f *fused, spec numeric.CastSpec) func(dst, src []byte) (failure, bool) {
	if f.mid == numeric.Float32 {
		return pickEncI[float32](f, spec)
	}
	return pickEncI[float64](f, spec)
}

func pickEncI[F float32 | float64](f *fused, spec numeric.CastSpec) func(dst, src []byte) (failure, bool) {
	switch f.out {
	case numeric.Int8:
		return newDirectEnc[F, int8](f, spec).run
	case numeric.Int16:
		return newDirectEnc[F, int16](f, spec).run
	case numeric.Int32:
		return newDirectEnc[F, int32](f, spec).run
	case numeric.Uint8:
		return newDirectEnc[F, uint8](f, spec).run
	case numeric.Uint16:
		return newDirectEnc[F, uint16](f, spec).run
	case numeric.Uint32:
		return newDirectEnc[F, uint32](f, spec).run
	}
	return nil
}

// soParams returns scale_offset's parameters as the float kernels use them
// (the identity is offset +0, scale 1 and decoding offset -0).
func soParams[F float32 | float64](b *bound) *floatKernel[F] {
	if k, ok := b.k.(*floatKernel[F]); ok {
		return k
	}
	return &floatKernel[F]{off: 0, decOff: F(math.Copysign(0, -1)), scale: 1, recip: 1, useRecip: true}
}

func newDirectEnc[F float32 | float64, I smallInt](f *fused, spec numeric.CastSpec) *directEnc[F, I] {
	p := soParams[F](f.so)
	lo, hi, _ := f.out.IntRange()
	k := &directEnc[F, I]{off: p.off, scale: p.scale, lo: float64(lo), hi: float64(hi), clamp: spec.OutOfRange == numeric.OutOfRangeClamp}
	if len(spec.Map) == 1 {
		k.hasNaN = true
		v, _ := numeric.ValueOf[I](spec.Map[0].To)
		k.nanTo = v
	}
	k.vec = directEncVec[F, I]()
	return k
}

func pickDec(f *fused, spec numeric.CastSpec) func(dst, src []byte) (failure, bool) {
	if f.mid == numeric.Float32 {
		return pickDecI[float32](f, spec)
	}
	return pickDecI[float64](f, spec)
}

func pickDecI[F float32 | float64](f *fused, spec numeric.CastSpec) func(dst, src []byte) (failure, bool) {
	switch f.out {
	case numeric.Int8:
		return newDirectDec[F, int8](f, spec).run
	case numeric.Int16:
		return newDirectDec[F, int16](f, spec).run
	case numeric.Int32:
		return newDirectDec[F, int32](f, spec).run
	case numeric.Uint8:
		return newDirectDec[F, uint8](f, spec).run
	case numeric.Uint16:
		return newDirectDec[F, uint16](f, spec).run
	case numeric.Uint32:
		return newDirectDec[F, uint32](f, spec).run
	}
	return nil
}

func newDirectDec[F float32 | float64, I smallInt](f *fused, spec numeric.CastSpec) *directDec[F, I] {
	p := soParams[F](f.so)
	k := &directDec[F, I]{scale: p.scale, recip: p.recip, useRecip: p.useRecip, off: p.decOff}
	if len(spec.Map) == 1 {
		k.hasKey = true
		k.key, _ = numeric.ValueOf[I](spec.Map[0].From)
		k.keyTo, _ = numeric.ValueOf[F](spec.Map[0].To)
	}
	k.vec = directDecVec[F, I]()
	k.table = byteTable(k)
	return k
}

// byteTable returns the table of k's scalar loop over the 256 values of an
// 8-bit I, or nil for wider types. A value whose result is not finite
// fails; no 8-bit value gives such a result with finite parameters, which
// the table settles once, so that its loop has no check.
func byteTable[F float32 | float64, I smallInt](k *directDec[F, I]) *numeric.ByteTable[F] {
	if unsafe.Sizeof(I(0)) != 1 {
		return nil
	}
	return numeric.NewByteTable(func(b uint8) (F, numeric.CastFailure) {
		var in [1]I
		*(*uint8)(unsafe.Pointer(&in[0])) = b
		var out [1]F
		if k.scalar(out[:], in[:]) >= 0 {
			return out[0], numeric.CastOutOfRange
		}
		return out[0], numeric.CastOK
	})
}

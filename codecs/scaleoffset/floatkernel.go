package scaleoffset

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// floatKernel runs scale_offset on float32 or float64 elements in their own
// arithmetic: every operation is rounded to F (explicit conversions keep the
// compiler from fusing a multiply and an add into one FMA).
//
// Absent parameters are replaced by values that make their operation an
// exact identity for every input, so that one loop serves every
// configuration: an absent offset is subtracted as +0 (x - +0 == x, also
// for -0) and added back as -0 (x + -0 == x); an absent scale is 1.
type floatKernel[F float32 | float64] struct {
	dt       numeric.DataType
	off      F // subtracted when encoding
	decOff   F // added when decoding (-0 when the offset is absent)
	scale    F
	recip    F            // 1/scale, when exact
	useRecip bool         // scale is a power of two whose reciprocal is exact
	vec      *floatVec[F] // vector loops for this CPU, or nil (simd*.go)
}

// floatVec holds vector versions of encodeFloat, decodeFloat and
// decodeFloatRecip, with the same arguments, results and written bytes.
type floatVec[F float32 | float64] struct {
	encode, decode, decodeRecip func(d, s []F, a, b F) int
}

func newFloatKernel[F float32 | float64](dt numeric.DataType, off, scale numeric.Scalar, hasOff bool) *floatKernel[F] {
	k := &floatKernel[F]{dt: dt, off: F(off.Float64()), decOff: F(off.Float64()), scale: F(scale.Float64())}
	if !hasOff {
		k.off = 0
		k.decOff = F(math.Copysign(0, -1))
	}
	// x / s == x * (1/s) for every x when s is a power of two and 1/s is a
	// finite power of two of F: both are the exact value x/s rounded once.
	r := 1 / k.scale
	if elements.IsPow2(float64(k.scale)) && elements.IsPow2(float64(r)) {
		k.recip, k.useRecip = r, true
	}
	k.vec = floatVecFor[F]()
	return k
}

func (k *floatKernel[F]) encode(dst, src []byte) int {
	s := elements.Load[F](src)
	d, direct := elements.Output[F](dst)
	var bad int
	if k.vec != nil {
		bad = k.vec.encode(d, s, k.off, k.scale)
	} else {
		bad = encodeFloat(d, s, k.off, k.scale)
	}
	elements.Store(dst, d, direct)
	return bad
}

func (k *floatKernel[F]) decode(dst, src []byte) int {
	s := elements.Load[F](src)
	d, direct := elements.Output[F](dst)
	var bad int
	switch {
	case k.vec != nil && k.useRecip:
		bad = k.vec.decodeRecip(d, s, k.recip, k.decOff)
	case k.vec != nil:
		bad = k.vec.decode(d, s, k.scale, k.decOff)
	case k.useRecip:
		bad = decodeFloatRecip(d, s, k.recip, k.decOff)
	default:
		bad = decodeFloat(d, s, k.scale, k.decOff)
	}
	elements.Store(dst, d, direct)
	return bad
}

// The loops below compute four elements at a time and test them together:
// y - y is +0 for a finite y and NaN otherwise, so the sum of the four is
// nonzero (NaN) exactly when one result is not finite. Only then are the
// four inputs looked at, to tell an error (finite input) from a NaN or
// infinity that propagates.

// encodeFloat sets d[i] = (s[i] - off) * scale and returns the index of the
// first finite element whose result is not finite, or -1.
func encodeFloat[F float32 | float64](d, s []F, off, scale F) int {
	d = d[:len(s)]
	i := 0
	for ; i+4 <= len(s); i += 4 {
		x := s[i : i+4 : i+4]
		y := d[i : i+4 : i+4]
		y0 := F(F(x[0]-off) * scale)
		y1 := F(F(x[1]-off) * scale)
		y2 := F(F(x[2]-off) * scale)
		y3 := F(F(x[3]-off) * scale)
		y[0], y[1], y[2], y[3] = y0, y1, y2, y3
		if (y0-y0)+(y1-y1)+(y2-y2)+(y3-y3) != 0 {
			if j := firstBad(x, y); j >= 0 {
				return i + j
			}
		}
	}
	for ; i < len(s); i++ {
		x := s[i]
		y := F(F(x-off) * scale)
		d[i] = y
		if y-y != 0 && x-x == 0 {
			return i
		}
	}
	return -1
}

// decodeFloat sets d[i] = s[i] / scale + off (two roundings) and returns the
// index of the first finite element whose result is not finite, or -1.
func decodeFloat[F float32 | float64](d, s []F, scale, off F) int {
	d = d[:len(s)]
	i := 0
	for ; i+4 <= len(s); i += 4 {
		x := s[i : i+4 : i+4]
		y := d[i : i+4 : i+4]
		y0 := F(F(x[0]/scale) + off)
		y1 := F(F(x[1]/scale) + off)
		y2 := F(F(x[2]/scale) + off)
		y3 := F(F(x[3]/scale) + off)
		y[0], y[1], y[2], y[3] = y0, y1, y2, y3
		if (y0-y0)+(y1-y1)+(y2-y2)+(y3-y3) != 0 {
			if j := firstBad(x, y); j >= 0 {
				return i + j
			}
		}
	}
	for ; i < len(s); i++ {
		x := s[i]
		y := F(F(x/scale) + off)
		d[i] = y
		if y-y != 0 && x-x == 0 {
			return i
		}
	}
	return -1
}

// decodeFloatRecip is decodeFloat for a power-of-two scale, multiplying by
// its exact reciprocal.
func decodeFloatRecip[F float32 | float64](d, s []F, recip, off F) int {
	d = d[:len(s)]
	i := 0
	for ; i+4 <= len(s); i += 4 {
		x := s[i : i+4 : i+4]
		y := d[i : i+4 : i+4]
		y0 := F(F(x[0]*recip) + off)
		y1 := F(F(x[1]*recip) + off)
		y2 := F(F(x[2]*recip) + off)
		y3 := F(F(x[3]*recip) + off)
		y[0], y[1], y[2], y[3] = y0, y1, y2, y3
		if (y0-y0)+(y1-y1)+(y2-y2)+(y3-y3) != 0 {
			if j := firstBad(x, y); j >= 0 {
				return i + j
			}
		}
	}
	for ; i < len(s); i++ {
		x := s[i]
		y := F(F(x*recip) + off)
		d[i] = y
		if y-y != 0 && x-x == 0 {
			return i
		}
	}
	return -1
}

// firstBad returns the first j with a finite x[j] and a non-finite y[j], or
// -1.
func firstBad[F float32 | float64](x, y []F) int {
	for j := range x {
		if y[j]-y[j] != 0 && x[j]-x[j] == 0 {
			return j
		}
	}
	return -1
}

func (k *floatKernel[F]) reason(x numeric.Scalar, decode bool) string {
	if decode {
		return fmt.Sprintf("%v / %v + %v is not finite in %v", x, numeric.FloatScalar(k.dt, float64(k.scale)), numeric.FloatScalar(k.dt, float64(k.decOff)), k.dt)
	}
	return fmt.Sprintf("(%v - %v) * %v is not finite in %v", x, numeric.FloatScalar(k.dt, float64(k.off)), numeric.FloatScalar(k.dt, float64(k.scale)), k.dt)
}

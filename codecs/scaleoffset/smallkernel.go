package scaleoffset

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// smallFloatKernel runs scale_offset on a float of 8 bits or fewer. Each
// operation is computed in float64 and rounded once to the type
// (nearest-even), which gives the correctly rounded result for the same
// reason as for float16 (halfKernel: at most 5 significant bits, and
// 53 >= 2p+2). An element has one byte, so the codec is two tables of the
// 256 results, built when the codec is resolved. A result the type cannot
// hold from a finite element (beyond its largest finite value, or for
// float8_e8m0fnu zero or negative) is an error, at either operation; NaN
// and infinite elements propagate as the type holds them.
type smallFloatKernel struct {
	dt            numeric.DataType
	off, decOff   float64
	scale         float64
	enc, dec      [256]uint8
	encBad, decBd [256]bool
}

func newSmallFloatKernel(dt numeric.DataType, off, scale numeric.Scalar, hasOff bool) *smallFloatKernel {
	k := &smallFloatKernel{dt: dt, off: off.Float64(), decOff: off.Float64(), scale: scale.Float64()}
	if !hasOff {
		k.off = 0
		k.decOff = math.Copysign(0, -1)
	}
	for b := range 256 {
		x := numeric.WidenFloat(uint64(b), dt)
		k.enc[b], k.encBad[b] = k.apply(x, func(v float64) float64 { return v - k.off }, func(v float64) float64 { return v * k.scale })
		k.dec[b], k.decBd[b] = k.apply(x, func(v float64) float64 { return v / k.scale }, func(v float64) float64 { return v + k.decOff })
	}
	return k
}

// apply computes second(first(x)), each rounded to the type, and reports
// whether a finite x gave a result the type cannot hold.
func (k *smallFloatKernel) apply(x float64, first, second func(float64) float64) (uint8, bool) {
	finite := !math.IsNaN(x) && !math.IsInf(x, 0)
	b, over := numeric.NarrowFloat64(first(x), k.dt, numeric.NearestEven)
	t := numeric.WidenFloat(b, k.dt)
	if over && finite {
		return 0, true
	}
	b, over = numeric.NarrowFloat64(second(t), k.dt, numeric.NearestEven)
	y := numeric.WidenFloat(b, k.dt)
	if finite && (over || math.IsNaN(y) || math.IsInf(y, 0)) {
		return 0, true
	}
	return uint8(b), false
}

func (k *smallFloatKernel) encode(dst, src []byte) int { return k.run(dst, src, &k.enc, &k.encBad) }
func (k *smallFloatKernel) decode(dst, src []byte) int { return k.run(dst, src, &k.dec, &k.decBd) }

func (k *smallFloatKernel) run(dst, src []byte, t *[256]uint8, bad *[256]bool) int {
	dst = dst[:len(src)]
	for i, b := range src {
		if bad[b] {
			return i
		}
		dst[i] = t[b]
	}
	return -1
}

func (k *smallFloatKernel) reason(x numeric.Scalar, decode bool) string {
	if decode {
		return fmt.Sprintf("%v / %v + %v is not a value of %v", x, numeric.FloatScalar(k.dt, k.scale), numeric.FloatScalar(k.dt, k.decOff), k.dt)
	}
	return fmt.Sprintf("(%v - %v) * %v is not a value of %v", x, numeric.FloatScalar(k.dt, k.off), numeric.FloatScalar(k.dt, k.scale), k.dt)
}

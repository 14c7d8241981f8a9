package scaleoffset

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// halfKernel runs scale_offset on float16 or bfloat16 elements. Each
// operation is computed in float64 and rounded once to the 16-bit type
// (nearest-even, numeric.NarrowFloat64), which gives the correctly rounded
// 16-bit result:
//
//   - a difference, sum or product of two values with p <= 11 significant
//     bits is exact in float64 for float16 (exponents span 2^-24..2^15, so a
//     difference needs at most 41 bits and a product 22), so only the final
//     rounding happens;
//   - for bfloat16 sums and differences, and for quotients of either type,
//     the float64 result is rounded, but never across or onto a rounding
//     boundary of the 16-bit type. A quotient a/b that is not exact in
//     float64 is not a midpoint m of the 16-bit grid (a = m*b would need
//     more significant bits than a has), and a - m*b is a nonzero multiple
//     of 2^min(ea, em+eb), so |a/b - m| > 2^-(2p+1)*|a/b| while float64
//     rounding moves a/b by at most 2^-53*|a/b|; 53 >= 2p+2 for p = 8 and
//     p = 11. The same bound (Figueroa, "When is double rounding
//     innocuous?", 1995) covers sums. The test suite checks every result
//     against exact rational arithmetic (math/big).
type halfKernel struct {
	dt        numeric.DataType
	off       float64 // exact value of the offset (+0 when absent)
	decOff    float64 // added when decoding (-0 when absent)
	scale     float64
	widenFunc func(uint16) float64
}

func newHalfKernel(dt numeric.DataType, off, scale numeric.Scalar, hasOff bool) *halfKernel {
	k := &halfKernel{dt: dt, off: off.Float64(), decOff: off.Float64(), scale: scale.Float64()}
	if !hasOff {
		k.off = 0
		k.decOff = math.Copysign(0, -1)
	}
	if dt == numeric.Float16 {
		k.widenFunc = func(b uint16) float64 { return numeric.F16(b).Float64() }
	} else {
		k.widenFunc = func(b uint16) float64 { return float64(math.Float32frombits(uint32(b) << 16)) }
	}
	return k
}

// round rounds the float64 v to the 16-bit type and returns its bits and
// exact value.
func (k *halfKernel) round(v float64) (uint16, float64) {
	b, _ := numeric.NarrowFloat64(v, k.dt, numeric.NearestEven)
	return uint16(b), numeric.WidenFloat(b, k.dt)
}

func (k *halfKernel) encodeOne(x float64) (uint16, float64) {
	_, t := k.round(x - k.off)
	return k.round(t * k.scale)
}

func (k *halfKernel) decodeOne(x float64) (uint16, float64) {
	_, t := k.round(x / k.scale)
	return k.round(t + k.decOff)
}

func (k *halfKernel) encode(dst, src []byte) int { return k.run(dst, src, k.encodeOne) }
func (k *halfKernel) decode(dst, src []byte) int { return k.run(dst, src, k.decodeOne) }

func (k *halfKernel) run(dst, src []byte, op func(float64) (uint16, float64)) int {
	s := elements.Load[uint16](src)
	d, direct := elements.Output[uint16](dst)
	d = d[:len(s)]
	bad := -1
	for i, b := range s {
		x := k.widenFunc(b)
		r, y := op(x)
		d[i] = r
		if math.IsInf(y, 0) || math.IsNaN(y) {
			if !math.IsInf(x, 0) && !math.IsNaN(x) {
				bad = i
				break
			}
		}
	}
	elements.Store(dst, d, direct)
	return bad
}

func (k *halfKernel) reason(x numeric.Scalar, decode bool) string {
	if decode {
		return fmt.Sprintf("%v / %v + %v is not finite in %v", x, numeric.FloatScalar(k.dt, k.scale), numeric.FloatScalar(k.dt, k.decOff), k.dt)
	}
	return fmt.Sprintf("(%v - %v) * %v is not finite in %v", x, numeric.FloatScalar(k.dt, k.off), numeric.FloatScalar(k.dt, k.scale), k.dt)
}

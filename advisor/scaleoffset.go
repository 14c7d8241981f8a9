package advisor

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// soInput is what planning scale_offset + cast_value into one integer type
// needs.
type soInput struct {
	dt       numeric.DataType // the array's float type
	lo, hi   float64          // the finite range of the data
	tol      float64          // the absolute error allowed
	target   numeric.DataType // the integer type of the codes
	reserved int              // codes kept at the top of target for scalar_map entries
	complete bool             // the data are the whole array
	// offset, when set, fixes the offset (0 to keep zeros exact, or the
	// fill value so that it encodes to code 0).
	offset *float64
	pow2   bool // restrict the scale to powers of two
}

// soPlan is one choice of scale_offset parameters, exactly representable
// in the array's type.
type soPlan struct {
	scale, offset float64
	// carried is the range of values the chain keeps within the tolerance:
	// the data's range widened by the headroom codes on each side.
	carried [2]float64
	// headroom is the number of spare codes on each side of the data's,
	// and span the number of codes the data's range covers.
	headroom, span float64
	// floatErr bounds the error the array type's arithmetic adds to the
	// half step of the rounding to integers.
	floatErr float64
}

// minHeadroom is the headroom, as a fraction of the data's span on each
// side, that a plan needs when the data are only a sample: values outside
// the sampled range are common, and a value beyond the codes fails to
// encode.
const minHeadroom = 0.1

// maxScaleBits is the most significant bits a chosen scale has.
const maxScaleBits = 10

// planScaleOffset chooses scale and offset for in, or says why none fits.
//
// The codes are q = rint(fl(fl(x - offset) * scale)) and the decoded
// values y = fl(fl(q / scale) + offset), each operation rounding in the
// array's type (docs/decisions.md#d10), so with u the unit roundoff of that
// type,
//
//	|y - x| <= 0.5/scale + u*(|x-offset| + |a| + |q/scale| + |y|)
//
// (a the first difference). Bounding the magnitudes over the carried range
// gives floatErr, and the scale is the smallest value of few significant
// bits with 0.5/scale + floatErr below the tolerance.
func planScaleOffset(in soInput) (soPlan, string) {
	mant, expBits, _ := in.dt.FloatFormat()
	u := math.Ldexp(1, -(mant + 1))
	tiny := math.Ldexp(1, 2-(1<<(expBits-1))-mant) // the smallest subnormal
	tmin, tmax, _ := in.target.IntRange()
	umin, umax := float64(tmin), float64(tmax)-float64(in.reserved)
	avail := umax - umin + 1
	lo, hi := in.lo, in.hi
	if math.IsNaN(lo) { // no finite data: only the reserved codes are used
		lo, hi = 0, 0
		if in.offset != nil {
			lo, hi = *in.offset, *in.offset
		}
	}
	want := 0.5 / in.tol
	for range 16 {
		sc := roundScaleUp(want, in.pow2, min(maxScaleBits, mant+1))
		if !representable(in.dt, sc) || sc > in.dt.MaxFloat()/4 {
			return soPlan{}, fmt.Sprintf("a step of %.3g needs a scale %v cannot hold", 1/want, in.dt)
		}
		span := (hi - lo) * sc
		need := math.Ceil(span) + 3
		if need > avail {
			return soPlan{}, fmt.Sprintf("the range %.6g to %.6g at a step of %.3g needs %.0f codes; %v has %.0f", lo, hi, 1/sc, need, in.target, avail)
		}
		var off, cLo, head float64
		if in.offset == nil {
			spare := avail - need
			head = min(math.Floor(spare/2), max(math.Ceil(span), 16))
			// The code of lo: as near -span/2 as the headroom allows, so
			// that the codes, and |x - offset|, stay small.
			cLo = min(max(-math.Ceil(span/2), umin+1+head), umax-1-head-math.Ceil(span))
			ideal := lo - cLo/sc
			off = roundOffsetDown(in.dt, ideal, sc)
			if (ideal-off)*sc > 0.5 {
				return soPlan{}, fmt.Sprintf("%v cannot place an offset near %.6g within half a step of %.3g", in.dt, ideal, 1/sc)
			}
		} else {
			off = *in.offset
			cLo = (lo - off) * sc
			below, above := math.Floor(cLo)-1-umin, umax-1-math.Ceil((hi-off)*sc)
			if below < 0 || above < 0 {
				return soPlan{}, fmt.Sprintf("with offset %.6g the range %.6g to %.6g at a step of %.3g needs codes beyond %v", off, lo, hi, 1/sc, in.target)
			}
			head = min(below, above, max(math.Ceil(span), 16))
		}
		if !in.complete && head < math.Ceil(minHeadroom*span) {
			return soPlan{}, fmt.Sprintf("%v leaves %.0f spare codes on each side of the sampled range's %.0f, less than the %.0f%% a sample needs", in.target, head, span, 100*minHeadroom)
		}
		carriedLo, carriedHi := lo-head/sc, hi+head/sc
		r := max(math.Abs(carriedLo-off), math.Abs(carriedHi-off)) + 1/sc
		m := max(math.Abs(carriedLo), math.Abs(carriedHi)) + 1/sc
		floatErr := u*(3*r+m)*1.01 + 4*tiny
		if 0.5/sc+floatErr <= in.tol*(1-0x1p-40) {
			return soPlan{scale: sc, offset: off, carried: [2]float64{carriedLo, carriedHi}, headroom: head, span: span, floatErr: floatErr}, ""
		}
		if floatErr >= in.tol/2 {
			return soPlan{}, fmt.Sprintf("%v arithmetic near %.6g is coarser than the tolerance", in.dt, m)
		}
		want = 0.5 / (in.tol - floatErr) * (1 + 0x1p-30)
	}
	return soPlan{}, "no scale converged"
}

// roundScaleUp returns the smallest power of two not below x when pow2,
// otherwise the smallest value not below x with at most maxBits
// significant bits, using fewer bits when that costs at most 1% more.
func roundScaleUp(x float64, pow2 bool, maxBits int) float64 {
	e := math.Ilogb(x) // x in [2^e, 2^(e+1))
	if pow2 {
		if math.Ldexp(1, e) == x {
			return x
		}
		return math.Ldexp(1, e+1)
	}
	for bits := 1; ; bits++ {
		unit := math.Ldexp(1, e-bits+1)
		v := math.Ceil(x/unit) * unit // exact: unit is a power of two
		if v <= x*1.01 || bits >= maxBits {
			return v
		}
	}
}

// roundOffsetDown returns an offset at most ideal, exactly representable in
// dt: a multiple of the largest power of two not above half a step when
// that is representable, otherwise ideal rounded down in dt.
func roundOffsetDown(dt numeric.DataType, ideal, scale float64) float64 {
	g := math.Ldexp(1, math.Ilogb(0.5/scale))
	if off := math.Floor(ideal/g) * g; representable(dt, off) {
		return off
	}
	b, _ := numeric.NarrowFloat64(ideal, dt, numeric.TowardsNegative)
	return numeric.WidenFloat(b, dt)
}

// representable reports whether x is a finite value of float type dt.
func representable(dt numeric.DataType, x float64) bool {
	b, overflow := numeric.NarrowFloat64(x, dt, numeric.NearestEven)
	return !overflow && numeric.WidenFloat(b, dt) == x
}

package numeric

import (
	"math"
	"unsafe"
)

// floatToInt returns the float -> integer kernel. Each element is rounded to
// an integral value in mode m (exactly), then range-checked against the
// exact bounds of D (2^63 is out of range for int64: the bounds are powers
// of two, never float(MAX)); out-of-range values follow oor. NaN and the
// infinities fail whatever oor says.
//
// The loop takes a fast path for elements in [min(D), max(D)], which round
// into range in every mode, and hands every other element (NaN, infinities,
// values near or beyond the bounds) to floatToIntSlow.
func floatToInt[S Float, D Integer](m RoundingMode, oor OutOfRange) kernel[S, D] {
	c := newF2I[D](m, oor)
	n, _ := intInfo[D]()
	if m == NearestEven && (n <= 16 || n <= 32 && unsafe.Sizeof(S(0)) == 8) {
		return floatToSmallIntNE[S](c)
	}
	switch m {
	case NearestEven:
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, s := range src {
				x := float64(s)
				if x >= c.lo && x <= c.maxF {
					dst[i] = D(math.RoundToEven(x))
					continue
				}
				d, f := c.slow(x)
				if f != CastOK {
					return i, f
				}
				dst[i] = d
			}
			return -1, CastOK
		}
	case TowardsZero:
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, s := range src {
				x := float64(s)
				if x >= c.lo && x <= c.maxF {
					dst[i] = D(x) // Go's conversion truncates
					continue
				}
				d, f := c.slow(x)
				if f != CastOK {
					return i, f
				}
				dst[i] = d
			}
			return -1, CastOK
		}
	case TowardsPositive:
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, s := range src {
				x := float64(s)
				if x >= c.lo && x <= c.maxF {
					dst[i] = D(math.Ceil(x))
					continue
				}
				d, f := c.slow(x)
				if f != CastOK {
					return i, f
				}
				dst[i] = d
			}
			return -1, CastOK
		}
	case TowardsNegative:
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, s := range src {
				x := float64(s)
				if x >= c.lo && x <= c.maxF {
					dst[i] = D(math.Floor(x))
					continue
				}
				d, f := c.slow(x)
				if f != CastOK {
					return i, f
				}
				dst[i] = d
			}
			return -1, CastOK
		}
	}
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, s := range src {
			x := float64(s)
			if x >= c.lo && x <= c.maxF {
				dst[i] = D(math.Round(x))
				continue
			}
			d, f := c.slow(x)
			if f != CastOK {
				return i, f
			}
			dst[i] = d
		}
		return -1, CastOK
	}
}

// f2i holds what the float -> integer conversion of one element needs.
type f2i[D Integer] struct {
	lo, hiEx, maxF float64 // see intFloatBounds
	min, max       D
	mode           RoundingMode
	oor            OutOfRange
}

func newF2I[D Integer](m RoundingMode, oor OutOfRange) f2i[D] {
	c := f2i[D]{mode: m, oor: oor}
	c.lo, c.hiEx, c.maxF = intFloatBounds[D]()
	c.min, c.max = intBounds[D]()
	return c
}

// slow converts one element by the full procedure.
func (c *f2i[D]) slow(x float64) (D, CastFailure) {
	switch {
	case x != x:
		return 0, CastNaN
	case math.IsInf(x, 0):
		return 0, CastInfinity
	}
	r := roundToIntegral(x, c.mode)
	if r >= c.lo && r < c.hiEx {
		return D(r), CastOK
	}
	switch c.oor {
	case OutOfRangeClamp:
		if r < 0 {
			return c.min, CastOK
		}
		return c.max, CastOK
	case OutOfRangeWrap:
		return D(wrapFloat64(r)), CastOK
	}
	return 0, CastOutOfRange
}

// floatToSmallIntNE is the nearest-even kernel for targets whose range is
// within 2^22 (float32 source) or 2^51 (float64 source). It rounds in the
// source type with the classic magic constant: for |x| < 2^(p-1), where p
// is the source precision, x + 1.5*2^(p-1) lies in [2^(p-1), 2^p), where
// the spacing of the type is 1, so the addition rounds x to an integer,
// ties to even, in one exact hardware rounding, and subtracting the constant
// again is exact. This avoids the per-element feature check of
// math.RoundToEven and the widening of float32 to float64.
func floatToSmallIntNE[S Float, D Integer](c f2i[D]) kernel[S, D] {
	magic := S(1.5 * (1 << 23))
	if unsafe.Sizeof(S(0)) == 8 {
		magic = S(1.5 * (1 << 52))
	}
	lo, hi := S(c.lo), S(c.maxF) // exact: |bounds| <= 2^32 and integral
	if c.oor == OutOfRangeClamp {
		// Runs of in-range elements take the unrolled loop; a run of
		// elements beyond the bounds is clamped before rounding, which gives
		// what rounding then clamping gives (the bounds are integers and
		// rounding is monotonic), so data that is mostly out of range stays
		// fast too. NaN and the infinities (x-x is not 0) fail in c.slow.
		return func(dst []D, src []S) (int, CastFailure) {
			dst = dst[:len(src)]
			for i := 0; i < len(src); {
				i += smallIntNELoop(dst[i:], src[i:], lo, hi, magic)
				for ; i < len(src); i++ {
					x := src[i]
					switch {
					case x-x != 0:
						_, f := c.slow(float64(x))
						return i, f
					case x < lo:
						x = lo
					case x > hi:
						x = hi
					default:
						goto inRange // back to the unrolled loop
					}
					dst[i] = D((x + magic) - magic)
				}
			inRange:
			}
			return -1, CastOK
		}
	}
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i := 0; i < len(src); i++ {
			i += smallIntNELoop(dst[i:], src[i:], lo, hi, magic)
			if i == len(src) {
				break
			}
			d, f := c.slow(float64(src[i]))
			if f != CastOK {
				return i, f
			}
			dst[i] = d
		}
		return -1, CastOK
	}
}

// smallIntNELoop converts the elements of src in [lo, hi] (see
// floatToSmallIntNE) until the first other one and returns how many it
// converted. It works four elements at a time.
func smallIntNELoop[S Float, D Integer](dst []D, src []S, lo, hi, magic S) int {
	dst = dst[:len(src)]
	i := 0
	for ; i+4 <= len(src); i += 4 {
		s := src[i : i+4 : i+4]
		d := dst[i : i+4 : i+4]
		x0, x1, x2, x3 := s[0], s[1], s[2], s[3]
		if !(x0 >= lo && x0 <= hi && x1 >= lo && x1 <= hi && x2 >= lo && x2 <= hi && x3 >= lo && x3 <= hi) {
			break
		}
		d[0] = D((x0 + magic) - magic)
		d[1] = D((x1 + magic) - magic)
		d[2] = D((x2 + magic) - magic)
		d[3] = D((x3 + magic) - magic)
	}
	for ; i < len(src); i++ {
		x := src[i]
		if !(x >= lo && x <= hi) {
			return i
		}
		dst[i] = D((x + magic) - magic)
	}
	return i
}

package numeric

import "math"

// Float -> float kernels. Widening is exact. Narrowing rounds the exact
// value in the configured mode as if the target's exponent were unbounded;
// the result is out of range iff its magnitude exceeds the target's largest
// finite value (docs/decisions.md#d5), and then follows out_of_range: clamp gives
// the signed infinity. NaN stays NaN (quiet; sign and leading payload bits
// kept), infinities stay infinite and the sign of zero is kept.

// copyKernel returns the identity kernel.
func copyKernel[T any]() kernel[T, T] {
	return func(dst, src []T) (int, CastFailure) {
		copy(dst, src)
		return -1, CastOK
	}
}

// widenF32F64 returns the exact float32 -> float64 kernel.
func widenF32F64() kernel[float32, float64] {
	return func(dst []float64, src []float32) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			dst[i] = float64(x)
		}
		return -1, CastOK
	}
}

// narrowF64F32 returns the float64 -> float32 kernel. In nearest-even the
// hardware conversion is the exact rounding (an infinite result from a
// finite input is exactly the overflow of docs/decisions.md#d5); other modes correct the
// hardware's result by one step (directedF64F32) and leave NaN, infinities
// and overflow to NarrowFloat64.
func narrowF64F32(m RoundingMode, oor OutOfRange) kernel[float64, float32] {
	rule := overflowRule(oor)
	if m != NearestEven {
		return func(dst []float32, src []float64) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, x := range src {
				r := directedF64F32(x, m)
				if math.Float32bits(r)&0x7f800000 == 0x7f800000 { // NaN, infinity, overflow
					b, overflow := NarrowFloat64(x, Float32, m)
					if overflow && rule != CastOK {
						return i, rule
					}
					r = math.Float32frombits(uint32(b))
				}
				dst[i] = r
			}
			return -1, CastOK
		}
	}
	if rule == CastOK { // clamp: the infinite result is the answer
		return func(dst []float32, src []float64) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, x := range src {
				dst[i] = float32(x)
			}
			return -1, CastOK
		}
	}
	return func(dst []float32, src []float64) (int, CastFailure) {
		dst = dst[:len(src)]
		for i := 0; i < len(src); {
			i += narrowF64F32Run(dst[i:], src[i:])
			// src[i:i+4] holds a NaN or an infinite result (or is the tail):
			// check those one by one
			for end := min(i+4, len(src)); i < end; i++ {
				x := src[i]
				r := float32(x)
				if math.Float32bits(r)&0x7f800000 == 0x7f800000 &&
					math.Float64bits(x)&0x7ff0000000000000 != 0x7ff0000000000000 {
					return i, rule // finite input, infinite result
				}
				dst[i] = r
			}
		}
		return -1, CastOK
	}
}

// narrowF64F32Run converts groups of four elements in nearest-even while no
// result is infinite or NaN and returns how many it converted.
func narrowF64F32Run(dst []float32, src []float64) int {
	dst = dst[:len(src)]
	i := 0
	for ; i+4 <= len(src); i += 4 {
		s := src[i : i+4 : i+4]
		d := dst[i : i+4 : i+4]
		r0, r1, r2, r3 := float32(s[0]), float32(s[1]), float32(s[2]), float32(s[3])
		// bit 31 of (exponent field + 1) is set iff the exponent is all ones
		e := (math.Float32bits(r0)&0x7f800000 + 0x00800000) | (math.Float32bits(r1)&0x7f800000 + 0x00800000) |
			(math.Float32bits(r2)&0x7f800000 + 0x00800000) | (math.Float32bits(r3)&0x7f800000 + 0x00800000)
		if e&0x80000000 != 0 {
			break
		}
		d[0], d[1], d[2], d[3] = r0, r1, r2, r3
	}
	return i
}

// narrowToBits returns the float32/float64 -> float16/bfloat16 kernel
// through NarrowFloat64, for every rounding mode.
func narrowToBits[S Float, D F16 | BF16](dt DataType, m RoundingMode, oor OutOfRange) kernel[S, D] {
	rule := overflowRule(oor)
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			b, overflow := NarrowFloat64(float64(x), dt, m)
			if overflow && rule != CastOK {
				return i, rule
			}
			dst[i] = D(b)
		}
		return -1, CastOK
	}
}

// directedF64F32 rounds x to float32 in mode m (not nearest-even) by
// correcting the hardware's nearest-even result by one step where it lies
// on the wrong side of x. The caller handles NaN and infinite results.
// Both differences below are exact: x and its float32 neighbours are
// within one float32 spacing, which float64 represents exactly.
func directedF64F32(x float64, m RoundingMode) float32 {
	r := float32(x)
	d := float64(r)
	if d == x || x != x || math.IsInf(d, 0) {
		return r
	}
	away := d*x > 0 && math.Abs(d) < math.Abs(x) // r is nearer zero than x
	switch m {
	case TowardsZero:
		if math.Abs(d) > math.Abs(x) {
			return math.Float32frombits(math.Float32bits(r) - 1) // towards zero
		}
	case TowardsPositive:
		if d < x {
			return math.Nextafter32(r, float32(math.Inf(1)))
		}
	case TowardsNegative:
		if d > x {
			return math.Nextafter32(r, float32(math.Inf(-1)))
		}
	case NearestAway:
		// nearest-even chose the value nearer zero on a tie: step away
		if away || d == 0 {
			o := math.Nextafter32(r, float32(math.Copysign(math.Inf(1), x)))
			if float64(o)-x == x-d {
				return o
			}
		}
	}
	return r
}

// f32ToHalfNE returns the float32 -> float16/bfloat16 kernel in
// nearest-even, by integer arithmetic on the bits (one rounding of the
// exact value; float16 subnormals are rounded by a float addition whose
// spacing is the float16 subnormal spacing). NaN gives the quiet NaN with
// the sign and leading payload bits kept.
func f32ToHalfNE[D F16 | BF16](dt DataType, oor OutOfRange) kernel[float32, D] {
	rule := overflowRule(oor)
	if dt == BFloat16 {
		return func(dst []D, src []float32) (int, CastFailure) {
			dst = dst[:len(src)]
			for i, x := range src {
				b := math.Float32bits(x)
				if b&0x7f800000 == 0x7f800000 { // NaN or infinity
					h := b >> 16
					if b&0x7fffff != 0 {
						h |= 0x40
					}
					dst[i] = D(h)
					continue
				}
				h := (b + 0x7fff + (b>>16)&1) >> 16
				if h&0x7f80 == 0x7f80 && rule != CastOK {
					return i, rule
				}
				dst[i] = D(h)
			}
			return -1, CastOK
		}
	}
	denormMagic := math.Float32frombits(((127 - 15) + (23 - 10) + 1) << 23) // 0.5: spacing 2^-24
	return func(dst []D, src []float32) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			b := math.Float32bits(x)
			sign := (b >> 16) & 0x8000
			a := b & 0x7fffffff
			var h uint32
			switch {
			case a >= 0x7f800000: // NaN or infinity
				h = 0x7c00
				if a > 0x7f800000 {
					h |= 0x200 | (a>>13)&0x3ff
				}
			case a >= 0x47800000: // |x| >= 65536: beyond every rounding
				if rule != CastOK {
					return i, rule
				}
				h = 0x7c00
			case a < 0x38800000: // below the smallest normal float16, 2^-14
				f := math.Float32frombits(a) + denormMagic
				h = math.Float32bits(f) - math.Float32bits(denormMagic)
			default:
				odd := (a >> 13) & 1
				h = (a + 0xc8000fff + odd) >> 13 // rebias by -112 (mod 2^32), round
				if h >= 0x7c00 {
					if rule != CastOK {
						return i, rule
					}
					h = 0x7c00
				}
			}
			dst[i] = D(h | sign)
		}
		return -1, CastOK
	}
}

package numeric

import (
	"math"
	"math/bits"
)

// F16 holds the bits of an IEEE 754 binary16 value.
type F16 uint16

// BF16 holds the bits of a bfloat16 value (the upper half of a float32).
type BF16 uint16

// Float64 returns the value of h exactly.
func (h F16) Float64() float64 { return float64(h.Float32()) }

// Float32 returns the value of h exactly.
func (h F16) Float32() float32 {
	b := uint32(h)
	sign := (b & 0x8000) << 16
	exp := (b >> 10) & 0x1f
	mant := b & 0x3ff
	switch {
	case exp == 0x1f: // Inf or NaN: keep the payload in the top mantissa bits
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		// subnormal: mant * 2^-24, exact in float32
		f := float32(mant) * (1.0 / (1 << 24))
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
}

// IsNaN reports whether h is a NaN.
func (h F16) IsNaN() bool { return h&0x7c00 == 0x7c00 && h&0x3ff != 0 }

// Float16FromFloat64 rounds x to the nearest binary16 value, ties to even;
// magnitudes that round beyond the largest finite value give Infinity. NaN
// stays NaN (quiet, sign and leading payload bits kept).
func Float16FromFloat64(x float64) F16 {
	b, _ := NarrowFloat64(x, Float16, NearestEven)
	return F16(b)
}

// Float32 returns the value of h exactly.
func (h BF16) Float32() float32 { return math.Float32frombits(uint32(h) << 16) }

// Float64 returns the value of h exactly.
func (h BF16) Float64() float64 { return float64(h.Float32()) }

// IsNaN reports whether h is a NaN.
func (h BF16) IsNaN() bool { return h&0x7f80 == 0x7f80 && h&0x7f != 0 }

// BFloat16FromFloat64 rounds x to the nearest bfloat16 value, ties to even,
// with the same overflow and NaN rules as Float16FromFloat64.
func BFloat16FromFloat64(x float64) BF16 {
	b, _ := NarrowFloat64(x, BFloat16, NearestEven)
	return BF16(b)
}

// NarrowFloat64 rounds x to the float type dt (float16, bfloat16, float32 or
// float64) in rounding mode m and returns the bits of the result.
//
// Rounding is done on the exact value as if the exponent range of dt were
// unbounded below its largest exponent, with subnormals rounded at their own
// precision; overflow is true when the rounded magnitude exceeds the largest
// finite value of dt, and the returned bits are then the signed Infinity.
// Signed zeros are kept; NaN gives a quiet NaN with the sign and the leading
// payload bits of x; infinities stay infinite (overflow false).
// The floats of 8 bits and fewer without infinities (the fnuz and fn types
// and float8_e8m0fnu) have no infinity to return: for them overflow is
// true for every value they cannot hold (beyond their range, an infinity,
// NaN where they have none; for float8_e8m0fnu also zero and negative
// values), and the bits are the saturated value of that sign (their
// largest finite magnitude, for e8m0 its largest or smallest value), or
// 0 for NaN.
// NarrowFloat64 panics if dt is not a real float type.
func NarrowFloat64(x float64, dt DataType, m RoundingMode) (b uint64, overflow bool) {
	if f := smallFormatOf(dt); f != nil && f.kind != smallIEEE {
		return f.narrowSaturating(x, m)
	}
	p, e, ok := dt.FloatFormat()
	if !ok {
		panic("numeric: NarrowFloat64 of non-float type " + dt.String())
	}
	xb := math.Float64bits(x)
	if p == 52 {
		return xb, false
	}
	neg := xb>>63 != 0
	signBit := uint64(0)
	if neg {
		signBit = 1 << (p + e)
	}
	expMask := uint64(1)<<e - 1
	infBits := expMask << p
	xe := int((xb >> 52) & 0x7ff)
	xm := xb & (1<<52 - 1)
	if xe == 0x7ff {
		if xm == 0 {
			return signBit | infBits, false
		}
		// quiet NaN; keep the payload's top bits
		return signBit | infBits | 1<<(p-1) | xm>>(52-p), false
	}
	if xe == 0 && xm == 0 {
		return signBit, false
	}
	// normalise: value = mant * 2^(exp-52) with mant in [2^52, 2^53)
	mant := xm
	exp := xe - 1023
	if xe == 0 {
		lz := bits.LeadingZeros64(xm) - 11
		mant = xm << lz
		exp = -1022 - lz
	} else {
		mant |= 1 << 52
	}
	bias := int(expMask >> 1)
	emin := 1 - bias
	shift := 52 - p
	if exp < emin {
		shift += emin - exp
	}
	var q uint64
	var cmpHalf int
	inexact := true
	if shift > 54 {
		q, cmpHalf = 0, -1
	} else {
		q = mant >> shift
		rem := mant & (1<<shift - 1)
		half := uint64(1) << (shift - 1)
		inexact = rem != 0
		switch {
		case rem < half:
			cmpHalf = -1
		case rem > half:
			cmpHalf = 1
		}
	}
	if roundUp(m, neg, q&1 != 0, cmpHalf, inexact) {
		q++
	}
	var mag uint64
	if exp < emin {
		mag = q // subnormal, or the smallest normal when q reached 2^p
	} else {
		mag = uint64(exp+bias)<<p + q - 1<<p
	}
	if mag >= infBits {
		return signBit | infBits, true
	}
	return signBit | mag, false
}

// WidenFloat returns the exact float64 value of the bits b of float type dt.
// It panics if dt is not a real float type.
func WidenFloat(b uint64, dt DataType) float64 {
	switch dt {
	case Float16:
		return F16(b).Float64()
	case BFloat16:
		return BF16(b).Float64()
	case Float32:
		return float64(math.Float32frombits(uint32(b)))
	case Float64:
		return math.Float64frombits(b)
	}
	if f := smallFormatOf(dt); f != nil {
		return f.values[uint8(b)]
	}
	panic("numeric: WidenFloat of non-float type " + dt.String())
}

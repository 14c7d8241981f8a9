package numeric

import (
	"math"
	"math/bits"
	"unsafe"
)

// Exact helpers of the conversion kernels: integer bounds, exact rounding
// of a 64-bit integer to a float format, and reduction of an integral float
// modulo 2^64. None of them goes through an inexact intermediate.

// intBounds returns the smallest and largest value of the integer type D.
func intBounds[D Integer]() (lo, hi D) {
	var zero D
	ones := ^zero
	if ones > 0 { // unsigned
		return 0, ones
	}
	n := unsafe.Sizeof(zero) * 8
	hi = D(1)<<(n-2) - 1 + D(1)<<(n-2) // 2^(n-1) - 1 without overflow
	return ^hi, hi
}

// intInfo returns the width in bits and the signedness of the integer type D.
func intInfo[D Integer]() (bits int, signed bool) {
	var zero D
	return int(unsafe.Sizeof(zero)) * 8, ^zero < 0
}

// intFits reports whether every value of the integer type S is a value of
// the integer type D.
func intFits[S, D Integer]() bool {
	sb, ss := intInfo[S]()
	db, ds := intInfo[D]()
	switch {
	case ss == ds:
		return db >= sb
	case ds: // unsigned into signed
		return db > sb
	}
	return false // signed into unsigned
}

// intFloatBounds returns the range of the integer type D as float64 bounds:
// lo is its minimum (exact: 0 or -2^(n-1)), hiEx the first value above its
// maximum (exact: 2^(n-1) or 2^n), and maxF the largest float64 that is at
// most its maximum.
func intFloatBounds[D Integer]() (lo, hiEx, maxF float64) {
	n, signed := intInfo[D]()
	if signed {
		lo = -math.Ldexp(1, n-1)
		hiEx = math.Ldexp(1, n-1)
	} else {
		hiEx = math.Ldexp(1, n)
	}
	maxF = math.Nextafter(hiEx, 0)
	if n < 53 {
		maxF = hiEx - 1
	}
	return lo, hiEx, maxF
}

// wrapFloat64 returns the integral, finite r modulo 2^64 in two's
// complement: the low 64 bits of the exact integer r.
func wrapFloat64(r float64) uint64 {
	if r > -(1<<63) && r < 1<<63 {
		return uint64(int64(r))
	}
	b := math.Float64bits(r)
	exp := int((b>>52)&0x7ff) - 1075 // r = mant * 2^exp, exp >= 11 here
	mant := b&(1<<52-1) | 1<<52
	var m uint64
	if exp < 64 {
		m = mant << uint(exp)
	}
	if b>>63 != 0 {
		m = -m
	}
	return m
}

// roundIntBits rounds the integer (-1)^neg * mag to the binary float format
// with mantBits explicit mantissa bits and expBits exponent bits in mode m,
// and returns its bits. overflow is true when the rounded magnitude exceeds
// the format's largest finite value; the bits are then the signed infinity.
// Zero gives +0.
func roundIntBits(neg bool, mag uint64, mantBits, expBits int, m RoundingMode) (b uint64, overflow bool) {
	if mag == 0 {
		return 0, false
	}
	var sign uint64
	if neg {
		sign = 1 << (mantBits + expBits)
	}
	msb := 63 - bits.LeadingZeros64(mag) // value in [2^msb, 2^(msb+1))
	q := mag
	if shift := msb - mantBits; shift > 0 {
		q = mag >> uint(shift)
		rem := mag & (1<<uint(shift) - 1)
		half := uint64(1) << uint(shift-1)
		cmpHalf := 0
		switch {
		case rem < half:
			cmpHalf = -1
		case rem > half:
			cmpHalf = 1
		}
		if roundUp(m, neg, q&1 != 0, cmpHalf, rem != 0) {
			q++
			if q == 1<<uint(mantBits+1) {
				q >>= 1
				msb++
			}
		}
	} else {
		q = mag << uint(-shift)
	}
	bias := 1<<(expBits-1) - 1
	biased := uint64(msb + bias)
	inf := (uint64(1)<<expBits - 1) << mantBits
	if biased >= uint64(1)<<expBits-1 {
		return sign | inf, true
	}
	return sign | biased<<mantBits | (q - 1<<uint(mantBits)), false
}

// roundIntTo rounds the integer x to the float format of dt (see
// roundIntBits).
func roundIntTo[S Integer](x S, mantBits, expBits int, m RoundingMode) (uint64, bool) {
	if x < 0 {
		return roundIntBits(true, -uint64(int64(x)), mantBits, expBits, m)
	}
	return roundIntBits(false, uint64(x), mantBits, expBits, m)
}

// roundToIntegral rounds the finite x to an integral value in mode m.
// Every mode is exact: nearest-away uses math.Round, which works on the
// bits (0.49999999999999994 gives 0, 4503599627370497 gives itself).
func roundToIntegral(x float64, m RoundingMode) float64 {
	switch m {
	case TowardsZero:
		return math.Trunc(x)
	case TowardsPositive:
		return math.Ceil(x)
	case TowardsNegative:
		return math.Floor(x)
	case NearestAway:
		return math.Round(x)
	}
	return math.RoundToEven(x)
}

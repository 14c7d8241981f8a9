package elements

import "math"

// RintSmall rounds x to an integer, ties to even, for |x| < 2^51: adding
// and subtracting 1.5 * 2^52 leaves no fraction bits, and IEEE addition
// rounds to nearest-even. It needs no SSE4.1 check, unlike math.RoundToEven
// in the default amd64 build. A larger |x| gives a result of magnitude at
// least 2^50 (not rounded exactly), NaN gives NaN and ±Inf stays; callers
// use it only where such values fall outside a 32-bit integer range and go
// to an exact slow path.
func RintSmall(x float64) float64 {
	const magic = 3 << 51
	return float64(float64(x+magic) - magic)
}

// IsPow2 reports whether x is a finite power of two (of either sign). For
// such a scale s whose reciprocal is a finite power of two too, x / s and
// x * (1/s) are the same correctly rounded value for every x.
func IsPow2(x float64) bool {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return false
	}
	frac, _ := math.Frexp(x)
	return frac == 0.5 || frac == -0.5
}

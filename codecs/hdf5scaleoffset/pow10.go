package hdf5scaleoffset

import (
	"math"
	"strconv"
)

// HDF5 computes the powers of ten of D-scaling with the C library's powf
// and pow. glibc's (2.28 and later) return the correctly rounded power for
// every integer exponent, except pow(10, 23) and pow(10, 210), which are
// one unit in the last place above it; the tests check these functions
// against the C library's values for every exponent that gives neither 0
// nor infinity.

// pow10f returns powf(10, k).
func pow10f(k int64) float32 {
	switch {
	case k > 38:
		return float32(math.Inf(1))
	case k < -50:
		return 0
	}
	v, _ := strconv.ParseFloat("1e"+strconv.FormatInt(k, 10), 32)
	return float32(v)
}

// pow10d returns pow(10, k).
func pow10d(k int64) float64 {
	switch {
	case k > 308:
		return math.Inf(1)
	case k < -400:
		return 0
	case k == 23 || k == 210:
		v, _ := strconv.ParseFloat("1e"+strconv.FormatInt(k, 10), 64)
		return math.Nextafter(v, math.Inf(1))
	}
	v, _ := strconv.ParseFloat("1e"+strconv.FormatInt(k, 10), 64)
	return v
}

// lround is glibc's lround and llround on x86-64 (and lroundf, llroundf of
// a float32 widened exactly): the nearest integer, halves away from zero;
// NaN and magnitudes of 2^63 and more give -2^63, the value the
// conversion instruction returns for them.
func lround(x float64) int64 {
	if !(math.Abs(x) < 1<<63) {
		return math.MinInt64
	}
	return int64(math.Round(x))
}

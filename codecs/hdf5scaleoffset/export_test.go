package hdf5scaleoffset

import "math"

// Pow10f returns the bits of powf(10, k) as the codec computes it.
func Pow10f(k int64) uint32 { return math.Float32bits(pow10f(k)) }

// Pow10d returns the bits of pow(10, k) as the codec computes it.
func Pow10d(k int64) uint64 { return math.Float64bits(pow10d(k)) }

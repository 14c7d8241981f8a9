package numeric

import (
	"math"
	"unsafe"
)

// intToFloat returns the integer -> float32/float64 kernel. Integers whose
// magnitude is at most 2^precision convert exactly. Larger ones are rounded
// in mode m: in nearest-even by Go's conversion, which rounds the exact
// integer once, and in the other modes by roundIntBits. No 64-bit integer
// exceeds the range of float32, so out_of_range never applies.
func intToFloat[S Integer, D Float](m RoundingMode) kernel[S, D] {
	mant, exp := floatFormatOf[D]()
	sb, signed := intInfo[S]()
	magBits := sb
	if signed {
		magBits-- // the minimum, -2^(sb-1), is a power of two and exact
	}
	if magBits <= mant+1 || m == NearestEven {
		return intVector(intToFloatScalar[S, D]())
	}
	lim := uint64(1) << uint(mant+1)
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			u := uint64(x) // sign-extended for signed S
			exact := u <= lim
			if signed {
				exact = u+lim <= 2*lim
			}
			if exact {
				dst[i] = D(x)
				continue
			}
			b, _ := roundIntTo(x, mant, exp, m)
			dst[i] = floatFromBits[D](b)
		}
		return -1, CastOK
	}
}

// intToFloatScalar returns the kernel that converts with Go's conversion
// (exact, or nearest-even).
func intToFloatScalar[S Integer, D Float]() kernel[S, D] {
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			dst[i] = D(x)
		}
		return -1, CastOK
	}
}

// intToHalf returns the integer -> float16/bfloat16 kernel: every element
// is rounded exactly in mode m; a result beyond the largest finite value
// follows oor (clamp gives the signed infinity).
func intToHalf[S Integer, D F16 | BF16](dt DataType, m RoundingMode, oor OutOfRange) kernel[S, D] {
	mant, exp, _ := dt.FloatFormat()
	return func(dst []D, src []S) (int, CastFailure) {
		dst = dst[:len(src)]
		for i, x := range src {
			b, overflow := roundIntTo(x, mant, exp, m)
			if overflow {
				if f := overflowRule(oor); f != CastOK {
					return i, f
				}
			}
			dst[i] = D(b)
		}
		return -1, CastOK
	}
}

// overflowRule returns the failure of a float result beyond the target's
// finite range under oor: none for clamp (the result is the infinity).
func overflowRule(oor OutOfRange) CastFailure {
	switch oor {
	case OutOfRangeClamp:
		return CastOK
	case OutOfRangeWrap:
		return CastWrapFloat
	}
	return CastOutOfRange
}

// floatFormatOf returns the explicit mantissa and exponent bits of D.
func floatFormatOf[D Float]() (mant, exp int) {
	if unsafe.Sizeof(D(0)) == 4 {
		return 23, 8
	}
	return 52, 11
}

// floatFromBits returns the D whose bits are b.
func floatFromBits[D Float](b uint64) D {
	if unsafe.Sizeof(D(0)) == 4 {
		return D(math.Float32frombits(uint32(b)))
	}
	return D(math.Float64frombits(b))
}

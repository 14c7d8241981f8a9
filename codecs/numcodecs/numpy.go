package numcodecs

import (
	"math"
	"math/big"

	"github.com/zcodec/zcodec/numeric"
)

// This file models the NumPy 1.24 operations that numcodecs'
// FixedScaleOffset and AsType apply to each element: arithmetic in a NumPy
// type, np.around and astype casts as NumPy performs them on x86-64 (type
// promotion is in numpypromote.go).

// npVal is one value of a known NumPy type: integers as their 64-bit two's
// complement (sign- or zero-extended), floats as their exact float64 value.
type npVal struct {
	u uint64
	f float64
}

// pyValue converts p to type dt, as NumPy does when it applies a Python
// scalar to an array of type dt (dt holds p's value when p is an int and dt
// an integer type: resultType guarantees it).
func pyValue(p pyNumber, dt numeric.DataType) npVal {
	if dt.IsInteger() {
		if p.i.Sign() < 0 {
			return npVal{u: uint64(p.i.Int64())}
		}
		return npVal{u: p.i.Uint64()}
	}
	if p.isInt {
		if p.i.IsInt64() {
			return intToFloat(int64OrUint(p.i), p.i.Sign() < 0, dt)
		}
		return intToFloat(p.i.Uint64(), false, dt)
	}
	return npVal{f: roundFloat(p.f, dt)}
}

func int64OrUint(i *big.Int) uint64 {
	if i.Sign() < 0 {
		return uint64(i.Int64())
	}
	return i.Uint64()
}

// roundFloat rounds x to float type dt, nearest-even, overflowing to ±Inf.
func roundFloat(x float64, dt numeric.DataType) float64 {
	if dt == numeric.Float64 {
		return x
	}
	b, _ := numeric.NarrowFloat64(x, dt, numeric.NearestEven)
	return numeric.WidenFloat(b, dt)
}

// intToFloat converts the integer u (two's complement when signed) to the
// float type dt, nearest-even.
func intToFloat(u uint64, signed bool, dt numeric.DataType) npVal {
	var f float64
	if signed {
		f = float64(int64(u)) // correctly rounded
		if dt == numeric.Float32 {
			return npVal{f: float64(float32(int64(u)))}
		}
	} else {
		f = float64(u)
		if dt == numeric.Float32 {
			return npVal{f: float64(float32(u))}
		}
	}
	// float16: every integer that does not overflow it is exact in float64
	return npVal{f: roundFloat(f, dt)}
}

// npCast converts v from type from to type to as NumPy's astype does on
// x86-64 (see the package documentation for the integer targets).
func npCast(v npVal, from, to numeric.DataType) npVal {
	switch {
	case from.IsInteger() && to.IsInteger():
		return npVal{u: wrapInt(v.u, to)}
	case from.IsInteger():
		return intToFloat(v.u, from.IsSigned(), to)
	case to.IsFloat():
		return npVal{f: roundFloat(v.f, to)}
	}
	return npVal{u: floatToInt(v.f, to)}
}

// wrapInt truncates u to the width of integer type dt and extends it back
// to 64 bits (sign-extension for signed types).
func wrapInt(u uint64, dt numeric.DataType) uint64 {
	switch dt {
	case numeric.Int8:
		return uint64(int64(int8(u)))
	case numeric.Int16:
		return uint64(int64(int16(u)))
	case numeric.Int32:
		return uint64(int64(int32(u)))
	case numeric.Uint8:
		return uint64(uint8(u))
	case numeric.Uint16:
		return uint64(uint16(u))
	case numeric.Uint32:
		return uint64(uint32(u))
	}
	return u
}

// cvtInt32 is x86's CVTTSD2SI with a 32-bit result: truncation, and the
// "integer indefinite" 0x80000000 for NaN and values outside int32.
func cvtInt32(x float64) int32 {
	if x > -2147483649 && x < 2147483648 {
		return int32(x)
	}
	return math.MinInt32
}

// cvtInt64 is CVTTSD2SI with a 64-bit result.
func cvtInt64(x float64) int64 {
	if x >= -(1<<63) && x < 1<<63 {
		return int64(x)
	}
	return math.MinInt64
}

// floatToInt converts the float x to integer type dt as NumPy 1.24 does on
// x86-64 (compiled C casts, whose out-of-range results C leaves undefined):
// int8, int16, int32, uint8 and uint16 truncate to int32 and keep the low
// bits (so values in int32 range wrap, others give the low bits of
// 0x80000000); uint32 uses the vectorised loop's split at 2^31; int64
// truncates, out of range giving -2^63; uint64 splits at 2^63.
func floatToInt(x float64, dt numeric.DataType) uint64 {
	switch dt {
	case numeric.Int64:
		return uint64(cvtInt64(x))
	case numeric.Uint64:
		switch {
		case x >= 1<<63:
			if y := x - (1 << 63); y < 1<<63 {
				return uint64(int64(y)) ^ 1<<63
			}
			return 0
		case x >= -(1 << 63):
			return uint64(int64(x))
		}
		return 1 << 63
	case numeric.Uint32:
		if x >= 1<<31 {
			return uint64(uint32(cvtInt32(x-(1<<31))) ^ 1<<31)
		}
		return uint64(uint32(cvtInt32(x)))
	}
	return wrapInt(uint64(int64(cvtInt32(x))), dt)
}

// npArith computes a op b in type dt: integers wrap, floats round once to
// dt (for float16 NumPy computes in float32 and rounds again, which gives
// the same correctly rounded result, see halfKernel).
func npArith(op byte, a, b npVal, dt numeric.DataType) npVal {
	if dt.IsInteger() {
		var r uint64
		switch op {
		case '-':
			r = a.u - b.u
		case '+':
			r = a.u + b.u
		case '*':
			r = a.u * b.u
		}
		return npVal{u: wrapInt(r, dt)}
	}
	var r float64
	if dt == numeric.Float32 {
		x, y := float32(a.f), float32(b.f)
		var z float32
		switch op {
		case '-':
			z = x - y
		case '+':
			z = x + y
		case '*':
			z = x * y
		case '/':
			z = x / y
		}
		return npVal{f: float64(z)}
	}
	switch op {
	case '-':
		r = a.f - b.f
	case '+':
		r = a.f + b.f
	case '*':
		r = a.f * b.f
	case '/':
		r = a.f / b.f
	}
	return npVal{f: roundFloat(r, dt)}
}

// npAround is np.around with decimals=0: round half to even for floats,
// the identity for integers.
func npAround(v npVal, dt numeric.DataType) npVal {
	if dt.IsFloat() {
		return npVal{f: math.RoundToEven(v.f)}
	}
	return v
}

// npFromScalar and npToScalar convert between npVal and numeric.Scalar.
func npFromScalar(s numeric.Scalar) npVal {
	dt := s.DataType()
	if dt.IsFloat() {
		return npVal{f: s.Float64()}
	}
	lo, _ := s.Bits()
	return npVal{u: wrapInt(lo, dt)}
}

func npToScalar(v npVal, dt numeric.DataType) numeric.Scalar {
	if dt.IsFloat() {
		return numeric.FloatScalar(dt, v.f) // v.f is a value of dt: exact
	}
	return numeric.ScalarFromBits(dt, v.u, 0)
}

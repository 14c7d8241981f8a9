package numcodecs

import (
	"encoding/binary"
	"math"
	"math/big"

	"github.com/zcodec/zcodec/numeric"
)

// This file models the NumPy 1.24 operations that numcodecs' filters apply
// to each element: arithmetic in a NumPy type, np.around and astype casts
// as NumPy performs them on x86-64 (type promotion is in numpypromote.go,
// scalar assignment in setitem.go).

// npVal is one value of a known NumPy type: integers as their 64-bit two's
// complement (sign- or zero-extended), bools as 0 or 1 in u, floats as
// their exact float64 value, complex values as f (real part) and im.
type npVal struct {
	u     uint64
	f, im float64
}

// pyValue converts p to type dt, as NumPy does when it applies a Python
// scalar to an array of type dt (dt holds p's value when p is an int and dt
// an integer type: resultType guarantees it).
func pyValue(p pyNumber, dt numeric.DataType) npVal {
	if dt.IsInteger() {
		return npVal{u: int64OrUint(p.i)}
	}
	if p.isInt {
		if p.i.IsInt64() {
			return intToFloat(int64OrUint(p.i), p.i.Sign() < 0, dt)
		}
		return intToFloat(p.i.Uint64(), false, dt)
	}
	return npVal{f: roundFloat(p.f, dt)}
}

// int64OrUint returns i, which fits an int64 or a uint64, as its 64-bit
// two's complement.
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
// x86-64 (see the package documentation for the integer targets). A bool
// is 0 or 1 as a number, and anything non-zero (NaN included) is true; a
// complex value converts to a real type through its real part.
func npCast(v npVal, from, to numeric.DataType) npVal {
	switch {
	case from == to:
		return v
	case to == numeric.Bool:
		return npVal{u: b2u(isNonZero(v, from))}
	case to.IsComplex():
		part := to.ComponentType()
		if from.IsComplex() {
			return npVal{f: roundFloat(v.f, part), im: roundFloat(v.im, part)}
		}
		return npVal{f: npCast(v, from, part).f}
	case from == numeric.Bool:
		return npCast(npVal{u: v.u}, numeric.Uint8, to)
	case from.IsComplex():
		return npCast(npVal{f: v.f}, from.ComponentType(), to)
	case from.IsInteger() && to.IsInteger():
		return npVal{u: wrapInt(v.u, to)}
	case from.IsInteger():
		return intToFloat(v.u, from.IsSigned(), to)
	case to.IsFloat():
		return npVal{f: roundFloat(v.f, to)}
	}
	return npVal{u: floatToInt(v.f, to)}
}

// isNonZero reports whether v, of type dt, is not zero (NaN is not zero).
func isNonZero(v npVal, dt numeric.DataType) bool {
	switch {
	case dt.IsFloat():
		return v.f != 0 || v.f != v.f
	case dt.IsComplex():
		return v.f != 0 || v.f != v.f || v.im != 0 || v.im != v.im
	}
	return v.u != 0
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
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
// the same correctly rounded result: float32 has more than twice float16's
// precision, so the double rounding is innocuous), complex values part by
// part ('+' and '-' only). For bools '+' is NumPy's add (logical or) and
// '-' the not_equal np.diff uses in its place.
func npArith(op byte, a, b npVal, dt numeric.DataType) npVal {
	switch {
	case dt == numeric.Bool:
		if op == '+' {
			return npVal{u: a.u | b.u}
		}
		return npVal{u: a.u ^ b.u}
	case dt.IsComplex():
		part := dt.ComponentType()
		return npVal{f: npArith(op, npVal{f: a.f}, npVal{f: b.f}, part).f, im: npArith(op, npVal{f: a.im}, npVal{f: b.im}, part).f}
	case dt.IsInteger():
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
	case dt == numeric.Float32:
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
	var r float64
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
	switch {
	case dt.IsFloat():
		return npVal{f: s.Float64()}
	case dt.IsComplex():
		c := s.Complex128()
		return npVal{f: real(c), im: imag(c)}
	}
	lo, _ := s.Bits()
	return npVal{u: wrapInt(lo, dt)}
}

func npToScalar(v npVal, dt numeric.DataType) numeric.Scalar {
	switch {
	case dt.IsFloat():
		return numeric.FloatScalar(dt, v.f) // v.f is a value of dt: exact
	case dt.IsComplex():
		return numeric.ComplexScalar(dt, complex(v.f, v.im))
	}
	return numeric.ScalarFromBits(dt, v.u, 0)
}

// npLoad reads element i of the little-endian elements b of type dt; a
// bool byte other than 0 is true, as NumPy reads it.
func npLoad(dt numeric.DataType, b []byte, i int) npVal {
	n := dt.Size()
	e := b[i*n : (i+1)*n]
	switch dt {
	case numeric.Bool:
		return npVal{u: b2u(e[0] != 0)}
	case numeric.Int8:
		return npVal{u: uint64(int64(int8(e[0])))}
	case numeric.Uint8:
		return npVal{u: uint64(e[0])}
	case numeric.Int16:
		return npVal{u: uint64(int64(int16(binary.LittleEndian.Uint16(e))))}
	case numeric.Uint16:
		return npVal{u: uint64(binary.LittleEndian.Uint16(e))}
	case numeric.Int32:
		return npVal{u: uint64(int64(int32(binary.LittleEndian.Uint32(e))))}
	case numeric.Uint32:
		return npVal{u: uint64(binary.LittleEndian.Uint32(e))}
	case numeric.Int64, numeric.Uint64:
		return npVal{u: binary.LittleEndian.Uint64(e)}
	case numeric.Float16:
		return npVal{f: numeric.WidenFloat(uint64(binary.LittleEndian.Uint16(e)), dt)}
	case numeric.Float32:
		return npVal{f: float64(math.Float32frombits(binary.LittleEndian.Uint32(e)))}
	case numeric.Float64:
		return npVal{f: math.Float64frombits(binary.LittleEndian.Uint64(e))}
	case numeric.Complex64:
		return npVal{f: float64(math.Float32frombits(binary.LittleEndian.Uint32(e))), im: float64(math.Float32frombits(binary.LittleEndian.Uint32(e[4:])))}
	case numeric.Complex128:
		return npVal{f: math.Float64frombits(binary.LittleEndian.Uint64(e)), im: math.Float64frombits(binary.LittleEndian.Uint64(e[8:]))}
	}
	return npVal{}
}

// npStore writes v, a value of type dt, as element i of b.
func npStore(dt numeric.DataType, b []byte, i int, v npVal) {
	n := dt.Size()
	e := b[i*n : (i+1)*n]
	switch {
	case dt.IsFloat():
		bits, _ := numeric.NarrowFloat64(v.f, dt, numeric.NearestEven) // exact: v.f is a value of dt
		switch n {
		case 2:
			binary.LittleEndian.PutUint16(e, uint16(bits))
		case 4:
			binary.LittleEndian.PutUint32(e, uint32(bits))
		default:
			binary.LittleEndian.PutUint64(e, bits)
		}
	case dt == numeric.Complex64:
		binary.LittleEndian.PutUint32(e, math.Float32bits(float32(v.f)))
		binary.LittleEndian.PutUint32(e[4:], math.Float32bits(float32(v.im)))
	case dt == numeric.Complex128:
		binary.LittleEndian.PutUint64(e, math.Float64bits(v.f))
		binary.LittleEndian.PutUint64(e[8:], math.Float64bits(v.im))
	default:
		for j := range e {
			e[j] = byte(v.u >> (8 * j))
		}
	}
}

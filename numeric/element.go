package numeric

import "math"

// Integer is the set of Go integer types that hold a Zarr integer element.
type Integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Float is the set of Go types that hold a float32 or float64 element.
type Float interface{ ~float32 | ~float64 }

// Real is the set of Go types with native arithmetic that hold a real
// (integer or float32/float64) element.
type Real interface{ Integer | Float }

// Element is the set of Go types that hold one element of a supported data
// type, exactly one Go type per data type. F16 and BF16 hold the
// bits of the 16-bit float types.
type Element interface {
	bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 |
		F16 | BF16 | float32 | float64 | complex64 | complex128
}

// DataTypeOf returns the data type whose elements a T holds.
func DataTypeOf[T Element]() DataType {
	var z T
	switch any(z).(type) {
	case bool:
		return Bool
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case int64:
		return Int64
	case uint8:
		return Uint8
	case uint16:
		return Uint16
	case uint32:
		return Uint32
	case uint64:
		return Uint64
	case F16:
		return Float16
	case BF16:
		return BFloat16
	case float32:
		return Float32
	case float64:
		return Float64
	case complex64:
		return Complex64
	default: // complex128
		return Complex128
	}
}

// ScalarOf returns v as a Scalar of DataTypeOf[T]().
func ScalarOf[T Element](v T) Scalar {
	switch x := any(v).(type) {
	case bool:
		return BoolScalar(x)
	case int8:
		return ScalarFromBits(Int8, uint64(x), 0)
	case int16:
		return ScalarFromBits(Int16, uint64(x), 0)
	case int32:
		return ScalarFromBits(Int32, uint64(x), 0)
	case int64:
		return ScalarFromBits(Int64, uint64(x), 0)
	case uint8:
		return ScalarFromBits(Uint8, uint64(x), 0)
	case uint16:
		return ScalarFromBits(Uint16, uint64(x), 0)
	case uint32:
		return ScalarFromBits(Uint32, uint64(x), 0)
	case uint64:
		return ScalarFromBits(Uint64, x, 0)
	case F16:
		return ScalarFromBits(Float16, uint64(x), 0)
	case BF16:
		return ScalarFromBits(BFloat16, uint64(x), 0)
	case float32:
		return ScalarFromBits(Float32, uint64(math.Float32bits(x)), 0)
	case float64:
		return ScalarFromBits(Float64, math.Float64bits(x), 0)
	case complex64:
		return ScalarFromBits(Complex64, uint64(math.Float32bits(real(x)))|uint64(math.Float32bits(imag(x)))<<32, 0)
	default:
		c := any(v).(complex128)
		return ScalarFromBits(Complex128, math.Float64bits(real(c)), math.Float64bits(imag(c)))
	}
}

// ValueOf returns the value of s as a T, bit for bit. ok is false when s is
// not of type DataTypeOf[T]().
func ValueOf[T Element](s Scalar) (v T, ok bool) {
	if s.dt != DataTypeOf[T]() {
		return v, false
	}
	var r any
	switch s.dt {
	case Bool:
		r = s.lo != 0
	case Int8:
		r = int8(s.lo)
	case Int16:
		r = int16(s.lo)
	case Int32:
		r = int32(s.lo)
	case Int64:
		r = int64(s.lo)
	case Uint8:
		r = uint8(s.lo)
	case Uint16:
		r = uint16(s.lo)
	case Uint32:
		r = uint32(s.lo)
	case Uint64:
		r = s.lo
	case Float16:
		r = F16(s.lo)
	case BFloat16:
		r = BF16(s.lo)
	case Float32:
		r = math.Float32frombits(uint32(s.lo))
	case Float64:
		r = math.Float64frombits(s.lo)
	case Complex64:
		r = complex(math.Float32frombits(uint32(s.lo)), math.Float32frombits(uint32(s.lo>>32)))
	case Complex128:
		r = complex(math.Float64frombits(s.lo), math.Float64frombits(s.hi))
	}
	return r.(T), true
}

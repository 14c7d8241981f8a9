package numeric

import (
	"fmt"
	"math"
)

// DataType is a Zarr v3 data type with a fixed element size: the core types
// and the bfloat16 extension. The zero value is not a valid data type.
type DataType uint8

// The supported data types. Their String form is the Zarr v3 name.
const (
	Bool DataType = iota + 1
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16
	BFloat16
	Float32
	Float64
	Complex64
	Complex128
)

// DataTypes lists every supported data type in a fixed order.
var DataTypes = [...]DataType{
	Bool, Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64,
	Float16, BFloat16, Float32, Float64, Complex64, Complex128,
}

type dtypeInfo struct {
	name string
	size int
}

var dtypeInfos = [...]dtypeInfo{
	Bool:       {"bool", 1},
	Int8:       {"int8", 1},
	Int16:      {"int16", 2},
	Int32:      {"int32", 4},
	Int64:      {"int64", 8},
	Uint8:      {"uint8", 1},
	Uint16:     {"uint16", 2},
	Uint32:     {"uint32", 4},
	Uint64:     {"uint64", 8},
	Float16:    {"float16", 2},
	BFloat16:   {"bfloat16", 2},
	Float32:    {"float32", 4},
	Float64:    {"float64", 8},
	Complex64:  {"complex64", 8},
	Complex128: {"complex128", 16},
}

// ParseDataType returns the data type with the given Zarr v3 name
// ("int16", "float64", "bfloat16", ...). Names are case-sensitive.
func ParseDataType(name string) (DataType, error) {
	for _, d := range DataTypes {
		if dtypeInfos[d].name == name {
			return d, nil
		}
	}
	return 0, &DataTypeError{Name: name}
}

// DataTypeError reports a data type name that zcodec does not support.
type DataTypeError struct {
	Name string // the name as given
}

func (e *DataTypeError) Error() string {
	return fmt.Sprintf("unsupported data type %q", e.Name)
}

// Valid reports whether d is one of the supported data types.
func (d DataType) Valid() bool { return d >= Bool && d <= Complex128 }

// String returns the Zarr v3 name of d, or "DataType(N)" for an invalid value.
func (d DataType) String() string {
	if !d.Valid() {
		return fmt.Sprintf("DataType(%d)", uint8(d))
	}
	return dtypeInfos[d].name
}

// Size returns the size of one element in bytes (0 for an invalid value).
func (d DataType) Size() int {
	if !d.Valid() {
		return 0
	}
	return dtypeInfos[d].size
}

// IsInteger reports whether d is a signed or unsigned integer type.
func (d DataType) IsInteger() bool { return d >= Int8 && d <= Uint64 }

// IsSigned reports whether d is a signed integer type.
func (d DataType) IsSigned() bool { return d >= Int8 && d <= Int64 }

// IsUnsigned reports whether d is an unsigned integer type.
func (d DataType) IsUnsigned() bool { return d >= Uint8 && d <= Uint64 }

// IsFloat reports whether d is a real binary floating-point type
// (float16, bfloat16, float32, float64).
func (d DataType) IsFloat() bool { return d >= Float16 && d <= Float64 }

// IsComplex reports whether d is complex64 or complex128.
func (d DataType) IsComplex() bool { return d == Complex64 || d == Complex128 }

// IsReal reports whether d is an integer or a real floating-point type:
// the types that carry one real number per element.
func (d DataType) IsReal() bool { return d.IsInteger() || d.IsFloat() }

// Bits returns the width of one element in bits.
func (d DataType) Bits() int { return 8 * d.Size() }

// ComponentType returns float32 for complex64, float64 for complex128 and d
// itself for every other type.
func (d DataType) ComponentType() DataType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	}
	return d
}

// IntRange returns the smallest and largest value of an integer type as
// int64 and uint64 bounds: min is valid for signed types (0 for unsigned),
// max is the largest value as uint64. ok is false for non-integer types.
func (d DataType) IntRange() (min int64, max uint64, ok bool) {
	switch d {
	case Int8:
		return math.MinInt8, math.MaxInt8, true
	case Int16:
		return math.MinInt16, math.MaxInt16, true
	case Int32:
		return math.MinInt32, math.MaxInt32, true
	case Int64:
		return math.MinInt64, math.MaxInt64, true
	case Uint8:
		return 0, math.MaxUint8, true
	case Uint16:
		return 0, math.MaxUint16, true
	case Uint32:
		return 0, math.MaxUint32, true
	case Uint64:
		return 0, math.MaxUint64, true
	}
	return 0, 0, false
}

// FloatFormat describes a binary floating-point format: the number of
// explicit mantissa bits and the exponent bias. ok is false for non-float
// types.
func (d DataType) FloatFormat() (mantBits, expBits int, ok bool) {
	switch d {
	case Float16:
		return 10, 5, true
	case BFloat16:
		return 7, 8, true
	case Float32:
		return 23, 8, true
	case Float64:
		return 52, 11, true
	}
	return 0, 0, false
}

// MaxFloat returns the largest finite value of a real float type as a
// float64 (exact for every supported float type), or 0 otherwise.
func (d DataType) MaxFloat() float64 {
	switch d {
	case Float16:
		return 65504
	case BFloat16:
		return float64(math.Float32frombits(0x7f7f0000))
	case Float32:
		return math.MaxFloat32
	case Float64:
		return math.MaxFloat64
	}
	return 0
}

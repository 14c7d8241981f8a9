package numeric

import (
	"fmt"
	"math"
)

// DataType is a Zarr v3 data type: a core type, an extension type of the
// zarr-extensions registry, or a parameterized type with its configuration.
// The zero value is not a valid data type.
//
// A DataType is a comparable value. Its low 8 bits are its kind; the bits
// above hold the configuration of a parameterized kind (the length of a
// fixed-length type, the unit and scale factor of a date or duration), so
// == compares configurations too. Kind returns the kind alone.
type DataType uint64

// The data types without configuration, and the kinds of the parameterized
// ones. String gives the name written in array metadata.
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

	// Sub-byte integers (zarr-extensions int2, int4, uint2, uint4), held
	// one element per byte when decoded: sign-extended for int2 and int4,
	// zero-extended for uint2 and uint4.
	Int2
	Int4
	Uint2
	Uint4

	// Floats of 8 bits and fewer (zarr-extensions; the names follow
	// LLVM/MLIR and ml_dtypes), held one element per byte when decoded, the
	// bits of the format in the low bits and zeros above.
	Float8E3M4
	Float8E4M3
	Float8E4M3B11FNUZ
	Float8E4M3FNUZ
	Float8E5M2
	Float8E5M2FNUZ
	Float8E8M0FNU
	Float6E2M3FN
	Float6E3M2FN
	Float4E2M1FN

	// String is the variable-length UTF-8 string type ("string") and Bytes
	// the variable-length byte string type ("bytes"). Their elements have
	// no fixed size (Size returns 0).
	String
	Bytes

	// Kinds of parameterized types. The constants themselves carry no
	// configuration and are not Valid: make a type with
	// NewFixedLengthUTF32, NewNullTerminatedBytes, NewRawBytes,
	// NewDatetime64 or NewTimedelta64, and compare Kind() with them.
	FixedLengthUTF32    // "fixed_length_utf32": NumPy's <U n, length_bytes = 4n
	NullTerminatedBytes // "null_terminated_bytes": NumPy's |S n
	RawBytes            // core "r<bits>": opaque elements of a whole number of bytes (NumPy's |V n)
	Datetime64          // "numpy.datetime64": int64 counts of unit*scale_factor since 1970-01-01T00:00:00, NaT = -2^63
	Timedelta64         // "numpy.timedelta64": int64 counts of unit*scale_factor, NaT = -2^63

	numKinds
)

const kindBits = 8

// DataTypes lists every supported data type without configuration in a
// fixed order. ParseDataType accepts exactly their names.
var DataTypes = [...]DataType{
	Bool, Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64,
	Float16, BFloat16, Float32, Float64, Complex64, Complex128,
	Int2, Int4, Uint2, Uint4,
	Float8E3M4, Float8E4M3, Float8E4M3B11FNUZ, Float8E4M3FNUZ, Float8E5M2, Float8E5M2FNUZ,
	Float8E8M0FNU, Float6E2M3FN, Float6E3M2FN, Float4E2M1FN,
}

// class is what an element of a kind holds.
type class uint8

const (
	classBool class = iota + 1
	classSigned
	classUnsigned
	classFloat
	classComplex
	classString // text: String, FixedLengthUTF32
	classBytes  // byte strings: Bytes, NullTerminatedBytes, RawBytes
	classTime   // Datetime64, Timedelta64
)

type dtypeInfo struct {
	name  string
	size  int // bytes per element; 0 for variable-length and parameterized kinds
	class class
	// parameterized kinds take their size from the configuration
	parameterized bool
}

var dtypeInfos = [numKinds]dtypeInfo{
	Bool:       {name: "bool", size: 1, class: classBool},
	Int8:       {name: "int8", size: 1, class: classSigned},
	Int16:      {name: "int16", size: 2, class: classSigned},
	Int32:      {name: "int32", size: 4, class: classSigned},
	Int64:      {name: "int64", size: 8, class: classSigned},
	Uint8:      {name: "uint8", size: 1, class: classUnsigned},
	Uint16:     {name: "uint16", size: 2, class: classUnsigned},
	Uint32:     {name: "uint32", size: 4, class: classUnsigned},
	Uint64:     {name: "uint64", size: 8, class: classUnsigned},
	Float16:    {name: "float16", size: 2, class: classFloat},
	BFloat16:   {name: "bfloat16", size: 2, class: classFloat},
	Float32:    {name: "float32", size: 4, class: classFloat},
	Float64:    {name: "float64", size: 8, class: classFloat},
	Complex64:  {name: "complex64", size: 8, class: classComplex},
	Complex128: {name: "complex128", size: 16, class: classComplex},

	Int2:  {name: "int2", size: 1, class: classSigned},
	Int4:  {name: "int4", size: 1, class: classSigned},
	Uint2: {name: "uint2", size: 1, class: classUnsigned},
	Uint4: {name: "uint4", size: 1, class: classUnsigned},

	Float8E3M4:        {name: "float8_e3m4", size: 1, class: classFloat},
	Float8E4M3:        {name: "float8_e4m3", size: 1, class: classFloat},
	Float8E4M3B11FNUZ: {name: "float8_e4m3b11fnuz", size: 1, class: classFloat},
	Float8E4M3FNUZ:    {name: "float8_e4m3fnuz", size: 1, class: classFloat},
	Float8E5M2:        {name: "float8_e5m2", size: 1, class: classFloat},
	Float8E5M2FNUZ:    {name: "float8_e5m2fnuz", size: 1, class: classFloat},
	Float8E8M0FNU:     {name: "float8_e8m0fnu", size: 1, class: classFloat},
	Float6E2M3FN:      {name: "float6_e2m3fn", size: 1, class: classFloat},
	Float6E3M2FN:      {name: "float6_e3m2fn", size: 1, class: classFloat},
	Float4E2M1FN:      {name: "float4_e2m1fn", size: 1, class: classFloat},

	String: {name: "string", class: classString},
	Bytes:  {name: "bytes", class: classBytes},

	FixedLengthUTF32:    {name: "fixed_length_utf32", class: classString, parameterized: true},
	NullTerminatedBytes: {name: "null_terminated_bytes", class: classBytes, parameterized: true},
	RawBytes:            {name: "r*", class: classBytes, parameterized: true},
	Datetime64:          {name: "numpy.datetime64", class: classTime, parameterized: true},
	Timedelta64:         {name: "numpy.timedelta64", class: classTime, parameterized: true},
}

// ParseDataType returns the data type with the given Zarr v3 name
// ("int16", "float64", "bfloat16", ...): one of DataTypes, or a raw type
// "r8", "r16", ... (a multiple of 8 bits). Names are case-sensitive.
// Types written with a configuration are read by ParseDataTypeJSON.
func ParseDataType(name string) (DataType, error) {
	for _, d := range DataTypes {
		if dtypeInfos[d].name == name {
			return d, nil
		}
	}
	if d, ok := parseRawName(name); ok {
		return d, nil
	}
	return 0, &DataTypeError{Name: name}
}

// DataTypeError reports a data type that zcodec does not support.
type DataTypeError struct {
	Name   string // the name as given
	Reason string // why, when the name is known but its configuration is not supported; "" otherwise
}

func (e *DataTypeError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("unsupported data type %q: %s", e.Name, e.Reason)
	}
	return fmt.Sprintf("unsupported data type %q", e.Name)
}

// Kind returns d without its configuration: d itself for a type without
// one, and FixedLengthUTF32, NullTerminatedBytes, RawBytes, Datetime64 or
// Timedelta64 for a parameterized type.
func (d DataType) Kind() DataType { return d & (1<<kindBits - 1) }

// parameter returns the configuration bits of d.
func (d DataType) parameter() uint64 { return uint64(d) >> kindBits }

func (d DataType) info() (dtypeInfo, bool) {
	k := d.Kind()
	if k == 0 || k >= numKinds {
		return dtypeInfo{}, false
	}
	return dtypeInfos[k], true
}

// Valid reports whether d is a data type: a kind without configuration
// with no configuration bits, or a parameterized kind with a valid
// configuration.
func (d DataType) Valid() bool {
	info, ok := d.info()
	if !ok {
		return false
	}
	if !info.parameterized {
		return d.parameter() == 0
	}
	return validParameter(d.Kind(), d.parameter())
}

// String returns the Zarr v3 name of d, with the configuration of a
// parameterized type in parentheses ("fixed_length_utf32(length_bytes=48)",
// "numpy.datetime64(unit=s, scale_factor=1)"; raw types by their name,
// "r16"), or "DataType(N)" for an invalid value.
func (d DataType) String() string {
	if !d.Valid() {
		return fmt.Sprintf("DataType(%d)", uint64(d))
	}
	info, _ := d.info()
	if !info.parameterized {
		return info.name
	}
	return parameterizedString(d)
}

// Size returns the size of one element in bytes: 0 for an invalid value and
// for the variable-length types String and Bytes.
func (d DataType) Size() int {
	info, ok := d.info()
	if !ok || !d.Valid() {
		return 0
	}
	if info.parameterized {
		return parameterSize(d)
	}
	return info.size
}

// IsVariableLength reports whether the elements of d have no fixed size
// (String and Bytes).
func (d DataType) IsVariableLength() bool { return d == String || d == Bytes }

func (d DataType) class() class {
	info, _ := d.info()
	return info.class
}

// IsInteger reports whether d is a signed or unsigned integer type,
// sub-byte integers included.
func (d DataType) IsInteger() bool { return d.IsSigned() || d.IsUnsigned() }

// IsSigned reports whether d is a signed integer type.
func (d DataType) IsSigned() bool { return d.class() == classSigned }

// IsUnsigned reports whether d is an unsigned integer type.
func (d DataType) IsUnsigned() bool { return d.class() == classUnsigned }

// IsFloat reports whether d is a real binary floating-point type: float16,
// bfloat16, float32, float64 and the floats of 8 bits and fewer.
func (d DataType) IsFloat() bool { return d.class() == classFloat }

// IsComplex reports whether d is complex64 or complex128.
func (d DataType) IsComplex() bool { return d.class() == classComplex }

// IsReal reports whether d is an integer or a real floating-point type:
// the types that carry one real number per element.
func (d DataType) IsReal() bool { return d.IsInteger() || d.IsFloat() }

// IsText reports whether the elements of d are text: String and the
// fixed-length UTF-32 types.
func (d DataType) IsText() bool { return d.class() == classString }

// IsByteString reports whether the elements of d are byte strings: Bytes,
// the null-terminated and the raw types.
func (d DataType) IsByteString() bool { return d.class() == classBytes }

// IsTime reports whether d is a numpy.datetime64 or numpy.timedelta64 type.
func (d DataType) IsTime() bool { return d.class() == classTime }

// Storage returns the core type whose elements hold those of d in memory:
// int8 for int2 and int4, uint8 for uint2, uint4 and the floats of 8 bits
// and fewer (their bits), int64 for dates and durations, and d itself for
// every other type.
func (d DataType) Storage() DataType {
	switch {
	case d == Int2 || d == Int4:
		return Int8
	case d == Uint2 || d == Uint4:
		return Uint8
	case d.IsFloat() && d.Size() == 1:
		return Uint8
	case d.IsTime():
		return Int64
	}
	return d
}

// Bits returns the width of one element in bits: the width of the format
// for the sub-byte types (2 for int2, 6 for float6_e2m3fn), eight times
// Size for the others.
func (d DataType) Bits() int {
	switch d {
	case Int2, Uint2:
		return 2
	case Int4, Uint4, Float4E2M1FN:
		return 4
	case Float6E2M3FN, Float6E3M2FN:
		return 6
	}
	return 8 * d.Size()
}

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
	case Int2:
		return -2, 1, true
	case Int4:
		return -8, 7, true
	case Uint2:
		return 0, 3, true
	case Uint4:
		return 0, 15, true
	}
	return 0, 0, false
}

// FloatFormat describes a binary floating-point type with the IEEE 754
// layout (exponent bias 2^(expBits-1)-1, infinities and NaNs at the
// largest exponent): the number of explicit mantissa bits and of exponent
// bits. ok is false for non-float types and for the small floats whose
// encoding departs from IEEE 754 (the fnuz and fn types and
// float8_e8m0fnu); FloatLayout describes every float type.
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
	if f := smallFormatOf(d); f != nil && f.kind == smallIEEE {
		return f.mant, f.exp, true
	}
	return 0, 0, false
}

// FloatLayout returns the encoding of a real float type: every float type,
// the floats of 8 bits and fewer included. ok is false for other types.
func (d DataType) FloatLayout() (l FloatLayout, ok bool) {
	if f := smallFormatOf(d); f != nil {
		return f.layout(), true
	}
	mant, exp, ok := d.FloatFormat()
	if !ok {
		return FloatLayout{}, false
	}
	return FloatLayout{MantBits: mant, ExpBits: exp, Bias: 1<<(exp-1) - 1, Signed: true, Infinity: true,
		NaN: true, NaNBits: CanonicalNaNBits(d), NegativeZero: true, IEEE: true}, true
}

// MaxFloat returns the largest finite value of a real float type as a
// float64 (exact for every supported float type), or 0 otherwise. The
// smallest finite value is -MaxFloat, except for float8_e8m0fnu, which has
// no sign: its smallest value is 2^-127.
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
	if f := smallFormatOf(d); f != nil {
		return f.values[f.maxMag]
	}
	return 0
}

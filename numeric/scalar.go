package numeric

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Scalar is one value of a DataType, held as the bits of its little-endian
// element encoding. The zero Scalar has no data type and is not valid.
//
// Scalars are small comparable values; == compares bits (so NaN payloads and
// the sign of zero matter). Use Equal for numeric comparison.
type Scalar struct {
	dt DataType
	lo uint64 // the first 8 bytes of the element, little-endian
	hi uint64 // bytes 8..15 (the imaginary part of complex128)
	// str holds the value of a text or byte-string type (textscalar.go).
	str string
}

// ScalarError reports a value or an element encoding that is not valid for
// a data type.
type ScalarError struct {
	DataType DataType
	Reason   string
}

func (e *ScalarError) Error() string {
	if e.DataType == 0 {
		return "numeric: " + e.Reason
	}
	return fmt.Sprintf("numeric: %v: %s", e.DataType, e.Reason)
}

// Zero returns the zero value of dt (false, 0, +0.0, 0+0i).
// For r* it is the element of length_bytes zero bytes.
func Zero(dt DataType) Scalar {
	if dt.Kind() == RawBytes {
		return Scalar{dt: dt, str: string(make([]byte, dt.Size()))}
	}
	return Scalar{dt: dt}
}

// ScalarFromBits returns the scalar of type dt whose element encoding has
// the bits lo (bytes 0..7) and hi (bytes 8..15, complex128 only). Bits
// beyond the width of dt are cleared; for the sub-byte types the width is
// that of the format (the upper bits of the byte are ignored, as the
// registry says), and the byte is then held in its in-memory form:
// sign-extended for int2 and int4, zero-extended for the others.
func ScalarFromBits(dt DataType, lo, hi uint64) Scalar {
	if isSmall(dt) {
		return Scalar{dt: dt, lo: canonicalByte(dt, uint8(lo))}
	}
	n := dt.Size()
	switch {
	case n < 8:
		lo &= 1<<(8*n) - 1
		hi = 0
	case n == 8:
		hi = 0
	}
	if dt == Bool {
		lo &= 1
	}
	return Scalar{dt: dt, lo: lo, hi: hi}
}

// ScalarFromBytes decodes the little-endian element encoding b of type dt.
// len(b) must be dt.Size(); a bool byte other than 0 or 1 is an error.
func ScalarFromBytes(dt DataType, b []byte) (Scalar, error) {
	if !dt.Valid() {
		return Scalar{}, &ScalarError{DataType: dt, Reason: "invalid data type"}
	}
	if len(b) != dt.Size() {
		return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("an element needs %d bytes, got %d", dt.Size(), len(b))}
	}
	if isStringClass(dt) {
		return stringScalarFromElement(dt, b)
	}
	if isSmall(dt) {
		return ScalarFromBits(dt, uint64(b[0]), 0), nil
	}
	var buf [16]byte
	copy(buf[:], b)
	if dt == Bool && b[0] > 1 {
		return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("byte %#02x is neither 0 nor 1", b[0])}
	}
	return Scalar{dt: dt, lo: binary.LittleEndian.Uint64(buf[:8]), hi: binary.LittleEndian.Uint64(buf[8:])}, nil
}

// BoolScalar returns the bool scalar v.
func BoolScalar(v bool) Scalar {
	if v {
		return Scalar{dt: Bool, lo: 1}
	}
	return Scalar{dt: Bool}
}

// IntScalar returns v as a scalar of integer type dt, or an error if dt is
// not an integer type or v is outside its range.
func IntScalar(dt DataType, v int64) (Scalar, error) {
	lo, hi, ok := dt.IntRange()
	if !ok {
		return Scalar{}, &ScalarError{DataType: dt, Reason: "not an integer type"}
	}
	if v < lo || (v > 0 && uint64(v) > hi) {
		return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("%d is out of range [%d, %d]", v, lo, hi)}
	}
	return ScalarFromBits(dt, uint64(v), 0), nil
}

// UintScalar returns v as a scalar of integer type dt, or an error if dt is
// not an integer type or v is outside its range.
func UintScalar(dt DataType, v uint64) (Scalar, error) {
	lo, hi, ok := dt.IntRange()
	if !ok {
		return Scalar{}, &ScalarError{DataType: dt, Reason: "not an integer type"}
	}
	if v > hi {
		return Scalar{}, &ScalarError{DataType: dt, Reason: fmt.Sprintf("%d is out of range [%d, %d]", v, lo, hi)}
	}
	return ScalarFromBits(dt, v, 0), nil
}

// FloatScalar returns v rounded to the nearest value of float type dt (ties
// to even; magnitudes beyond the largest finite value become Infinity, or
// saturate for the small floats without one: see NarrowFloat64). It
// panics if dt is not a real float type.
func FloatScalar(dt DataType, v float64) Scalar {
	b, _ := NarrowFloat64(v, dt, NearestEven)
	return Scalar{dt: dt, lo: b}
}

// ComplexScalar returns v as a complex64 or complex128 scalar, each part
// rounded to nearest-even. It panics if dt is not a complex type.
func ComplexScalar(dt DataType, v complex128) Scalar {
	switch dt {
	case Complex64:
		re := math.Float32bits(float32(real(v)))
		im := math.Float32bits(float32(imag(v)))
		return Scalar{dt: dt, lo: uint64(re) | uint64(im)<<32}
	case Complex128:
		return Scalar{dt: dt, lo: math.Float64bits(real(v)), hi: math.Float64bits(imag(v))}
	}
	panic("numeric: ComplexScalar of non-complex type " + dt.String())
}

// DataType returns the type of s.
func (s Scalar) DataType() DataType { return s.dt }

// Valid reports whether s has a valid data type.
func (s Scalar) Valid() bool { return s.dt.Valid() }

// Bits returns the raw bits of s: lo holds bytes 0..7 of its little-endian
// element encoding, hi bytes 8..15.
func (s Scalar) Bits() (lo, hi uint64) { return s.lo, s.hi }

// PutBytes writes the little-endian element encoding of s into b, which must
// hold at least DataType().Size() bytes, and returns the number written.
func (s Scalar) PutBytes(b []byte) int {
	if isStringClass(s.dt) {
		return s.putStringBytes(b)
	}
	n := s.dt.Size()
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:8], s.lo)
	binary.LittleEndian.PutUint64(buf[8:], s.hi)
	return copy(b[:n], buf[:n])
}

// Bytes returns the little-endian element encoding of s.
func (s Scalar) Bytes() []byte {
	b := make([]byte, s.dt.Size())
	s.PutBytes(b)
	return b
}

// Bool returns the value of a bool scalar (false for other types).
func (s Scalar) Bool() bool { return s.dt == Bool && s.lo != 0 }

// Int64 returns the value of an integer scalar as int64; ok is false for
// non-integer types and for uint64 values above math.MaxInt64.
func (s Scalar) Int64() (v int64, ok bool) {
	switch s.dt {
	case Int8, Int2, Int4:
		return int64(int8(s.lo)), true
	case Int16:
		return int64(int16(s.lo)), true
	case Int32:
		return int64(int32(s.lo)), true
	case Int64:
		return int64(s.lo), true
	case Uint8, Uint16, Uint32, Uint2, Uint4:
		return int64(s.lo), true
	case Uint64:
		return int64(s.lo), s.lo <= math.MaxInt64
	}
	return 0, false
}

// Uint64 returns the value of an integer scalar as uint64; ok is false for
// non-integer types and negative values.
func (s Scalar) Uint64() (v uint64, ok bool) {
	if s.dt.IsUnsigned() {
		return s.lo, true
	}
	if i, isInt := s.Int64(); isInt && i >= 0 {
		return uint64(i), true
	}
	return 0, false
}

// Float64 returns the value of a real scalar as float64: exact for every
// float type and for integers up to 2^53 in magnitude, rounded to nearest
// even for larger integers; 0 or 1 for bool. For complex types it returns the
// real part.
func (s Scalar) Float64() float64 {
	switch {
	case s.dt == Bool:
		return float64(s.lo)
	case s.dt.IsUnsigned():
		return float64(s.lo)
	case s.dt.IsSigned():
		v, _ := s.Int64()
		return float64(v)
	case s.dt.IsFloat():
		return WidenFloat(s.lo, s.dt)
	case s.dt == Complex64:
		return float64(math.Float32frombits(uint32(s.lo)))
	case s.dt == Complex128:
		return math.Float64frombits(s.lo)
	}
	return 0
}

// Complex128 returns the value of a complex scalar; real scalars give an
// imaginary part of zero.
func (s Scalar) Complex128() complex128 {
	switch s.dt {
	case Complex64:
		return complex(float64(math.Float32frombits(uint32(s.lo))), float64(math.Float32frombits(uint32(s.lo>>32))))
	case Complex128:
		return complex(math.Float64frombits(s.lo), math.Float64frombits(s.hi))
	}
	return complex(s.Float64(), 0)
}

// Parts returns the real and imaginary parts of a complex scalar as scalars
// of its component type (float32 or float64). For other types it returns s
// and a zero of the same type.
func (s Scalar) Parts() (re, im Scalar) {
	switch s.dt {
	case Complex64:
		return Scalar{dt: Float32, lo: s.lo & 0xffffffff}, Scalar{dt: Float32, lo: s.lo >> 32}
	case Complex128:
		return Scalar{dt: Float64, lo: s.lo}, Scalar{dt: Float64, lo: s.hi}
	}
	return s, Zero(s.dt)
}

// IsNaN reports whether s is a float NaN, or a complex value with a NaN part.
func (s Scalar) IsNaN() bool {
	switch {
	case s.dt.IsFloat():
		return math.IsNaN(WidenFloat(s.lo, s.dt))
	case s.dt.IsComplex():
		re, im := s.Parts()
		return re.IsNaN() || im.IsNaN()
	}
	return false
}

// Equal reports whether s and t have the same type and the same numeric
// value: every NaN equals every NaN (any payload or sign), -0.0 equals +0.0,
// and all other values compare exactly. Complex values compare part by part.
func (s Scalar) Equal(t Scalar) bool {
	if s.dt != t.dt {
		return false
	}
	switch {
	case s.dt.IsFloat():
		a, b := WidenFloat(s.lo, s.dt), WidenFloat(t.lo, t.dt)
		return a == b || (math.IsNaN(a) && math.IsNaN(b))
	case s.dt.IsComplex():
		sr, si := s.Parts()
		tr, ti := t.Parts()
		return sr.Equal(tr) && si.Equal(ti)
	}
	return s == t
}

// String returns the canonical fill-value JSON text of s (see
// FormatFillValue), or "<invalid>" for the zero Scalar.
func (s Scalar) String() string {
	if !s.Valid() {
		return "<invalid>"
	}
	return string(AppendFillValue(nil, s))
}

// MarshalJSON returns the canonical fill-value JSON of s.
func (s Scalar) MarshalJSON() ([]byte, error) {
	if !s.Valid() {
		return nil, &ScalarError{Reason: "marshal of a Scalar with no data type"}
	}
	return AppendFillValue(nil, s), nil
}

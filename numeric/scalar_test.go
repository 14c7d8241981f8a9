package numeric_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

func TestIntScalarRange(t *testing.T) {
	tests := []struct {
		dt       numeric.DataType
		min, max int64
	}{
		{numeric.Int8, math.MinInt8, math.MaxInt8},
		{numeric.Int16, math.MinInt16, math.MaxInt16},
		{numeric.Int32, math.MinInt32, math.MaxInt32},
		{numeric.Uint8, 0, math.MaxUint8},
		{numeric.Uint16, 0, math.MaxUint16},
		{numeric.Uint32, 0, math.MaxUint32},
	}
	for _, tt := range tests {
		for _, v := range []int64{tt.min, tt.max, 0} {
			s, err := numeric.IntScalar(tt.dt, v)
			if err != nil {
				t.Errorf("IntScalar(%v, %d): %v", tt.dt, v, err)
				continue
			}
			if got, ok := s.Int64(); !ok || got != v || s.DataType() != tt.dt {
				t.Errorf("IntScalar(%v, %d) = %v (%d, %v)", tt.dt, v, s, got, ok)
			}
		}
		for _, v := range []int64{tt.min - 1, tt.max + 1, math.MinInt64, math.MaxInt64} {
			if s, err := numeric.IntScalar(tt.dt, v); err == nil {
				t.Errorf("IntScalar(%v, %d) = %v, want an error", tt.dt, v, s)
			}
		}
		if s, err := numeric.UintScalar(tt.dt, uint64(tt.max)); err != nil || s.String() != numeric.FormatFillValue(s) {
			t.Errorf("UintScalar(%v, %d): %v", tt.dt, tt.max, err)
		}
		for _, v := range []uint64{uint64(tt.max) + 1, math.MaxUint64} {
			if s, err := numeric.UintScalar(tt.dt, v); err == nil {
				t.Errorf("UintScalar(%v, %d) = %v, want an error", tt.dt, v, s)
			}
		}
	}
	// 64-bit edges
	if s, err := numeric.IntScalar(numeric.Int64, math.MinInt64); err != nil || s.String() != "-9223372036854775808" {
		t.Errorf("IntScalar(int64, MinInt64) = %v, %v", s, err)
	}
	if s, err := numeric.IntScalar(numeric.Uint64, math.MaxInt64); err != nil || s.String() != "9223372036854775807" {
		t.Errorf("IntScalar(uint64, MaxInt64) = %v, %v", s, err)
	}
	if _, err := numeric.IntScalar(numeric.Uint64, -1); err == nil {
		t.Errorf("IntScalar(uint64, -1) succeeded")
	}
	if s, err := numeric.UintScalar(numeric.Uint64, math.MaxUint64); err != nil || s.String() != "18446744073709551615" {
		t.Errorf("UintScalar(uint64, MaxUint64) = %v, %v", s, err)
	}
	if _, err := numeric.UintScalar(numeric.Int64, 1<<63); err == nil {
		t.Errorf("UintScalar(int64, 2^63) succeeded")
	}
	for _, dt := range []numeric.DataType{numeric.Bool, numeric.Float32, numeric.Complex64, 0} {
		if _, err := numeric.IntScalar(dt, 0); err == nil {
			t.Errorf("IntScalar(%v, 0) succeeded", dt)
		}
		if _, err := numeric.UintScalar(dt, 0); err == nil {
			t.Errorf("UintScalar(%v, 0) succeeded", dt)
		}
	}
}

func TestFloatScalar(t *testing.T) {
	tests := []struct {
		dt   numeric.DataType
		v    float64
		bits uint64
	}{
		{numeric.Float16, 1.00048828125, 0x3c00}, // tie to even
		{numeric.Float16, 1e6, 0x7c00},           // overflow gives Infinity
		{numeric.Float16, math.Copysign(0, -1), 0x8000},
		{numeric.BFloat16, 1.01171875, 0x3f82},
		{numeric.Float32, 0.1, 0x3dcccccd},
		{numeric.Float32, math.NaN(), 0x7fc00000},
		{numeric.Float64, 0.1, 0x3fb999999999999a},
	}
	for _, tt := range tests {
		s := numeric.FloatScalar(tt.dt, tt.v)
		if lo, hi := s.Bits(); lo != tt.bits || hi != 0 || s.DataType() != tt.dt {
			t.Errorf("FloatScalar(%v, %v) = %v bits %#x", tt.dt, tt.v, s.DataType(), lo)
		}
	}
	mustPanic(t, "FloatScalar(int8)", func() { numeric.FloatScalar(numeric.Int8, 1) })
	mustPanic(t, "FloatScalar(complex64)", func() { numeric.FloatScalar(numeric.Complex64, 1) })
}

func TestComplexScalar(t *testing.T) {
	s := numeric.ComplexScalar(numeric.Complex64, complex(0.1, -2))
	if lo, hi := s.Bits(); lo != 0x3dcccccd|uint64(0xc0000000)<<32 || hi != 0 {
		t.Errorf("ComplexScalar(complex64, 0.1-2i) bits %#x %#x", lo, hi)
	}
	if s.Complex128() != complex(float64(float32(0.1)), -2) {
		t.Errorf("Complex128() = %v", s.Complex128())
	}
	re, im := s.Parts()
	if re.DataType() != numeric.Float32 || re.Float64() != float64(float32(0.1)) || im.Float64() != -2 {
		t.Errorf("Parts() = %v, %v", re, im)
	}
	s = numeric.ComplexScalar(numeric.Complex128, complex(math.Inf(-1), 0.1))
	if lo, hi := s.Bits(); lo != 0xfff0000000000000 || hi != 0x3fb999999999999a {
		t.Errorf("ComplexScalar(complex128) bits %#x %#x", lo, hi)
	}
	if s.Float64() != math.Inf(-1) {
		t.Errorf("Float64() of a complex = %v, want the real part", s.Float64())
	}
	mustPanic(t, "ComplexScalar(float64)", func() { numeric.ComplexScalar(numeric.Float64, 1) })
}

func TestScalarFromBytes(t *testing.T) {
	for _, dt := range numeric.DataTypes {
		b := make([]byte, dt.Size())
		for i := range b {
			b[i] = byte(0x11 * (i + 1))
		}
		if dt == numeric.Bool {
			b[0] = 1
		}
		b[0] = numeric.CanonicalByte(dt, b[0]) // the in-memory form of the sub-byte types
		s, err := numeric.ScalarFromBytes(dt, b)
		if err != nil {
			t.Errorf("ScalarFromBytes(%v, % x): %v", dt, b, err)
			continue
		}
		if !bytes.Equal(s.Bytes(), b) {
			t.Errorf("ScalarFromBytes(%v, % x).Bytes() = % x", dt, b, s.Bytes())
		}
		var buf [20]byte
		if n := s.PutBytes(buf[:]); n != dt.Size() || !bytes.Equal(buf[:n], b) {
			t.Errorf("PutBytes = %d, % x", n, buf[:n])
		}
		var full [16]byte
		copy(full[:], b)
		lo, hi := s.Bits()
		if lo != binary.LittleEndian.Uint64(full[:8]) || hi != binary.LittleEndian.Uint64(full[8:]) {
			t.Errorf("%v Bits() = %#x %#x for % x", dt, lo, hi, b)
		}
		if s != numeric.ScalarFromBits(dt, lo, hi) {
			t.Errorf("%v: ScalarFromBits(Bits()) differs", dt)
		}
		for _, n := range []int{dt.Size() - 1, dt.Size() + 1, 0} {
			if _, err := numeric.ScalarFromBytes(dt, make([]byte, n)); err == nil && n != dt.Size() {
				t.Errorf("ScalarFromBytes(%v, %d bytes) succeeded", dt, n)
			}
		}
	}
	for _, v := range []byte{2, 0x80, 0xff} {
		if _, err := numeric.ScalarFromBytes(numeric.Bool, []byte{v}); err == nil {
			t.Errorf("ScalarFromBytes(bool, %#x) succeeded", v)
		}
	}
	if s, err := numeric.ScalarFromBytes(numeric.Bool, []byte{1}); err != nil || !s.Bool() {
		t.Errorf("ScalarFromBytes(bool, 1) = %v, %v", s, err)
	}
	if _, err := numeric.ScalarFromBytes(0, nil); err == nil {
		t.Errorf("ScalarFromBytes(invalid type) succeeded")
	}
}

func TestScalarFromBitsMasks(t *testing.T) {
	if lo, _ := numeric.ScalarFromBits(numeric.Int8, 0x1ff, 7).Bits(); lo != 0xff {
		t.Errorf("int8 bits not masked: %#x", lo)
	}
	if lo, hi := numeric.ScalarFromBits(numeric.Float64, math.MaxUint64, 7).Bits(); lo != math.MaxUint64 || hi != 0 {
		t.Errorf("float64 hi not cleared: %#x %#x", lo, hi)
	}
	if lo, hi := numeric.ScalarFromBits(numeric.Complex128, 1, 2).Bits(); lo != 1 || hi != 2 {
		t.Errorf("complex128 bits = %#x %#x", lo, hi)
	}
	if lo, _ := numeric.ScalarFromBits(numeric.Bool, 3, 0).Bits(); lo != 1 {
		t.Errorf("bool bits = %#x", lo)
	}
}

func TestScalarEqual(t *testing.T) {
	b := numeric.ScalarFromBits
	tests := []struct {
		a, b numeric.Scalar
		want bool
	}{
		{b(numeric.Float64, 0x7ff8000000000000, 0), b(numeric.Float64, 0xfff0000000000001, 0), true}, // NaNs of any payload and sign
		{b(numeric.Float32, 0x7fc00000, 0), b(numeric.Float32, 0x7f800001, 0), true},
		{b(numeric.Float16, 0x7e00, 0), b(numeric.Float16, 0xfd01, 0), true},
		{b(numeric.BFloat16, 0x7fc0, 0), b(numeric.BFloat16, 0xff81, 0), true},
		{b(numeric.Float64, 0, 0), b(numeric.Float64, 1<<63, 0), true}, // -0 == +0
		{b(numeric.Float16, 0, 0), b(numeric.Float16, 0x8000, 0), true},
		{b(numeric.Float64, 0x7ff8000000000000, 0), b(numeric.Float64, 0x7ff0000000000000, 0), false}, // NaN != Inf
		{b(numeric.Float64, 1, 0), b(numeric.Float64, 2, 0), false},
		{b(numeric.Float32, 0x7fc00000, 0), b(numeric.Float64, 0x7ff8000000000000, 0), false}, // types differ
		{b(numeric.Int32, 0, 0), b(numeric.Uint32, 0, 0), false},
		{b(numeric.Int32, 5, 0), b(numeric.Int32, 5, 0), true},
		{b(numeric.Int32, 5, 0), b(numeric.Int32, 6, 0), false},
		{b(numeric.Bool, 1, 0), b(numeric.Bool, 1, 0), true},
		{b(numeric.Complex64, 0x7fc00000|0x80000000<<32, 0), b(numeric.Complex64, 0x7fc00001, 0), true},
		{b(numeric.Complex64, 0x3f800000, 0), b(numeric.Complex64, 0x3f800000|0x3f800000<<32, 0), false},
		{b(numeric.Complex128, 0, 1<<63), b(numeric.Complex128, 1<<63, 0), true},
		{b(numeric.Complex128, 0, 0x7ff8000000000000), b(numeric.Complex128, 0, 0), false},
		{numeric.Scalar{}, numeric.Scalar{}, true},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%v (%v).Equal(%v (%v)) = %v", tt.a, tt.a.DataType(), tt.b, tt.b.DataType(), got)
		}
		if got := tt.b.Equal(tt.a); got != tt.want {
			t.Errorf("Equal is not symmetric for %v, %v", tt.a, tt.b)
		}
	}
}

func TestScalarAccessors(t *testing.T) {
	u64, _ := numeric.UintScalar(numeric.Uint64, math.MaxUint64)
	if _, ok := u64.Int64(); ok {
		t.Errorf("uint64 max Int64() ok")
	}
	if v, ok := u64.Uint64(); !ok || v != math.MaxUint64 {
		t.Errorf("uint64 max Uint64() = %d, %v", v, ok)
	}
	if u64.Float64() != 0x1p64 {
		t.Errorf("uint64 max Float64() = %v", u64.Float64())
	}
	i8, _ := numeric.IntScalar(numeric.Int8, -5)
	if _, ok := i8.Uint64(); ok {
		t.Errorf("-5 Uint64() ok")
	}
	if v, ok := i8.Int64(); !ok || v != -5 || i8.Float64() != -5 || i8.Complex128() != -5 {
		t.Errorf("int8 -5 accessors: %d %v %v %v", v, ok, i8.Float64(), i8.Complex128())
	}
	if i8.IsNaN() || i8.Bool() {
		t.Errorf("int8 IsNaN or Bool true")
	}
	f := numeric.FloatScalar(numeric.Float32, 2)
	if _, ok := f.Int64(); ok {
		t.Errorf("float Int64() ok")
	}
	if re, im := f.Parts(); re != f || im != numeric.Zero(numeric.Float32) {
		t.Errorf("float Parts() = %v, %v", re, im)
	}
	c := numeric.ScalarFromBits(numeric.Complex64, 0x7fc00000<<32, 0)
	if !c.IsNaN() || numeric.ScalarFromBits(numeric.Complex64, 0, 0).IsNaN() {
		t.Errorf("complex IsNaN wrong")
	}
	if !numeric.BoolScalar(true).Bool() || numeric.BoolScalar(false).Bool() || numeric.BoolScalar(true).Float64() != 1 {
		t.Errorf("BoolScalar accessors wrong")
	}
	for _, dt := range numeric.DataTypes {
		z := numeric.Zero(dt)
		if lo, hi := z.Bits(); z.DataType() != dt || lo != 0 || hi != 0 || !z.Valid() {
			t.Errorf("Zero(%v) = %v", dt, z)
		}
	}
	if (numeric.Scalar{}).Valid() {
		t.Errorf("zero Scalar is valid")
	}
}

// roundTrip checks ScalarOf, ValueOf and DataTypeOf for one Element type.
func roundTrip[T numeric.Element](t *testing.T, dt numeric.DataType, vals ...T) {
	t.Helper()
	if got := numeric.DataTypeOf[T](); got != dt {
		t.Errorf("DataTypeOf[%T]() = %v, want %v", *new(T), got, dt)
	}
	for _, v := range vals {
		s := numeric.ScalarOf(v)
		if s.DataType() != dt {
			t.Errorf("ScalarOf(%v).DataType() = %v", v, s.DataType())
		}
		back, ok := numeric.ValueOf[T](s)
		if !ok || !sameBits(back, v) {
			t.Errorf("ValueOf(ScalarOf(%v)) = %v, %v", v, back, ok)
		}
		// the scalar's bytes are the little-endian encoding of v
		want := make([]byte, dt.Size())
		if _, err := binary.Encode(want, binary.LittleEndian, v); err != nil && dt != numeric.Complex64 && dt != numeric.Complex128 {
			t.Fatalf("binary.Encode(%v): %v", v, err)
		}
		if dt.IsComplex() {
			want = complexLE(v)
		}
		if !bytes.Equal(s.Bytes(), want) {
			t.Errorf("ScalarOf(%v).Bytes() = % x, want % x", v, s.Bytes(), want)
		}
	}
	// a scalar of another type does not convert
	other := numeric.Int8
	if dt == numeric.Int8 {
		other = numeric.Uint8
	}
	if _, ok := numeric.ValueOf[T](numeric.Zero(other)); ok {
		t.Errorf("ValueOf[%T](%v scalar) ok", *new(T), other)
	}
}

func complexLE(v any) []byte {
	switch c := v.(type) {
	case complex64:
		return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, math.Float32bits(real(c))), math.Float32bits(imag(c)))
	case complex128:
		return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, math.Float64bits(real(c))), math.Float64bits(imag(c)))
	}
	return nil
}

// sameBits compares two elements bit for bit (so NaN payloads count).
func sameBits[T numeric.Element](a, b T) bool {
	return bytes.Equal(numeric.ScalarOf(a).Bytes(), numeric.ScalarOf(b).Bytes()) &&
		binary.Size(a) == binary.Size(b)
}

func TestScalarOfValueOf(t *testing.T) {
	nan32 := math.Float32frombits(0x7fc00001)
	nan64 := math.Float64frombits(0xfff8000000000123)
	roundTrip(t, numeric.Bool, true, false)
	roundTrip[int8](t, numeric.Int8, math.MinInt8, -1, 0, math.MaxInt8)
	roundTrip[int16](t, numeric.Int16, math.MinInt16, -2, math.MaxInt16)
	roundTrip[int32](t, numeric.Int32, math.MinInt32, -3, math.MaxInt32)
	roundTrip[int64](t, numeric.Int64, math.MinInt64, -4, math.MaxInt64)
	roundTrip[uint8](t, numeric.Uint8, 0, 1, math.MaxUint8)
	roundTrip[uint16](t, numeric.Uint16, 0, math.MaxUint16)
	roundTrip[uint32](t, numeric.Uint32, 0, math.MaxUint32)
	roundTrip[uint64](t, numeric.Uint64, 0, math.MaxUint64)
	roundTrip[numeric.F16](t, numeric.Float16, 0, 0x8000, 0x3c00, 0x7e01, 0xffff)
	roundTrip[numeric.BF16](t, numeric.BFloat16, 0, 0x8000, 0x3f80, 0x7fc1)
	roundTrip[float32](t, numeric.Float32, 0, float32(math.Copysign(0, -1)), 1.5, nan32, float32(math.Inf(-1)))
	roundTrip[float64](t, numeric.Float64, 0, math.Copysign(0, -1), 0.1, nan64, math.Inf(1))
	roundTrip[complex64](t, numeric.Complex64, complex(1, -2), complex(nan32, 0))
	roundTrip[complex128](t, numeric.Complex128, complex(0.1, -0.2), complex(0, nan64))
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

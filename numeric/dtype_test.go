package numeric_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

func TestDataTypes(t *testing.T) {
	tests := []struct {
		name                                   string
		size                                   int
		integer, signed, unsigned, float, cplx bool
	}{
		{"bool", 1, false, false, false, false, false},
		{"int8", 1, true, true, false, false, false},
		{"int16", 2, true, true, false, false, false},
		{"int32", 4, true, true, false, false, false},
		{"int64", 8, true, true, false, false, false},
		{"uint8", 1, true, false, true, false, false},
		{"uint16", 2, true, false, true, false, false},
		{"uint32", 4, true, false, true, false, false},
		{"uint64", 8, true, false, true, false, false},
		{"float16", 2, false, false, false, true, false},
		{"bfloat16", 2, false, false, false, true, false},
		{"float32", 4, false, false, false, true, false},
		{"float64", 8, false, false, false, true, false},
		{"complex64", 8, false, false, false, false, true},
		{"complex128", 16, false, false, false, false, true},
		{"int2", 1, true, true, false, false, false},
		{"int4", 1, true, true, false, false, false},
		{"uint2", 1, true, false, true, false, false},
		{"uint4", 1, true, false, true, false, false},
		{"float8_e3m4", 1, false, false, false, true, false},
		{"float8_e4m3", 1, false, false, false, true, false},
		{"float8_e4m3b11fnuz", 1, false, false, false, true, false},
		{"float8_e4m3fnuz", 1, false, false, false, true, false},
		{"float8_e5m2", 1, false, false, false, true, false},
		{"float8_e5m2fnuz", 1, false, false, false, true, false},
		{"float8_e8m0fnu", 1, false, false, false, true, false},
		{"float6_e2m3fn", 1, false, false, false, true, false},
		{"float6_e3m2fn", 1, false, false, false, true, false},
		{"float4_e2m1fn", 1, false, false, false, true, false},
	}
	if len(tests) != len(numeric.DataTypes) {
		t.Fatalf("%d data types, want %d", len(numeric.DataTypes), len(tests))
	}
	for i, tt := range tests {
		dt, err := numeric.ParseDataType(tt.name)
		if err != nil || dt != numeric.DataTypes[i] || dt.String() != tt.name || !dt.Valid() {
			t.Errorf("ParseDataType(%q) = %v, %v", tt.name, dt, err)
		}
		bits := map[string]int{"int2": 2, "uint2": 2, "int4": 4, "uint4": 4, "float4_e2m1fn": 4, "float6_e2m3fn": 6, "float6_e3m2fn": 6}[tt.name]
		if bits == 0 {
			bits = 8 * tt.size
		}
		if dt.Size() != tt.size || dt.Bits() != bits {
			t.Errorf("%v size %d bits %d", dt, dt.Size(), dt.Bits())
		}
		if dt.IsInteger() != tt.integer || dt.IsSigned() != tt.signed || dt.IsUnsigned() != tt.unsigned ||
			dt.IsFloat() != tt.float || dt.IsComplex() != tt.cplx || dt.IsReal() != (tt.integer || tt.float) {
			t.Errorf("%v predicates wrong", dt)
		}
		_, _, isInt := dt.IntRange()
		_, isFloat := dt.FloatLayout()
		if isInt != tt.integer || isFloat != tt.float {
			t.Errorf("%v IntRange/FloatFormat ok wrong", dt)
		}
		if comp := dt.ComponentType(); tt.cplx != (comp != dt) || (tt.cplx && 2*comp.Size() != dt.Size()) {
			t.Errorf("%v ComponentType() = %v", dt, comp)
		}
	}
	for _, bad := range []string{"", "Int8", "float", "int", "complex", "float8", "bool ", "r0", "r12", "r08", "r-8", "r"} {
		_, err := numeric.ParseDataType(bad)
		var de *numeric.DataTypeError
		if !errors.As(err, &de) || de.Name != bad {
			t.Errorf("ParseDataType(%q) = %v, want a *DataTypeError", bad, err)
		}
	}
	if d, err := numeric.ParseDataType("r16"); err != nil || d.Kind() != numeric.RawBytes || d.LengthBytes() != 2 || d.Size() != 2 || d.String() != "r16" {
		t.Errorf("ParseDataType(r16) = %v (%v)", d, err)
	}
	for _, d := range []numeric.DataType{0, 255, numeric.Int8 | 1<<8, numeric.FixedLengthUTF32, numeric.Datetime64} {
		if d.Valid() || d.Size() != 0 || d.String() == "" {
			t.Errorf("DataType(%d) valid=%v size=%d string=%q", d, d.Valid(), d.Size(), d)
		}
	}
}

func TestIntRange(t *testing.T) {
	for _, dt := range numeric.DataTypes {
		lo, hi, ok := dt.IntRange()
		if !ok {
			continue
		}
		bits := uint(dt.Bits())
		wantHi := new(big.Int).Lsh(big.NewInt(1), bits)
		wantLo := big.NewInt(0)
		if dt.IsSigned() {
			wantHi.Rsh(wantHi, 1)
			wantLo.Neg(wantHi)
		}
		wantHi.Sub(wantHi, big.NewInt(1))
		if big.NewInt(lo).Cmp(wantLo) != 0 || new(big.Int).SetUint64(hi).Cmp(wantHi) != 0 {
			t.Errorf("%v IntRange() = %d, %d; want %v, %v", dt, lo, hi, wantLo, wantHi)
		}
	}
}

// TestMaxFloat compares MaxFloat with the largest finite value of the math/big
// reference format.
func TestMaxFloat(t *testing.T) {
	for dt, f := range refFormats {
		mant, exp, ok := dt.FloatFormat()
		if !ok || mant != f.mant || exp != f.exp {
			t.Errorf("%v FloatFormat() = %d, %d, %v", dt, mant, exp, ok)
		}
		if new(big.Rat).SetFloat64(dt.MaxFloat()).Cmp(f.maxFinite()) != 0 {
			t.Errorf("%v MaxFloat() = %v, want %v", dt, dt.MaxFloat(), f.maxFinite().FloatString(3))
		}
	}
	if numeric.Int32.MaxFloat() != 0 {
		t.Errorf("int32 MaxFloat() != 0")
	}
}

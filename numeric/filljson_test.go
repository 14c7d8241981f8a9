package numeric_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

const (
	f32one = 0x3f800000
	f32two = 0x40000000
)

// parseCase is one fill-value JSON text and what it must parse to: the bits
// (lo, hi) of the scalar, or an error containing errText.
type parseCase struct {
	dt      numeric.DataType
	json    string
	lo, hi  uint64
	errText string // non-empty: parsing must fail with this in the message
	warn    bool   // a warning is expected
}

func intCases() []parseCase {
	var cs []parseCase
	type bounds struct {
		dt       numeric.DataType
		min, max string
		lo, hi   uint64 // bits of min and max
		below    string // min - 1
		above    string // max + 1
	}
	for _, b := range []bounds{
		{numeric.Int8, "-128", "127", 0x80, 0x7f, "-129", "128"},
		{numeric.Int16, "-32768", "32767", 0x8000, 0x7fff, "-32769", "32768"},
		{numeric.Int32, "-2147483648", "2147483647", 0x80000000, 0x7fffffff, "-2147483649", "2147483648"},
		{numeric.Int64, "-9223372036854775808", "9223372036854775807", 1 << 63, 1<<63 - 1, "-9223372036854775809", "9223372036854775808"},
		{numeric.Uint8, "0", "255", 0, 0xff, "-1", "256"},
		{numeric.Uint16, "0", "65535", 0, 0xffff, "-1", "65536"},
		{numeric.Uint32, "0", "4294967295", 0, 0xffffffff, "-1", "4294967296"},
		{numeric.Uint64, "0", "18446744073709551615", 0, math.MaxUint64, "-1", "18446744073709551616"},
	} {
		cs = append(cs,
			parseCase{dt: b.dt, json: b.min, lo: b.lo},
			parseCase{dt: b.dt, json: b.max, lo: b.hi},
			parseCase{dt: b.dt, json: b.below, errText: "out of range"},
			parseCase{dt: b.dt, json: b.above, errText: "out of range"},
			parseCase{dt: b.dt, json: "1.0", errText: "no fraction or exponent"},
			parseCase{dt: b.dt, json: "1e3", errText: "no fraction or exponent"},
			parseCase{dt: b.dt, json: "1E3", errText: "no fraction or exponent"},
			parseCase{dt: b.dt, json: "1.5", errText: "no fraction or exponent"},
			parseCase{dt: b.dt, json: "0e0", errText: "no fraction or exponent"},
			parseCase{dt: b.dt, json: `"1"`, errText: "want a JSON integer, got a string"},
			parseCase{dt: b.dt, json: "true", errText: "got a bool"},
			parseCase{dt: b.dt, json: "null", errText: "got null"},
			parseCase{dt: b.dt, json: "[1]", errText: "got an array"},
			parseCase{dt: b.dt, json: `{"v":1}`, errText: "got an object"},
			parseCase{dt: b.dt, json: `"NaN"`, errText: "got a string"},
			parseCase{dt: b.dt, json: "-0", lo: 0},
			parseCase{dt: b.dt, json: "7", lo: 7},
			parseCase{dt: b.dt, json: " \t\r\n7 \n", lo: 7},
			parseCase{dt: b.dt, json: "07", errText: "not a single JSON value"},
			parseCase{dt: b.dt, json: "+7", errText: "not a single JSON value"},
			parseCase{dt: b.dt, json: "7 8", errText: "not a single JSON value"},
			parseCase{dt: b.dt, json: "", errText: "not a single JSON value"},
			parseCase{dt: b.dt, json: "\u00a07", errText: "not a single JSON value"},
			parseCase{dt: b.dt, json: "7\v", errText: "not a single JSON value"},
		)
	}
	// 64-bit values are exact, never read through float64
	cs = append(cs,
		parseCase{dt: numeric.Int64, json: "9007199254740993", lo: 9007199254740993},
		parseCase{dt: numeric.Int64, json: "-9007199254740993", lo: uint64(1<<64 - 9007199254740993)},
		parseCase{dt: numeric.Uint64, json: "9007199254740993", lo: 9007199254740993},
		parseCase{dt: numeric.Uint64, json: "18446744073709551557", lo: 18446744073709551557},
		parseCase{dt: numeric.Int64, json: "9223372036854775807", lo: 9223372036854775807},
		parseCase{dt: numeric.Int64, json: "123456789012345678901234567890", errText: "out of range"},
		parseCase{dt: numeric.Int8, json: "-0", lo: 0},
	)
	return cs
}

func floatCases() []parseCase {
	nan := map[numeric.DataType]uint64{numeric.Float16: 0x7e00, numeric.BFloat16: 0x7fc0, numeric.Float32: 0x7fc00000, numeric.Float64: 0x7ff8000000000000}
	inf := map[numeric.DataType]uint64{numeric.Float16: 0x7c00, numeric.BFloat16: 0x7f80, numeric.Float32: 0x7f800000, numeric.Float64: 0x7ff0000000000000}
	one := map[numeric.DataType]uint64{numeric.Float16: 0x3c00, numeric.BFloat16: 0x3f80, numeric.Float32: f32one, numeric.Float64: 0x3ff0000000000000}
	var cs []parseCase
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.BFloat16, numeric.Float32, numeric.Float64} {
		sign := uint64(1) << (dt.Bits() - 1)
		hexWidth := 2 * dt.Size()
		cs = append(cs,
			parseCase{dt: dt, json: "0", lo: 0},
			parseCase{dt: dt, json: "-0", lo: sign},
			parseCase{dt: dt, json: "-0.0", lo: sign},
			parseCase{dt: dt, json: "-0e5", lo: sign},
			parseCase{dt: dt, json: "1", lo: one[dt]},
			parseCase{dt: dt, json: "1.0", lo: one[dt]},
			parseCase{dt: dt, json: "10e-1", lo: one[dt]},
			parseCase{dt: dt, json: "-1", lo: one[dt] | sign},
			parseCase{dt: dt, json: " 1 ", lo: one[dt]},
			parseCase{dt: dt, json: "1e-400", lo: 0},
			parseCase{dt: dt, json: "-1e-400", lo: sign},
			parseCase{dt: dt, json: "1e400", errText: "out of range"},
			parseCase{dt: dt, json: "-1e400", errText: "out of range"},
			parseCase{dt: dt, json: `"NaN"`, lo: nan[dt]},
			parseCase{dt: dt, json: `"Infinity"`, lo: inf[dt]},
			parseCase{dt: dt, json: `"-Infinity"`, lo: inf[dt] | sign},
			parseCase{dt: dt, json: `"+Infinity"`, lo: inf[dt], warn: true},
			parseCase{dt: dt, json: ` "NaN" `, lo: nan[dt]},
			parseCase{dt: dt, json: `"\u004eaN"`, lo: nan[dt]}, // a JSON escape spells the same string
			parseCase{dt: dt, json: `"nan"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"-NaN"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"inf"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"infinity"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"Inf"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `" NaN"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"1.5"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `""`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"0x"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"0x` + strings.Repeat("0", hexWidth-1) + `"`, errText: "hex needs exactly"},
			parseCase{dt: dt, json: `"0x` + strings.Repeat("0", hexWidth+1) + `"`, errText: "hex needs exactly"},
			parseCase{dt: dt, json: `"0x` + strings.Repeat("g", hexWidth) + `"`, errText: "bad hex digits"},
			parseCase{dt: dt, json: `"0x+` + strings.Repeat("1", hexWidth-1) + `"`, errText: "bad hex digits"},
			parseCase{dt: dt, json: `"0X` + strings.Repeat("0", hexWidth) + `"`, errText: `want "NaN"`},
			parseCase{dt: dt, json: `"0x` + strings.Repeat("0", hexWidth) + `"`, lo: 0},
			parseCase{dt: dt, json: `"0x` + strings.Repeat("F", hexWidth) + `"`, lo: 1<<dt.Bits() - 1},
			parseCase{dt: dt, json: "true", errText: "got a bool"},
			parseCase{dt: dt, json: "null", errText: "got null"},
			parseCase{dt: dt, json: "[1]", errText: "got an array"},
			parseCase{dt: dt, json: "NaN", errText: "not a single JSON value"},
			parseCase{dt: dt, json: "Infinity", errText: "not a single JSON value"},
			parseCase{dt: dt, json: ".5", errText: "not a single JSON value"},
		)
	}
	return append(cs,
		// NaN payloads through hex; wrong widths rejected
		parseCase{dt: numeric.Float64, json: `"0x7ff8000000000001"`, lo: 0x7ff8000000000001},
		parseCase{dt: numeric.Float64, json: `"0xfff8000000000000"`, lo: 0xfff8000000000000},
		parseCase{dt: numeric.Float64, json: `"0x7fc00000"`, errText: "hex needs exactly 16 digits"},
		parseCase{dt: numeric.Float16, json: `"0x7e01"`, lo: 0x7e01},
		parseCase{dt: numeric.Float16, json: `"0x7C01"`, lo: 0x7c01},
		parseCase{dt: numeric.BFloat16, json: `"0x7fc1"`, lo: 0x7fc1},
		parseCase{dt: numeric.Float32, json: `"0x7fc00001"`, lo: 0x7fc00001},
		parseCase{dt: numeric.Float32, json: `"0x7fc0"`, errText: "hex needs exactly 8 digits"},
		parseCase{dt: numeric.Float32, json: `"0x7ff8000000000000"`, errText: "hex needs exactly 8 digits"},
		parseCase{dt: numeric.Float16, json: `"0x7fc00000"`, errText: "hex needs exactly 4 digits"},
		parseCase{dt: numeric.Float16, json: `"0x3c00"`, lo: 0x3c00}, // hex of an ordinary value

		// float16: ties to even, and the double-rounding trap: a decimal
		// just above (below) a float16 tie whose nearest float64 is the tie
		parseCase{dt: numeric.Float16, json: "1.00048828125", lo: 0x3c00},
		parseCase{dt: numeric.Float16, json: "1.00048828125000000000001", lo: 0x3c01},
		parseCase{dt: numeric.Float16, json: "1.00146484375", lo: 0x3c02},
		parseCase{dt: numeric.Float16, json: "1.00146484374999999999999", lo: 0x3c01},
		parseCase{dt: numeric.Float16, json: "-1.00048828125000000000001", lo: 0xbc01},
		parseCase{dt: numeric.Float16, json: "0.1", lo: 0x2e66},
		parseCase{dt: numeric.Float16, json: "0.333251953125", lo: 0x3555},
		parseCase{dt: numeric.Float16, json: "65504", lo: 0x7bff},
		parseCase{dt: numeric.Float16, json: "-65504", lo: 0xfbff},
		parseCase{dt: numeric.Float16, json: "65519", lo: 0x7bff},
		parseCase{dt: numeric.Float16, json: "65519.99999999999999999999", lo: 0x7bff}, // below the overflow tie
		parseCase{dt: numeric.Float16, json: "65520", errText: "out of range"},         // the tie rounds to 2^16
		parseCase{dt: numeric.Float16, json: "-65520", errText: "out of range"},
		parseCase{dt: numeric.Float16, json: "1e5", errText: "out of range"},
		parseCase{dt: numeric.Float16, json: "5.9604644775390625e-8", lo: 0x0001},  // smallest subnormal
		parseCase{dt: numeric.Float16, json: "2.98023223876953125e-8", lo: 0x0000}, // half of it: tie to even
		parseCase{dt: numeric.Float16, json: "2.98023223876953125000001e-8", lo: 0x0001},
		parseCase{dt: numeric.Float16, json: "-2.98023223876953125000001e-8", lo: 0x8001},
		parseCase{dt: numeric.Float16, json: "8.94069671630859375e-8", lo: 0x0002}, // 1.5 * 2^-24: tie to even 2
		parseCase{dt: numeric.Float16, json: "6.103515625e-5", lo: 0x0400},         // smallest normal

		// bfloat16
		parseCase{dt: numeric.BFloat16, json: "1.00390625", lo: 0x3f80},
		parseCase{dt: numeric.BFloat16, json: "1.00390625000000000000001", lo: 0x3f81},
		parseCase{dt: numeric.BFloat16, json: "1.01171875", lo: 0x3f82},
		parseCase{dt: numeric.BFloat16, json: "3.3895313892515355e38", lo: 0x7f7f},
		parseCase{dt: numeric.BFloat16, json: "3.3961775292304e38", lo: 0x7f7f},
		// the overflow tie 2^128 - 2^119 rounds to even, 2^128; a decimal
		// just below it reads as the tie in float64 but is in range
		parseCase{dt: numeric.BFloat16, json: "339617752923046005526922703901628039168", errText: "out of range"},
		parseCase{dt: numeric.BFloat16, json: "339617752923046005526922703901628039167", lo: 0x7f7f},
		parseCase{dt: numeric.BFloat16, json: "-339617752923046005526922703901628039167", lo: 0xff7f},
		parseCase{dt: numeric.BFloat16, json: "3.4028235e38", errText: "out of range"},
		parseCase{dt: numeric.BFloat16, json: "-1e39", errText: "out of range"},

		// float32: Go reads decimals straight to float32 with one rounding
		parseCase{dt: numeric.Float32, json: "1.000000059604644775390625", lo: f32one},
		parseCase{dt: numeric.Float32, json: "1.000000059604644775390625000001", lo: f32one + 1},
		parseCase{dt: numeric.Float32, json: "0.1", lo: 0x3dcccccd},
		parseCase{dt: numeric.Float32, json: "2", lo: f32two},
		parseCase{dt: numeric.Float32, json: "3.4028235e38", lo: 0x7f7fffff},
		parseCase{dt: numeric.Float32, json: "3.4028235677973366e38", lo: 0x7f7fffff},
		parseCase{dt: numeric.Float32, json: "3.4028236e38", errText: "out of range"},
		parseCase{dt: numeric.Float32, json: "1e39", errText: "out of range"},
		parseCase{dt: numeric.Float32, json: "1.401298464324817e-45", lo: 1},

		// float64
		parseCase{dt: numeric.Float64, json: "0.1", lo: 0x3fb999999999999a},
		parseCase{dt: numeric.Float64, json: "1.7976931348623157e308", lo: 0x7fefffffffffffff},
		parseCase{dt: numeric.Float64, json: "1.7976931348623159e308", errText: "out of range"},
		parseCase{dt: numeric.Float64, json: "9007199254740993", lo: 0x4340000000000000}, // 2^53+1: tie to even 2^53
		parseCase{dt: numeric.Float64, json: "5e-324", lo: 1},
	)
}

func complexCases() []parseCase {
	return []parseCase{
		{dt: numeric.Complex64, json: "[1, 2]", lo: f32one | f32two<<32},
		{dt: numeric.Complex64, json: " [ 1 ,\n2 ] ", lo: f32one | f32two<<32},
		{dt: numeric.Complex64, json: `["NaN", "-Infinity"]`, lo: 0x7fc00000 | 0xff800000<<32},
		{dt: numeric.Complex64, json: `[-0, "0x7fc00001"]`, lo: 0x80000000 | 0x7fc00001<<32},
		{dt: numeric.Complex64, json: `["+Infinity", 0]`, lo: 0x7f800000, warn: true},
		{dt: numeric.Complex128, json: "[1, 2]", lo: 0x3ff0000000000000, hi: 0x4000000000000000},
		{dt: numeric.Complex128, json: `["0x7ff8000000000001", -0.0]`, lo: 0x7ff8000000000001, hi: 1 << 63},
		{dt: numeric.Complex128, json: "[0.1, 1e308]", lo: 0x3fb999999999999a, hi: 0x7fe1ccf385ebc8a0},
		{dt: numeric.Complex64, json: "[1]", errText: "two-element array"},
		{dt: numeric.Complex64, json: "[1, 2, 3]", errText: "two-element array"},
		{dt: numeric.Complex64, json: "[]", errText: "two-element array"},
		{dt: numeric.Complex128, json: "1", errText: "two-element array"},
		{dt: numeric.Complex128, json: `"NaN"`, errText: "two-element array"},
		{dt: numeric.Complex128, json: `{"re": 1, "im": 2}`, errText: "two-element array"},
		{dt: numeric.Complex128, json: "null", errText: "two-element array"},
		{dt: numeric.Complex128, json: `[1, "x"]`, errText: "imaginary part"},
		{dt: numeric.Complex128, json: `["x", 1]`, errText: "real part"},
		{dt: numeric.Complex128, json: `[[1], 1]`, errText: "real part"},
		{dt: numeric.Complex128, json: `[1, null]`, errText: "imaginary part"},
		{dt: numeric.Complex64, json: "[1, 1e39]", errText: "imaginary part: out of range"},
		{dt: numeric.Complex64, json: `["0x7ff8000000000000", 0]`, errText: "real part: hex needs exactly 8 digits"},
		{dt: numeric.Complex128, json: `["0x7fc00000", 0]`, errText: "real part: hex needs exactly 16 digits"},
		{dt: numeric.Complex64, json: "[1, 2", errText: "not a single JSON value"},
	}
}

func boolCases() []parseCase {
	return []parseCase{
		{dt: numeric.Bool, json: "true", lo: 1},
		{dt: numeric.Bool, json: "false", lo: 0},
		{dt: numeric.Bool, json: "\n true\t", lo: 1},
		{dt: numeric.Bool, json: "1", errText: "want true or false"},
		{dt: numeric.Bool, json: "0", errText: "want true or false"},
		{dt: numeric.Bool, json: `"true"`, errText: "want true or false"},
		{dt: numeric.Bool, json: "null", errText: "want true or false"},
		{dt: numeric.Bool, json: "TRUE", errText: "not a single JSON value"},
		{dt: numeric.Bool, json: "True", errText: "not a single JSON value"},
		{dt: numeric.Bool, json: "", errText: "not a single JSON value"},
	}
}

func TestParseFillValue(t *testing.T) {
	var cases []parseCase
	cases = append(cases, boolCases()...)
	cases = append(cases, intCases()...)
	cases = append(cases, floatCases()...)
	cases = append(cases, complexCases()...)
	for _, c := range cases {
		s, warns, err := numeric.ParseFillValueWarnings(c.dt, []byte(c.json))
		s2, err2 := numeric.ParseFillValue(c.dt, []byte(c.json))
		if s != s2 || (err == nil) != (err2 == nil) {
			t.Errorf("%v %q: ParseFillValue and ParseFillValueWarnings disagree", c.dt, c.json)
		}
		if c.errText != "" {
			if err == nil {
				t.Errorf("%v %q: parsed to %v, want an error containing %q", c.dt, c.json, s, c.errText)
				continue
			}
			var fe *numeric.FillValueError
			if !errors.As(err, &fe) {
				t.Errorf("%v %q: error %T is not a *FillValueError", c.dt, c.json, err)
				continue
			}
			if fe.DataType != c.dt {
				t.Errorf("%v %q: error names data type %v", c.dt, c.json, fe.DataType)
			}
			if !strings.Contains(err.Error(), c.errText) || !strings.Contains(err.Error(), c.dt.String()) {
				t.Errorf("%v %q: error %q does not contain %q and the type", c.dt, c.json, err, c.errText)
			}
			if s.Valid() || warns != nil {
				t.Errorf("%v %q: an error came with a scalar %v or warnings %v", c.dt, c.json, s, warns)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v %q: %v", c.dt, c.json, err)
			continue
		}
		lo, hi := s.Bits()
		if s.DataType() != c.dt || lo != c.lo || hi != c.hi {
			t.Errorf("%v %q: got %v bits %#x %#x, want %#x %#x", c.dt, c.json, s.DataType(), lo, hi, c.lo, c.hi)
		}
		if c.warn != (len(warns) > 0) {
			t.Errorf("%v %q: warnings %q, want warning=%v", c.dt, c.json, warns, c.warn)
		}
		if c.warn && !strings.Contains(string(warns[0]), "+Infinity") {
			t.Errorf("%v %q: warning %q does not name +Infinity", c.dt, c.json, warns[0])
		}
	}
}

func TestParseFillValueInvalidType(t *testing.T) {
	for _, dt := range []numeric.DataType{0, 200} {
		_, err := numeric.ParseFillValue(dt, []byte("0"))
		var fe *numeric.FillValueError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFillValue(%v, 0) = %v, want a *FillValueError", dt, err)
		}
	}
}

func TestFillValueErrorText(t *testing.T) {
	_, err := numeric.ParseFillValue(numeric.Uint8, []byte(" 256 "))
	if got, want := err.Error(), "value 256 is not a valid uint8: out of range [0, 255]"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
	long := "[" + strings.Repeat("1, ", 100) + "1]"
	_, err = numeric.ParseFillValue(numeric.Complex64, []byte(long))
	var fe *numeric.FillValueError
	if !errors.As(err, &fe) || len(fe.Value) > 64 || !strings.HasSuffix(fe.Value, "...") {
		t.Errorf("long value not shortened: %v", err)
	}
	_, err = numeric.ParseFillValue(numeric.Int8, nil)
	if !errors.As(err, &fe) || fe.Value != "(empty)" {
		t.Errorf("empty value: %v", err)
	}
}

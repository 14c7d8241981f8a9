package numeric_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

func TestFormatFillValue(t *testing.T) {
	f64 := func(x float64) uint64 { return math.Float64bits(x) }
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	tests := []struct {
		dt     numeric.DataType
		lo, hi uint64
		want   string
	}{
		{numeric.Bool, 1, 0, "true"},
		{numeric.Bool, 0, 0, "false"},
		{numeric.Int8, 0x80, 0, "-128"},
		{numeric.Int8, 0x7f, 0, "127"},
		{numeric.Int16, 0x8000, 0, "-32768"},
		{numeric.Int32, 0x80000000, 0, "-2147483648"},
		{numeric.Int64, 1 << 63, 0, "-9223372036854775808"},
		{numeric.Int64, 1<<63 - 1, 0, "9223372036854775807"},
		{numeric.Int64, 9007199254740993, 0, "9007199254740993"},
		{numeric.Uint8, 0xff, 0, "255"},
		{numeric.Uint16, 0xffff, 0, "65535"},
		{numeric.Uint32, 0xffffffff, 0, "4294967295"},
		{numeric.Uint64, math.MaxUint64, 0, "18446744073709551615"},
		{numeric.Uint64, 9007199254740993, 0, "9007199254740993"},
		{numeric.Float64, 0, 0, "0"},
		{numeric.Float64, 1 << 63, 0, "-0"},
		{numeric.Float64, f64(1.5), 0, "1.5"},
		{numeric.Float64, f64(0.1), 0, "0.1"},
		{numeric.Float64, f64(-2.5e-300), 0, "-2.5e-300"},
		{numeric.Float64, f64(math.MaxFloat64), 0, "1.7976931348623157e+308"},
		{numeric.Float64, 1, 0, "5e-324"},
		{numeric.Float64, f64(1e21), 0, "1e+21"},
		{numeric.Float64, f64(123456789), 0, "1.23456789e+08"},
		{numeric.Float64, 0x7ff8000000000000, 0, `"NaN"`},
		{numeric.Float64, 0x7ff8000000000001, 0, `"0x7ff8000000000001"`},
		{numeric.Float64, 0xfff8000000000000, 0, `"0xfff8000000000000"`}, // negative NaN is not canonical
		{numeric.Float64, 0x7ff0000000000001, 0, `"0x7ff0000000000001"`},
		{numeric.Float64, 0x7ff0000000000000, 0, `"Infinity"`},
		{numeric.Float64, 0xfff0000000000000, 0, `"-Infinity"`},
		{numeric.Float32, f32(0.1), 0, "0.1"},
		{numeric.Float32, 1 << 31, 0, "-0"},
		{numeric.Float32, 0x7f7fffff, 0, "3.4028235e+38"},
		{numeric.Float32, 1, 0, "1e-45"},
		{numeric.Float32, 0x7fc00000, 0, `"NaN"`},
		{numeric.Float32, 0x7fc00001, 0, `"0x7fc00001"`},
		{numeric.Float32, 0xff800000, 0, `"-Infinity"`},
		{numeric.Float16, 0x3c00, 0, "1"},
		{numeric.Float16, 0x8000, 0, "-0"},
		{numeric.Float16, 0x2e66, 0, "0.1"},
		{numeric.Float16, 0x3555, 0, "0.3333"},
		{numeric.Float16, 0x3c01, 0, "1.001"},
		{numeric.Float16, 0x7bff, 0, "6.55e+04"},
		{numeric.Float16, 0x2400, 0, "0.01563"}, // 2^-6: the nearest 4-digit decimal 0.01562 reads as the value below
		{numeric.Float16, 0xa400, 0, "-0.01563"},
		{numeric.Float16, 0x0001, 0, "6e-08"},
		{numeric.Float16, 0x7e00, 0, `"NaN"`},
		{numeric.Float16, 0x7e01, 0, `"0x7e01"`},
		{numeric.Float16, 0x7c01, 0, `"0x7c01"`},
		{numeric.Float16, 0xfe00, 0, `"0xfe00"`},
		{numeric.Float16, 0x7c00, 0, `"Infinity"`},
		{numeric.BFloat16, 0x3f80, 0, "1"},
		{numeric.BFloat16, 0x3dcd, 0, "0.1"},
		{numeric.BFloat16, 0x7f7f, 0, "3.39e+38"},
		{numeric.BFloat16, 0x5f80, 0, "1.85e+19"}, // 2^64
		{numeric.BFloat16, 0xdf80, 0, "-1.85e+19"},
		{numeric.BFloat16, 0x7fc0, 0, `"NaN"`},
		{numeric.BFloat16, 0x7fc1, 0, `"0x7fc1"`},
		{numeric.BFloat16, 0xff80, 0, `"-Infinity"`},
		{numeric.Complex64, f32(1) | f32(-2)<<32, 0, "[1, -2]"},
		{numeric.Complex64, 0x7fc00000 | 0x7fc00001<<32, 0, `["NaN", "0x7fc00001"]`},
		{numeric.Complex128, f64(0.1), 1 << 63, "[0.1, -0]"},
		{numeric.Complex128, 0x7ff0000000000000, 0x7ff8000000000000, `["Infinity", "NaN"]`},
	}
	for _, tt := range tests {
		s := numeric.ScalarFromBits(tt.dt, tt.lo, tt.hi)
		if got := numeric.FormatFillValue(s); got != tt.want {
			t.Errorf("FormatFillValue(%v bits %#x %#x) = %s, want %s", tt.dt, tt.lo, tt.hi, got, tt.want)
		}
		if got := string(numeric.AppendFillValue([]byte("x="), s)); got != "x="+tt.want {
			t.Errorf("AppendFillValue(%v bits %#x) = %s", tt.dt, tt.lo, got)
		}
		if got := s.String(); got != tt.want {
			t.Errorf("String(%v bits %#x) = %s", tt.dt, tt.lo, got)
		}
		j, err := s.MarshalJSON()
		if err != nil || string(j) != tt.want {
			t.Errorf("MarshalJSON(%v bits %#x) = %s, %v", tt.dt, tt.lo, j, err)
		}
		// the text is a valid JSON value that parses back to the same bits
		if !json.Valid([]byte(tt.want)) {
			t.Errorf("%s is not valid JSON", tt.want)
		}
		back, err := numeric.ParseFillValue(tt.dt, []byte(tt.want))
		if err != nil || back != s {
			t.Errorf("ParseFillValue(%v, %s) = %v, %v; want the formatted bits back", tt.dt, tt.want, back, err)
		}
	}
}

func TestScalarMarshalJSON(t *testing.T) {
	type meta struct {
		Fill numeric.Scalar `json:"fill_value"`
	}
	j, err := json.Marshal(meta{Fill: numeric.ScalarFromBits(numeric.Float32, 0x7fc00000, 0)})
	if err != nil || string(j) != `{"fill_value":"NaN"}` {
		t.Errorf("json.Marshal = %s, %v", j, err)
	}
	if _, err := json.Marshal(meta{}); err == nil {
		t.Errorf("json.Marshal of a zero Scalar succeeded")
	}
	if s := (numeric.Scalar{}).String(); s != "<invalid>" {
		t.Errorf("zero Scalar String() = %q", s)
	}
}

// randomBits returns random bit patterns for dt, biased towards the
// special values of float types.
func randomBits(rng *rand.Rand, dt numeric.DataType) (lo, hi uint64) {
	lo, hi = rng.Uint64(), rng.Uint64()
	if dt.IsFloat() || dt.IsComplex() {
		mant, exp, _ := dt.ComponentType().FloatFormat()
		w := 1 + mant + exp
		// a quarter of the time make each part a NaN, infinity or zero
		special := func(b uint64) uint64 {
			switch rng.IntN(8) {
			case 0:
				return b | (1<<exp-1)<<mant // NaN or Inf
			case 1:
				return b &^ ((1<<exp - 1) << mant) // zero or subnormal
			}
			return b
		}
		if w == 64 {
			lo, hi = special(lo), special(hi)
		} else {
			lo = special(lo&(1<<w-1)) | special(lo>>32&(1<<w-1))<<32
		}
	}
	return lo, hi
}

// TestFormatParseRoundTrip formats random bit patterns of every type (all of
// them for the 16-bit floats) and checks that the text parses back to the
// same bits.
func TestFormatParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	check := func(s numeric.Scalar) {
		text := numeric.FormatFillValue(s)
		back, warns, err := numeric.ParseFillValueWarnings(s.DataType(), []byte(text))
		if err != nil || back != s || warns != nil {
			lo, hi := s.Bits()
			t.Fatalf("%v bits %#x %#x formats as %s, which parses to %v, %v, %v", s.DataType(), lo, hi, text, back, warns, err)
		}
	}
	for _, dt := range numeric.DataTypes {
		n := 20000
		if dt.Size() == 2 {
			n = 1 << 16
		}
		for i := range n {
			lo, hi := randomBits(rng, dt)
			if dt.Size() == 2 {
				lo = uint64(i)
			}
			check(numeric.ScalarFromBits(dt, lo, hi))
		}
	}
}

// sigDigits counts the significant decimal digits of a JSON number.
func sigDigits(s string) int {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(s, "-"), ".", ""), "0")
	return len(strings.TrimRight(s, "0"))
}

// TestFormatShortest16 checks for every finite float16 and bfloat16 value
// that the formatted decimal has the fewest significant digits of any
// decimal that reads back to the same value: for each length k it tries the
// k-digit decimals nearest the value on both sides.
func TestFormatShortest16(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.BFloat16} {
		for b := uint64(0); b < 1<<16; b++ {
			s := numeric.ScalarFromBits(dt, b, 0)
			x := s.Float64()
			if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
				continue
			}
			got := sigDigits(numeric.FormatFillValue(s))
			shortest := 0
			for k := 1; k <= 17 && shortest == 0; k++ {
				e := strconv.FormatFloat(x, 'e', k-1, 64)
				mant, exp, _ := strings.Cut(e, "e")
				m, _ := strconv.ParseInt(strings.Replace(mant, ".", "", 1), 10, 64)
				for _, c := range []int64{m - 1, m, m + 1} {
					text := strconv.FormatInt(c, 10) + "e" + exp
					if k > 1 {
						ex, _ := strconv.Atoi(exp)
						text = strconv.FormatInt(c, 10) + "e" + strconv.Itoa(ex-(k-1))
					}
					if back, err := numeric.ParseFillValue(dt, []byte(text)); err == nil && back == s {
						shortest = k
					}
				}
			}
			if got != shortest {
				t.Errorf("%v %#04x (%v): formatted %s has %d digits, %d suffice",
					dt, b, x, numeric.FormatFillValue(s), got, shortest)
			}
		}
	}
}

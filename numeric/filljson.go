package numeric

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// FillValueError reports a JSON scalar that is not a valid value of a data
// type under the Zarr v3 fill-value rules.
type FillValueError struct {
	DataType DataType // the type the value was read for
	Value    string   // the JSON text as given (shortened when long)
	Reason   string   // why it is not valid
}

func (e *FillValueError) Error() string {
	return fmt.Sprintf("value %s is not a valid %v: %s", e.Value, e.DataType, e.Reason)
}

// ParseFillValue parses data, one JSON value, as a value of dt under the
// Zarr v3 fill-value rules:
//
//   - bool: true or false.
//   - integers: a JSON number with no fraction and no exponent, within the
//     range of dt; every 64-bit value is parsed exactly.
//   - float16, bfloat16, float32, float64: a JSON number, rounded to the
//     nearest value of dt with ties to even, in one rounding of the exact
//     decimal (a number whose rounded magnitude exceeds the largest finite
//     value is an error; one too small for dt reads as a signed zero); or
//     one of the strings "NaN" (the canonical quiet NaN), "Infinity",
//     "-Infinity"; or "0x" (lower-case x) followed by exactly 2*dt.Size()
//     hex digits of either case, the bits of the value. The string
//     "+Infinity" is accepted with a warning (see ParseFillValueWarnings).
//   - complex64, complex128: a two-element array [re, im], each part under
//     the rules of float32 or float64.
//   - numpy.datetime64, numpy.timedelta64: a JSON integer in the int64
//     range, or the string "NaT" (the same value as -9223372036854775808).
//
// JSON whitespace (space, tab, CR, LF) around the value is ignored.
// Anything else is a *FillValueError naming the value and the type.
func ParseFillValue(dt DataType, data []byte) (Scalar, error) {
	s, _, err := ParseFillValueWarnings(dt, data)
	return s, err
}

// ParseFillValueWarnings is ParseFillValue that also returns warnings about
// accepted but non-canonical spellings ("+Infinity"), one message each.
func ParseFillValueWarnings(dt DataType, data []byte) (Scalar, []string, error) {
	p := fillParser{dt: dt, raw: data}
	s, err := p.parse(dt, trimJSONSpace(data))
	if err != nil {
		return Scalar{}, nil, err
	}
	return s, p.warnings, nil
}

type fillParser struct {
	dt       DataType
	raw      []byte
	warnings []string
}

func (p *fillParser) fail(format string, args ...any) error {
	v := string(trimJSONSpace(p.raw))
	if len(v) > 64 {
		v = v[:61] + "..."
	}
	if v == "" {
		v = "(empty)"
	}
	return &FillValueError{DataType: p.dt, Value: v, Reason: fmt.Sprintf(format, args...)}
}

func (p *fillParser) parse(dt DataType, v []byte) (Scalar, error) {
	if !dt.Valid() {
		return Scalar{}, p.fail("invalid data type")
	}
	if !json.Valid(v) {
		return Scalar{}, p.fail("not a single JSON value")
	}
	switch {
	case dt == Bool:
		switch string(v) {
		case "true":
			return BoolScalar(true), nil
		case "false":
			return BoolScalar(false), nil
		}
		return Scalar{}, p.fail("want true or false")
	case dt.IsInteger():
		return p.parseInt(dt, v)
	case dt.IsFloat():
		return p.parseFloat(dt, v)
	case dt.IsTime():
		return p.parseTime(dt, v)
	case isStringClass(dt):
		return p.parseStringFill(dt, v)
	default:
		return p.parseComplex(dt, v)
	}
}

func (p *fillParser) parseInt(dt DataType, v []byte) (Scalar, error) {
	if !isJSONNumber(v) {
		return Scalar{}, p.fail("want a JSON integer, got %s", jsonKind(v))
	}
	if bytes.ContainsAny(v, ".eE") {
		return Scalar{}, p.fail("want an integer with no fraction or exponent")
	}
	lo, hi, _ := dt.IntRange()
	if v[0] == '-' {
		i, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil || i < lo {
			return Scalar{}, p.fail("out of range [%d, %d]", lo, hi)
		}
		return ScalarFromBits(dt, uint64(i), 0), nil
	}
	u, err := strconv.ParseUint(string(v), 10, 64)
	if err != nil || u > hi {
		return Scalar{}, p.fail("out of range [%d, %d]", lo, hi)
	}
	return ScalarFromBits(dt, u, 0), nil
}

func (p *fillParser) parseFloat(dt DataType, v []byte) (Scalar, error) {
	if v[0] == '"' {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return Scalar{}, p.fail("bad JSON string")
		}
		return p.parseFloatString(dt, s)
	}
	if !isJSONNumber(v) {
		return Scalar{}, p.fail("want a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x\" hex, got %s", jsonKind(v))
	}
	b, err := parseDecimal(string(v), dt)
	if err != nil {
		return Scalar{}, p.fail("%v", err)
	}
	return Scalar{dt: dt, lo: b}, nil
}

func (p *fillParser) parseFloatString(dt DataType, s string) (Scalar, error) {
	l, _ := dt.FloatLayout()
	switch s {
	case "NaN":
		if !l.NaN {
			return Scalar{}, p.fail("%v has no NaN", dt)
		}
		return Scalar{dt: dt, lo: l.NaNBits}, nil
	case "Infinity", "+Infinity", "-Infinity":
		if !l.Infinity {
			return Scalar{}, p.fail("%v has no infinity", dt)
		}
		if s == "-Infinity" {
			return Scalar{dt: dt, lo: infBits(dt) | 1<<(dt.Bits()-1)}, nil
		}
		if s == "+Infinity" {
			p.warnings = append(p.warnings, `"+Infinity" is not a Zarr v3 fill-value string; read as "Infinity"`)
		}
		return Scalar{dt: dt, lo: infBits(dt)}, nil
	}
	if len(s) > 2 && s[0] == '0' && s[1] == 'x' {
		digits := s[2:]
		want := 2 * dt.Size()
		if len(digits) != want {
			return Scalar{}, p.fail("hex needs exactly %d digits for %v, got %d", want, dt, len(digits))
		}
		u, err := strconv.ParseUint(digits, 16, 64)
		if err != nil {
			return Scalar{}, p.fail("bad hex digits %q", digits)
		}
		if w := dt.Bits(); w < 64 && u>>w != 0 {
			return Scalar{}, p.fail("hex %s has bits beyond the %d bits of %v", s, w, dt)
		}
		return Scalar{dt: dt, lo: u}, nil
	}
	var want []string
	if l.NaN {
		want = append(want, `"NaN"`)
	}
	if l.Infinity {
		want = append(want, `"Infinity"`, `"-Infinity"`)
	}
	want = append(want, fmt.Sprintf(`"0x" hex of %d digits`, 2*dt.Size()))
	return Scalar{}, p.fail("want %s", strings.Join(want, ", "))
}

func (p *fillParser) parseComplex(dt DataType, v []byte) (Scalar, error) {
	var parts []json.RawMessage
	if v[0] != '[' || json.Unmarshal(v, &parts) != nil || len(parts) != 2 {
		return Scalar{}, p.fail("want a two-element array [re, im]")
	}
	comp := dt.ComponentType()
	re, err := p.parse(comp, trimJSONSpace(parts[0]))
	if err != nil {
		return Scalar{}, p.fail("real part: %s", err.(*FillValueError).Reason)
	}
	im, err := p.parse(comp, trimJSONSpace(parts[1]))
	if err != nil {
		return Scalar{}, p.fail("imaginary part: %s", err.(*FillValueError).Reason)
	}
	if dt == Complex64 {
		return Scalar{dt: dt, lo: re.lo | im.lo<<32}, nil
	}
	return Scalar{dt: dt, lo: re.lo, hi: im.lo}, nil
}

// CanonicalNaNBits returns the bits of the canonical NaN of float type dt:
// positive, quiet, with only the most significant mantissa bit set; for the
// small floats the pattern the registry gives the fill-value "NaN" (0x80 for
// the fnuz types, 0xff for float8_e8m0fnu), and 0 for the types without a
// NaN (float6_e2m3fn, float6_e3m2fn, float4_e2m1fn).
func CanonicalNaNBits(dt DataType) uint64 {
	if f := smallFormatOf(dt); f != nil {
		return f.layout().NaNBits
	}
	mant, _, _ := dt.FloatFormat()
	return infBits(dt) | 1<<(mant-1)
}

func infBits(dt DataType) uint64 {
	mant, exp, _ := dt.FloatFormat()
	return (1<<exp - 1) << mant
}

// parseDecimal rounds the JSON number s to the nearest value of float type
// dt, ties to even, and returns its bits. It fails when the result would be
// infinite.
func parseDecimal(s string, dt DataType) (uint64, error) {
	switch dt {
	case Float64:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, fmt.Errorf("out of range for %v", dt)
		}
		return math.Float64bits(f), nil
	case Float32:
		f, err := strconv.ParseFloat(s, 32)
		if err != nil {
			return 0, fmt.Errorf("out of range for %v", dt)
		}
		return uint64(math.Float32bits(float32(f))), nil
	}
	// float16, bfloat16: round the float64 nearest to s, then repair the
	// one case where two roundings differ from one: the float64 lies exactly
	// halfway between two values of dt but s itself does not.
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("out of range for %v", dt)
	}
	b, overflow := NarrowFloat64(f, dt, NearestEven)
	down, _ := NarrowFloat64(f, dt, TowardsZero)
	up, upOverflow := NarrowFloat64(f, dt, towardsAway(f))
	if down != up {
		lo, hi := WidenFloat(down, dt), WidenFloat(up, dt)
		if upOverflow {
			// the value above the largest finite one, had the exponent
			// no bound: the tie between them is the overflow threshold
			hi = math.Copysign(math.Ldexp(1, math.Ilogb(dt.MaxFloat())+1), f)
		}
		if lo+hi == 2*f { // a tie in float64
			exact, ok := new(big.Rat).SetString(s)
			if ok {
				cmp := exact.Abs(exact).Cmp(new(big.Rat).SetFloat64(math.Abs(f)))
				switch {
				case cmp > 0:
					b, overflow = up, upOverflow
				case cmp < 0:
					b, overflow = down, false
				}
			}
		}
	}
	if overflow || math.IsInf(WidenFloat(b, dt), 0) {
		return 0, fmt.Errorf("out of range for %v", dt)
	}
	return b, nil
}

// towardsAway returns the directed mode that rounds x away from zero.
func towardsAway(x float64) RoundingMode {
	if math.Signbit(x) {
		return TowardsNegative
	}
	return TowardsPositive
}

// trimJSONSpace removes the JSON whitespace (space, tab, CR, LF) around v;
// other Unicode spaces are left for the JSON check to reject.
func trimJSONSpace(v []byte) []byte {
	return bytes.Trim(v, " \t\r\n")
}

func isJSONNumber(v []byte) bool {
	return len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9'))
}

func jsonKind(v []byte) string {
	switch {
	case len(v) == 0:
		return "nothing"
	case v[0] == '"':
		return "a string"
	case v[0] == '[':
		return "an array"
	case v[0] == '{':
		return "an object"
	case v[0] == 't' || v[0] == 'f':
		return "a bool"
	case v[0] == 'n':
		return "null"
	case strings.ContainsAny(string(v), ".eE"):
		return "a number with a fraction or exponent"
	}
	return "a number"
}

package numeric

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// FormatFillValue returns the canonical Zarr v3 fill-value JSON of s:
// bools as true/false; integers as plain integers (64-bit values exactly);
// floats as the shortest decimal that reads back to the same value of the
// type, "Infinity", "-Infinity", "NaN" for the canonical NaN and "0x" hex
// for every other NaN; complex values as [re, im]; dates and durations as
// their count, "NaT" for Not a Time.
func FormatFillValue(s Scalar) string { return string(AppendFillValue(nil, s)) }

// AppendFillValue appends FormatFillValue(s) to b.
func AppendFillValue(b []byte, s Scalar) []byte {
	dt := s.dt
	switch {
	case dt == Bool:
		return strconv.AppendBool(b, s.lo != 0)
	case dt.IsSigned():
		v, _ := s.Int64()
		return strconv.AppendInt(b, v, 10)
	case dt.IsUnsigned():
		return strconv.AppendUint(b, s.lo, 10)
	case dt.IsFloat():
		return appendFloat(b, dt, s.lo)
	case dt.IsTime():
		return appendTimeFill(b, s)
	case dt.IsComplex():
		re, im := s.Parts()
		b = append(b, '[')
		b = appendFloat(b, re.dt, re.lo)
		b = append(b, ", "...)
		b = appendFloat(b, im.dt, im.lo)
		return append(b, ']')
	case isStringClass(dt):
		return appendStringFill(b, s)
	}
	return append(b, "null"...)
}

func appendFloat(b []byte, dt DataType, bits uint64) []byte {
	f := WidenFloat(bits, dt)
	switch {
	case math.IsNaN(f):
		if bits == CanonicalNaNBits(dt) {
			return append(b, `"NaN"`...)
		}
		return fmt.Appendf(b, `"0x%0*x"`, 2*dt.Size(), bits)
	case math.IsInf(f, 1):
		return append(b, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(b, `"-Infinity"`...)
	}
	if smallFormatOf(dt) != nil {
		// the shortest decimal of the exact value (as a float64), which
		// reads back to it: "0.25" rather than a shorter "0.2" that also
		// rounds to it
		return strconv.AppendFloat(b, f, 'g', -1, 64)
	}
	switch dt {
	case Float64:
		return strconv.AppendFloat(b, f, 'g', -1, 64)
	case Float32:
		return strconv.AppendFloat(b, f, 'g', -1, 32)
	}
	return appendShortest16(b, dt, bits, f)
}

// appendShortest16 appends the shortest decimal that reads back as the
// 16-bit float bits (value f). For each number of digits it tries the
// nearest decimal and then its neighbour on the other side of f: at a power
// of two the gap to the next value is twice the gap to the previous one, so
// the nearest decimal can miss while its neighbour still reads back.
func appendShortest16(b []byte, dt DataType, bits uint64, f float64) []byte {
	for prec := 1; prec < 17; prec++ {
		text := strconv.FormatFloat(f, 'e', prec-1, 64)
		if back, err := parseDecimal(text, dt); err == nil && back == bits {
			return strconv.AppendFloat(b, f, 'g', prec, 64)
		}
		mant, exp, _ := strings.Cut(text, "e")
		neg := strings.HasPrefix(mant, "-")
		m, err := strconv.ParseInt(strings.Replace(strings.TrimPrefix(mant, "-"), ".", "", 1), 10, 64)
		if err != nil {
			break
		}
		near, _ := strconv.ParseFloat(text, 64)
		if (near < f) != neg { // the neighbour away from zero
			m++
		} else {
			m--
		}
		e, _ := strconv.Atoi(exp)
		other := strconv.FormatInt(m, 10) + "e" + strconv.Itoa(e-(prec-1))
		if neg {
			other = "-" + other
		}
		if back, err := parseDecimal(other, dt); err == nil && back == bits {
			y, _ := strconv.ParseFloat(other, 64)
			return strconv.AppendFloat(b, y, 'g', prec, 64)
		}
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

package npdtype

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/numeric"
)

// parseTime reads the type code of a NumPy datetime64 ("M8") or
// timedelta64 ("m8") type, after its byte-order character: the code alone
// (NumPy's generic unit) or followed by "[unit]" or "[Nunit]", N the scale
// factor in decimal without sign or leading zeros and unit one of NumPy's
// (Y M W D h m s ms us μs ns ps fs as, or "generic"). matched is false
// when code is not of that kind at all; otherwise the error says what is
// wrong.
func parseTime(code string) (dt numeric.DataType, matched bool, err error) {
	if len(code) < 2 || code[0] != 'M' && code[0] != 'm' || code[1] != '8' && code[1] != '[' && (code[1] < '0' || code[1] > '9') {
		return 0, false, nil
	}
	newType := numeric.NewDatetime64
	what := "datetime64"
	if code[0] == 'm' {
		newType, what = numeric.NewTimedelta64, "timedelta64"
	}
	rest, ok := strings.CutPrefix(code[1:], "8")
	if !ok {
		return 0, true, &Error{Text: code, Reason: what + " elements are 8 bytes: write " + code[:1] + "8"}
	}
	if rest == "" {
		dt, err := newType(numeric.GenericUnit, 1)
		return dt, true, err
	}
	inner, open := strings.CutPrefix(rest, "[")
	inner, closed := strings.CutSuffix(inner, "]")
	if !open || !closed || inner == "" {
		return 0, true, &Error{Text: code, Reason: what + " takes a unit in brackets, such as " + code[:2] + "[ns]"}
	}
	i := 0
	for i < len(inner) && inner[i] >= '0' && inner[i] <= '9' {
		i++
	}
	scale := 1
	if i > 0 {
		n, err := strconv.Atoi(inner[:i])
		if err != nil || inner[0] == '0' || n > numeric.MaxScaleFactor {
			return 0, true, &Error{Text: code, Reason: fmt.Sprintf("the scale factor must be a decimal from 1 to %d without leading zeros", numeric.MaxScaleFactor)}
		}
		scale = n
	}
	unit, err := numeric.ParseTimeUnit(inner[i:])
	if err != nil {
		return 0, true, &Error{Text: code, Reason: fmt.Sprintf("unit %q is not one of NumPy's (Y, M, W, D, h, m, s, ms, us, ns, ps, fs, as, generic); write the type as NumPy's dtype.str does", inner[i:])}
	}
	if unit == numeric.GenericUnit {
		scale = 1 // as NumPy reads "[7generic]"
	}
	dt, err = newType(unit, scale)
	if err != nil {
		return 0, true, &Error{Text: code, Reason: err.Error()}
	}
	return dt, true, nil
}

// formatTime returns the type string of a date or duration type: "<M8[ns]",
// ">m8[10s]", "<M8" for the generic unit.
func formatTime(dt numeric.DataType, e numeric.Endian) string {
	unit, scale, _ := dt.TimeUnit()
	s := "<"
	if e == numeric.BigEndian {
		s = ">"
	}
	if dt.Kind() == numeric.Datetime64 {
		s += "M8"
	} else {
		s += "m8"
	}
	if unit == numeric.GenericUnit && scale == 1 {
		return s
	}
	s += "["
	if scale != 1 {
		s += strconv.Itoa(scale)
	}
	return s + unit.String() + "]"
}

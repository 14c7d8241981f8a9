package numeric

import (
	"encoding/json"
	"math"
	"strconv"
)

// NaT is the value of a numpy.datetime64 or numpy.timedelta64 element that
// is "Not a Time": the smallest int64, -2^63.
const NaT = math.MinInt64

// TimeScalar returns the scalar of the date or duration type dt holding the
// count v (NaT for Not a Time). For other types the scalar is not Valid.
func TimeScalar(dt DataType, v int64) Scalar {
	if !dt.IsTime() || !dt.Valid() {
		return Scalar{}
	}
	return Scalar{dt: dt, lo: uint64(v)}
}

// TimeCount returns the count held by a date or duration scalar (NaT for
// Not a Time); ok is false for other types.
func (s Scalar) TimeCount() (v int64, ok bool) {
	if !s.dt.IsTime() {
		return 0, false
	}
	return int64(s.lo), true
}

// parseTime reads the fill value of a date or duration type, as defined by
// zarr-extensions: a JSON integer in the int64 range, or the string "NaT"
// (equal to -2^63).
func (p *fillParser) parseTime(dt DataType, v []byte) (Scalar, error) {
	if v[0] == '"' {
		var s string
		if err := json.Unmarshal(v, &s); err != nil || s != "NaT" {
			return Scalar{}, p.fail(`want an integer or "NaT"`)
		}
		return TimeScalar(dt, NaT), nil
	}
	if !isJSONNumber(v) {
		return Scalar{}, p.fail(`want an integer or "NaT", got %s`, jsonKind(v))
	}
	s, err := p.parseInt(Int64, v)
	if err != nil {
		return Scalar{}, err
	}
	return TimeScalar(dt, int64(s.lo)), nil
}

// appendTimeFill appends the fill-value JSON of a date or duration scalar:
// "NaT" for Not a Time, the count otherwise.
func appendTimeFill(b []byte, s Scalar) []byte {
	if int64(s.lo) == NaT {
		return append(b, `"NaT"`...)
	}
	return strconv.AppendInt(b, int64(s.lo), 10)
}

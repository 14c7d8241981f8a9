package numeric

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// MaxElementBytes is the largest element of a fixed-length type (1 GiB).
const MaxElementBytes = 1 << 30

// TimeUnit is the unit of a numpy.datetime64 or numpy.timedelta64 type.
type TimeUnit uint8

// The units of NumPy's datetime64 and timedelta64, from years to
// attoseconds, and NumPy's "generic" unit (a type with no unit, whose only
// meaningful value is NaT).
const (
	Years TimeUnit = iota + 1
	Months
	Weeks
	Days
	Hours
	Minutes
	Seconds
	Milliseconds
	Microseconds
	Nanoseconds
	Picoseconds
	Femtoseconds
	Attoseconds
	GenericUnit
)

var timeUnitNames = [...]string{
	Years: "Y", Months: "M", Weeks: "W", Days: "D", Hours: "h", Minutes: "m", Seconds: "s",
	Milliseconds: "ms", Microseconds: "us", Nanoseconds: "ns", Picoseconds: "ps",
	Femtoseconds: "fs", Attoseconds: "as", GenericUnit: "generic",
}

// String returns the unit's identifier as written in metadata ("s", "us",
// "generic").
func (u TimeUnit) String() string {
	if u < Years || u > GenericUnit {
		return fmt.Sprintf("TimeUnit(%d)", uint8(u))
	}
	return timeUnitNames[u]
}

// ParseTimeUnit returns the unit with the given identifier: "Y", "M", "W",
// "D", "h", "m", "s", "ms", "us" (or "μs"), "ns", "ps", "fs", "as" or
// "generic". Any other is a *TimeUnitError.
func ParseTimeUnit(s string) (TimeUnit, error) {
	if s == "μs" {
		return Microseconds, nil
	}
	for u := Years; u <= GenericUnit; u++ {
		if timeUnitNames[u] == s {
			return u, nil
		}
	}
	return 0, &TimeUnitError{Unit: s}
}

// TimeUnitError reports a time unit identifier that ParseTimeUnit does not
// know.
type TimeUnitError struct {
	Unit string // the identifier as given
}

func (e *TimeUnitError) Error() string {
	return fmt.Sprintf("numeric: unknown time unit %q (want one of Y, M, W, D, h, m, s, ms, us, μs, ns, ps, fs, as, generic)", e.Unit)
}

// MaxScaleFactor is the largest scale factor of a date or duration type
// (2^31-1, as in NumPy).
const MaxScaleFactor = 1<<31 - 1

// NewFixedLengthUTF32 returns the fixed_length_utf32 type of lengthBytes
// bytes per element (a positive multiple of 4: NumPy's <U n has
// lengthBytes 4n).
func NewFixedLengthUTF32(lengthBytes int) (DataType, error) {
	if lengthBytes < 4 || lengthBytes%4 != 0 || lengthBytes > MaxElementBytes {
		return 0, &DataTypeError{Name: "fixed_length_utf32", Reason: fmt.Sprintf("length_bytes %d is not a positive multiple of 4 up to %d", lengthBytes, MaxElementBytes)}
	}
	return FixedLengthUTF32 | DataType(lengthBytes)<<kindBits, nil
}

// NewNullTerminatedBytes returns the null_terminated_bytes type of
// lengthBytes bytes per element (NumPy's |S n, lengthBytes = n >= 1).
func NewNullTerminatedBytes(lengthBytes int) (DataType, error) {
	if lengthBytes < 1 || lengthBytes > MaxElementBytes {
		return 0, &DataTypeError{Name: "null_terminated_bytes", Reason: fmt.Sprintf("length_bytes %d is not in [1, %d]", lengthBytes, MaxElementBytes)}
	}
	return NullTerminatedBytes | DataType(lengthBytes)<<kindBits, nil
}

// NewRawBytes returns the raw type of n bytes per element (Zarr's
// "r<8n>", NumPy's |V n).
func NewRawBytes(n int) (DataType, error) {
	if n < 1 || n > MaxElementBytes {
		return 0, &DataTypeError{Name: "r" + strconv.Itoa(8*n), Reason: fmt.Sprintf("%d bytes is not in [1, %d]", n, MaxElementBytes)}
	}
	return RawBytes | DataType(n)<<kindBits, nil
}

// NewDatetime64 returns the numpy.datetime64 type counting unit*scale
// since the Unix epoch (scale in [1, MaxScaleFactor]).
func NewDatetime64(unit TimeUnit, scale int) (DataType, error) {
	return newTime(Datetime64, unit, scale)
}

// NewTimedelta64 returns the numpy.timedelta64 type counting unit*scale.
func NewTimedelta64(unit TimeUnit, scale int) (DataType, error) {
	return newTime(Timedelta64, unit, scale)
}

func newTime(kind DataType, unit TimeUnit, scale int) (DataType, error) {
	if unit < Years || unit > GenericUnit {
		return 0, &DataTypeError{Name: dtypeInfos[kind].name, Reason: fmt.Sprintf("invalid unit %v", unit)}
	}
	if scale < 1 || scale > MaxScaleFactor {
		return 0, &DataTypeError{Name: dtypeInfos[kind].name, Reason: fmt.Sprintf("scale_factor %d is not in [1, %d]", scale, MaxScaleFactor)}
	}
	return kind | DataType(unit)<<kindBits | DataType(scale)<<(kindBits+8), nil
}

// LengthBytes returns the bytes per element of a fixed-length text or byte
// string type (fixed_length_utf32, null_terminated_bytes, r*), and 0 for
// every other type.
func (d DataType) LengthBytes() int {
	switch d.Kind() {
	case FixedLengthUTF32, NullTerminatedBytes, RawBytes:
		if d.Valid() {
			return int(d.parameter())
		}
	}
	return 0
}

// TimeUnit returns the unit and scale factor of a date or duration type;
// ok is false for every other type.
func (d DataType) TimeUnit() (unit TimeUnit, scale int, ok bool) {
	if !d.IsTime() || !d.Valid() {
		return 0, 0, false
	}
	p := d.parameter()
	return TimeUnit(p & 0xff), int(p >> 8), true
}

func validParameter(kind DataType, p uint64) bool {
	switch kind {
	case FixedLengthUTF32:
		return p >= 4 && p%4 == 0 && p <= MaxElementBytes
	case NullTerminatedBytes, RawBytes:
		return p >= 1 && p <= MaxElementBytes
	case Datetime64, Timedelta64:
		u, scale := TimeUnit(p&0xff), p>>8
		return u >= Years && u <= GenericUnit && scale >= 1 && scale <= MaxScaleFactor
	}
	return false
}

func parameterSize(d DataType) int {
	if d.IsTime() {
		return 8
	}
	return int(d.parameter())
}

func parameterizedString(d DataType) string {
	switch d.Kind() {
	case RawBytes:
		return "r" + strconv.Itoa(8*d.LengthBytes())
	case FixedLengthUTF32, NullTerminatedBytes:
		return fmt.Sprintf("%s(length_bytes=%d)", dtypeInfos[d.Kind()].name, d.LengthBytes())
	}
	unit, scale, _ := d.TimeUnit()
	return fmt.Sprintf("%s(unit=%v, scale_factor=%d)", dtypeInfos[d.Kind()].name, unit, scale)
}

// parseRawName reads "r8", "r16", ...: r and a positive multiple of 8 in
// decimal, without sign or leading zeros.
func parseRawName(name string) (DataType, bool) {
	digits, ok := strings.CutPrefix(name, "r")
	if !ok || digits == "" || digits[0] < '1' || digits[0] > '9' {
		return 0, false
	}
	bits, err := strconv.Atoi(digits)
	if err != nil || bits%8 != 0 {
		return 0, false
	}
	d, err := NewRawBytes(bits / 8)
	return d, err == nil
}

// MarshalJSON returns the value of an array's "data_type": the name of a
// type without configuration ("int16", "r16"), or {"name": ...,
// "configuration": {...}} for the others.
func (d DataType) MarshalJSON() ([]byte, error) {
	if !d.Valid() {
		return nil, &DataTypeError{Name: d.String(), Reason: "not a valid data type"}
	}
	switch d.Kind() {
	case FixedLengthUTF32, NullTerminatedBytes:
		return fmt.Appendf(nil, `{"name":%q,"configuration":{"length_bytes":%d}}`, dtypeInfos[d.Kind()].name, d.LengthBytes()), nil
	case Datetime64, Timedelta64:
		unit, scale, _ := d.TimeUnit()
		return fmt.Appendf(nil, `{"name":%q,"configuration":{"unit":%q,"scale_factor":%d}}`, dtypeInfos[d.Kind()].name, unit.String(), scale), nil
	}
	return json.Marshal(d.String())
}

// ParseDataTypeJSON reads the value of an array's "data_type": a name (see
// ParseDataType), or an object {"name": ..., "configuration": {...}} for
// fixed_length_utf32 and null_terminated_bytes ({"length_bytes": n}; also
// "raw_bytes", zarr-python 3's name for the raw type of n bytes, read as
// r<8n>) and
// numpy.datetime64 and numpy.timedelta64 ({"unit": ..., "scale_factor":
// n}). A type without configuration may also be written as an object with
// its name alone, or with an empty configuration {}. Besides the names
// ParseDataType accepts it reads the variable-length types "string" and
// "bytes" ("variable_length_bytes" in zarr-python 3). Unknown members are
// errors.
func ParseDataTypeJSON(raw []byte) (DataType, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var name string
		if err := json.Unmarshal(raw, &name); err != nil {
			return 0, &DataTypeError{Name: string(raw), Reason: "not a JSON string"}
		}
		return parseDataTypeName(name)
	}
	var obj struct {
		Name          *string         `json:"name"`
		Configuration json.RawMessage `json:"configuration"`
	}
	if err := strictUnmarshal(raw, &obj); err != nil || obj.Name == nil {
		return 0, &DataTypeError{Name: string(raw), Reason: "a data type is a name or an object with a \"name\" and an optional \"configuration\""}
	}
	name := *obj.Name
	hasConfig := len(obj.Configuration) > 0 && !bytes.Equal(bytes.TrimSpace(obj.Configuration), []byte("null"))
	switch name {
	case "fixed_length_utf32", "null_terminated_bytes", "raw_bytes":
		var cfg struct {
			LengthBytes *int64 `json:"length_bytes"`
		}
		if !hasConfig || strictUnmarshal(obj.Configuration, &cfg) != nil || cfg.LengthBytes == nil {
			return 0, &DataTypeError{Name: name, Reason: `the configuration must be {"length_bytes": n}`}
		}
		n := *cfg.LengthBytes
		if n < 0 || n > MaxElementBytes {
			n = -1
		}
		switch name {
		case "fixed_length_utf32":
			return NewFixedLengthUTF32(int(n))
		case "raw_bytes":
			return NewRawBytes(int(n))
		}
		return NewNullTerminatedBytes(int(n))
	case "numpy.datetime64", "numpy.timedelta64":
		var cfg struct {
			Unit        *string `json:"unit"`
			ScaleFactor *int64  `json:"scale_factor"`
		}
		if !hasConfig || strictUnmarshal(obj.Configuration, &cfg) != nil || cfg.Unit == nil || cfg.ScaleFactor == nil {
			return 0, &DataTypeError{Name: name, Reason: `the configuration must be {"unit": ..., "scale_factor": n}`}
		}
		unit, err := ParseTimeUnit(*cfg.Unit)
		if err != nil {
			return 0, &DataTypeError{Name: name, Reason: err.Error()}
		}
		scale := *cfg.ScaleFactor
		if scale < 1 || scale > MaxScaleFactor {
			return 0, &DataTypeError{Name: name, Reason: fmt.Sprintf("scale_factor %d is not in [1, %d]", scale, MaxScaleFactor)}
		}
		if name == "numpy.datetime64" {
			return NewDatetime64(unit, int(scale))
		}
		return NewTimedelta64(unit, int(scale))
	}
	if hasConfig && !isEmptyObject(obj.Configuration) {
		// the zarr-extensions schemas of the types without configuration
		// allow an empty object ("additionalProperties": false)
		return 0, &DataTypeError{Name: name, Reason: "this data type takes no configuration"}
	}
	return parseDataTypeName(name)
}

// parseDataTypeName is ParseDataType that also reads the variable-length
// types, which DataTypes does not list: "string", and "bytes" (or
// "variable_length_bytes", the name zarr-python 3 writes for it).
func parseDataTypeName(name string) (DataType, error) {
	switch name {
	case "string":
		return String, nil
	case "bytes", "variable_length_bytes":
		return Bytes, nil
	}
	return ParseDataType(name)
}

// isEmptyObject reports whether raw is the JSON object {}.
func isEmptyObject(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(raw, &m) == nil && m != nil && len(m) == 0
}

func strictUnmarshal(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data")
	}
	return nil
}

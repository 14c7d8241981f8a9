package numeric_test

import (
	"errors"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

func TestParseDataTypeJSON(t *testing.T) {
	for _, tt := range []struct {
		in, want, out string
		size          int
	}{
		{`"int16"`, "int16", `"int16"`, 2},
		{`{"name": "float32"}`, "float32", `"float32"`, 4},
		{`"r24"`, "r24", `"r24"`, 3},
		{`{"name": "fixed_length_utf32", "configuration": {"length_bytes": 48}}`, "fixed_length_utf32(length_bytes=48)", `{"name":"fixed_length_utf32","configuration":{"length_bytes":48}}`, 48},
		{`{"name": "null_terminated_bytes", "configuration": {"length_bytes": 3}}`, "null_terminated_bytes(length_bytes=3)", `{"name":"null_terminated_bytes","configuration":{"length_bytes":3}}`, 3},
		{`{"name": "numpy.datetime64", "configuration": {"unit": "μs", "scale_factor": 10}}`, "numpy.datetime64(unit=us, scale_factor=10)", `{"name":"numpy.datetime64","configuration":{"unit":"us","scale_factor":10}}`, 8},
		{`{"name": "numpy.timedelta64", "configuration": {"unit": "generic", "scale_factor": 2147483647}}`, "numpy.timedelta64(unit=generic, scale_factor=2147483647)", `{"name":"numpy.timedelta64","configuration":{"unit":"generic","scale_factor":2147483647}}`, 8},
	} {
		d, err := numeric.ParseDataTypeJSON([]byte(tt.in))
		if err != nil || d.String() != tt.want || d.Size() != tt.size || !d.Valid() {
			t.Errorf("ParseDataTypeJSON(%s) = %v size %d (%v), want %s", tt.in, d, d.Size(), err, tt.want)
			continue
		}
		out, err := d.MarshalJSON()
		if err != nil || string(out) != tt.out {
			t.Errorf("%v.MarshalJSON() = %s (%v), want %s", d, out, err, tt.out)
		}
		back, err := numeric.ParseDataTypeJSON(out)
		if err != nil || back != d {
			t.Errorf("round trip of %s = %v (%v)", out, back, err)
		}
	}
	for _, bad := range []string{
		`{"name": "fixed_length_utf32", "configuration": {"length_bytes": 6}}`,
		`{"name": "fixed_length_utf32", "configuration": {"length_bytes": 0}}`,
		`{"name": "fixed_length_utf32"}`,
		`{"name": "null_terminated_bytes", "configuration": {"length_bytes": 4, "x": 1}}`,
		`{"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 0}}`,
		`{"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 2147483648}}`,
		`{"name": "numpy.datetime64", "configuration": {"unit": "sec", "scale_factor": 1}}`,
		`{"name": "numpy.datetime64", "configuration": {"unit": "s"}}`,
		`{"name": "int8", "configuration": {"x": 1}}`,
		`{"nom": "int8"}`,
		`{"name": "int8"} x`,
		`17`,
		`"int9"`,
	} {
		_, err := numeric.ParseDataTypeJSON([]byte(bad))
		var de *numeric.DataTypeError
		if !errors.As(err, &de) {
			t.Errorf("ParseDataTypeJSON(%s) = %v, want a *DataTypeError", bad, err)
		}
	}
}

func TestTimeUnits(t *testing.T) {
	for u := numeric.Years; u <= numeric.GenericUnit; u++ {
		back, err := numeric.ParseTimeUnit(u.String())
		if err != nil || back != u {
			t.Errorf("ParseTimeUnit(%v) = %v, %v", u, back, err)
		}
	}
	for _, bad := range []string{"", "S", "sec", "ns2", "Generic"} {
		var ue *numeric.TimeUnitError
		if _, err := numeric.ParseTimeUnit(bad); !errors.As(err, &ue) || ue.Unit != bad {
			t.Errorf("ParseTimeUnit(%q): %v, want a *TimeUnitError", bad, err)
		}
	}
	d, _ := numeric.NewDatetime64(numeric.Nanoseconds, 1)
	if unit, scale, ok := d.TimeUnit(); !ok || unit != numeric.Nanoseconds || scale != 1 || d.Kind() != numeric.Datetime64 || d.Storage() != numeric.Int64 || !d.IsTime() {
		t.Errorf("%v: TimeUnit() = %v, %d, %v", d, unit, scale, ok)
	}
	if _, _, ok := numeric.Int64.TimeUnit(); ok {
		t.Error("int64 has a time unit")
	}
}

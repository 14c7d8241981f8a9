package numeric_test

import (
	"errors"
	"math"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestTimeFillValue checks the zarr-extensions fill values of dates and
// durations: integers in the int64 range and "NaT", which is -2^63.
func TestTimeFillValue(t *testing.T) {
	dt, _ := numeric.NewDatetime64(numeric.Nanoseconds, 1)
	td, _ := numeric.NewTimedelta64(numeric.Days, 7)
	for _, tc := range []struct {
		dt   numeric.DataType
		in   string
		want int64
		out  string
	}{
		{dt, `"NaT"`, math.MinInt64, `"NaT"`},
		{dt, `-9223372036854775808`, math.MinInt64, `"NaT"`},
		{dt, ` 0 `, 0, `0`},
		{td, `9223372036854775807`, math.MaxInt64, `9223372036854775807`},
		{td, `-1`, -1, `-1`},
	} {
		s, err := numeric.ParseFillValue(tc.dt, []byte(tc.in))
		if err != nil {
			t.Errorf("ParseFillValue(%v, %s): %v", tc.dt, tc.in, err)
			continue
		}
		if v, ok := s.TimeCount(); !ok || v != tc.want || s.DataType() != tc.dt {
			t.Errorf("ParseFillValue(%v, %s) = %v %v, want %d", tc.dt, tc.in, v, ok, tc.want)
		}
		if got := numeric.FormatFillValue(s); got != tc.out {
			t.Errorf("FormatFillValue(%s) = %s, want %s", tc.in, got, tc.out)
		}
	}
	for _, in := range []string{`"nat"`, `"NaN"`, `1.5`, `1e3`, `9223372036854775808`, `-9223372036854775809`, `null`, `"2020-01-01"`, `[0]`} {
		var fe *numeric.FillValueError
		if _, err := numeric.ParseFillValue(dt, []byte(in)); !errors.As(err, &fe) {
			t.Errorf("ParseFillValue(datetime64, %s) = %v, want a *FillValueError", in, err)
		}
	}
	if _, ok := numeric.Zero(numeric.Int64).TimeCount(); ok {
		t.Error("TimeCount of an int64 scalar is ok")
	}
	if numeric.TimeScalar(numeric.Int64, 1).Valid() {
		t.Error("TimeScalar(int64) is valid")
	}
}

// FuzzParseTimeFill: a date or duration fill value either fails with a
// *FillValueError or formats to JSON that parses back to the same scalar.
func FuzzParseTimeFill(f *testing.F) {
	for _, s := range []string{`"NaT"`, `0`, `-9223372036854775808`, `9223372036854775807`, `1.0`, `"nat"`, ` 12 `, `-0`, `[1]`} {
		f.Add(uint8(numeric.Seconds), false, []byte(s))
	}
	f.Fuzz(func(t *testing.T, u uint8, delta bool, data []byte) {
		unit := numeric.TimeUnit(u%uint8(numeric.GenericUnit)) + numeric.Years
		newType := numeric.NewDatetime64
		if delta {
			newType = numeric.NewTimedelta64
		}
		dt, err := newType(unit, 3)
		if err != nil {
			t.Fatal(err)
		}
		s, err := numeric.ParseFillValue(dt, data)
		if err != nil {
			var fe *numeric.FillValueError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T is not a *FillValueError", err)
			}
			return
		}
		text := numeric.FormatFillValue(s)
		back, err := numeric.ParseFillValue(dt, []byte(text))
		if err != nil || back != s {
			t.Fatalf("%q parsed to %v, formatted as %s, which parses to %v, %v", data, s, text, back, err)
		}
	})
}

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

package cf_test

import (
	"errors"
	"testing"

	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/numeric"
)

// TestTextBytesTimeFills: the fill values of text, byte-string and date
// arrays go through Cast, Encode and Decode as their own kinds, never as
// complex numbers, and what does not fit is an error, never a panic.
func TestTextBytesTimeFills(t *testing.T) {
	date, _ := numeric.NewDatetime64(numeric.Seconds, 1)
	utf32, _ := numeric.NewFixedLengthUTF32(8)
	nul, _ := numeric.NewNullTerminatedBytes(3)
	for _, tc := range []struct {
		dt          numeric.DataType
		cast, attr  string
		want        string // the value's fill-value JSON
		badCast     string
		badDecoding string
	}{
		{date, `5`, `5`, `5`, `"ab"`, `"x"`},
		{date, `"NaT"`, `"NaT"`, `"NaT"`, `[1, 2]`, `1.5`},
		{utf32, `"ab"`, `"ab"`, `"ab"`, `"abc"`, `5`},
		{numeric.String, `"héllo"`, `"héllo"`, `"héllo"`, `5`, `[1]`},
		{nul, `"YWI="`, `"YWI="`, `"YWI="`, `"YWJjZA=="`, `"!!"`},
		{numeric.Bytes, `[1, 2]`, `"AQI="`, `"AQI="`, `[256]`, `5`},
	} {
		s, err := cf.Cast(tc.dt, []byte(tc.cast))
		if err != nil || string(numeric.FormatFillValue(s)) != tc.want {
			t.Errorf("Cast(%v, %s) = %v, %v; want %s", tc.dt, tc.cast, s, err, tc.want)
			continue
		}
		enc, err := cf.Encode(s)
		if err != nil {
			t.Errorf("Encode(%v) = %v", s, err)
			continue
		}
		back, err := cf.Decode(tc.dt, enc)
		if err != nil || back != s {
			t.Errorf("Decode(%v, %s) = %v, %v; want %v", tc.dt, enc, back, err, s)
		}
		if d, err := cf.Decode(tc.dt, []byte(tc.attr)); err != nil || d != s {
			t.Errorf("Decode(%v, %s) = %v, %v; want %v", tc.dt, tc.attr, d, err, s)
		}
		var re *cf.RangeError
		if _, err := cf.Cast(tc.dt, []byte(tc.badCast)); !errors.As(err, &re) {
			t.Errorf("Cast(%v, %s) = %v, want a *RangeError", tc.dt, tc.badCast, err)
		}
		var ae *cf.AttributeError
		if _, err := cf.Decode(tc.dt, []byte(tc.badDecoding)); !errors.As(err, &ae) {
			t.Errorf("Decode(%v, %s) = %v, want an *AttributeError", tc.dt, tc.badDecoding, err)
		}
	}
}

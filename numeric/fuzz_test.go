package numeric_test

import (
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// FuzzParseFillValue parses arbitrary text as every data type: parsing
// never panics, failures are *FillValueError values, and every accepted
// value formats to canonical JSON that parses back to the same bits with no
// warning.
func FuzzParseFillValue(f *testing.F) {
	var seeds []parseCase
	seeds = append(seeds, boolCases()...)
	seeds = append(seeds, intCases()...)
	seeds = append(seeds, floatCases()...)
	seeds = append(seeds, complexCases()...)
	for _, c := range seeds {
		f.Add(uint8(c.dt), []byte(c.json))
	}
	for i, dt := range numeric.DataTypes {
		if dt.Storage() != dt { // the sub-byte and small float types
			for _, v := range []string{`"NaN"`, `"Infinity"`, `"-Infinity"`, `"0x80"`, `"0xff"`, `"0x3f"`, "-0", "1.5", "240", "-8", "15", "1e-9"} {
				f.Add(uint8(i), []byte(v))
			}
		}
	}
	f.Fuzz(func(t *testing.T, dtIndex uint8, data []byte) {
		dt := numeric.DataTypes[int(dtIndex)%len(numeric.DataTypes)]
		s, warns, err := numeric.ParseFillValueWarnings(dt, data)
		if err != nil {
			if _, ok := err.(*numeric.FillValueError); !ok {
				t.Fatalf("error %T is not a *FillValueError", err)
			}
			return
		}
		if s.DataType() != dt {
			t.Fatalf("parsed a %v, want %v", s.DataType(), dt)
		}
		text := numeric.FormatFillValue(s)
		back, warns2, err := numeric.ParseFillValueWarnings(dt, []byte(text))
		if err != nil || back != s || warns2 != nil {
			lo, hi := s.Bits()
			t.Fatalf("%q parsed to bits %#x %#x, formatted as %s, which parses to %v, %v, %v", data, lo, hi, text, back, warns2, err)
		}
		_ = warns
	})
}

package npdtype

import (
	"encoding/json"
	"github.com/zcodec/zcodec/numeric"
	"os"
	"strings"
	"testing"
)

type nameCase struct {
	In    string `json:"in"`
	OK    bool   `json:"ok"`
	Kind  string `json:"kind"`
	Size  int    `json:"size"`
	Order string `json:"order"`
	Str   string `json:"str"`
}

// TestParseNumPyAgreesWithNumPy checks ParseNumPy against every spelling
// of testdata/numpy_names.json (NumPy's names and codes, with and without
// byte orders): it never accepts what NumPy rejects, reads what it accepts
// as NumPy does, and accepts every spelling of a supported type except the
// platform-dependent ones, which it refuses with their explicit forms.
func TestParseNumPyAgreesWithNumPy(t *testing.T) {
	b, err := os.ReadFile("testdata/numpy_names.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ Cases []nameCase }
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	accepted, refusedPlatform := 0, 0
	for _, c := range v.Cases {
		dt, e, err := ParseNumPy(c.In)
		supported := c.OK && strings.Contains("biufc", c.Kind) && !(c.Kind == "f" && c.Size == 16) && !(c.Kind == "c" && c.Size == 32)
		if err != nil {
			if supported {
				code := strings.TrimLeft(c.In, "<>|=")
				if _, ok := platformDependent[code]; ok && strings.Contains(err.Error(), "platform") {
					refusedPlatform++
					continue
				}
				t.Errorf("ParseNumPy(%q): %v; NumPy reads it as %s", c.In, err, c.Str)
			}
			continue
		}
		accepted++
		if !c.OK {
			t.Errorf("ParseNumPy(%q) = %v, but NumPy rejects it", c.In, dt)
			continue
		}
		if f := Format(dt, e); f != c.Str {
			t.Errorf("Format(ParseNumPy(%q)) = %q; NumPy reads %q", c.In, f, c.Str)
		}
		if dt.Size() == 1 && e != numeric.EndianUnset {
			t.Errorf("ParseNumPy(%q): byte order %v for a one-byte type", c.In, e)
		}
	}
	if accepted < 100 || refusedPlatform < 20 {
		t.Errorf("accepted %d, refused as platform-dependent %d: the table is not the expected one", accepted, refusedPlatform)
	}
	t.Logf("%d spellings: %d accepted, %d refused as platform-dependent", len(v.Cases), accepted, refusedPlatform)
}

// FuzzParseNumPy checks that ParseNumPy never panics, that what it
// accepts Format writes in a form Parse reads back to the same type, and
// that it accepts everything Parse does, the same way.
func FuzzParseNumPy(f *testing.F) {
	for _, s := range []string{"int32", "<i4", "d", ">d", "long", "float", "|b1", "?", "cfloat", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dt, e, err := ParseNumPy(s)
		if dt2, e2, err2 := Parse(s); err2 == nil && (err != nil || dt2 != dt || e2 != e) {
			t.Fatalf("ParseNumPy(%q) = %v %v %v; Parse gives %v %v", s, dt, e, err, dt2, e2)
		}
		if err != nil {
			return
		}
		back, e3, err := Parse(Format(dt, e))
		if err != nil || back != dt || e3 != e {
			t.Fatalf("Format(ParseNumPy(%q)) = %q does not read back: %v %v %v", s, Format(dt, e), back, e3, err)
		}
	})
}

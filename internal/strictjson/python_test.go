package strictjson_test

import (
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/internal/strictjson"
)

// TestFromPython checks FromPython against Python 3.11's json.loads: each
// document Python reads is valid JSON after FromPython, with the
// non-finite floats as Zarr strings; each it refuses stays invalid. The
// verdicts were printed by json.loads (and json.dumps of its result).
func TestFromPython(t *testing.T) {
	for _, tc := range []struct {
		in, want string // want "" when Python refuses the document
	}{
		{`{"a": NaN}`, `{"a": "NaN"}`},
		{`{"a": [Infinity,-Infinity, NaN]}`, `{"a": ["Infinity","-Infinity", "NaN"]}`},
		{`{"a": "NaN Infinity", "b":-Infinity}`, `{"a": "NaN Infinity", "b":"-Infinity"}`},
		{`[NaN]`, `["NaN"]`},
		{`NaN`, `"NaN"`},
		{`{"a": "x\"NaN"}`, `{"a": "x\"NaN"}`},
		{"{\"a\":\tNaN\n}", "{\"a\":\t\"NaN\"\n}"},
		{`{"a": nan}`, ""},
		{`{"a": +Infinity}`, ""},
		{`{"a": NaNx}`, ""},
		{`{"a":-NaN}`, ""},
		{`{"a": Infinityy}`, ""},
	} {
		out, changed := strictjson.FromPython([]byte(tc.in))
		err := strictjson.Check(out, strictjson.Options{})
		if tc.want == "" {
			if err == nil {
				t.Errorf("FromPython(%s) = %s: accepted, Python refuses it", tc.in, out)
			}
			continue
		}
		if err != nil || string(out) != tc.want || changed != (tc.in != tc.want) {
			t.Errorf("FromPython(%s) = %s, %v (%v); want %s", tc.in, out, changed, err, tc.want)
		}
	}
}

// TestFromPythonUnchanged checks that a document without bare tokens comes
// back as the same slice.
func TestFromPythonUnchanged(t *testing.T) {
	in := []byte(`{"fill_value": "NaN", "x": [1, -2.5e3, "Infinity"]}`)
	out, changed := strictjson.FromPython(in)
	if changed || &out[0] != &in[0] {
		t.Fatalf("FromPython changed %s", in)
	}
}

// FuzzFromPython checks that FromPython never changes valid JSON, and that
// what it returns has no bare token left for the strict reader to refuse
// when the input was JSON but for them.
func FuzzFromPython(f *testing.F) {
	for _, s := range []string{`{"a": NaN}`, `[Infinity, -Infinity, "NaN\"", NaN]`, `{"a": "\\"}`, `-Infinity`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, changed := strictjson.FromPython(data)
		if json.Valid(data) && changed {
			t.Fatalf("FromPython changed valid JSON %q to %q", data, out)
		}
		again, changed2 := strictjson.FromPython(out)
		if changed2 || string(again) != string(out) {
			t.Fatalf("FromPython is not idempotent on %q: %q", data, again)
		}
	})
}

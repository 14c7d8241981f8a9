package npdtype

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

type numpyCase struct {
	In    string `json:"in"`
	OK    bool   `json:"ok"`
	Kind  string `json:"kind"`
	Size  int    `json:"size"`
	Order string `json:"order"`
	Str   string `json:"str"`
}

func loadNumPy(t testing.TB) []numpyCase {
	t.Helper()
	b, err := os.ReadFile("testdata/numpy_dtypes.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []numpyCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 200 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	return v.Cases
}

// grammar is the documented form: an optional byte order and a type code.
var grammar = regexp.MustCompile(`^[<>|=]?(b1|i1|i2|i4|i8|u1|u2|u4|u8|f2|f4|f8|c8|c16|[USaV][1-9][0-9]*|` + timeGrammar + `)$`)

// kindOf is NumPy's kind character of a zcodec data type.
func kindOf(dt numeric.DataType) string {
	switch {
	case dt.Kind() == numeric.Datetime64:
		return "M"
	case dt.Kind() == numeric.Timedelta64:
		return "m"
	case dt.Kind() == numeric.FixedLengthUTF32:
		return "U"
	case dt.Kind() == numeric.NullTerminatedBytes:
		return "S"
	case dt.Kind() == numeric.RawBytes:
		return "V"
	case dt == numeric.Bool:
		return "b"
	case dt.IsComplex():
		return "c"
	case dt.IsFloat():
		return "f"
	case dt.IsSigned():
		return "i"
	}
	return "u"
}

// TestAgreesWithNumPy: every string Parse accepts, NumPy accepts as the
// same type and byte order, and every string of the documented form is
// accepted.
func TestAgreesWithNumPy(t *testing.T) {
	accepted := 0
	for _, c := range loadNumPy(t) {
		dt, e, err := Parse(c.In)
		if grammar.MatchString(c.In) && err != nil {
			t.Errorf("Parse(%q): %v; NumPy reads it as %s", c.In, err, c.Str)
			continue
		}
		if err != nil {
			continue
		}
		accepted++
		if !c.OK {
			t.Errorf("Parse(%q) = %v, but NumPy rejects it", c.In, dt)
			continue
		}
		order := "<"
		switch {
		case dt.Size() == 1 || dt.IsByteString():
			order = "|"
			if e != numeric.EndianUnset {
				t.Errorf("Parse(%q): byte order %v for a one-byte type", c.In, e)
			}
		case e == numeric.BigEndian:
			order = ">"
		}
		if kindOf(dt) != c.Kind || dt.Size() != c.Size || order != c.Order {
			t.Errorf("Parse(%q) = %v %v; NumPy reads kind %s size %d order %s", c.In, dt, e, c.Kind, c.Size, c.Order)
		}
		if f := Format(dt, e); f != c.Str {
			t.Errorf("Format(Parse(%q)) = %q; NumPy writes %q", c.In, f, c.Str)
		}
	}
	if accepted < 70 {
		t.Fatalf("only %d strings accepted", accepted)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "empty"},
		{"d", "single-character"},
		{"float64", "such as \"<f8\""},
		{"|O", "object arrays (Python objects, variable-length strings) are not supported"},
		{"O", "object arrays"},
		{"<M4[ns]", "datetime64 elements are 8 bytes"},
		{"<m8[s/2]", "unit \"s/2\""},
		{"<M8[010s]", "leading zeros"},
		{"|V16,<i4", "structured"},
		{"|V0", "structured"},
		{"<X4", "type codes"},
		{strings.Repeat("x", 1<<20), "..."},
		{strings.Repeat("x", 1<<20), "(1048576 bytes)"},
	} {
		_, _, err := Parse(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 400 {
			t.Errorf("Parse(%.20q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
}

func TestFormatBfloat16(t *testing.T) {
	if f := Format(numeric.BFloat16, numeric.LittleEndian); f != "" {
		t.Fatalf("Format(bfloat16) = %q, want \"\"", f)
	}
}

func FuzzParse(f *testing.F) {
	for _, c := range loadNumPy(f) {
		f.Add(c.In)
	}
	for _, s := range []string{"<M8[ns]", ">m8[10s]", "M8", "<M8[2147483647as]", "<M8[s/2]", "<m8[010s]", "=M8[7generic]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dt, e, err := Parse(s)
		if err != nil {
			if len(err.Error()) > 600 {
				t.Fatalf("error of %d bytes", len(err.Error()))
			}
			return
		}
		if !grammar.MatchString(s) {
			t.Fatalf("Parse(%q) accepted a string outside the documented form", s)
		}
		back, _, err := Parse(Format(dt, e))
		if err != nil || back != dt {
			t.Fatalf("Format/Parse round trip of %q: %v %v", s, back, err)
		}
	})
}

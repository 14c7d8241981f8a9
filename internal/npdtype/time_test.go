package npdtype

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// timeGrammar is the documented form of datetime64 and timedelta64 codes.
const timeGrammar = `[Mm]8(\[([1-9][0-9]*)?(Y|M|W|D|h|m|s|ms|us|μs|ns|ps|fs|as|generic)\])?`

// TestTimeAgreesWithNumPy checks Parse and Format against NumPy 1.24's
// reading of datetime64 and timedelta64 type strings
// (testdata/numpy_times.json, from testdata/gen_numpy_times.py): every
// accepted string is read as NumPy reads it (kind, byte order, unit, scale
// factor) and formatted as NumPy's dtype.str; every string of the
// documented form NumPy accepts is accepted.
func TestTimeAgreesWithNumPy(t *testing.T) {
	b, err := os.ReadFile("testdata/numpy_times.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []struct {
			In    string `json:"in"`
			OK    bool   `json:"ok"`
			Kind  string `json:"kind"`
			Order string `json:"order"`
			Unit  string `json:"unit"`
			Scale int    `json:"scale"`
			Str   string `json:"str"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	form := regexp.MustCompile(`^[<>|=]?` + timeGrammar + `$`)
	accepted := 0
	for _, c := range v.Cases {
		dt, e, err := Parse(c.In)
		if err != nil {
			if c.OK && form.MatchString(c.In) {
				t.Errorf("Parse(%q): %v; NumPy reads %s", c.In, err, c.Str)
			}
			continue
		}
		accepted++
		if !c.OK {
			t.Errorf("Parse(%q) = %v, but NumPy rejects it", c.In, dt)
			continue
		}
		unit, scale, _ := dt.TimeUnit()
		if c.Unit == "generic" {
			c.Scale = 1 // NumPy keeps "[7generic]"'s 7 but writes "<M8": the generic unit counts nothing
		}
		order := "<"
		if e == numeric.BigEndian {
			order = ">"
		}
		if kindOf(dt) != c.Kind || unit.String() != c.Unit || scale != c.Scale || order != c.Order {
			t.Errorf("Parse(%q) = %v %v; NumPy reads %s[%d%s] order %s", c.In, dt, e, c.Kind, c.Scale, c.Unit, c.Order)
		}
		if f := Format(dt, e); f != c.Str {
			t.Errorf("Format(Parse(%q)) = %q; NumPy writes %q", c.In, f, c.Str)
		}
	}
	if accepted < 700 {
		t.Errorf("only %d of %d strings accepted", accepted, len(v.Cases))
	}
}

// TestFormatTime checks the type strings written for dates and durations.
func TestFormatTime(t *testing.T) {
	d, _ := numeric.NewDatetime64(numeric.Seconds, 10)
	g, _ := numeric.NewTimedelta64(numeric.GenericUnit, 1)
	if f := Format(d, numeric.BigEndian); f != ">M8[10s]" {
		t.Errorf("Format = %q", f)
	}
	if f := Format(g, numeric.LittleEndian); f != "<m8" {
		t.Errorf("Format = %q", f)
	}
}

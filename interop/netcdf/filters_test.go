package netcdf_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/zcodec/zcodec/interop/netcdf"
)

func TestDecodeFilters(t *testing.T) {
	for _, c := range []struct {
		in, want string // want: the formatted spec, or part of the error
		ok       bool
	}{
		{`[{"id":307,"params":[9]},{"id":32004,"params":[239]}]`, "307,9|32004,239", true},
		{`[{"id":2}]`, "2", true},
		{`[{"id":0,"params":[]}]`, "/0/id", false},
		{`[{"id":1,"params":[-1]}]`, "/0/params/0", false},
		{`[{"id":1,"level":1}]`, `/0/level: unknown key "level"`, false},
		{`[{"id":1},{"id":2,"id":3}]`, "/1/id: duplicate", false},
		{`[{"params":[]}]`, `missing required key "id"`, false},
		{`[]`, "no filters", false},
		{`{`, "line 1", false},
		{`{}`, "want a JSON array", false},
		{`[{"id":1,}]`, "trailing comma", false},
	} {
		fs, err := netcdf.DecodeFilters([]byte(c.in))
		if c.ok {
			if err != nil || netcdf.Format(fs) != c.want {
				t.Errorf("%s: %v %v, want %s", c.in, fs, err, c.want)
			}
			continue
		}
		if !errors.Is(err, netcdf.ErrFilterList) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a filter list error with %q", c.in, err, c.want)
		}
	}
}

// TestSyntaxErrorExcerpt: the message shows the spec once, as an excerpt
// around the failing offset whose caret line is no longer than the
// excerpt, however long the spec.
func TestSyntaxErrorExcerpt(t *testing.T) {
	long := strings.Repeat("307,9|", 20000) + "307,,9|" + strings.Repeat("1,5|", 10000)
	for _, c := range []struct {
		spec string
		off  int
	}{
		{"307,9,", 6},
		{"307,,9", 4},
		{long, 120004},
		{"é,1", 0},
		{"307,\t9x", 6},
		{"307," + strings.Repeat("9", 100000) + "x", 100004},
	} {
		_, err := netcdf.Parse(c.spec)
		var se *netcdf.SyntaxError
		if !errors.As(err, &se) || se.Offset != c.off {
			t.Fatalf("Parse(%.20q) = %v, want offset %d", c.spec, err, c.off)
		}
		msg := err.Error()
		lines := strings.Split(msg, "\n")
		if len(lines) != 3 || len(msg) > 300 {
			t.Fatalf("message of %d bytes, %d lines:\n%s", len(msg), len(lines), msg)
		}
		excerpt, caret := strings.TrimPrefix(lines[1], "\t"), strings.TrimPrefix(lines[2], "\t")
		if utf8.RuneCountInString(caret) > utf8.RuneCountInString(excerpt)+1 || !strings.HasSuffix(caret, "^") || strings.Trim(caret, " ^") != "" {
			t.Fatalf("caret line %q under excerpt %q", caret, excerpt)
		}
		// the caret points at the failing character
		col := utf8.RuneCountInString(caret) - 1
		at := []rune(excerpt + " ")[col]
		want, _ := utf8.DecodeRuneInString(c.spec[c.off:] + " ")
		if want == '\t' {
			want = ' '
		}
		if at != want {
			t.Errorf("%.20q: caret under %q, want %q\n%s", c.spec, at, want, msg)
		}
	}
}

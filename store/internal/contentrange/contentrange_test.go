package contentrange

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, v := range []string{"", "bytes 1-0/5", "bytes 0-4/4", "bytes x-4/10", "items 0-1/2", "bytes 0-1",
		"bytes +0-4/10", "bytes 0-+4/10", "bytes 0-4/+10", "bytes  0-4/10", "bytes -1-4/10", "bytes 0-4/ 10",
		"bytes 0-9223372036854775807/*"} {
		if _, _, _, err := Parse(v); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): %v, want ErrSyntax", v, err)
		}
	}
	for v, want := range map[string][3]int64{
		"bytes 2-4/*":  {2, 5, -1},
		"bytes 0-0/1":  {0, 1, 1},
		"bytes 5-9/10": {5, 10, 10},
		"bytes 9223372036854775806-9223372036854775806/9223372036854775807": {1<<63 - 2, 1<<63 - 1, 1<<63 - 1},
	} {
		s, e, n, err := Parse(v)
		if err != nil || [3]int64{s, e, n} != want {
			t.Errorf("Parse(%q) = %d %d %d %v, want %v", v, s, e, n, err, want)
		}
	}
}

// TestCheck: the answers a 206 may carry for each form of range, with the
// value's size as independent truth.
func TestCheck(t *testing.T) {
	type want int // n >= 0: accepted with that body length
	const short, mismatch want = -1, -2
	for _, tc := range []struct {
		cr          string
		cl          int64
		off, length int64
		want        want
	}{
		{"bytes 2-4/10", -1, 2, 3, 3},
		{"bytes 2-4/10", 3, 2, 3, 3},
		{"bytes 2-4/10", 4, 2, 3, mismatch}, // Content-Length contradicts
		{"bytes 2-4/*", -1, 2, 3, 3},        // the bytes asked for, size unknown
		{"bytes 2-3/4", -1, 2, 3, short},    // the value ends first
		{"bytes 2-3/*", -1, 2, 3, mismatch}, // fewer bytes, and no size to say why
		{"bytes 0-2/10", -1, 2, 3, mismatch},
		{"bytes 2-5/10", -1, 2, 3, mismatch},
		{"bytes 2-9/10", -1, 2, -1, 8},
		{"bytes 2-5/10", -1, 2, -1, mismatch},
		{"bytes 2-9/*", -1, 2, -1, mismatch}, // the end is not known
		{"bytes 6-9/10", -1, -4, 4, 4},
		{"bytes 6-9/*", -1, -4, 4, mismatch}, // nothing says these are the last
		{"bytes 0-2/3", -1, -4, 4, short},
		{"bytes 0-3/10", -1, -4, 4, mismatch},
		{"bytes 5-9/10", -1, -4, 4, mismatch},
		{"bytes +2-+4/10", -1, 2, 3, mismatch},
		{"", -1, 2, 3, mismatch},
	} {
		rng := fmt.Sprintf("bytes=%d/%d", tc.off, tc.length)
		n, err := Check(tc.cr, tc.cl, tc.off, tc.length, rng)
		var se *ShortError
		var me *MismatchError
		switch {
		case tc.want >= 0:
			if err != nil || n != int64(tc.want) {
				t.Errorf("%q for %d/%d: %d, %v; want %d", tc.cr, tc.off, tc.length, n, err, tc.want)
			}
		case tc.want == short:
			if !errors.As(err, &se) {
				t.Errorf("%q for %d/%d: %v, want a *ShortError", tc.cr, tc.off, tc.length, err)
			}
		case !errors.As(err, &me) || !strings.Contains(err.Error(), rng) || tc.cr != "" && !strings.Contains(err.Error(), tc.cr):
			t.Errorf("%q for %d/%d: %v, want a *MismatchError naming both headers", tc.cr, tc.off, tc.length, err)
		}
	}
}

// FuzzParse: any header value gives a range or an error, never a panic,
// and a range it accepts is the one the header spells.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"bytes 0-9/10", "bytes 2-4/*", "bytes */10", "bytes +5-9/10",
		"bytes 9223372036854775806-9223372036854775806/9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		start, end, size, err := Parse(v)
		if err != nil {
			return
		}
		if start < 0 || end <= start || size != -1 && size < end {
			t.Fatalf("%q: [%d, %d) of %d", v, start, end, size)
		}
		var a, b int64
		if _, err := fmt.Sscanf(v, "bytes %d-%d/", &a, &b); err != nil || a != start || b != end-1 {
			t.Fatalf("%q parsed as [%d, %d)", v, start, end)
		}
		if _, total, _ := strings.Cut(v, "/"); total == "*" && size != -1 || total != "*" && fmt.Sprint(size) != strings.TrimLeft(total, "0") && size != 0 {
			t.Fatalf("%q parsed with size %d", v, size)
		}
	})
}

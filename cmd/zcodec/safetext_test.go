package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSafeWriter: what reaches a terminal through safeWriter holds no
// control character but newlines and tabs, and no invalid UTF-8, even
// when a write cuts a character in two.
func TestSafeWriter(t *testing.T) {
	var b strings.Builder
	w := newSafeWriter(&b)
	in := "ok\tline\n\x1b[2J\r\xff\u009b\u202e é€"
	for i := range len(in) { // one byte at a time
		w.Write([]byte{in[i]})
	}
	want := "ok\tline\n\\x1b[2J\\r\\xff\\u009b\\u202e é€"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestMemberName: printable names are shown as they are; any other is
// quoted with escapes, invalid UTF-8 included, and JSON of it stays valid.
func TestMemberName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/temperature", "/temperature"},
		{"/température 2", "/température 2"},
		{"/a\x1b]0;title\x07", `"/a\x1b]0;title\a"`},
		{"/\xff\xfe", `"/\xff\xfe"`},
		{"/x\u202ey", `"/x\u202ey"`},
		{"/cr\r", `"/cr\r"`},
	} {
		if got := memberName(c.in); got != c.want {
			t.Errorf("memberName(%q) = %s, want %s", c.in, got, c.want)
		}
		var b strings.Builder
		if err := writeJSON(&b, map[string]string{"path": c.in}, false); err != nil || !json.Valid([]byte(b.String())) {
			t.Errorf("JSON of %q: %v %s", c.in, err, b.String())
		}
	}
	if got := memberName(strings.Repeat("\x01", 1000)); len(got) > 1200 || !strings.HasSuffix(got, "(1000 bytes)") {
		t.Errorf("a long name: %d bytes: %.80s", len(got), got)
	}
}

package main

import (
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

package shorten_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/shorten"
)

func TestString(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{strings.Repeat("a", shorten.Limit), strings.Repeat("a", shorten.Limit)},
		{strings.Repeat("a", shorten.Limit+1), strings.Repeat("a", shorten.Limit-3) + "... (41 bytes)"},
		{long, strings.Repeat("x", shorten.Limit-3) + "... (10485760 bytes)"},
		{"{\n  \"a\": 1,\n\t\"b\": 2\n}", `{ "a": 1, "b": 2 }`},
		{"a\x00b\x7fc\xffd", `a\x00b\x7fc\xffd`},
		{"a  b", "a b"},
		// cut after whole characters: 12 three-byte runes fit in 37 bytes
		{strings.Repeat("€", 20), strings.Repeat("€", 12) + "... (60 bytes)"},
	}
	for _, tt := range tests {
		if got := shorten.String(tt.in); got != tt.want {
			t.Errorf("String(%.50q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := shorten.Bytes([]byte(tt.in)); got != tt.want {
			t.Errorf("Bytes(%.50q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestStringBounded(t *testing.T) {
	// Any input gives one valid UTF-8 line of bounded length.
	for _, in := range []string{
		strings.Repeat("\n", 1000), strings.Repeat("\x01", 1000), strings.Repeat("ab ", 1000) + "\xff",
		strings.Repeat(" ", 200) + strings.Repeat("y", 200),
	} {
		for _, got := range []string{shorten.String(in), shorten.Bytes([]byte(in))} {
			if len(got) > shorten.Limit+40 || strings.ContainsAny(got, "\n\r\t") || !utf8.ValidString(got) {
				t.Errorf("shortened %.30q to %q", in, got)
			}
		}
	}
}

func TestQuote(t *testing.T) {
	if got := shorten.Quote(`a"b`); got != `"a\"b"` {
		t.Errorf("Quote = %s", got)
	}
	if got, want := shorten.Quote(strings.Repeat("z", 100)), `"`+strings.Repeat("z", 37)+`"... (100 bytes)`; got != want {
		t.Errorf("Quote = %s, want %s", got, want)
	}
	if got := shorten.Quote(strings.Repeat("é", 30)); !utf8.ValidString(got) || !strings.HasSuffix(got, "... (60 bytes)") {
		t.Errorf("Quote cut a character: %s", got)
	}
}

func TestPointer(t *testing.T) {
	if got := shorten.Pointer("/codecs/1/configuration/scalar_map/encode/0/1"); got != "/codecs/1/configuration/scalar_map/encode/0/1" {
		t.Errorf("Pointer changed a short pointer: %s", got)
	}
	p := "/attributes/" + strings.Repeat("k", 1<<20) + "/x~1y"
	want := "/attributes/" + strings.Repeat("k", 37) + "... (1048576 bytes)/x~1y"
	if got := shorten.Pointer(p); got != want {
		t.Errorf("Pointer = %q, want %q", got, want)
	}
}

func TestName(t *testing.T) {
	key := "group/array/c/" + strings.Repeat("1/", 100) // 214 bytes: shown whole
	if got := shorten.Name(key); got != key {
		t.Errorf("Name(%d-byte key) = %q, want it whole", len(key), got)
	}
	long := strings.Repeat("k", 10<<20)
	want := strings.Repeat("k", shorten.NameLimit-3) + "... (10485760 bytes)"
	if got := shorten.Name(long); got != want {
		t.Errorf("Name(10 MiB) = %.60q..., want %.60q...", got, want)
	}
	if got := shorten.Name("a\nb"); got != "a b" {
		t.Errorf(`Name("a\nb") = %q, want one line`, got)
	}
}

func TestQuoteName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a/b", `"a/b"`},
		{"bad\xff", `"bad\xff"`}, // escaped once, not `"bad\\xff"`
		{"red\x1b[31m", `"red\x1b[31m"`},
		{strings.Repeat("k", shorten.NameLimit+10), strconv.Quote(strings.Repeat("k", shorten.NameLimit-3)) + "... (" + strconv.Itoa(shorten.NameLimit+10) + " bytes)"},
	} {
		if got := shorten.QuoteName(c.in); got != c.want {
			t.Errorf("QuoteName(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

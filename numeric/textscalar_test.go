package numeric_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

func mustType(t testing.TB, raw string) numeric.DataType {
	t.Helper()
	dt, err := numeric.ParseDataTypeJSON([]byte(raw))
	if err != nil {
		t.Fatalf("ParseDataTypeJSON(%s): %v", raw, err)
	}
	return dt
}

// TestStringFillValues reads fill values of the text and byte-string types
// as zarr-extensions defines them (data-types/string, bytes,
// fixed_length_utf32), as zarr-python 3 writes them (base64 for
// null_terminated_bytes and raw_bytes) and as Zarr v3 core defines them for
// r* (an array of byte integers), and checks the element bytes and the
// canonical form written back.
func TestStringFillValues(t *testing.T) {
	tests := []struct {
		dtype, fill string
		elem        []byte // element encoding (nil for the variable-length types)
		value       string // Text or ByteString
		canonical   string
	}{
		{`"string"`, `"foo"`, nil, "foo", `"foo"`},
		{`"string"`, `""`, nil, "", `""`},
		{`"string"`, `"a<b>\u00e9\n"`, nil, "a<b>é\n", `"a<b>é\n"`},
		{`"bytes"`, `"AQID"`, nil, "\x01\x02\x03", `"AQID"`},
		{`"bytes"`, `[1, 2, 3]`, nil, "\x01\x02\x03", `"AQID"`},
		{`"variable_length_bytes"`, `""`, nil, "", `""`},
		{`{"name":"fixed_length_utf32","configuration":{"length_bytes":12}}`, `"Hi"`,
			[]byte{'H', 0, 0, 0, 'i', 0, 0, 0, 0, 0, 0, 0}, "Hi", `"Hi"`},
		{`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`, `"é€"`,
			[]byte{0xe9, 0, 0, 0, 0xac, 0x20, 0, 0}, "é€", `"é€"`},
		{`{"name":"fixed_length_utf32","configuration":{"length_bytes":4}}`, `""`,
			[]byte{0, 0, 0, 0}, "", `""`},
		{`{"name":"null_terminated_bytes","configuration":{"length_bytes":4}}`, `"YWI="`,
			[]byte{'a', 'b', 0, 0}, "ab", `"YWI="`},
		{`{"name":"null_terminated_bytes","configuration":{"length_bytes":4}}`, `[97, 98, 0]`,
			[]byte{'a', 'b', 0, 0}, "ab", `"YWI="`},
		{`"r24"`, `[1, 0, 255]`, []byte{1, 0, 255}, "\x01\x00\xff", `[1, 0, 255]`},
		{`{"name":"raw_bytes","configuration":{"length_bytes":2}}`, `"AP8="`, []byte{0, 255}, "\x00\xff", `[0, 255]`},
	}
	for _, tt := range tests {
		dt := mustType(t, tt.dtype)
		s, err := numeric.ParseFillValue(dt, []byte(tt.fill))
		if err != nil {
			t.Errorf("%s fill %s: %v", tt.dtype, tt.fill, err)
			continue
		}
		var got []byte
		if v, ok := s.Text(); ok {
			got = []byte(v)
		} else if v, ok := s.ByteString(); ok {
			got = v
		} else {
			t.Errorf("%s: neither Text nor ByteString", tt.dtype)
		}
		if string(got) != tt.value {
			t.Errorf("%s fill %s: value %q, want %q", tt.dtype, tt.fill, got, tt.value)
		}
		if c := numeric.FormatFillValue(s); c != tt.canonical {
			t.Errorf("%s fill %s: canonical %s, want %s", tt.dtype, tt.fill, c, tt.canonical)
		}
		if b := s.Bytes(); !bytes.Equal(b, tt.elem) && !(len(b) == 0 && tt.elem == nil) {
			t.Errorf("%s fill %s: element % x, want % x", tt.dtype, tt.fill, b, tt.elem)
		}
		if tt.elem != nil {
			back, err := numeric.ScalarFromBytes(dt, tt.elem)
			if err != nil || back != s {
				t.Errorf("%s: ScalarFromBytes(% x) = %v, %v; want %v", tt.dtype, tt.elem, back, err, s)
			}
		}
		again, err := numeric.ParseFillValue(dt, []byte(numeric.FormatFillValue(s)))
		if err != nil || again != s || !again.Equal(s) {
			t.Errorf("%s: canonical form reads back as %v, %v", tt.dtype, again, err)
		}
	}
}

func TestStringFillValuesRefused(t *testing.T) {
	tests := []struct{ dtype, fill string }{
		{`"string"`, `0`},
		{`"string"`, `null`},
		{`"string"`, `["a"]`},
		{`"bytes"`, `"AQI"`},   // unpadded
		{`"bytes"`, `"A!=="`},  // not base64
		{`"bytes"`, `[256]`},   // out of range
		{`"bytes"`, `[-1]`},    // out of range
		{`"bytes"`, `[1.5]`},   // not an integer
		{`"bytes"`, `{"a":1}`}, // an object
		{`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`, `"abc"`},
		{`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`, `[97]`},
		{`{"name":"null_terminated_bytes","configuration":{"length_bytes":2}}`, `"YWJj"`},
		{`"r16"`, `[1]`},
		{`"r16"`, `[1, 2, 3]`},
	}
	for _, tt := range tests {
		dt := mustType(t, tt.dtype)
		if s, err := numeric.ParseFillValue(dt, []byte(tt.fill)); err == nil {
			t.Errorf("%s fill %s: accepted as %v", tt.dtype, tt.fill, s)
		}
	}
}

func TestTextScalarUTF32(t *testing.T) {
	dt, _ := numeric.NewFixedLengthUTF32(12)
	// A U+0000 inside the text is kept, trailing ones are padding.
	s, err := numeric.TextScalar(dt, "a\x00b")
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{'a', 0, 0, 0, 0, 0, 0, 0, 'b', 0, 0, 0}
	if !bytes.Equal(s.Bytes(), want) {
		t.Errorf("element % x, want % x", s.Bytes(), want)
	}
	if v, _ := s.Text(); v != "a\x00b" {
		t.Errorf("Text = %q", v)
	}
	// Surrogates and code units past U+10FFFF are not text.
	for _, u := range [][]byte{{0x00, 0xd8, 0, 0}, {0, 0, 0x11, 0}} {
		elem := append(append([]byte{}, u...), 0, 0, 0, 0, 0, 0, 0, 0)
		if _, err := numeric.ScalarFromBytes(dt, elem); err == nil {
			t.Errorf("ScalarFromBytes(% x) accepted", elem)
		}
	}
	if _, err := numeric.TextScalar(dt, "\xff"); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
	if _, err := numeric.TextScalar(numeric.Int8, "a"); err == nil {
		t.Error("TextScalar(int8) accepted")
	}
	b := make([]byte, 8)
	if err := numeric.PutUTF32(b, "abc"); err == nil {
		t.Error("PutUTF32 over capacity accepted")
	}
}

func FuzzStringFill(f *testing.F) {
	for _, s := range []string{`"foo"`, `"AQID"`, `[1,2,3]`, `[]`, `""`, `"\u0000"`, `"\ud800"`, `[255, 0]`} {
		f.Add(uint8(0), s)
		f.Add(uint8(3), s)
	}
	types := []string{`"string"`, `"bytes"`,
		`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`,
		`{"name":"null_terminated_bytes","configuration":{"length_bytes":3}}`, `"r16"`}
	f.Fuzz(func(t *testing.T, which uint8, fill string) {
		dt := mustType(t, types[int(which)%len(types)])
		s, err := numeric.ParseFillValue(dt, []byte(fill))
		if err != nil {
			return
		}
		canon := numeric.FormatFillValue(s)
		if !json.Valid([]byte(canon)) {
			t.Fatalf("canonical %s is not JSON", canon)
		}
		back, err := numeric.ParseFillValue(dt, []byte(canon))
		if err != nil || back != s {
			t.Fatalf("%s: %s reads back as %v, %v", fill, canon, back, err)
		}
		if dt.Size() > 0 {
			e, err := numeric.ScalarFromBytes(dt, s.Bytes())
			if err != nil || e != s {
				t.Fatalf("%s: element round trip %v, %v", fill, e, err)
			}
		}
	})
}

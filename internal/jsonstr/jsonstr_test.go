package jsonstr

import (
	"bytes"
	"encoding/json"
	"testing"
)

// reference is encoding/json's encoding of s with HTML escaping off.
func reference(t testing.TB, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

var seeds = []string{
	"", "abc", `a"b\c`, "<f8 & >", "\x00\x01\x08\x0c\n\r\t\x1f\x7f",
	"é€𝄞", "\u2028\u2029", "\xff", "a\xc3", "\xed\xa0\x80", "tab\there", "日本語\x00",
}

func TestAppendMatchesEncodingJSON(t *testing.T) {
	for _, s := range seeds {
		if got, want := Append([]byte("x"), s), append([]byte("x"), reference(t, s)...); !bytes.Equal(got, want) {
			t.Errorf("Append(%q) = %s, want %s", s, got, want)
		}
	}
	for c := range 256 { // every byte alone
		s := string([]byte{byte(c)})
		if got, want := Append(nil, s), reference(t, s); !bytes.Equal(got, want) {
			t.Errorf("Append(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestAppendDoesNotAllocate(t *testing.T) {
	buf := make([]byte, 0, 256)
	s := "station \"A\"\n<é>"
	if n := testing.AllocsPerRun(100, func() { buf = Append(buf[:0], s) }); n != 0 {
		t.Errorf("%v allocations per call, want 0", n)
	}
}

func FuzzAppend(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Append(nil, s), reference(t, s); !bytes.Equal(got, want) {
			t.Errorf("Append(%q) = %s, want %s", s, got, want)
		}
	})
}

func TestMarshalKeepsHTMLCharacters(t *testing.T) {
	got, err := Marshal(map[string]any{"dtype": "<f4", "s": "a&b>c", "n": 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"dtype":"<f4","n":1,"s":"a&b>c"}`; string(got) != want {
		t.Errorf("%s, want %s", got, want)
	}
}

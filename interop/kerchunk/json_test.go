package kerchunk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// expandedRef reads a value of NAME.expanded.json (what fsspec holds) as a
// Ref.
func expandedRef(t *testing.T, raw json.RawMessage) Ref {
	t.Helper()
	var s string
	if json.Unmarshal(raw, &s) == nil {
		d, err := decodeInline(s)
		if err != nil {
			t.Fatal(err)
		}
		return Ref{Inline: true, Data: d}
	}
	var l []any
	if err := json.Unmarshal(raw, &l); err != nil {
		t.Fatal(err)
	}
	u, _ := l[0].(string)
	if len(l) == 1 {
		return Ref{URL: u, Length: -1}
	}
	return Ref{URL: u, Offset: int64(l[1].(float64)), Length: int64(l[2].(float64))}
}

// TestReadJSONAsFsspec reads sets of version 1 (templates, gen entries
// with expressions, every kind of value) and version 0, and compares them
// with what fsspec's ReferenceFileSystem (with jinja2) made of them
// (testdata/kerchunk/make_json_vectors.py).
func TestReadJSONAsFsspec(t *testing.T) {
	for _, name := range []string{"templates", "flat_v0"} {
		data, err := os.ReadFile("../../testdata/kerchunk/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		s, err := ReadJSON(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		exp, err := os.ReadFile("../../testdata/kerchunk/" + name + ".expanded.json")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(exp, &m); err != nil {
			t.Fatal(err)
		}
		want := map[string]Ref{}
		for k, v := range m {
			want[k] = expandedRef(t, v)
		}
		if len(want) < 4 {
			t.Fatalf("%s: only %d keys expected", name, len(want))
		}
		if d := cmp.Diff(want, dump(t, s)); d != "" {
			t.Errorf("%s (-fsspec +ReadJSON):\n%s", name, d)
		}
	}
}

func TestReadJSONValues(t *testing.T) {
	s, err := ReadJSON([]byte(`{"version": 1, "refs": {
		"a": "text", "b": "base64:AAE=", "c": "base64:AAE", "d": ["f.h5"], "e": [null, 5, 6],
		"f": {"zarr_format": 2}, "g": ["f.h5", 1e3, 2.0]}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Ref{
		"a": {Inline: true, Data: []byte("text")},
		"b": {Inline: true, Data: []byte{0, 1}},
		"c": {Inline: true, Data: []byte{0, 1}},
		"d": {URL: "f.h5", Length: -1},
		"e": {Offset: 5, Length: 6},
		"f": {Inline: true, Data: []byte(`{"zarr_format":2}`)},
		"g": {URL: "f.h5", Offset: 1000, Length: 2},
	}
	if d := cmp.Diff(want, dump(t, s)); d != "" {
		t.Error(d)
	}
}

func TestReadJSONRefuses(t *testing.T) {
	for _, in := range []string{
		``, `[]`, `{"version": 2, "refs": {}}`, `{"version": "1"}`,
		`{"version": 1, "refs": {"a": 3}}`,
		`{"version": 1, "refs": {"a": ["u", 1]}}`,
		`{"version": 1, "refs": {"a": ["u", -1, 2]}}`,
		`{"version": 1, "refs": {"a": ["u", 1.5, 2]}}`,
		`{"version": 1, "refs": {"a": ["u", 9223372036854775807, 1]}}`,
		`{"version": 1, "refs": {"a": [3, 1, 2]}}`,
		`{"version": 1, "refs": {"a": "base64:!!"}}`,
		`{"version": 1, "refs": {"a": ["{{nope}}"]}}`,
		`{"version": 1, "templates": {"u": "{{v}}"}, "refs": {}}`,
		`{"version": 1, "gen": [{"key": "k{{i}}", "url": "u", "offset": "1", "dimensions": {"i": [1]}}]}`,
		`{"version": 1, "gen": [{"key": "k{{i}}", "url": "u", "dimensions": {"i": {"stop": 5, "step": 0}}}]}`,
		`{"version": 1, "gen": [{"key": "k{{i}}", "url": "u", "dimensions": {"i": {"stop": 5000000}}}]}`,
		`{"version": 1, "gen": [{"key": "k{{i}}{{j}}", "url": "u", "dimensions": {"i": {"stop": 3000}, "j": {"stop": 3000}}}]}`,
		`{"version": 1, "gen": [{"key": "k{{i / 2}}", "url": "u", "dimensions": {"i": [1]}}]}`,
		`{"version": 1, "gen": [{"key": "k{{i // 0}}", "url": "u", "dimensions": {"i": [1]}}]}`,
		`{"version": 1, "gen": [{"key": "k", "url": "u", "offset": "{{9223372036854775807 + 1}}", "length": "1", "dimensions": {"i": [1]}}]}`,
		`{"version": 1, "gen": [{"key": "k", "url": "u", "offset": "-1", "length": "1", "dimensions": {"i": [1]}}]}`,
		`{"version": 1, "gen": [{"key": "k{{((((i}}", "url": "u", "dimensions": {"i": [1]}}]}`,
	} {
		_, err := ReadJSON([]byte(in))
		if !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want a FormatError", in, err)
		}
	}
}

func TestExpressions(t *testing.T) {
	vars := map[string]value{"i": {n: 7}, "s": {isStr: true, s: "x"}}
	for in, want := range map[string]string{
		"{{i}}": "7", "{{ -i // 2 }}": "-4", "{{-i % 3}}": "2", "{{i % -3}}": "-2", "{{(i+1)*(i-1)}}": "48",
		"a{{s}}b{{s ~ i}}": "axbx7", "{{s + 'y'}}": "xy", "{{u}}/{{i}}": "U/7", "none": "none",
	} {
		got, err := render(in, map[string]string{"u": "U"}, vars)
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", in, got, err, want)
		}
	}
	deep := "{{" + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "}}"
	if _, err := render(deep, nil, nil); err == nil {
		t.Error("200 nested parentheses accepted")
	}
}

// TestWriteJSONForms: text is written as text, anything else (control
// bytes, invalid UTF-8, text beginning "base64:") as base64; ranges as
// lists; and ReadJSON reads back the same set.
func TestWriteJSONForms(t *testing.T) {
	s := NewSet()
	s.Put("t", inline([]byte("{\"a\": \"<é>\"}\n")))
	s.Put("b", inline([]byte{0, 1}))
	s.Put("u", inline([]byte{0xff}))
	s.Put("p", inline([]byte("base64:x")))
	s.Put("r", Ref{URL: "f.h5", Offset: 3, Length: 4})
	s.Put("w", Ref{URL: "s3://b/f.h5", Length: -1})
	var buf bytes.Buffer
	if err := s.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	want := `{"version":1,"refs":{
"b":"base64:AAE=",
"p":"base64:YmFzZTY0Ong=",
"r":["f.h5",3,4],
"t":"{\"a\": \"<é>\"}\n",
"u":"base64:/w==",
"w":["s3://b/f.h5"]
}}
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	back, err := ReadJSON(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(dump(t, s), dump(t, back)); d != "" {
		t.Error(d)
	}
}

func TestKeysPrefix(t *testing.T) {
	s := sampleSet()
	for _, r := range []Refs{s, mustParquet(t, s)} {
		var got []string
		if err := r.Keys(context.Background(), "g/", func(k string, _ int64) error {
			got = append(got, k)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff([]string{"g/s/.zarray", "g/s/0"}, got); d != "" {
			t.Errorf("%T: %s", r, d)
		}
		stop := errors.New("stop")
		if err := r.Keys(context.Background(), "", func(string, int64) error { return stop }); err != stop {
			t.Errorf("%T: Keys returned %v, not fn's error", r, err)
		}
	}
}

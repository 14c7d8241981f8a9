package kerchunk

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readJSONReference reads a set as ReadJSON does, through encoding/json
// alone (a map of every object, json.Unmarshal of every value): the
// reference that the one-pass reader is fuzzed against.
func readJSONReference(data []byte) (*Set, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, &FormatError{Reason: "not a JSON object", Err: err}
	}
	s := NewSet()
	vraw, ok := top["version"]
	if !ok {
		// Version 0: every member is a reference.
		for k, v := range top {
			r, err := parseValueReference(k, v, nil)
			if err != nil {
				return nil, err
			}
			s.refs[k] = r
		}
		return s, nil
	}
	var version json.Number
	if err := json.Unmarshal(vraw, &version); err != nil || version.String() != "1" || vraw[0] == '"' {
		return nil, formatErr("version", "unknown reference set version %s", clip(string(vraw)))
	}
	templates := map[string]string{}
	if t, ok := top["templates"]; ok && !isNull(t) {
		if err := json.Unmarshal(t, &templates); err != nil {
			return nil, &FormatError{Where: "templates", Reason: "not an object of strings", Err: err}
		}
	}
	for name, v := range templates {
		if !isIdent(name) {
			return nil, formatErr("templates", "template name %q is not an identifier", name)
		}
		if bytes.Contains([]byte(v), []byte("{{")) {
			return nil, formatErr("templates", "template %q is itself a template, which is not supported", name)
		}
	}
	var refs map[string]json.RawMessage
	if r, ok := top["refs"]; ok && !isNull(r) {
		if err := json.Unmarshal(r, &refs); err != nil {
			return nil, &FormatError{Where: "refs", Reason: "not an object", Err: err}
		}
	}
	for k, v := range refs {
		r, err := parseValueReference(k, v, templates)
		if err != nil {
			return nil, err
		}
		s.refs[k] = r
	}
	if g, ok := top["gen"]; ok && !isNull(g) {
		if err := expandGen(g, templates, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// parseValue reads one reference: a string (inline, "base64:" for binary),
// [url] or [url, offset, length]; an object is taken as inline JSON text.
func parseValueReference(key string, raw json.RawMessage, templates map[string]string) (Ref, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return Ref{}, formatErr(key, "empty value")
	}
	switch raw[0] {
	case '"':
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return Ref{}, &FormatError{Where: key, Reason: "bad string", Err: err}
		}
		data, err := decodeInline(str)
		if err != nil {
			return Ref{}, &FormatError{Where: key, Reason: "bad base64 value", Err: err}
		}
		return Ref{Inline: true, Data: data}, nil
	case '{':
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			return Ref{}, &FormatError{Where: key, Reason: "bad object", Err: err}
		}
		return Ref{Inline: true, Data: buf.Bytes()}, nil
	case '[':
		var parts []json.RawMessage
		if err := json.Unmarshal(raw, &parts); err != nil {
			return Ref{}, &FormatError{Where: key, Reason: "bad reference list", Err: err}
		}
		if len(parts) != 1 && len(parts) != 3 {
			return Ref{}, formatErr(key, "a reference list has %d elements, not 1 or 3", len(parts))
		}
		var url string
		if !isNull(parts[0]) {
			if err := json.Unmarshal(parts[0], &url); err != nil {
				return Ref{}, formatErr(key, "the URL is not a string")
			}
			u, err := render(url, templates, nil)
			if err != nil {
				return Ref{}, &FormatError{Where: key, Reason: "bad URL template", Err: err}
			}
			url = u
		}
		r := Ref{URL: url, Length: -1}
		if len(parts) == 3 {
			off, err := parseCount(parts[1])
			if err != nil {
				return Ref{}, &FormatError{Where: key, Reason: "bad offset", Err: err}
			}
			n, err := parseCount(parts[2])
			if err != nil {
				return Ref{}, &FormatError{Where: key, Reason: "bad length", Err: err}
			}
			if off > maxInt64-n {
				return Ref{}, formatErr(key, "offset %d + length %d overflows", off, n)
			}
			r.Offset, r.Length = off, n
		}
		return r, nil
	}
	return Ref{}, formatErr(key, "a reference is a string or a list, not %s", clip(string(raw)))
}

// FuzzReadJSONMatchesReference: ReadJSON reads every text as
// readJSONReference does: both refuse it, or both read the same set.
func FuzzReadJSONMatchesReference(f *testing.F) {
	jsonSeeds(f)
	for _, s := range []string{
		`{"version": 1, "refs": {"a": [ "f" , 1 , 2 ] , "a": "x", "b": ["u\u00e9", 0, 1]}}`,
		`{"a": 5, "a": "x"}`, `{"version": 1, "refs": {"a": 5, "a": ["f"]}}`,
		`{"version": 1, "refs": {"k\"": "base64:AAE", "l": ["{{u}}", 1e3, 2.0]}, "templates": {"u": "x"}}`,
		`{"version": 1, "refs": []}`, `[1]`, `{"version": "1"}`, "{\"version\":1,\"refs\":{\"a\":\"\xff\"}}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadJSON(data)
		want, werr := readJSONReference(data)
		if (err == nil) != (werr == nil) {
			t.Fatalf("ReadJSON: %v; reference: %v", err, werr)
		}
		if err != nil {
			return
		}
		if got.Len() != want.Len() {
			t.Fatalf("%d keys, the reference %d", got.Len(), want.Len())
		}
		for _, k := range want.SortedKeys() {
			a, _, _ := got.Ref(context.Background(), k)
			b, _, _ := want.Ref(context.Background(), k)
			if !cmp.Equal(a, b) {
				t.Fatalf("%q: %+v, the reference %+v", k, a, b)
			}
		}
	})
}

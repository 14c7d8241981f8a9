package kerchunk

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// base64Prefix marks an inline value written as base64.
const base64Prefix = "base64:"

// ReadJSON reads a reference set in kerchunk's JSON form: version 1
// ({"version": 1, "templates"?, "gen"?, "refs"}) or version 0 (a flat
// object of references). Templates are expanded in URLs and "gen" entries
// are generated into references (see the package doc for the template
// language accepted). Everything that is not a valid reference set is a
// *FormatError.
//
// The text is checked by json.Valid and then read in one pass; the URLs
// of a set name few files, and each is held once.
func ReadJSON(data []byte) (*Set, error) {
	s := &jsonScanner{data: data}
	if json.Valid(data) {
		s.skipSpace()
	}
	if !json.Valid(data) || data[s.pos] != '{' {
		var top map[string]json.RawMessage
		err := json.Unmarshal(data, &top)
		return nil, &FormatError{Reason: "not a JSON object", Err: err}
	}
	r := &setReader{set: NewSet(), urls: map[string]string{}}
	top := s.value()
	var refs, version, templates, gen []byte
	err := members(top, func(k, v []byte) error {
		key, err := decodeString(k)
		if err != nil {
			return err
		}
		switch key {
		case "version":
			version = v
		case "refs":
			refs = v
		case "templates":
			templates = v
		case "gen":
			gen = v
		}
		return nil
	})
	if err != nil {
		return nil, &FormatError{Reason: "not a JSON object", Err: err}
	}
	if version == nil {
		// Version 0: every member is a reference.
		return r.set, r.refs(top)
	}
	var n json.Number
	if err := json.Unmarshal(version, &n); err != nil || n.String() != "1" || version[0] == '"' {
		return nil, formatErr("version", "unknown reference set version %s", clip(string(version)))
	}
	if templates != nil && !isNull(templates) {
		if err := json.Unmarshal(templates, &r.templates); err != nil {
			return nil, &FormatError{Where: "templates", Reason: "not an object of strings", Err: err}
		}
	}
	for name, v := range r.templates {
		if !isIdent(name) {
			return nil, formatErr("templates", "template name %q is not an identifier", name)
		}
		if strings.Contains(v, "{{") {
			return nil, formatErr("templates", "template %q is itself a template, which is not supported", name)
		}
	}
	if refs != nil && !isNull(refs) {
		if refs[0] != '{' {
			var m map[string]json.RawMessage
			err := json.Unmarshal(refs, &m)
			return nil, &FormatError{Where: "refs", Reason: "not an object", Err: err}
		}
		if err := r.refs(refs); err != nil {
			return nil, err
		}
	}
	if gen != nil && !isNull(gen) {
		if err := expandGen(gen, r.templates, r.set); err != nil {
			return nil, err
		}
	}
	return r.set, nil
}

func isNull(raw []byte) bool { return string(bytes.TrimSpace(raw)) == "null" }

// setReader holds what reading one JSON set shares between its values.
type setReader struct {
	set       *Set
	templates map[string]string
	urls      map[string]string // each URL held once
}

// refs reads the members of the object obj as references. A key given
// twice is its last value, as encoding/json reads it: a bad value is an
// error unless a later one of its key replaces it.
func (r *setReader) refs(obj []byte) error {
	var bad map[string]error
	var order []string
	err := members(obj, func(k, v []byte) error {
		key, err := decodeString(k)
		if err != nil {
			return &FormatError{Reason: "bad key", Err: err}
		}
		ref, err := r.value(key, v)
		if err != nil {
			if bad == nil {
				bad = map[string]error{}
			}
			bad[key] = err
			order = append(order, key)
			return nil
		}
		delete(bad, key)
		r.set.refs[key] = ref
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range order {
		if err, ok := bad[k]; ok {
			return err
		}
	}
	return nil
}

// url returns the URL of the JSON string raw, templates expanded, held once.
func (r *setReader) url(raw []byte) (string, error) {
	if b, ok := plainString(raw); ok && !bytes.Contains(b, []byte("{{")) {
		if u, ok := r.urls[string(b)]; ok {
			return u, nil
		}
		u := string(b)
		r.urls[u] = u
		return u, nil
	}
	u, err := decodeString(raw)
	if err != nil {
		return "", errors.New("the URL is not a string")
	}
	if u, err = render(u, r.templates, nil); err != nil {
		return "", err
	}
	if held, ok := r.urls[u]; ok {
		return held, nil
	}
	r.urls[u] = u
	return u, nil
}

// value reads one reference: a string (inline, "base64:" for binary),
// [url] or [url, offset, length]; an object is taken as inline JSON text.
func (r *setReader) value(key string, raw []byte) (Ref, error) {
	switch raw[0] {
	case '"':
		var data []byte
		var err error
		if b, ok := plainString(raw); ok {
			data, err = decodeInlineBytes(b)
		} else {
			var str string
			if err := json.Unmarshal(raw, &str); err != nil {
				return Ref{}, &FormatError{Where: key, Reason: "bad string", Err: err}
			}
			data, err = decodeInline(str)
		}
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
		var buf [3][]byte
		parts, n := elements(raw, buf[:])
		if n != 1 && n != 3 {
			return Ref{}, formatErr(key, "a reference list has %d elements, not 1 or 3", n)
		}
		var url string
		if !isNull(parts[0]) {
			if parts[0][0] != '"' {
				return Ref{}, formatErr(key, "the URL is not a string")
			}
			u, err := r.url(parts[0])
			if err != nil {
				return Ref{}, &FormatError{Where: key, Reason: "bad URL template", Err: err}
			}
			url = u
		}
		ref := Ref{URL: url, Length: -1}
		if n == 3 {
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
			ref.Offset, ref.Length = off, n
		}
		return ref, nil
	}
	return Ref{}, formatErr(key, "a reference is a string or a list, not %s", clip(string(raw)))
}

const maxInt64 = 1<<63 - 1

// parseCount reads a non-negative JSON integer.
func parseCount(raw json.RawMessage) (int64, error) {
	if v, ok := plainCount(raw); ok {
		return v, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return 0, fmt.Errorf("not a number: %s", clip(string(raw)))
	}
	v, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil {
		// 1e3 or 10.0: accept an integral float exactly.
		f, ferr := strconv.ParseFloat(n.String(), 64)
		if ferr != nil || f != float64(int64(f)) || f >= 1<<63 {
			return 0, fmt.Errorf("not an integer: %s", n)
		}
		v = int64(f)
	}
	if v < 0 {
		return 0, fmt.Errorf("negative: %d", v)
	}
	return v, nil
}

// decodeInline decodes an inline string value: base64 after "base64:",
// else the string's UTF-8 bytes.
func decodeInline(s string) ([]byte, error) {
	if len(s) < len(base64Prefix) || s[:len(base64Prefix)] != base64Prefix {
		return []byte(s), nil
	}
	b64 := s[len(base64Prefix):]
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		if d, err2 := base64.RawStdEncoding.DecodeString(b64); err2 == nil {
			return d, nil
		}
		return nil, err
	}
	return data, nil
}

// decodeInlineBytes is decodeInline of a string's bytes, which it does
// not keep.
func decodeInlineBytes(b []byte) ([]byte, error) {
	if !bytes.HasPrefix(b, []byte(base64Prefix)) {
		return bytes.Clone(b), nil
	}
	b64 := b[len(base64Prefix):]
	data := make([]byte, base64.RawStdEncoding.DecodedLen(len(b64))) // at least StdEncoding's
	n, err := base64.StdEncoding.Decode(data, b64)
	if err != nil {
		if n, err2 := base64.RawStdEncoding.Decode(data, b64); err2 == nil {
			return data[:n], nil
		}
		return nil, err
	}
	return data[:n], nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// WriteJSON writes the set as kerchunk JSON version 1, keys sorted, one
// reference a line: inline values as strings when they are text (valid
// UTF-8 without control characters other than tab and newlines, and not
// beginning "base64:"), else as "base64:" and standard base64; ranges as
// [url, offset, length], whole files as [url], an empty URL as null.
func (s *Set) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(`{"version":1,"refs":{`)
	keys := s.SortedKeys()
	s.mu.RLock()
	defer s.mu.RUnlock()
	for i, k := range keys {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n")
		kb, _ := json.Marshal(k)
		bw.Write(kb)
		bw.WriteByte(':')
		v, err := s.refs[k].MarshalJSON()
		if err != nil {
			return err
		}
		bw.Write(v)
	}
	bw.WriteString("\n}}\n")
	return bw.Flush()
}

// MarshalJSON writes r as a kerchunk reference (see Set.WriteJSON).
func (r Ref) MarshalJSON() ([]byte, error) {
	if r.Inline {
		var str string
		if isText(r.Data) {
			str = string(r.Data)
		} else {
			str = base64Prefix + base64.StdEncoding.EncodeToString(r.Data)
		}
		return marshalString(str), nil
	}
	var b []byte
	b = append(b, '[')
	if r.URL == "" {
		b = append(b, "null"...)
	} else {
		b = append(b, marshalString(r.URL)...)
	}
	if r.Length >= 0 {
		b = append(b, ',')
		b = strconv.AppendInt(b, r.Offset, 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, r.Length, 10)
	}
	return append(b, ']'), nil
}

// marshalString is json.Marshal of a string without HTML escaping.
func marshalString(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// isText reports whether data can be written as a plain string.
func isText(data []byte) bool {
	if bytes.HasPrefix(data, []byte(base64Prefix)) || !utf8.Valid(data) {
		return false
	}
	for _, c := range data {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			return false
		}
	}
	return true
}

package kerchunk

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
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
func ReadJSON(data []byte) (*Set, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, &FormatError{Reason: "not a JSON object", Err: err}
	}
	s := NewSet()
	vraw, ok := top["version"]
	if !ok {
		// Version 0: every member is a reference.
		for k, v := range top {
			r, err := parseValue(k, v, nil)
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
		r, err := parseValue(k, v, templates)
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

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// parseValue reads one reference: a string (inline, "base64:" for binary),
// [url] or [url, offset, length]; an object is taken as inline JSON text.
func parseValue(key string, raw json.RawMessage, templates map[string]string) (Ref, error) {
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

const maxInt64 = 1<<63 - 1

// parseCount reads a non-negative JSON integer.
func parseCount(raw json.RawMessage) (int64, error) {
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

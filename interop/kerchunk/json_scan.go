package kerchunk

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// jsonScanner walks JSON text that json.Valid accepted: it checks no
// syntax, and so reads a reference set in one pass, without copying a
// value it does not keep. Where a value needs what encoding/json does
// (escapes, invalid UTF-8 replaced, numbers that are not plain integers),
// the caller hands the value's bytes to encoding/json.
type jsonScanner struct {
	data []byte
	pos  int
}

func (s *jsonScanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// value returns the next value, spaces around it skipped.
func (s *jsonScanner) value() []byte {
	s.skipSpace()
	start := s.pos
	switch s.data[s.pos] {
	case '"':
		s.skipString()
	case '{', '[':
		depth := 0
		for s.pos < len(s.data) {
			switch s.data[s.pos] {
			case '"':
				s.skipString()
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			s.pos++
			if depth == 0 {
				break
			}
		}
	default: // a number, true, false or null
	scan:
		for s.pos < len(s.data) {
			switch s.data[s.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				break scan
			}
			s.pos++
		}
	}
	v := s.data[start:s.pos]
	s.skipSpace()
	return v
}

// skipString moves past the string that begins at pos: to the first
// quote after it that an even run of backslashes precedes.
func (s *jsonScanner) skipString() {
	s.pos++
	start := s.pos
	for {
		i := bytes.IndexByte(s.data[s.pos:], '"')
		if i < 0 { // not after json.Valid
			s.pos = len(s.data)
			return
		}
		end := s.pos + i
		k := end
		for k > start && s.data[k-1] == '\\' {
			k--
		}
		s.pos = end + 1
		if (end-k)%2 == 0 {
			return
		}
	}
}

// members calls fn with the raw key and value of each member of the
// object val, in order.
func members(val []byte, fn func(key, value []byte) error) error {
	s := &jsonScanner{data: val, pos: 1}
	s.skipSpace()
	if s.data[s.pos] == '}' {
		return nil
	}
	for {
		k := s.value()
		s.pos++ // ':'
		v := s.value()
		if err := fn(k, v); err != nil {
			return err
		}
		if s.data[s.pos] == '}' {
			return nil
		}
		s.pos++ // ','
	}
}

// elements returns the raw elements of the array val; up to len(buf) are
// held in buf, and the count is returned whatever it is.
func elements(val []byte, buf [][]byte) ([][]byte, int) {
	s := &jsonScanner{data: val, pos: 1}
	s.skipSpace()
	n := 0
	if s.data[s.pos] == ']' {
		return buf[:0], 0
	}
	for {
		v := s.value()
		if n < len(buf) {
			buf[n] = v
		}
		n++
		if s.data[s.pos] == ']' {
			return buf[:min(n, len(buf))], n
		}
		s.pos++ // ','
	}
}

// plainString returns the bytes of the JSON string raw, quotes removed,
// when they are what it means (no escape, valid UTF-8); ok is false when
// encoding/json must decode it.
func plainString(raw []byte) (b []byte, ok bool) {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') >= 0 {
		return nil, false
	}
	for _, c := range inner {
		if c >= utf8.RuneSelf {
			return inner, utf8.Valid(inner)
		}
	}
	return inner, true
}

// decodeString decodes the JSON string raw.
func decodeString(raw []byte) (string, error) {
	if b, ok := plainString(raw); ok {
		return string(b), nil
	}
	var str string
	err := json.Unmarshal(raw, &str)
	return str, err
}

// plainCount reads a JSON number of at most 18 digits without sign,
// fraction or exponent; ok is false for any other.
func plainCount(raw []byte) (n int64, ok bool) {
	if len(raw) == 0 || len(raw) > 18 || (raw[0] == '0' && len(raw) > 1) {
		return 0, false
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

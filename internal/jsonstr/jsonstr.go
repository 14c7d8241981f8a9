// Package jsonstr appends Go strings as JSON strings without allocating:
// the one writer of JSON text values shared by fill-value formatting
// (package numeric) and the text output of zcodec cat; and Marshal, the
// documents written with the same escaping (reference sets' metadata).
//
// The output is byte for byte what encoding/json writes with
// SetEscapeHTML(false): '"' and '\\' escaped, the control characters
// below U+0020 written as \b, \f, \n, \r, \t or \u00XX, U+2028 and U+2029
// as \u2028 and \u2029 (JavaScript reads them as line ends), each byte of
// invalid UTF-8 as \ufffd, and everything else, "<", ">" and "&"
// included, as it is.
package jsonstr

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// Append appends s to dst as a JSON string, quotes included, and returns
// the extended slice.
func Append(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Marshal is json.Marshal without HTML escaping: "<f4" stays "<f4", as
// Python's json module writes it.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

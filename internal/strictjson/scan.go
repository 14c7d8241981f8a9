package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/shorten"
)

// DefaultMaxDepth is the nesting limit when Options.MaxDepth is 0: a
// document whose arrays and objects nest deeper is rejected. Zarr metadata
// nests a handful of levels; attributes rarely a dozen.
const DefaultMaxDepth = 64

// bom is the UTF-8 encoding of U+FEFF, the byte-order mark.
var bom = []byte{0xef, 0xbb, 0xbf}

// member is one member of a scanned object: its key and the span of its
// value in the scanned data.
type member struct {
	key        string
	start, end int
}

// span is the extent of one array element in the scanned data.
type span struct{ start, end int }

// pathToken is one step from the scanned value to the value being read.
type pathToken struct {
	key   string
	index int // for an array element; key is then unused
	isKey bool
}

// scanner checks JSON text and records the members (or elements) of its
// outermost value. Every problem is returned as an *Error built by fail.
type scanner struct {
	data     []byte
	pos      int
	maxDepth int         // for the scanned value, which may be nested in the document
	limit    int         // Options.MaxDepth, for messages
	pointer  string      // pointer of the document (Options.Pointer)
	base     []string    // tokens from the document to the scanned value
	path     []pathToken // from the scanned value to the current one
	members  []member    // of the outermost object
	elements []span      // of the outermost array
}

// scan checks that data holds exactly one JSON value, recording the
// members or elements of that value.
func (s *scanner) scan() *Error {
	if bytes.HasPrefix(s.data, bom) {
		return s.fail(KindSyntax, 0, "the document starts with a byte-order mark (U+FEFF), which JSON does not allow; save it as UTF-8 without one")
	}
	s.skipSpace()
	if s.pos == len(s.data) {
		return s.fail(KindSyntax, s.pos, "empty document; want a JSON value")
	}
	if err := s.value(0, true); err != nil {
		return err
	}
	s.skipSpace()
	if s.pos < len(s.data) {
		return s.fail(KindSyntax, s.pos, "data after the JSON value: "+s.describe(s.pos))
	}
	return nil
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// value checks the value at s.pos, whose container is nested depth levels
// deep. outer is true for the scanned value itself.
func (s *scanner) value(depth int, outer bool) *Error {
	s.skipSpace()
	if s.pos == len(s.data) {
		return s.fail(KindSyntax, s.pos, "unexpected end of input; want a value")
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.object(depth+1, outer)
	case c == '[':
		return s.array(depth+1, outer)
	case c == '"':
		_, err := s.str(false)
		return err
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return s.unexpected("a value")
}

// open enters the object or array at s.pos, depth levels deep, and reports
// whether it is empty (and already closed).
func (s *scanner) open(depth int, closing byte) (empty bool, err *Error) {
	if depth > s.maxDepth {
		return false, s.fail(KindDepth, s.pos, fmt.Sprintf("objects and arrays nest deeper than %d levels", s.limit))
	}
	s.pos++ // '{' or '['
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == closing {
		s.pos++
		return true, nil
	}
	return false, nil
}

func (s *scanner) object(depth int, outer bool) *Error {
	if empty, err := s.open(depth, '}'); empty || err != nil {
		return err
	}
	var keys []string // the keys so far, for small objects
	var seen map[string]bool
	for {
		s.skipSpace()
		if s.pos == len(s.data) {
			return s.fail(KindSyntax, s.pos, "unexpected end of input in an object; want a key in double quotes")
		}
		if s.data[s.pos] != '"' {
			return s.unexpected("a key in double quotes")
		}
		keyAt := s.pos
		key, err := s.str(true)
		if err != nil {
			return err
		}
		dup := false
		if seen != nil {
			dup = seen[key]
			seen[key] = true
		} else {
			for _, k := range keys {
				dup = dup || k == key
			}
			keys = append(keys, key)
			if len(keys) > 16 {
				seen = make(map[string]bool, 2*len(keys))
				for _, k := range keys {
					seen[k] = true
				}
			}
		}
		if dup {
			s.path = append(s.path, pathToken{key: key, isKey: true})
			e := s.fail(KindDuplicate, keyAt, "duplicate key "+shorten.Quote(key))
			e.Key = key
			return e
		}
		s.skipSpace()
		if s.pos == len(s.data) || s.data[s.pos] != ':' {
			if s.pos == len(s.data) {
				return s.fail(KindSyntax, s.pos, "unexpected end of input; want ':' after the key")
			}
			return s.unexpected("':' after the key")
		}
		s.pos++
		s.path = append(s.path, pathToken{key: key, isKey: true})
		s.skipSpace()
		start := s.pos
		if err := s.value(depth, false); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
		if outer {
			s.members = append(s.members, member{key: key, start: start, end: s.pos})
		}
		if done, err := s.next('}'); done || err != nil {
			return err
		}
	}
}

func (s *scanner) array(depth int, outer bool) *Error {
	if empty, err := s.open(depth, ']'); empty || err != nil {
		return err
	}
	for i := 0; ; i++ {
		s.path = append(s.path, pathToken{index: i})
		s.skipSpace()
		start := s.pos
		if err := s.value(depth, false); err != nil {
			return err
		}
		s.path = s.path[:len(s.path)-1]
		if outer {
			s.elements = append(s.elements, span{start, s.pos})
		}
		if done, err := s.next(']'); done || err != nil {
			return err
		}
	}
}

// next reads what follows a member or element: a comma (done false) or
// the closing bracket (done true).
func (s *scanner) next(closing byte) (done bool, err *Error) {
	s.skipSpace()
	if s.pos == len(s.data) {
		return true, s.fail(KindSyntax, s.pos, fmt.Sprintf("unexpected end of input; want ',' or '%c'", closing))
	}
	switch s.data[s.pos] {
	case closing:
		s.pos++
		return true, nil
	case ',':
		comma := s.pos
		s.pos++
		s.skipSpace()
		if s.pos < len(s.data) && s.data[s.pos] == closing {
			return true, s.fail(KindSyntax, comma, fmt.Sprintf("trailing comma before '%c'", closing))
		}
		return false, nil
	}
	return true, s.unexpected(fmt.Sprintf("',' or '%c'", closing))
}

// str checks the string at s.pos and, if decode is set, returns its value.
func (s *scanner) str(decode bool) (string, *Error) {
	start := s.pos
	s.pos++ // '"'
	escaped := false
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			if !decode {
				return "", nil
			}
			if !escaped {
				return string(s.data[start+1 : s.pos-1]), nil
			}
			var v string
			_ = json.Unmarshal(s.data[start:s.pos], &v) // checked above: cannot fail
			return v, nil
		case c == '\\':
			escaped = true
			if err := s.escape(); err != nil {
				return "", err
			}
		case c < 0x20:
			return "", s.fail(KindSyntax, s.pos, fmt.Sprintf("control character %U in a string; write it as an escape such as \\n or \\u%04x", c, c))
		case c < utf8.RuneSelf:
			s.pos++
		default:
			r, size := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", s.fail(KindSyntax, s.pos, fmt.Sprintf("byte %#02x in a string is not UTF-8", c))
			}
			s.pos += size
		}
	}
	return "", s.fail(KindSyntax, start, "string not terminated")
}

// escape checks the escape sequence at s.pos (a backslash).
func (s *scanner) escape() *Error {
	at := s.pos
	s.pos++
	if s.pos == len(s.data) {
		return s.fail(KindSyntax, at, "string not terminated")
	}
	switch s.data[s.pos] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		s.pos++
		return nil
	case 'u':
		for i := 1; i <= 4; i++ {
			if s.pos+i >= len(s.data) || !isHex(s.data[s.pos+i]) {
				return s.fail(KindSyntax, at, `\u must be followed by four hex digits`)
			}
		}
		s.pos += 5
		return nil
	}
	return s.fail(KindSyntax, at, "invalid escape "+strconv.Quote(`\`+string(rune(s.data[s.pos])))+" in a string")
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number checks a number at s.pos: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() *Error {
	start := s.pos
	if s.data[s.pos] == '-' {
		s.pos++
		if s.pos == len(s.data) || !isDigit(s.data[s.pos]) {
			s.pos = start
			return s.unexpected("a value")
		}
	}
	if s.data[s.pos] == '0' {
		s.pos++
		if s.pos < len(s.data) && isDigit(s.data[s.pos]) {
			return s.fail(KindSyntax, start, "number with a leading zero")
		}
	} else {
		s.digits()
	}
	if s.pos < len(s.data) && s.data[s.pos] == '.' {
		s.pos++
		if !s.digits() {
			return s.fail(KindSyntax, s.pos, "want a digit after the decimal point")
		}
	}
	if s.pos < len(s.data) && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.pos < len(s.data) && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		if !s.digits() {
			return s.fail(KindSyntax, s.pos, "want a digit in the exponent")
		}
	}
	return nil
}

// digits skips a run of digits and reports whether there was one.
func (s *scanner) digits() bool {
	start := s.pos
	for s.pos < len(s.data) && isDigit(s.data[s.pos]) {
		s.pos++
	}
	return s.pos > start
}

func (s *scanner) literal(word string) *Error {
	if bytes.HasPrefix(s.data[s.pos:], []byte(word)) {
		s.pos += len(word)
		return nil
	}
	return s.unexpected("a value")
}

// nonFinite are spellings of non-finite numbers that other languages write
// bare, with the Zarr string that means the same.
var nonFinite = []struct{ bare, zarr string }{
	{"-Infinity", "-Infinity"}, {"+Infinity", "Infinity"}, {"Infinity", "Infinity"},
	{"-inf", "-Infinity"}, {"+inf", "Infinity"}, {"inf", "Infinity"},
	{"NaN", "NaN"}, {"nan", "NaN"}, {"-nan", "NaN"},
}

// unexpected reports the text at s.pos where want was expected, naming the
// usual mistakes.
func (s *scanner) unexpected(want string) *Error {
	rest := s.data[s.pos:]
	for _, nf := range nonFinite {
		if len(rest) >= len(nf.bare) && bytes.EqualFold(rest[:len(nf.bare)], []byte(nf.bare)) {
			return s.fail(KindSyntax, s.pos, fmt.Sprintf("bare %s is not JSON; write the string %q", rest[:len(nf.bare)], nf.zarr))
		}
	}
	var reason string
	switch c := rest[0]; {
	case bytes.HasPrefix(rest, bom):
		reason = "byte-order mark (U+FEFF), which JSON does not allow"
	case c == '\'':
		reason = "single quote; JSON strings use double quotes"
	case c == '/' && len(rest) > 1 && (rest[1] == '/' || rest[1] == '*'):
		reason = "comment; JSON has no comments"
	default:
		reason = s.describe(s.pos) + "; want " + want
	}
	return s.fail(KindSyntax, s.pos, reason)
}

// describe names the character at offset i.
func (s *scanner) describe(i int) string {
	r, size := utf8.DecodeRune(s.data[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("byte %#02x", s.data[i])
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf("character %U", r)
	case r < utf8.RuneSelf:
		return fmt.Sprintf("character %q", r)
	}
	return fmt.Sprintf("character %q (%U)", r, r)
}

// fail builds the *Error of a problem found at offset while scanning.
func (s *scanner) fail(kind Kind, offset int, reason string) *Error {
	line, col := position(s.data, offset)
	path := slices.Clone(s.base)
	for _, t := range s.path {
		if t.isKey {
			path = append(path, t.key)
		} else {
			path = append(path, strconv.Itoa(t.index))
		}
	}
	return &Error{Kind: kind, Pointer: Pointer(s.pointer, path...), Path: path, Offset: int64(offset), Line: line, Column: col, Reason: reason}
}

// position returns the 1-based line and column (in characters) of offset.
func position(data []byte, offset int) (line, col int) {
	offset = min(offset, len(data))
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte{'\n'})
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[lineStart:])
}

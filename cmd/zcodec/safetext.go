package main

import (
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Names from a store (directory names, consolidated metadata keys) and
// text from its metadata may hold anything: terminal escape sequences,
// carriage returns, bidirectional overrides, invalid UTF-8. The
// human-readable output never passes them to a terminal:
//
//   - memberName quotes a name that holds anything but graphic characters,
//     as strconv.Quote does ("a\x1b[2Jb", "\xff.zarr"), so that it reads as
//     one unambiguous name; printable names are shown as they are;
//   - safeWriter, around standard error and the text output of info,
//     verify and validate, escapes whatever such character is left in a
//     message (\x1b, \u202e, \xff for an invalid byte), keeping newlines and
//     tabs.
//
// --json output is written by encoding/json, which escapes control
// characters; it replaces invalid UTF-8 with U+FFFD, so the document is
// always valid JSON.

// memberName returns the name or path of a member of a store as it is when
// every character of it is graphic (letters, marks, numbers, punctuation,
// symbols, spaces), else quoted as strconv.Quote does, every other
// character escaped. A name longer than shorten.NameLimit bytes is cut
// there, its length given.
func memberName(name string) string {
	if graphic(name) {
		return shorten.Name(name)
	}
	if len(name) <= shorten.NameLimit {
		return strconv.Quote(name)
	}
	n := shorten.NameLimit
	for n > 0 && !utf8.RuneStart(name[n]) {
		n--
	}
	return strconv.Quote(name[:n]) + "... (" + strconv.Itoa(len(name)) + " bytes)"
}

// graphic reports whether s is valid UTF-8 of graphic characters only.
func graphic(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsGraphic(r) {
			return false
		}
	}
	return true
}

// safeWriter escapes, in what is written through it, every character that
// is not graphic but a newline or a tab, and every byte that is not UTF-8.
type safeWriter struct {
	w io.Writer
	// pending holds the start of a character cut by the end of a Write.
	pending []byte
	buf     []byte
}

// newSafeWriter returns w wrapped in a safeWriter (w itself when it is one).
func newSafeWriter(w io.Writer) io.Writer {
	if _, ok := w.(*safeWriter); ok {
		return w
	}
	return &safeWriter{w: w}
}

// rawWriter returns the writer under a safeWriter, for output that must
// reach a terminal as it is (the progress bar).
func rawWriter(w io.Writer) io.Writer {
	if s, ok := w.(*safeWriter); ok {
		return s.w
	}
	return w
}

func (s *safeWriter) Write(p []byte) (int, error) {
	in := p
	if len(s.pending) > 0 {
		in = append(s.pending, p...)
		s.pending = nil
	}
	out := s.buf[:0]
	for i := 0; i < len(in); {
		r, size := utf8.DecodeRune(in[i:])
		switch {
		case r == utf8.RuneError && size <= 1 && !utf8.FullRune(in[i:]):
			s.pending = append(s.pending[:0], in[i:]...)
			i = len(in)
			continue
		case r == utf8.RuneError && size == 1:
			out = append(out, `\x`...)
			out = append(out, "0123456789abcdef"[in[i]>>4], "0123456789abcdef"[in[i]&15])
		case r == '\n' || r == '\t' || unicode.IsGraphic(r):
			out = append(out, in[i:i+size]...)
		default:
			q := strconv.QuoteRuneToASCII(r) // '\x1b', '\u202e'
			out = append(out, q[1:len(q)-1]...)
		}
		i += size
	}
	s.buf = out
	if _, err := s.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

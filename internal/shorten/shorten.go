// Package shorten cuts long values down to a size that fits in an error
// message. A member name, a fill value, a raw JSON value or a filter spec
// can arrive with megabytes; a message shows its start and its length, on
// one line.
package shorten

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limit is the length, in bytes, of the longest text shown whole.
const Limit = 40

// NameLimit is the length, in bytes, of the longest name (a file path, a
// store key) shown whole: names are what a reader needs to find the
// problem, so they get more room than values.
const NameLimit = 255

// String returns s for display in a message: runs of white space (newlines
// included) become one space and other control characters and invalid
// UTF-8 become \xNN escapes, so the result is one line; text longer than
// Limit bytes is cut after whole characters and followed by "..." and the
// length of s: `aaaaaaaa... (10485760 bytes)`.
func String(s string) string {
	if len(s) <= Limit && printable(s) {
		return s
	}
	return clean(s, len(s), Limit)
}

// Name is String for names (file paths, store keys) with NameLimit in
// place of Limit.
func Name(s string) string {
	if len(s) <= NameLimit && printable(s) {
		return s
	}
	return clean(s, len(s), NameLimit)
}

// Bytes is String for a byte slice. It reads no more of b than it shows.
func Bytes(b []byte) string {
	if len(b) <= Limit && printable(string(b)) {
		return string(b)
	}
	// Whatever the white space, the shown part comes from the first
	// 4*Limit bytes, or the text is cut at that point.
	return clean(string(b[:min(len(b), 4*Limit)]), len(b), Limit)
}

// Quote returns s quoted as a Go string literal (as %q prints it) when it
// has at most Limit bytes; a longer s is quoted after cutting, with "..."
// and its length outside the quotes: `"aaaaaaaa"... (10485760 bytes)`.
func Quote(s string) string { return quote(s, Limit) }

// QuoteName is Quote for a name (a key, a path, a codec name), cut at
// NameLimit: every byte of s is escaped once, as %q does, so a name that
// is not valid UTF-8 or holds control characters reads unambiguously.
func QuoteName(s string) string { return quote(s, NameLimit) }

func quote(s string, limit int) string {
	if len(s) <= limit {
		return strconv.Quote(s)
	}
	n := limit - 3
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// clean writes the display form of s, the first bytes of a text of total
// bytes: white space collapsed, control bytes escaped, cut with "..." and
// the total length when the text does not fit in limit bytes (or s is not
// all of it).
func clean(s string, total, limit int) string {
	var b strings.Builder
	long := total > limit
	cut := total > len(s)
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var piece string
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if space {
				i += size
				continue
			}
			piece = " "
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f:
			const hex = "0123456789abcdef"
			piece = `\x` + string(hex[s[i]>>4]) + string(hex[s[i]&15])
		default:
			piece = s[i : i+size]
		}
		if long && b.Len()+len(piece) > limit-3 {
			cut = true
			break
		}
		space = piece == " "
		b.WriteString(piece)
		i += size
	}
	if cut {
		b.WriteString("... (")
		b.WriteString(strconv.Itoa(total))
		b.WriteString(" bytes)")
	}
	return b.String()
}

// printable reports whether s is valid UTF-8 free of control characters
// and of white space other than single spaces.
func printable(s string) bool {
	prevSpace := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 0x20 || r == 0x7f {
			return false
		}
		if r == ' ' && prevSpace {
			return false
		}
		prevSpace = r == ' '
		i += size
	}
	return true
}

// Pointer returns the JSON pointer p for display: every reference token is
// shortened as String does, so a pointer through a megabyte-long member
// name stays short. The result is for reading, not for resolving.
func Pointer(p string) string {
	if len(p) <= 4*Limit && printable(p) {
		return p
	}
	tokens := strings.Split(p, "/")
	for i, t := range tokens {
		tokens[i] = String(t)
	}
	return strings.Join(tokens, "/")
}

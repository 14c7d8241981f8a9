// Package contentrange checks the Content-Range of a 206 answer against
// the Range that was asked for: the one check the HTTP store (package
// store) and the S3-compatible store (package s3store) share, so that
// both accept and refuse exactly the same answers.
package contentrange

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// ErrSyntax is the cause of a Content-Range that is not of the form
// "bytes FIRST-LAST/SIZE" (SIZE may be "*").
var ErrSyntax = errors.New(`not of the form "bytes FIRST-LAST/SIZE"`)

// Parse parses "bytes FIRST-LAST/SIZE" (SIZE may be "*", then -1) into
// the half-open interval [start, end). The numbers are unsigned decimal
// digits only (strconv.ParseInt alone would take "+5").
func Parse(v string) (start, end, size int64, err error) {
	rest, ok := strings.CutPrefix(v, "bytes ")
	if !ok {
		return 0, 0, 0, ErrSyntax
	}
	span, total, ok := strings.Cut(rest, "/")
	if !ok {
		return 0, 0, 0, ErrSyntax
	}
	first, last, ok := strings.Cut(span, "-")
	if !ok || !digits(first) || !digits(last) {
		return 0, 0, 0, ErrSyntax
	}
	start, err1 := strconv.ParseInt(first, 10, 64)
	l, err2 := strconv.ParseInt(last, 10, 64)
	if err1 != nil || err2 != nil || l < start || l == 1<<63-1 {
		return 0, 0, 0, ErrSyntax
	}
	size = -1
	if total != "*" {
		if !digits(total) {
			return 0, 0, 0, ErrSyntax
		}
		if size, err = strconv.ParseInt(total, 10, 64); err != nil || size <= l {
			return 0, 0, 0, ErrSyntax
		}
	}
	return start, l + 1, size, nil
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ShortError reports an answer that is right for a value shorter than
// the range asked for: a 206 up to the value's end for a range that runs
// past it, or the whole value for a suffix longer than it. The stores turn
// it into their range error.
type ShortError struct {
	Size   int64  // the value's size, as the answer gives it
	Reason string // what is wrong with the range
}

func (e *ShortError) Error() string { return e.Reason }

// MismatchError reports an answer that is not the range asked for.
type MismatchError struct {
	ContentRange string // the header as sent ("" when absent)
	Range        string // the Range header asked for ("bytes=...")
	Why          string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("Content-Range %s does not answer Range %q: %s", shorten.Quote(e.ContentRange), e.Range, e.Why)
}

// Check checks the Content-Range cr and the Content-Length (< 0: absent)
// of a 206 answer to the Range header rng, which asked for length bytes
// from offset (offset < 0: the last -offset bytes; length < 0: up to the
// end; never an empty range), and returns the length of the body to read.
// A suffix or an open-ended range is accepted only with the value's size
// ("/SIZE", not "/*"): without it nothing shows that the bytes sent reach
// the end. A value shorter than the range is a *ShortError; any other
// answer that is not the range asked for is a *MismatchError.
func Check(cr string, contentLength int64, offset, length int64, rng string) (int64, error) {
	bad := func(why string) error { return &MismatchError{ContentRange: cr, Range: rng, Why: why} }
	if cr == "" {
		return 0, bad("absent")
	}
	start, end, size, err := Parse(cr)
	if err != nil {
		return 0, bad(err.Error())
	}
	n := end - start
	switch {
	case offset < 0:
		switch want := -offset; {
		case size < 0:
			return 0, bad("no size: the end of the value is not known")
		case end != size:
			return 0, bad("not the end of the value")
		case n == want:
		case n < want && start == 0:
			return 0, &ShortError{Size: size, Reason: "the suffix is longer than the value"}
		default:
			return 0, bad(fmt.Sprintf("%d bytes, not the last %d", n, want))
		}
	case start != offset:
		return 0, bad(fmt.Sprintf("bytes from %d, not from %d", start, offset))
	case length < 0:
		if size < 0 || end != size {
			return 0, bad("not up to the end of the value")
		}
	case n == length:
	case n < length && end == size:
		return 0, &ShortError{Size: size, Reason: "ends after the end of the value"}
	default:
		return 0, bad(fmt.Sprintf("%d bytes, not %d", n, length))
	}
	if contentLength >= 0 && contentLength != n {
		return 0, bad(fmt.Sprintf("Content-Length %d", contentLength))
	}
	return n, nil
}

package s3store

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
)

// errContentRange is the cause of a Content-Range that is absent or not
// of the form "bytes FIRST-LAST/SIZE".
var errContentRange = errors.New(`not of the form "bytes FIRST-LAST/SIZE"`)

// parseContentRange parses "bytes FIRST-LAST/SIZE" (SIZE may be "*", then
// -1) into the half-open interval [start, end).
func parseContentRange(v string) (start, end, size int64, err error) {
	rest, ok := strings.CutPrefix(v, "bytes ")
	if !ok {
		return 0, 0, 0, errContentRange
	}
	span, total, ok := strings.Cut(rest, "/")
	if !ok {
		return 0, 0, 0, errContentRange
	}
	first, last, ok := strings.Cut(span, "-")
	if !ok || !digits(first) || !digits(last) {
		return 0, 0, 0, errContentRange
	}
	start, err1 := strconv.ParseInt(first, 10, 64)
	l, err2 := strconv.ParseInt(last, 10, 64)
	if err1 != nil || err2 != nil || l < start || l == 1<<63-1 {
		return 0, 0, 0, errContentRange
	}
	size = -1
	if total != "*" {
		if !digits(total) {
			return 0, 0, 0, errContentRange
		}
		if size, err = strconv.ParseInt(total, 10, 64); err != nil || size <= l {
			return 0, 0, 0, errContentRange
		}
	}
	return start, l + 1, size, nil
}

// digits reports whether s is one or more ASCII digits (no sign, no
// space: ParseInt alone would take "+5").
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

// emptyValueRange is the Content-Range MinIO sends with a 206 answer to a
// range request on a 0-byte value ("LAST" is FIRST-1: no byte).
const emptyValueRange = "bytes 0--1/0"

// checkContentRange checks the Content-Range (cr) and Content-Length
// (nil: absent) of a 206 answer to the non-empty range r, and returns the
// length of the body to read. A value shorter than the range (a 206 up
// to its end, as S3 answers a range that runs past the end, or the whole
// value for a suffix longer than it) is a *store.RangeError; any other
// answer that is not the range asked for is an error saying what the
// server sent.
func checkContentRange(cr string, contentLength *int64, r store.ByteRange) (int64, error) {
	bad := func(why string) error {
		return fmt.Errorf("Content-Range %s does not answer Range %q: %s", shorten.Quote(cr), "bytes="+r.String(), why)
	}
	if cr == "" {
		return 0, bad("absent")
	}
	if cr == emptyValueRange {
		// MinIO's 206 for a range of a 0-byte value.
		if _, _, err := store.Bounds(r, 0); err != nil {
			return 0, err
		}
		if contentLength != nil && *contentLength > 0 {
			return 0, bad(fmt.Sprintf("Content-Length %d", *contentLength))
		}
		return 0, nil
	}
	start, end, size, err := parseContentRange(cr)
	if err != nil {
		return 0, bad(err.Error())
	}
	n := end - start
	switch {
	case r.Offset < 0:
		switch want := -r.Offset; {
		case n == want && (size < 0 || end == size):
		case n < want && start == 0 && end == size:
			return 0, &store.RangeError{Range: r, Size: size, Reason: "the suffix is longer than the value"}
		case size >= 0 && end != size:
			return 0, bad("not the end of the value")
		default:
			return 0, bad(fmt.Sprintf("%d bytes, not the last %d", n, want))
		}
	case start != r.Offset:
		return 0, bad(fmt.Sprintf("bytes from %d, not from %d", start, r.Offset))
	case r.Length < 0:
		if size < 0 || end != size {
			return 0, bad("not up to the end of the value")
		}
	case n == r.Length:
	case n < r.Length && end == size:
		return 0, &store.RangeError{Range: r, Size: size, Reason: "ends after the end of the value"}
	default:
		return 0, bad(fmt.Sprintf("%d bytes, not %d", n, r.Length))
	}
	if contentLength != nil && *contentLength >= 0 && *contentLength != n {
		return 0, bad(fmt.Sprintf("Content-Length %d", *contentLength))
	}
	return n, nil
}

package s3store

import (
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/store/internal/contentrange"
)

// emptyValueRange is the Content-Range MinIO sends with a 206 answer to a
// range request on a 0-byte value ("LAST" is FIRST-1: no byte).
const emptyValueRange = "bytes 0--1/0"

// checkContentRange checks the Content-Range (cr) and Content-Length
// (nil: absent) of a 206 answer to the non-empty range r, and returns the
// length of the body to read: the check of the HTTP store
// (contentrange.Check), and MinIO's answer for a 0-byte value. A value
// shorter than the range (a 206 up to its end, as S3 answers a range that
// runs past the end, or the whole value for a suffix longer than it) is a
// *byterange.RangeError; any other answer that is not the range asked for is
// an error saying what the server sent.
func checkContentRange(cr string, contentLength *int64, r byterange.Range) (int64, error) {
	cl := int64(-1)
	if contentLength != nil && *contentLength >= 0 {
		cl = *contentLength
	}
	rng := "bytes=" + r.String()
	if cr == emptyValueRange {
		// MinIO's 206 for a range of a 0-byte value.
		if _, _, err := byterange.Bounds(r, 0); err != nil {
			return 0, err
		}
		if cl > 0 {
			return 0, &contentrange.MismatchError{ContentRange: cr, Range: rng, Why: fmt.Sprintf("Content-Length %d", cl)}
		}
		return 0, nil
	}
	n, err := contentrange.Check(cr, cl, r.Offset, r.Length, rng)
	var short *contentrange.ShortError
	if errors.As(err, &short) {
		return 0, &byterange.RangeError{Range: r, Size: short.Size, Reason: short.Reason}
	}
	return n, err
}

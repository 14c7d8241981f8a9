package s3store

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/store/internal/contentrange"
)

// FuzzContentRange: any Content-Range gives a range or an error, never a
// panic; one that checkContentRange accepts for a request is exactly the
// bytes byterange.Bounds selects for the value's size, and one it calls a
// range error is one Bounds refuses.
func FuzzContentRange(f *testing.F) {
	f.Add("bytes 0-9/10", int64(0), int64(10), int64(10))
	f.Add("bytes 2-4/10", int64(2), int64(3), int64(3))
	f.Add("bytes 6-9/10", int64(-4), int64(4), int64(-1))
	f.Add("bytes 0-9/10", int64(-11), int64(11), int64(10))
	f.Add("bytes 8-9/10", int64(8), int64(3), int64(2))
	f.Add("bytes 5-9/*", int64(5), int64(-1), int64(5))
	f.Add("bytes 0--1/0", int64(-1), int64(1), int64(0))
	f.Add("bytes 0--1/0", int64(0), int64(-1), int64(0))
	f.Add("bytes +5-9/10", int64(5), int64(-1), int64(5))
	f.Add("bytes 9223372036854775806-9223372036854775806/9223372036854775807", int64(-1), int64(1), int64(1))
	f.Fuzz(func(t *testing.T, cr string, off, length, contentLength int64) {
		start, end, size, err := contentrange.Parse(cr)
		if err == nil {
			if start < 0 || end <= start || size != -1 && size < end {
				t.Fatalf("%q: [%d, %d) of %d", cr, start, end, size)
			}
			var a, b int64
			if _, err := fmt.Sscanf(cr, "bytes %d-%d/", &a, &b); err != nil || a != start || b != end-1 {
				t.Fatalf("%q parsed as [%d, %d)", cr, start, end)
			}
		}
		r := byterange.Range{Offset: off, Length: length}
		if !r.Valid() || r.Offset >= 0 && r.Length == 0 {
			return // GetRange never asks for these
		}
		cl := &contentLength
		if contentLength < 0 {
			cl = nil
		}
		n, cerr := checkContentRange(cr, cl, r)
		var re *byterange.RangeError
		if cr == emptyValueRange {
			// A 0-byte value: the answer is empty or the range error
			// Bounds gives.
			_, _, berr := byterange.Bounds(r, 0)
			if (cerr == nil) != (berr == nil && (cl == nil || *cl == 0)) || cerr != nil && berr != nil && !errors.As(cerr, &re) || n != 0 {
				t.Fatalf("%q for %v: %d, %v (Bounds: %v)", cr, r, n, cerr, berr)
			}
			return
		}
		switch {
		case cerr == nil:
			if err != nil {
				t.Fatalf("%q accepted for %v but does not parse", cr, r)
			}
			if n != end-start || cl != nil && *cl != n {
				t.Fatalf("%q for %v: body of %d bytes", cr, r, n)
			}
			if size < 0 {
				if r.Offset < 0 || r.Length < 0 {
					t.Fatalf("%q accepted for %v without a size", cr, r)
				}
				if start != r.Offset || n != r.Length {
					t.Fatalf("%q accepted for %v", cr, r)
				}
				return
			}
			bs, be, berr := byterange.Bounds(r, size)
			if berr != nil || bs != start || be != end {
				t.Fatalf("%q accepted for %v, but Bounds gives [%d, %d), %v", cr, r, bs, be, berr)
			}
		case errors.As(cerr, &re):
			if _, _, berr := byterange.Bounds(r, size); berr == nil || size < 0 {
				t.Fatalf("%q for %v: %v, but Bounds accepts the range of a %d-byte value", cr, r, cerr, size)
			}
		}
	})
}

// FuzzKeyMapping: every object name maps to a valid key that names it
// back, to an entry with an error whose Key is not a valid key, or (for
// folder markers only) to nothing; and every valid key survives the trip
// to an object name and back, URL-encoded or not.
func FuzzKeyMapping(f *testing.F) {
	for _, s := range []string{"a/b", "zarr.json", "a//b", "a/", "", "./x", "a\\b", "\xff", "c/0/0", "ü/日本", "a b+c%2F"} {
		f.Add(s, int64(0))
		f.Add(s, int64(3))
	}
	s := &Store{scheme: "s3", bucket: "b", prefix: "pre/fix/"}
	f.Fuzz(func(t *testing.T, name string, size int64) {
		e, ok := keyEntry(name, &size)
		switch {
		case !ok:
			if size != 0 || !(name == "" || strings.HasSuffix(name, "/")) {
				t.Fatalf("%q (%d bytes) skipped", name, size)
			}
		case e.Err == nil:
			if e.Key != name || store.ValidKey(name) != nil || e.Size != max(size, -1) && size >= 0 {
				t.Fatalf("%q (%d bytes): %+v", name, size, e)
			}
		default:
			var ike *store.InvalidKeyError
			if !errors.As(e.Err, &ike) || ike.Key != name || store.ValidKey(e.Key) == nil || e.Size != -1 {
				t.Fatalf("%q: %+v", name, e)
			}
		}
		if store.ValidKey(name) != nil {
			return
		}
		obj := s.objectKey(name)
		for _, enc := range []bool{false, true} {
			listed := obj
			if enc {
				listed = url.QueryEscape(obj)
			}
			e, ok := s.entry(listed, enc, &size)
			if !ok || e.Err != nil || e.Key != name {
				t.Fatalf("key %q, object %q (encoded %v): %+v, %v", name, listed, enc, e, ok)
			}
		}
	})
}

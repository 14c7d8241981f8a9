package store

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzIgnoredRange checks the reading of a range from a body that holds
// the whole value (a server that ignored Range) against ByteRange.Bounds,
// with the length known and unknown.
func FuzzIgnoredRange(f *testing.F) {
	f.Add([]byte("0123456789"), int64(2), int64(3))
	f.Add([]byte("0123456789"), int64(-4), int64(4))
	f.Add([]byte(""), int64(0), int64(-1))
	f.Fuzz(func(t *testing.T, value []byte, off, length int64) {
		r := br(off, length)
		start, end, berr := Bounds(r, int64(len(value)))
		for _, size := range []int64{int64(len(value)), -1} {
			got, err := readIgnoredRange(bytes.NewReader(value), size, r)
			if berr != nil {
				if err == nil && r.Valid() {
					t.Fatalf("%+v of %d bytes (size %d): %q, want an error", r, len(value), size, got)
				}
				continue
			}
			if err != nil || !bytes.Equal(got, value[start:end]) {
				t.Fatalf("%+v of %d bytes (size %d): %q, %v; want %q", r, len(value), size, got, err, value[start:end])
			}
		}
	})
}

// FuzzParseContentRange: any header value gives a range or an error,
// never a panic, and a range it accepts is well formed.
func FuzzParseContentRange(f *testing.F) {
	for _, s := range []string{"bytes 0-9/10", "bytes 2-4/*", "bytes */10", "bytes 9223372036854775806-9223372036854775806/9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		start, end, size, err := parseContentRange(v)
		if err != nil {
			return
		}
		if start < 0 || end <= start || size != -1 && size < end {
			t.Fatalf("%q: [%d, %d) of %d", v, start, end, size)
		}
	})
}

func TestRangeErrorsMatch(t *testing.T) {
	_, err := readIgnoredRange(bytes.NewReader([]byte("abc")), -1, br(-5, 5))
	if !errors.Is(err, ErrRange) {
		t.Errorf("suffix longer than an unknown-length body: %v", err)
	}
}

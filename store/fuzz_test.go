package store

import (
	"bytes"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

// FuzzIgnoredRange checks the reading of a range from a body that holds
// the whole value (a server that ignored Range) against byterange.Bounds,
// with the length known and unknown.
func FuzzIgnoredRange(f *testing.F) {
	f.Add([]byte("0123456789"), int64(2), int64(3))
	f.Add([]byte("0123456789"), int64(-4), int64(4))
	f.Add([]byte(""), int64(0), int64(-1))
	f.Fuzz(func(t *testing.T, value []byte, off, length int64) {
		r := br(off, length)
		start, end, berr := byterange.Bounds(r, int64(len(value)))
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

func TestRangeErrorsMatch(t *testing.T) {
	_, err := readIgnoredRange(bytes.NewReader([]byte("abc")), -1, br(-5, 5))
	if !errors.Is(err, byterange.ErrRange) {
		t.Errorf("suffix longer than an unknown-length body: %v", err)
	}
}

package store_test

import (
	"testing"

	"github.com/zcodec/zcodec/store"
)

func TestByteRange(t *testing.T) {
	for _, tc := range []struct {
		r     store.ByteRange
		valid bool
		s     string
	}{
		{store.ByteRange{Offset: 0, Length: 100}, true, "0-99"},
		{store.ByteRange{Offset: 100, Length: -1}, true, "100-"},
		{store.ByteRange{Offset: -16, Length: 16}, true, "-16"},
		{store.ByteRange{Offset: 10, Length: 0}, true, "10+0"},
		{store.ByteRange{Offset: -16, Length: 3}, false, "-16"},
		{store.ByteRange{Offset: 5, Length: -2}, false, "5-"},
	} {
		if tc.r.Valid() != tc.valid || tc.r.String() != tc.s {
			t.Errorf("%#v: Valid %v String %q, want %v %q", tc.r, tc.r.Valid(), tc.r.String(), tc.valid, tc.s)
		}
	}
}

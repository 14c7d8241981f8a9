package byterange_test

import (
	"errors"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

func TestRange(t *testing.T) {
	for _, tc := range []struct {
		r     byterange.Range
		valid bool
		s     string
	}{
		{byterange.Range{Offset: 0, Length: 100}, true, "0-99"},
		{byterange.Range{Offset: 100, Length: -1}, true, "100-"},
		{byterange.Range{Offset: -16, Length: 16}, true, "-16"},
		{byterange.Range{Offset: 10, Length: 0}, true, "10+0"},
		{byterange.Range{Offset: -16, Length: 3}, false, "-16"},
		{byterange.Range{Offset: 5, Length: -2}, false, "5-"},
	} {
		if tc.r.Valid() != tc.valid || tc.r.String() != tc.s {
			t.Errorf("%#v: Valid %v String %q, want %v %q", tc.r, tc.r.Valid(), tc.r.String(), tc.valid, tc.s)
		}
	}
	if byterange.Whole != (byterange.Range{Offset: 0, Length: -1}) || byterange.Whole.String() != "0-" {
		t.Errorf("Whole = %#v", byterange.Whole)
	}
}

func TestBounds(t *testing.T) {
	for _, tc := range []struct {
		r          byterange.Range
		size       int64
		start, end int64
		ok         bool
	}{
		{byterange.Range{Offset: 0, Length: 4}, 4, 0, 4, true},
		{byterange.Range{Offset: 4, Length: 0}, 4, 4, 4, true},
		{byterange.Range{Offset: 2, Length: -1}, 4, 2, 4, true},
		{byterange.Range{Offset: 4, Length: -1}, 4, 4, 4, true},
		{byterange.Range{Offset: -4, Length: 4}, 4, 0, 4, true},
		{byterange.Range{Offset: -1, Length: 1}, 4, 3, 4, true},
		{byterange.Range{Offset: 5, Length: -1}, 4, 0, 0, false},
		{byterange.Range{Offset: -5, Length: 5}, 4, 0, 0, false},
		{byterange.Range{Offset: 1, Length: 4}, 4, 0, 0, false},
		{byterange.Range{Offset: 1, Length: 1<<63 - 1}, 4, 0, 0, false},
		{byterange.Range{Offset: -2, Length: 1}, 4, 0, 0, false},
	} {
		start, end, err := byterange.Bounds(tc.r, tc.size)
		if tc.ok {
			if err != nil || start != tc.start || end != tc.end {
				t.Errorf("Bounds(%v, %d) = %d, %d, %v; want %d, %d", tc.r, tc.size, start, end, err, tc.start, tc.end)
			}
			continue
		}
		var re *byterange.RangeError
		if !errors.Is(err, byterange.ErrRange) || !errors.As(err, &re) || re.Range != tc.r || re.Size != tc.size {
			t.Errorf("Bounds(%v, %d) = %d, %d, %v; want a *RangeError", tc.r, tc.size, start, end, err)
		}
	}
}

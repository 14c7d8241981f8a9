package codec

import "testing"

// TestRangeGapOrDefault: 0 and nil are the default, a negative gap never
// merges (-1), a positive one is kept.
func TestRangeGapOrDefault(t *testing.T) {
	for _, tc := range []struct {
		o    *Options
		want int64
	}{{nil, 64 << 10}, {&Options{}, 64 << 10}, {&Options{RangeGap: -5}, -1}, {&Options{RangeGap: -1}, -1}, {&Options{RangeGap: 1}, 1}, {&Options{RangeGap: 1 << 20}, 1 << 20}} {
		if got := tc.o.RangeGapOrDefault(); got != tc.want {
			t.Errorf("%+v: %d, want %d", tc.o, got, tc.want)
		}
	}
}

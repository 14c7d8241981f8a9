package region

import (
	"errors"
	"testing"
)

func TestValidateCovers(t *testing.T) {
	t.Parallel()
	full := Whole([]int64{2, 3})
	if !full.Covers([]int64{2, 3}) || !full.CoversChunk([]int{2, 3}) || full.Validate([]int64{2, 3}) != nil || full.ValidateChunk([]int{2, 3}) != nil {
		t.Errorf("whole box %v: not valid or not covering", full)
	}
	if full.Covers([]int64{2, 4}) || full.CoversChunk([]int{2}) {
		t.Errorf("%v covers another shape", full)
	}
	for _, tc := range []struct {
		b    Box
		want string
		dim  int
	}{
		{FromShape([]int64{1, 2}, []int64{1, 2}), `region "1:2,2:4": dimension 1: [2, 2+2) is not inside [0, 3)`, 1},
		{Box{Start: []int64{-1, 0}, Stop: []int64{1, 1}}, `region "-1:1,0:1": dimension 0: [-1, -1+2) is not inside [0, 3)`, 0},
		{Box{Start: []int64{1, 2}, Stop: []int64{1, 1}}, `region "1:1,2:1": dimension 1: [2, 2+-1) is not inside [0, 3)`, 1},
		{Whole([]int64{2}), `region "0:2": start has 1 and stop 1 dimensions, the array or chunk 2`, -1},
	} {
		err := tc.b.Validate([]int64{3, 3})
		var e *Error
		if !errors.Is(err, ErrInvalid) || !errors.As(err, &e) || e.Dim != tc.dim || err.Error() != tc.want {
			t.Errorf("Validate(%v) = %v, want %s", tc.b, err, tc.want)
		}
		if err2 := tc.b.ValidateChunk([]int{3, 3}); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("ValidateChunk(%v) = %v, Validate %v", tc.b, err2, err)
		}
	}
}

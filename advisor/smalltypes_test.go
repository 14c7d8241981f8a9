package advisor

import (
	"errors"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestMeterSmallTypes: the sub-byte and small float types are measured for
// exactness only; a tolerance is refused naming the type.
func TestMeterSmallTypes(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Int4, numeric.Uint2, numeric.Float8E4M3, numeric.Float8E8M0FNU, numeric.Float4E2M1FN} {
		if _, err := NewMeter(dt, Tolerance{Abs: 0.5}); !errors.As(err, new(*UnsupportedError)) {
			t.Errorf("%v with a tolerance: %v, want an *UnsupportedError", dt, err)
		}
		m, err := NewMeter(dt, Tolerance{})
		if err != nil {
			t.Fatalf("%v exact: %v", dt, err)
		}
		if err := m.Add([]byte{1, 2, 3}, []byte{1, 2, 4}); err != nil {
			t.Fatal(err)
		}
		if r := m.Errors(); r.Elements != 3 || r.FirstExceeding != 2 {
			t.Errorf("%v: %+v", dt, r)
		}
	}
}

package advisor

import (
	"context"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
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

// TestAdviseToleranceNonReal: a tolerance on an array whose values the
// advisor cannot measure against it (bool, complex, dates, fixed-length
// text and bytes, small types) is refused naming the type, not reported
// as "no chain meets" it; exact advice works.
func TestAdviseToleranceNonReal(t *testing.T) {
	var types []numeric.DataType
	types = append(types, numeric.Bool, numeric.Complex64, numeric.Int4, numeric.Float8E4M3)
	for _, raw := range []string{`"r16"`, `{"name":"numpy.datetime64","configuration":{"unit":"s","scale_factor":1}}`,
		`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`} {
		dt, err := numeric.ParseDataTypeJSON([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		types = append(types, dt)
	}
	for _, dt := range types {
		spec := codec.ChunkSpec{DataType: dt, Shape: []int{4}, FillValue: numeric.Zero(dt)}
		s := &Sample{Spec: spec, Chunks: [][]byte{make([]byte, 4*dt.Size())}, Complete: true}
		_, err := Advise(context.Background(), s, &Options{Tolerance: Tolerance{Abs: 0.5}})
		var ue *UnsupportedError
		if !errors.As(err, &ue) || ue.DataType != dt {
			t.Errorf("%v with a tolerance: %v, want an *UnsupportedError naming it", dt, err)
		}
		if _, err := Advise(context.Background(), s, nil); err != nil {
			t.Errorf("%v exact: %v", dt, err)
		}
	}
}

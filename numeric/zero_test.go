package numeric

import "testing"

// TestZeroEveryKind checks that the zero of every data type kind is a valid
// fill value: it survives its JSON form and its element encoding has the
// type's size (all zero bytes for the fixed-size types).
func TestZeroEveryKind(t *testing.T) {
	types := append([]DataType(nil), DataTypes[:]...)
	for _, raw := range []string{
		`"string"`, `"bytes"`, `"r16"`, `"r8"`,
		`{"name":"fixed_length_utf32","configuration":{"length_bytes":8}}`,
		`{"name":"null_terminated_bytes","configuration":{"length_bytes":3}}`,
		`{"name":"numpy.datetime64","configuration":{"unit":"s","scale_factor":10}}`,
		`{"name":"numpy.timedelta64","configuration":{"unit":"ms","scale_factor":1}}`,
	} {
		dt, err := ParseDataTypeJSON([]byte(raw))
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		types = append(types, dt)
	}
	for _, dt := range types {
		z := Zero(dt)
		j, err := z.MarshalJSON()
		if err != nil {
			t.Errorf("%v: MarshalJSON: %v", dt, err)
			continue
		}
		back, err := ParseFillValue(dt, j)
		if err != nil {
			t.Errorf("%v: zero %s does not parse: %v", dt, j, err)
			continue
		}
		if !back.Equal(z) {
			t.Errorf("%v: zero %s parses as %v", dt, j, back)
		}
		b := z.Bytes()
		if len(b) != dt.Size() {
			t.Errorf("%v: zero has %d bytes, want %d", dt, len(b), dt.Size())
		}
		for _, c := range b {
			if c != 0 {
				t.Errorf("%v: zero encodes as % x", dt, b)
				break
			}
		}
	}
}

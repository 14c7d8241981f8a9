package npdtype

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in string
		dt numeric.DataType
		e  codec.Endian
		ok bool
	}{
		{"<f4", numeric.Float32, codec.LittleEndian, true},
		{">i2", numeric.Int16, codec.BigEndian, true},
		{"=u8", numeric.Uint64, codec.LittleEndian, true},
		{"|u1", numeric.Uint8, codec.EndianUnset, true},
		{"<b1", numeric.Bool, codec.EndianUnset, true},
		{">c16", numeric.Complex128, codec.BigEndian, true},
		{"<f2", numeric.Float16, codec.LittleEndian, true},
		{"|f4", 0, 0, false},
		{"<U4", 0, 0, false},
		{"<M8[ns]", 0, 0, false},
		{"f4", 0, 0, false},
		{"!i1", 0, 0, false},
		{"", 0, 0, false},
	} {
		dt, e, err := Parse(c.in)
		if (err == nil) != c.ok || c.ok && (dt != c.dt || e != c.e) {
			t.Errorf("Parse(%q) = %v, %v, %v", c.in, dt, e, err)
		}
		if c.ok {
			if back := Format(dt, e); back != c.in && c.in[0] != '=' && !(dt.Size() == 1 && c.in[0] != '|') {
				t.Errorf("Format(%v, %v) = %q, want %q", dt, e, back, c.in)
			}
		}
	}
}

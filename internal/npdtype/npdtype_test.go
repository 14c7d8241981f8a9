package npdtype

import (
	"testing"

	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/numeric"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in string
		dt numeric.DataType
		e  bytescodec.Endian
		ok bool
	}{
		{"<f4", numeric.Float32, bytescodec.LittleEndian, true},
		{">i2", numeric.Int16, bytescodec.BigEndian, true},
		{"=u8", numeric.Uint64, bytescodec.LittleEndian, true},
		{"|u1", numeric.Uint8, bytescodec.EndianUnset, true},
		{"<b1", numeric.Bool, bytescodec.EndianUnset, true},
		{">c16", numeric.Complex128, bytescodec.BigEndian, true},
		{"<f2", numeric.Float16, bytescodec.LittleEndian, true},
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

package zarr

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

func TestFillerRecognisesFill(t *testing.T) {
	le := binary.LittleEndian
	f32 := func(vs ...float32) []byte {
		b := make([]byte, 4*len(vs))
		for i, v := range vs {
			le.PutUint32(b[4*i:], math.Float32bits(v))
		}
		return b
	}
	nan := float32(math.NaN())
	negNaN := math.Float32frombits(0xffc00001)
	negZero := math.Float32frombits(0x80000000)
	for _, tc := range []struct {
		fill numeric.Scalar
		data []byte
		want bool
	}{
		{numeric.FloatScalar(numeric.Float32, math.NaN()), f32(nan, negNaN, nan), true},
		{numeric.FloatScalar(numeric.Float32, math.NaN()), f32(nan, 1), false},
		{numeric.FloatScalar(numeric.Float32, 0), f32(0, 0), true},
		{numeric.FloatScalar(numeric.Float32, 0), f32(0, negZero), false}, // bits decide
		{numeric.FloatScalar(numeric.Float32, 2.5), f32(2.5, 2.5, 2.5), true},
		{numeric.FloatScalar(numeric.Float32, 2.5), f32(2.5, nan), false},
		// complex64 with a NaN real part and 1 as imaginary part
		{numeric.ComplexScalar(numeric.Complex64, complex(math.NaN(), 1)), f32(negNaN, 1, nan, 1), true},
		{numeric.ComplexScalar(numeric.Complex64, complex(math.NaN(), 1)), f32(nan, 2), false},
		// float16 NaN fill: 0x7e00 and 0xfe01 are both NaN, 0x7c00 is +Inf
		{numeric.ScalarFromBits(numeric.Float16, 0x7e00, 0), []byte{0x00, 0x7e, 0x01, 0xfe}, true},
		{numeric.ScalarFromBits(numeric.Float16, 0x7e00, 0), []byte{0x00, 0x7e, 0x00, 0x7c}, false},
		// bfloat16 NaN fill: 0x7fc0 and 0xff81 are both NaN, 0x7f80 is +Inf
		{numeric.ScalarFromBits(numeric.BFloat16, 0x7fc0, 0), []byte{0xc0, 0x7f, 0x81, 0xff}, true},
		{numeric.ScalarFromBits(numeric.BFloat16, 0x7fc0, 0), []byte{0xc0, 0x7f, 0x80, 0x7f}, false},
		{numeric.ScalarFromBits(numeric.BFloat16, 0x7fc0, 0), []byte{0xc0, 0x7f, 0x81, 0xff}, true},
		{numeric.ScalarFromBits(numeric.Int16, 0xfff9, 0), []byte{0xf9, 0xff, 0xf9, 0xff}, true},
		{numeric.ScalarFromBits(numeric.Int16, 0xfff9, 0), []byte{0xf9, 0xff, 0xf9, 0x7f}, false},
	} {
		f := newFiller(tc.fill)
		if got := f.isFill(tc.data); got != tc.want {
			t.Errorf("fill %v (%v), data %x: isFill %v, want %v", tc.fill, tc.fill.DataType(), tc.data, got, tc.want)
		}
		buf := make([]byte, len(tc.data))
		f.fill(buf)
		if !f.isFill(buf) {
			t.Errorf("fill %v: what fill writes is not fill: %x", tc.fill, buf)
		}
	}
}

package bytescodec_test

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

// TestFixedLengthStrings checks the byte order of the fixed-length text and
// byte-string types against NumPy's layouts: '>U2' holds "Hi" as
// 00 00 00 48 00 00 00 69 (numpy.array(['Hi'], '>U2').tobytes()), '|S3' and
// '|V2' hold their bytes in either order.
func TestFixedLengthStrings(t *testing.T) {
	u2, _ := numeric.NewFixedLengthUTF32(8)
	s3, _ := numeric.NewNullTerminatedBytes(3)
	v2, _ := numeric.NewRawBytes(2)
	tests := []struct {
		dt      numeric.DataType
		endian  numeric.Endian
		decoded []byte
		encoded []byte
	}{
		{u2, numeric.BigEndian, []byte{'H', 0, 0, 0, 'i', 0, 0, 0}, []byte{0, 0, 0, 'H', 0, 0, 0, 'i'}},
		{u2, numeric.LittleEndian, []byte{'H', 0, 0, 0, 'i', 0, 0, 0}, []byte{'H', 0, 0, 0, 'i', 0, 0, 0}},
		{s3, numeric.BigEndian, []byte("ab\x00"), []byte("ab\x00")},
		{s3, numeric.EndianUnset, []byte("abc"), []byte("abc")},
		{v2, numeric.BigEndian, []byte{1, 2}, []byte{1, 2}},
	}
	for _, tt := range tests {
		c := &bytescodec.Codec{Endian: tt.endian}
		spec := codec.ChunkSpec{DataType: tt.dt, Shape: []int{1}, FillValue: numeric.Zero(tt.dt)}
		fill, _ := numeric.ScalarFromBytes(tt.dt, make([]byte, tt.dt.Size()))
		spec.FillValue = fill
		p, err := codec.NewPipeline(spec, []codec.Codec{c}, nil)
		if err != nil {
			t.Fatalf("%v %v: %v", tt.dt, tt.endian, err)
		}
		enc, err := p.AppendEncode(nil, tt.decoded)
		if err != nil || !bytes.Equal(enc, tt.encoded) {
			t.Errorf("%v %v: encode % x, %v; want % x", tt.dt, tt.endian, enc, err, tt.encoded)
		}
		dec := make([]byte, len(tt.decoded))
		if err := p.Decode(dec, tt.encoded); err != nil || !bytes.Equal(dec, tt.decoded) {
			t.Errorf("%v %v: decode % x, %v", tt.dt, tt.endian, dec, err)
		}
	}
	c := &bytescodec.Codec{Endian: numeric.LittleEndian}
	if _, err := c.ResolveBytes(codec.ChunkSpec{DataType: numeric.String, Shape: []int{1}, FillValue: numeric.Zero(numeric.String)}); err == nil {
		t.Error("bytes codec resolved for string")
	}
}

package scaleoffset

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

var realTypes = []numeric.DataType{
	numeric.Int8, numeric.Int16, numeric.Int32, numeric.Int64,
	numeric.Uint8, numeric.Uint16, numeric.Uint32, numeric.Uint64,
	numeric.Float16, numeric.BFloat16, numeric.Float32, numeric.Float64,
}

// fuzzChunk cuts data to whole elements of dt (at most 1024, at least 1).
func fuzzChunk(dt numeric.DataType, data []byte) []byte {
	n := min(len(data)/dt.Size(), 1024)
	if n == 0 {
		return make([]byte, dt.Size())
	}
	return data[:n*dt.Size()]
}

// FuzzScaleOffset feeds arbitrary configurations and chunk bytes to
// scale_offset. Nothing may panic; for integer types an encoded chunk must
// decode back exactly.
func FuzzScaleOffset(f *testing.F) {
	for _, c := range []string{``, `{}`, `{"offset": 5, "scale": 0.1}`, `{"offset": 1000}`, `{"scale": 100}`,
		`{"offset": -10, "scale": 0.1}`, `{"scale": "0x3c00"}`, `{"offset": "NaN"}`, `{"scale": "Infinity"}`,
		`{"offset": -9223372036854775808, "scale": -1}`, `{"scale": 3037000500}`, `{"scale": 1e-30}`} {
		for i := range realTypes {
			f.Add(c, uint8(i), []byte{0, 1, 2, 3, 0xff, 0x7f, 0x80, 0, 0x10, 0xe8, 0x03, 0, 0, 0, 0xf0, 0x7f})
		}
	}
	f.Fuzz(func(t *testing.T, config string, dti uint8, data []byte) {
		c, err := parseCodec(Name, config)
		if err != nil {
			return
		}
		dt := realTypes[int(dti)%len(realTypes)]
		src := fuzzChunk(dt, data)
		n := len(src) / dt.Size()
		b, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: elements.ScalarAt(dt, src, 0)})
		if err != nil {
			return
		}
		enc := make([]byte, len(src))
		dec := make([]byte, len(src))
		_ = b.DecodeArray(dec, src) // arbitrary stored bytes
		if err := b.EncodeArray(enc, src); err != nil {
			return
		}
		err = b.DecodeArray(dec, enc)
		if dt.IsInteger() && (err != nil || !bytes.Equal(dec, src)) {
			t.Fatalf("%v %s: %x encodes to %x, decodes to %x (%v)", dt, config, src, enc, dec, err)
		}
		if _, err := b.DecodeFill(b.Encoded().FillValue); dt.IsInteger() && err != nil {
			t.Fatalf("fill: %v", err)
		}
	})
}

package packbits

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

var fuzzTypes = []numeric.DataType{numeric.Bool, numeric.Int2, numeric.Uint2, numeric.Int4, numeric.Uint4,
	numeric.Float4E2M1FN, numeric.Float6E2M3FN, numeric.Int8, numeric.Int16, numeric.Uint32, numeric.Float64, numeric.Complex64}

// FuzzConfig reads any configuration: an error or a codec whose
// MarshalJSON reads back to itself.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{`{}`, `{"padding_encoding":"first_byte"}`, `{"first_bit":null,"last_bit":3}`,
		`{"first_bit":2,"last_bit":1}`, `{"last_bit":63}`, `{"padding_encoding":"last_byte","first_bit":0}`, `[]`, `{"x":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cfg string) {
		c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name":"packbits","configuration":`+cfg+`}`), "/codecs/0")
		if err != nil {
			return
		}
		out, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		again, _, err := registry.Default().ParseCodec(out, "/codecs/0")
		if err != nil {
			t.Fatalf("%s does not read back: %v", out, err)
		}
		if out2, _ := again.MarshalJSON(); !bytes.Equal(out, out2) {
			t.Fatalf("%s reads back as %s", out, out2)
		}
	})
}

// FuzzDecode decodes any bytes without panicking; what decodes encodes to
// bytes that decode to the same chunk, and encoding any chunk decodes and
// encodes again to the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add(uint8(0), uint8(1), uint8(0), uint8(255), uint8(9), []byte{1, 0xff, 0x01})
	f.Add(uint8(3), uint8(0), uint8(1), uint8(2), uint8(5), []byte{0x12, 0x34, 0x56})
	f.Add(uint8(8), uint8(2), uint8(3), uint8(11), uint8(4), []byte{0xff, 0xee, 0xdd, 0xcc, 0xbb, 0})
	f.Add(uint8(11), uint8(1), uint8(0), uint8(20), uint8(3), bytes.Repeat([]byte{0xa5}, 40))
	f.Fuzz(func(t *testing.T, ti, pad, first, last, n uint8, data []byte) {
		dt := fuzzTypes[int(ti)%len(fuzzTypes)]
		cfg := map[string]any{"padding_encoding": []string{"none", "first_byte", "last_byte"}[pad%3]}
		if first != 255 {
			cfg["first_bit"] = int(first % 64)
		}
		if last != 255 {
			cfg["last_bit"] = int(last % 64)
		}
		raw, _ := json.Marshal(cfg)
		c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name":"packbits","configuration":`+string(raw)+`}`), "/codecs/0")
		if err != nil {
			return
		}
		shape := []int{1 + int(n)%40}
		b, err := c.(codec.ArrayToBytes).ResolveBytes(codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: numeric.Zero(dt)})
		if err != nil {
			return
		}
		size := shape[0] * dt.Size()
		dec := make([]byte, size)
		if err := b.DecodeBytes(dec, data); err == nil {
			enc, err := b.AppendEncodeBytes(nil, dec)
			if err != nil {
				t.Fatal(err)
			}
			dec2 := make([]byte, size)
			if err := b.DecodeBytes(dec2, enc); err != nil || !bytes.Equal(dec, dec2) {
				t.Fatalf("decode(encode(decode(x))) differs: %x %x %v", dec, dec2, err)
			}
		}
		src := make([]byte, size)
		if len(data) > 0 {
			src = bytes.Repeat(data, size/len(data)+1)[:size]
		}
		enc, err := b.AppendEncodeBytes(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		d := make([]byte, size)
		if err := b.DecodeBytes(d, enc); err != nil {
			t.Fatal(err)
		}
		enc2, _ := b.AppendEncodeBytes(nil, d)
		if !bytes.Equal(enc, enc2) {
			t.Fatalf("encode(decode(encode(x))) differs: %x %x", enc, enc2)
		}
	})
}

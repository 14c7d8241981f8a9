package bytescodec_test

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

// TestBytesCodecSubByte decodes every byte value as each type of fewer
// than 8 bits and checks the value the registry gives it (the low bits,
// the upper bits ignored), then that encoding writes the canonical byte.
// The 8-bit floats pass every byte through.
func TestBytesCodecSubByte(t *testing.T) {
	src := make([]byte, 256)
	for i := range src {
		src[i] = byte(i)
	}
	value := map[numeric.DataType]func(b byte) int{
		numeric.Int2:  func(b byte) int { return int(b&3^2) - 2 },
		numeric.Int4:  func(b byte) int { return int(b&15^8) - 8 },
		numeric.Uint2: func(b byte) int { return int(b & 3) },
		numeric.Uint4: func(b byte) int { return int(b & 15) },
	}
	for _, dt := range []numeric.DataType{numeric.Int2, numeric.Int4, numeric.Uint2, numeric.Uint4,
		numeric.Float6E2M3FN, numeric.Float6E3M2FN, numeric.Float4E2M1FN, numeric.Float8E4M3, numeric.Float8E8M0FNU} {
		for _, e := range []numeric.Endian{numeric.EndianUnset, numeric.BigEndian} {
			p, err := codec.NewPipeline(spec(dt, numeric.Zero(dt), 256), []codec.Codec{&bytescodec.Codec{Endian: e}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			dst := make([]byte, 256)
			if err := p.Decode(dst, src); err != nil {
				t.Fatal(err)
			}
			for b, got := range dst {
				var want byte
				switch {
				case value[dt] != nil:
					want = byte(int8(value[dt](byte(b))))
				case dt.Bits() < 8:
					want = byte(b) & (1<<dt.Bits() - 1)
				default:
					want = byte(b)
				}
				if got != want {
					t.Errorf("%v %v: byte %#02x decodes to %#02x, want %#02x", dt, e, b, got, want)
				}
			}
			// encoding a buffer whose upper bits are set writes the canonical byte
			enc, err := p.AppendEncode(nil, src)
			if err != nil {
				t.Fatal(err)
			}
			for b := range enc {
				if enc[b] != dst[b] {
					t.Errorf("%v %v: encoding %#02x writes %#02x, want %#02x", dt, e, b, enc[b], dst[b])
					break
				}
			}
			if id, ok := any(p).(interface{ IsIdentity() bool }); ok && id.IsIdentity() != (dt.Bits() == 8) {
				t.Errorf("%v: IsIdentity %v", dt, id.IsIdentity())
			}
		}
	}
}

package bytescodec_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzPipelineDecode decodes arbitrary bytes with a bytes-only pipeline of
// every data type, byte order and a small chunk size: decoding never
// panics; a chunk of the right length (with 0/1 bytes for bool) decodes and
// encodes back to the same bytes, anything else is a *StepError wrapping a
// *CorruptError.
func FuzzPipelineDecode(f *testing.F) {
	if raw, err := os.ReadFile("testdata/bytes_vectors.json"); err == nil {
		var file struct {
			Vectors map[string]struct{ LE, BE string }
		}
		if json.Unmarshal(raw, &file) == nil {
			for name, v := range file.Vectors {
				dt, _ := numeric.ParseDataType(name)
				le, _ := hex.DecodeString(v.LE)
				be, _ := hex.DecodeString(v.BE)
				n := uint8(len(le)/dt.Size() - 1)
				f.Add(uint8(dt-1), false, n, le)
				f.Add(uint8(dt-1), true, n, be)
				f.Add(uint8(dt-1), true, n, be[1:])
			}
		}
	}
	for dt, vals := range goldenValues {
		b, _ := binary.Append(nil, binary.BigEndian, vals)
		f.Add(uint8(dt-1), true, uint8(len(b)/dt.Size()-1), b)
	}
	f.Add(uint8(0), false, uint8(3), []byte{0, 1, 2, 1})
	f.Add(uint8(0), false, uint8(0), []byte{})
	f.Fuzz(func(t *testing.T, dtIndex uint8, big bool, n uint8, data []byte) {
		dt := numeric.DataTypes[int(dtIndex)%len(numeric.DataTypes)]
		e := numeric.LittleEndian
		if big {
			e = numeric.BigEndian
		}
		elems := 1 + int(n)%64
		p, err := codec.NewPipeline(spec(dt, numeric.Zero(dt), elems), []codec.Codec{&bytescodec.Codec{Endian: e}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, p.DecodedSize())
		err = p.Decode(dst, data)
		valid := len(data) == p.DecodedSize()
		if dt == numeric.Bool {
			for _, b := range data {
				valid = valid && b <= 1
			}
		}
		if !valid {
			var se *codec.StepError
			var ce *codec.CorruptError
			if !errors.As(err, &se) || !errors.As(err, &ce) {
				t.Fatalf("%v %v: decoding %d bytes gave %v, want a corrupt-chunk error", dt, e, len(data), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%v %v: valid chunk: %v", dt, e, err)
		}
		want := data
		if dt.Bits() < 8 { // the stored upper bits are dropped: re-encoding writes the canonical byte
			want = bytes.Clone(data)
			numeric.CanonicalizeBytes(dt, want)
		}
		enc, err := p.AppendEncode(nil, dst)
		if err != nil || !bytes.Equal(enc, want) {
			t.Fatalf("%v %v: re-encoding gives % x, %v; want % x", dt, e, enc, err, want)
		}
	})
}

package transpose_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/transpose"
	"github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzVlen: transposing any vlen-form chunk of a 2x3 or 3x2x1 string chunk
// either fails or gives a valid chunk that transposes back to the input.
func FuzzVlen(f *testing.F) {
	chunk := binary.LittleEndian.AppendUint32(nil, 6)
	for _, s := range []string{"a", "", "bc", "d", "é", "f"} {
		chunk = binary.LittleEndian.AppendUint32(chunk, uint32(len(s)))
		chunk = append(chunk, s...)
	}
	f.Add(false, chunk)
	f.Add(true, chunk)
	f.Fuzz(func(t *testing.T, three bool, src []byte) {
		shape, order := []int{2, 3}, []int{1, 0}
		if three {
			shape, order = []int{3, 2, 1}, []int{2, 0, 1}
		}
		tc, err := transpose.New(order)
		if err != nil {
			t.Fatal(err)
		}
		p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Bytes, Shape: shape, FillValue: numeric.Zero(numeric.Bytes)},
			[]codec.Codec{tc, &vlen.Bytes{}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			return
		}
		if len(enc) != len(src) {
			t.Fatalf("%d bytes encoded to %d", len(src), len(enc))
		}
		back, err := p.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, src) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

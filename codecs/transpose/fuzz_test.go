package transpose

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// FuzzTranspose feeds arbitrary configurations, chunk shapes and element
// sizes. Configuration errors are fine; a configuration that parses must
// resolve for a chunk of its rank, encode as the index-arithmetic
// reference does, and decode back to the input.
func FuzzTranspose(f *testing.F) {
	for _, c := range []string{`{"order": [1, 0]}`, `{"order": [2, 1, 0]}`, `{"order": [0, 2, 1]}`, `{"order": [3, 1, 0, 2]}`,
		`{"order": [4, 0, 3, 1, 2]}`, `{"order": [0]}`, `{"order": []}`, `{"order": "F"}`, `{"order": [1, 1]}`} {
		f.Add(c, []byte{3, 70, 5, 9, 2}, uint8(2), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
		f.Add(c, []byte{1, 1, 17, 8, 64}, uint8(0), []byte{0xff})
	}
	f.Fuzz(func(t *testing.T, config string, dims []byte, sizeIndex uint8, data []byte) {
		c, _, err := registry.Default().ParseCodec([]byte(`{"name": "transpose", "configuration": `+config+`}`), "/codecs/0")
		if err != nil {
			return
		}
		order := c.(*Codec).Order()
		if len(order) > 6 {
			return
		}
		shape := make([]int, len(order))
		n := 1
		for d := range shape {
			shape[d] = 1
			if d < len(dims) {
				shape[d] = 1 + int(dims[d])%80
			}
			n *= shape[d]
		}
		if n > 1<<15 {
			return
		}
		sz := sizes[int(sizeIndex)%len(sizes)]
		b, err := c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: sz.dt, Shape: shape, FillValue: numeric.Zero(sz.dt)})
		if err != nil {
			t.Fatalf("order %v, shape %v: %v", order, shape, err)
		}
		src := make([]byte, n*sz.size)
		for i := range src {
			if len(data) > 0 {
				src[i] = data[i%len(data)] + byte(i/len(data))
			}
		}
		got := make([]byte, len(src))
		if err := b.EncodeArray(got, src); err != nil {
			t.Fatal(err)
		}
		if want := refTranspose(src, sz.size, shape, order); !bytes.Equal(got, want) {
			t.Fatalf("order %v shape %v size %d: encode differs from the reference", order, shape, sz.size)
		}
		back := make([]byte, len(src))
		if err := b.DecodeArray(back, got); err != nil || !bytes.Equal(back, src) {
			t.Fatalf("order %v shape %v size %d: decode does not invert encode (%v)", order, shape, sz.size, err)
		}
	})
}

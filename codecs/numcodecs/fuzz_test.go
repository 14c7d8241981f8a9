package numcodecs

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// FuzzNumcodecs feeds arbitrary configurations and chunks to
// numcodecs.fixedscaleoffset and numcodecs.astype. Nothing may panic, and
// the whole-chunk kernels must agree bit for bit with the element-by-element
// NumPy model.
func FuzzNumcodecs(f *testing.F) {
	data, err := readVectors()
	if err != nil {
		f.Fatal(err)
	}
	for _, tc := range data {
		in, _ := decodeHex(tc.Input)
		f.Add(string(tc.entry()), in)
	}
	f.Fuzz(func(t *testing.T, entry string, data []byte) {
		c, _, err := registry.Default().ParseCodec([]byte(entry), "/codecs/0")
		if err != nil || c == nil {
			return
		}
		var dt numeric.DataType
		switch c := c.(type) {
		case *FixedScaleOffset:
			dt = c.dtype
		case *AsType:
			dt = c.decode
		default:
			return
		}
		src := fuzzChunk(dt, data)
		n := len(src) / dt.Size()
		bb, err := c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: scalarAt(dt, src, 0)})
		if err != nil {
			t.Fatalf("resolve: %v", err)
		}
		b := bb.(*npBound)
		model := *b
		model.encKernel, model.decKernel = nil, nil
		edt := b.Encoded().DataType
		enc := make([]byte, n*edt.Size())
		enc2 := make([]byte, n*edt.Size())
		if err := b.EncodeArray(enc, src); err != nil {
			t.Fatal(err)
		}
		if err := model.EncodeArray(enc2, src); err != nil || !bytes.Equal(enc, enc2) {
			t.Fatalf("encode: kernel %x, model %x (%v)", enc, enc2, err)
		}
		// decode arbitrary stored bytes too
		stored := make([]byte, n*edt.Size())
		copy(stored, data)
		dec, dec2 := make([]byte, len(src)), make([]byte, len(src))
		if err := b.DecodeArray(dec, stored); err != nil {
			t.Fatal(err)
		}
		if err := model.DecodeArray(dec2, stored); err != nil || !bytes.Equal(dec, dec2) {
			t.Fatalf("decode: kernel %x, model %x (%v)", dec, dec2, err)
		}
	})
}

func readVectors() ([]numcodecsCase, error) {
	raw, err := readFile(vectorsPath)
	if err != nil {
		return nil, err
	}
	var file struct {
		Cases []numcodecsCase `json:"cases"`
	}
	err = json.Unmarshal(raw, &file)
	return file.Cases, err
}

package numcodecs

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
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

// fuzzFloatTypes are the array types FuzzFilters gives bitround.
var fuzzFloatTypes = []numeric.DataType{numeric.Float16, numeric.Float32, numeric.Float64}

// FuzzFilters feeds arbitrary configurations and chunks to numcodecs.delta,
// bitround, quantize and packbits. Nothing may panic; the whole-chunk
// loops must agree bit for bit with the element-by-element NumPy model;
// packbits and same-type integer delta must round-trip; bitround must be
// idempotent; and decoding arbitrary stored bytes fails only where the
// format can be corrupt (packbits' padding count).
func FuzzFilters(f *testing.F) {
	v := readFilterVectors(f)
	for _, tc := range v.Cases {
		in := tc.Encoded
		if tc.Input != nil {
			in = *tc.Input
		}
		data := testvec.Hex(in)
		for i := range fuzzFloatTypes {
			f.Add(string(tc.entry()), uint8(i), data)
		}
	}
	f.Fuzz(func(t *testing.T, entry string, dti uint8, data []byte) {
		c, _, err := registry.Default().ParseCodec([]byte(entry), "/codecs/0")
		if err != nil || c == nil {
			return
		}
		var dt numeric.DataType
		switch c := c.(type) {
		case *Delta:
			dt = c.dtype.dt
		case *Quantize:
			dt = c.dtype.dt
		case *BitRound:
			dt = fuzzFloatTypes[int(dti)%len(fuzzFloatTypes)]
		case *PackBits:
			dt = numeric.Bool
		default:
			return
		}
		src := fuzzChunk(dt, data)
		n := len(src) / dt.Size()
		fill := numeric.Zero(dt)
		if dt != numeric.Bool {
			fill = scalarAt(dt, src, 0)
		}
		b, err := c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: fill})
		if err != nil {
			if _, ok := c.(*BitRound); ok && errors.Is(err, codec.ErrConfig) {
				return // keepbits beyond this type's mantissa
			}
			t.Fatalf("resolve: %v", err)
		}
		if _, err := b.DecodeFill(b.Encoded().FillValue); err != nil {
			t.Fatalf("DecodeFill: %v", err)
		}
		esize := b.Encoded().Size()
		enc := make([]byte, esize)
		encErr := b.EncodeArray(enc, src)
		var ee *codec.ElementError
		if encErr != nil && !errors.As(encErr, &ee) {
			t.Fatalf("encode: %v", encErr)
		}
		stored := make([]byte, esize)
		copy(stored, data)
		dec := make([]byte, len(src))
		decErr := b.DecodeArray(dec, stored)
		if _, ok := c.(*PackBits); decErr != nil && !(ok && errors.Is(decErr, codec.ErrCorrupt)) {
			t.Fatalf("decode %x: %v", stored, decErr)
		}
		if m := withoutKernels(b); m != nil {
			enc2 := make([]byte, esize)
			if err := m.EncodeArray(enc2, src); !sameErr(err, encErr) || encErr == nil && !bytes.Equal(enc, enc2) {
				t.Fatalf("encode %x: loop %x %v, model %x %v", src, enc, encErr, enc2, err)
			}
			dec2 := make([]byte, len(src))
			if err := m.DecodeArray(dec2, stored); !sameErr(err, decErr) || !bytes.Equal(dec, dec2) {
				t.Fatalf("decode %x: loop %x, model %x (%v)", stored, dec, dec2, err)
			}
		}
		if encErr != nil {
			return
		}
		back := make([]byte, len(src))
		switch c := c.(type) {
		case *PackBits:
			if err := b.DecodeArray(back, enc); err != nil {
				t.Fatal(err)
			}
			for i, x := range src {
				if back[i] != b2b(x != 0) {
					t.Fatalf("packbits: element %d is %d, decoded %d", i, x, back[i])
				}
			}
		case *BitRound:
			again := make([]byte, esize)
			if err := b.EncodeArray(again, enc); err != nil || !bytes.Equal(again, enc) {
				t.Fatalf("bitround is not idempotent: %x -> %x -> %x", src, enc, again)
			}
		case *Delta:
			if c.dtype == c.astype && dt.IsInteger() {
				if err := b.DecodeArray(back, enc); err != nil || !bytes.Equal(back, src) {
					t.Fatalf("delta %v: %x -> %x -> %x", dt, src, enc, back)
				}
			}
		}
	})
}

func b2b(v bool) byte {
	if v {
		return 1
	}
	return 0
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error()
}

package codec_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

func bytesPipeline(t testing.TB, dt numeric.DataType, e numeric.Endian, n int) *codec.Pipeline {
	t.Helper()
	p, err := codec.NewPipeline(spec(dt, numeric.Zero(dt), n), []codec.Codec{&bytescodec.Codec{Endian: e}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEncodeDecodeSlice(t *testing.T) {
	p := bytesPipeline(t, numeric.Float64, numeric.BigEndian, 3)
	vals := []float64{1.5, -0.25, math.Inf(1)}
	enc, err := codec.AppendEncodeSlice(p, nil, vals)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := binary.Append(nil, binary.BigEndian, vals)
	if !slices.Equal(enc, want) {
		t.Errorf("AppendEncodeSlice = % x, want % x", enc, want)
	}
	back := make([]float64, 3)
	if err := codec.DecodeSlice(p, back, enc); err != nil || !slices.Equal(back, vals) {
		t.Errorf("DecodeSlice = %v, %v", back, err)
	}

	cp := bytesPipeline(t, numeric.Complex64, numeric.LittleEndian, 2)
	cvals := []complex64{complex(1, 2), complex(-3, 4)}
	enc, err = codec.AppendEncodeSlice(cp, []byte("x"), cvals)
	want, _ = binary.Append([]byte("x"), binary.LittleEndian, cvals)
	if err != nil || !slices.Equal(enc, want) {
		t.Errorf("AppendEncodeSlice(complex64) = % x, %v", enc, err)
	}
	cback := make([]complex64, 2)
	if err := codec.DecodeSlice(cp, cback, enc[1:]); err != nil || !slices.Equal(cback, cvals) {
		t.Errorf("DecodeSlice(complex64) = %v, %v", cback, err)
	}

	hp := bytesPipeline(t, numeric.Float16, numeric.BigEndian, 2)
	enc, err = codec.AppendEncodeSlice(hp, nil, []numeric.F16{0x3c00, 0x7e01})
	if err != nil || !slices.Equal(enc, []byte{0x3c, 0x00, 0x7e, 0x01}) {
		t.Errorf("AppendEncodeSlice(F16) = % x, %v", enc, err)
	}
}

func TestEncodeDecodeSliceErrors(t *testing.T) {
	p := bytesPipeline(t, numeric.Float64, numeric.LittleEndian, 3)
	// wrong element type
	out, err := codec.AppendEncodeSlice(p, []byte("keep"), []float32{1, 2, 3})
	var te *codec.SliceTypeError
	if !errors.As(err, &te) || string(out) != "keep" || te.Got != numeric.Float32 || te.Want != numeric.Float64 {
		t.Errorf("AppendEncodeSlice([]float32) = %q, %v", out, err)
	}
	if err := codec.DecodeSlice(p, make([]int64, 3), make([]byte, 24)); err == nil {
		t.Errorf("DecodeSlice([]int64) succeeded on a float64 pipeline")
	}
	// wrong length
	for _, n := range []int{0, 2, 4} {
		_, err := codec.AppendEncodeSlice(p, nil, make([]float64, n))
		var se *codec.SizeError
		if !errors.As(err, &se) || se.Got != n || se.Want != 3 || se.What != "element slice" || se.Unit != codec.UnitElements ||
			se.Error() != fmt.Sprintf("element slice has %d elements, want 3", n) {
			t.Errorf("AppendEncodeSlice of %d elements: %v", n, err)
		}
		err = codec.DecodeSlice(p, make([]float64, n), make([]byte, 24))
		if !errors.As(err, &se) || se.Got != n {
			t.Errorf("DecodeSlice into %d elements: %v", n, err)
		}
	}
	// a corrupt chunk comes back from Decode
	if err := codec.DecodeSlice(p, make([]float64, 3), make([]byte, 23)); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("DecodeSlice of a short chunk: %v", err)
	}
	bp := bytesPipeline(t, numeric.Bool, numeric.EndianUnset, 2)
	if err := codec.DecodeSlice(bp, make([]bool, 2), []byte{1, 2}); !errors.Is(err, codec.ErrCorrupt) {
		t.Errorf("DecodeSlice of bool byte 2: %v", err)
	}
}

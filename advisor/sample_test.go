package advisor

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestNewSampleBytes checks the chunks NewSample stores against encodings
// written independently with encoding/binary, for a real, a complex and a
// bool type, and that a complex sample is advised on losslessly.
func TestNewSampleBytes(t *testing.T) {
	f := []float32{1.5, -2, float32(math.Inf(1))}
	s, err := NewSample(codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{3}, FillValue: numeric.FloatScalar(numeric.Float32, 0)}, f)
	if err != nil {
		t.Fatal(err)
	}
	want := binary.LittleEndian.AppendUint32(nil, math.Float32bits(f[0]))
	want = binary.LittleEndian.AppendUint32(want, math.Float32bits(f[1]))
	want = binary.LittleEndian.AppendUint32(want, math.Float32bits(f[2]))
	if string(s.Chunks[0]) != string(want) {
		t.Errorf("float32 chunk % x, want % x", s.Chunks[0], want)
	}

	c := []complex64{complex(1, -3), complex(0.25, 8)}
	cspec := codec.ChunkSpec{DataType: numeric.Complex64, Shape: []int{2}, FillValue: numeric.ScalarOf(complex64(0))}
	s, err = NewSample(cspec, c)
	if err != nil {
		t.Fatal(err)
	}
	want = nil
	for _, v := range c {
		want = binary.LittleEndian.AppendUint32(want, math.Float32bits(real(v)))
		want = binary.LittleEndian.AppendUint32(want, math.Float32bits(imag(v)))
	}
	if string(s.Chunks[0]) != string(want) {
		t.Errorf("complex64 chunk % x, want % x", s.Chunks[0], want)
	}
	rep, err := Advise(context.Background(), s, &Options{Compressors: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	if ch := rep.Chosen(); ch == nil || ch.Errors.Elements != 2 {
		t.Errorf("complex64 sample: chosen %+v, want a lossless chain measured on 2 elements", ch)
	}

	s, err = NewSample(codec.ChunkSpec{DataType: numeric.Bool, Shape: []int{3}, FillValue: numeric.ScalarOf(false)}, []bool{true, false, true})
	if err != nil {
		t.Fatal(err)
	}
	if string(s.Chunks[0]) != "\x01\x00\x01" {
		t.Errorf("bool chunk % x, want 01 00 01", s.Chunks[0])
	}
}

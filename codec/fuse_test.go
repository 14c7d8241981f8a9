package codec_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

// fusingAddOne is addOne whose bound form fuses with a following addOne
// into one pass that adds 2; it counts the fused passes it runs.
type fusingAddOne struct{ passes *int }

func (fusingAddOne) Name() string                 { return "fusing_add_one" }
func (fusingAddOne) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("fusing_add_one", nil) }
func (f fusingAddOne) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	b, err := addOne{}.ResolveArray(s)
	if err != nil {
		return nil, err
	}
	return boundFusingAddOne{b.(boundAddOne), f.passes}, nil
}

type boundFusingAddOne struct {
	boundAddOne
	passes *int
}

func (b boundFusingAddOne) FuseNext(next codec.BoundArrayToArray) (codec.Fused, bool) {
	nb, ok := next.(boundAddOne)
	if !ok {
		return nil, false
	}
	return fusedAddTwo{nb.Encoded(), b.passes, 1}, true
}

// prevFusingAddOne is addOne whose bound form fuses with an addOne before
// it; errors of the fused pass are blamed on the first codec.
type prevFusingAddOne struct{ passes *int }

func (prevFusingAddOne) Name() string { return "prev_fusing_add_one" }
func (prevFusingAddOne) MarshalJSON() ([]byte, error) {
	return codec.MarshalCodec("prev_fusing_add_one", nil)
}
func (f prevFusingAddOne) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	b, err := addOne{}.ResolveArray(s)
	if err != nil {
		return nil, err
	}
	return boundPrevFusingAddOne{b.(boundAddOne), f.passes}, nil
}

type boundPrevFusingAddOne struct {
	boundAddOne
	passes *int
}

func (b boundPrevFusingAddOne) FusePrev(prev codec.BoundArrayToArray) (codec.Fused, bool) {
	if _, ok := prev.(boundAddOne); !ok {
		return nil, false
	}
	return fusedAddTwo{b.Encoded(), b.passes, 0}, true
}

type fusedAddTwo struct {
	enc    codec.ChunkSpec
	passes *int
	blame  int // the codec StepOf names for the 0xfe refusal
}

func (f fusedAddTwo) Encoded() codec.ChunkSpec { return f.enc }
func (f fusedAddTwo) EncodeArray(dst, src []byte) error {
	*f.passes++
	if len(src) > 0 && src[0] == 0xfe {
		return errors.New("refuses 0xfe")
	}
	for i, v := range src {
		dst[i] = v + 2
	}
	return nil
}
func (f fusedAddTwo) DecodeArray(dst, src []byte) error {
	*f.passes++
	for i, v := range src {
		dst[i] = v - 2
	}
	return nil
}

// StepOf blames the codec the pair was built to blame.
func (f fusedAddTwo) StepOf(err error) int { return f.blame }

func (fusedAddTwo) DecodeFill(e numeric.Scalar) (numeric.Scalar, error) {
	v, _ := e.Uint64()
	return numeric.ScalarFromBits(numeric.Uint8, v-2, 0), nil
}

func TestFusedArrayPasses(t *testing.T) {
	passes := 0
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{4}, FillValue: numeric.ScalarOf(uint8(7))}
	p, err := codec.NewPipeline(spec, []codec.Codec{fusingAddOne{&passes}, addOne{}, addOne{}, &bytescodec.Codec{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.ArrayPasses(), []string{"fusing_add_one+add_one", "add_one"}; !slices.Equal(got, want) {
		t.Errorf("ArrayPasses = %q, want %q", got, want)
	}
	// Steps still describe every codec, with the fill threaded through each.
	steps := p.Steps()
	if len(steps) != 4 || steps[1].Encoded.FillValue != numeric.ScalarOf(uint8(9)) || steps[2].Encoded.FillValue != numeric.ScalarOf(uint8(10)) {
		t.Errorf("steps = %+v", steps)
	}
	enc, err := p.AppendEncode(nil, []byte{0, 1, 2, 253})
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{3, 4, 5, 0}; !bytes.Equal(enc, want) || passes != 1 {
		t.Errorf("encoded %v with %d fused passes, want %v with 1", enc, passes, want)
	}
	dec := make([]byte, 4)
	if err := p.Decode(dec, enc); err != nil || !bytes.Equal(dec, []byte{0, 1, 2, 253}) || passes != 2 {
		t.Errorf("decoded %v (%v) with %d fused passes", dec, err, passes)
	}
	// An error in the fused pass names the codec the fused pass blames.
	_, err = p.AppendEncode(nil, []byte{0xfe, 0, 0, 0})
	var se *codec.StepError
	if !errors.As(err, &se) || se.Index != 1 || se.Codec != "add_one" {
		t.Errorf("fused error = %v", err)
	}
	// No fusion when the next codec is not one the first can fuse with.
	p, err = codec.NewPipeline(spec, []codec.Codec{fusingAddOne{&passes}, fillMapper{decoded: numeric.ScalarOf(uint8(8))}, &bytescodec.Codec{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.ArrayPasses(); len(got) != 2 {
		t.Errorf("ArrayPasses = %q, want two unfused passes", got)
	}
	// A following codec that fuses backwards is asked when the codec before
	// it does not fuse forwards.
	p, err = codec.NewPipeline(spec, []codec.Codec{addOne{}, prevFusingAddOne{&passes}, addOne{}, &bytescodec.Codec{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.ArrayPasses(), []string{"add_one+prev_fusing_add_one", "add_one"}; !slices.Equal(got, want) {
		t.Errorf("ArrayPasses = %q, want %q", got, want)
	}
	passes = 0
	enc, err = p.AppendEncode(nil, []byte{0, 1, 2, 253})
	if want := []byte{3, 4, 5, 0}; err != nil || !bytes.Equal(enc, want) || passes != 1 {
		t.Errorf("encoded %v (%v) with %d fused passes, want %v with 1", enc, err, passes, want)
	}
	_, err = p.AppendEncode(nil, []byte{0xfe, 0, 0, 0})
	if !errors.As(err, &se) || se.Index != 0 || se.Codec != "add_one" {
		t.Errorf("fused error = %v, want one naming codec 0", err)
	}
}

package codec_test

import (
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestFillModes checks decisions D17: a failed fill round trip is an error
// under FillStrict, a warning under FillWarn, and a warning in both modes
// for an advisory codec; it is always computed and reported.
func TestFillModes(t *testing.T) {
	fill := numeric.ScalarFromBits(numeric.Uint8, 7, 0)
	wrong := numeric.ScalarFromBits(numeric.Uint8, 9, 0)
	cases := []struct {
		name       string
		codecs     []codec.Codec
		strictFail bool
		index      int
		advisory   bool
	}{
		{"mismatch", []codec.Codec{addOne{}, fillMapper{decoded: wrong}, littleBytes}, true, 1, false},
		{"advisory mismatch", []codec.Codec{addOne{}, advisoryMapper{fillMapper{decoded: wrong}}, littleBytes}, false, 1, true},
		{"decode error", []codec.Codec{fillMapper{err: errors.New("no")}, littleBytes}, true, 0, false},
	}
	for _, tc := range cases {
		for _, mode := range []codec.FillMode{codec.FillStrict, codec.FillWarn} {
			p, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), tc.codecs, &codec.Options{FillMode: mode})
			if mode == codec.FillStrict && tc.strictFail {
				var fe *codec.FillRoundTripError
				if !errors.As(err, &fe) {
					t.Errorf("%s, %v: error %v, want a *FillRoundTripError", tc.name, mode, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s, %v: %v", tc.name, mode, err)
				continue
			}
			if p.FillMode() != mode {
				t.Errorf("FillMode = %v, want %v", p.FillMode(), mode)
			}
			w := p.Warnings()
			if len(w) != 1 || fillErr(w[0]).Index != tc.index || fillErr(w[0]).Codec != tc.codecs[tc.index].Name() || fillErr(w[0]).Advisory != tc.advisory || w[0].Err == nil {
				t.Errorf("%s, %v: warnings %+v", tc.name, mode, w)
				continue
			}
			// The pipeline works: the fill round trip only concerns fills.
			in := []byte{1, 2, 3}
			enc, err := p.AppendEncode(nil, in)
			out := make([]byte, 3)
			if err != nil || p.Decode(out, enc) != nil || string(out) != string(in) {
				t.Errorf("%s, %v: round trip of data failed: %v", tc.name, mode, err)
			}
		}
	}
	// The default is strict; warnings of a clean chain are empty.
	if _, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), cases[0].codecs, nil); !errors.Is(err, codec.ErrFillRoundTrip) {
		t.Errorf("default mode accepted a failed round trip: %v", err)
	}
	p, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{addOne{}, littleBytes}, &codec.Options{FillMode: codec.FillWarn})
	if err != nil || len(p.Warnings()) != 0 {
		t.Errorf("clean chain: %v, %v", p.Warnings(), err)
	}
}

// TestFillThatDoesNotEncode checks a codec that cannot encode the fill at
// all: an error when strict; when warning, the codec is resolved with the
// zero fill as a stand-in and the warning keeps the encoding error.
func TestFillThatDoesNotEncode(t *testing.T) {
	fill := numeric.ScalarFromBits(numeric.Uint8, 7, 0)
	_, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{noFill{}, littleBytes}, nil)
	var fe *codec.FillRoundTripError
	var se *codec.StepError
	if !errors.As(err, &se) || se.Index != 0 || !errors.As(err, &fe) || !errors.Is(err, errNoFill) {
		t.Fatalf("strict: %v", err)
	}
	p, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{noFill{}, addOne{}, littleBytes}, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatal(err)
	}
	w := p.Warnings()
	if len(w) != 1 || fillErr(w[0]).Index != 0 || !errors.Is(w[0].Err, errNoFill) || fillErr(w[0]).Original != fill {
		t.Fatalf("warnings %+v", w)
	}
	if want := "codec 0 (no_fill): fill value 7 (uint8) cannot be encoded: only one value encodes"; w[0].String() != want {
		t.Errorf("warning %q, want %q", w[0].String(), want)
	}
	steps := p.Steps()
	if steps[0].Decoded.FillValue != fill || steps[1].Decoded.FillValue != numeric.Zero(numeric.Uint8) || p.Spec().FillValue != fill {
		t.Errorf("specs: %v / %v / %v", steps[0].Decoded, steps[1].Decoded, p.Spec())
	}
	// A stand-in offered by the codec is used instead of zero; with none
	// that encodes, the failure stays an error.
	p, err = codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{noFill{accept: 42, offer: true}, littleBytes}, &codec.Options{FillMode: codec.FillWarn})
	if err != nil || p.Steps()[1].Decoded.FillValue != numeric.ScalarFromBits(numeric.Uint8, 42, 0) || len(p.Warnings()) != 1 {
		t.Errorf("offered stand-in: %v", err)
	}
	if _, err = codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{noFill{accept: 42}, littleBytes}, &codec.Options{FillMode: codec.FillWarn}); !errors.Is(err, errNoFill) {
		t.Errorf("no stand-in encodes: %v", err)
	}
	// Another resolution error is an error in every mode.
	_, err = codec.NewPipeline(spec(numeric.Int8, numeric.Zero(numeric.Int8), 3), []codec.Codec{noFill{}, littleBytes}, &codec.Options{FillMode: codec.FillWarn})
	if err == nil || errors.Is(err, codec.ErrFillRoundTrip) {
		t.Errorf("int8 chunk: %v", err)
	}
}

package codec_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// holder is an array->bytes codec that holds a chain of its own, as
// sharding_indexed does: it encodes a chunk with its inner chain, resolved
// with the options the holder was given (codec.ChainHolder), and reports
// that chain's warnings (codec.NestedWarner), with the JSON pointers of
// the inner entries when pointer is set.
type holder struct {
	inner   []codec.Codec
	pointer string
	opts    *codec.Options
}

func (holder) Name() string                 { return "holder" }
func (holder) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("holder", nil) }
func (h holder) WithOptions(opts *codec.Options) codec.Codec {
	h.opts = opts
	return h
}
func (h holder) ResolveBytes(s codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	p, err := codec.NewPipeline(s, h.inner, h.opts)
	if err != nil {
		return nil, &codec.ConfigError{Codec: "holder", Key: "inner", Reason: err.Error(), Err: err}
	}
	return boundHolder{h, p}, nil
}

type boundHolder struct {
	h holder
	p *codec.Pipeline
}

func (b boundHolder) Encoded() codec.BytesSpec { return b.p.Encoded() }
func (b boundHolder) AppendEncodeBytes(dst, src []byte) ([]byte, error) {
	return b.p.AppendEncode(dst, src)
}
func (b boundHolder) DecodeBytes(dst, src []byte) error { return b.p.Decode(dst, src) }
func (b boundHolder) NestedWarnings() []codec.Warning {
	var out []codec.Warning
	for _, w := range b.p.Warnings() {
		e := w.Err.(*codec.FillRoundTripError)
		if b.h.pointer != "" && w.Pointer == "" {
			w.Pointer = fmt.Sprintf("%s/%d", b.h.pointer, e.Index)
		}
		e.Nested = append([]codec.NestedStep{{Chain: "inner", Index: e.Index, Codec: e.Codec}}, e.Nested...)
		out = append(out, w)
	}
	return out
}

// fillErr returns the *codec.FillRoundTripError of a pipeline's warning.
func fillErr(w codec.Warning) *codec.FillRoundTripError {
	e, _ := w.Err.(*codec.FillRoundTripError)
	return e
}

// kindChanger is a ChainHolder whose WithOptions breaks the contract by
// returning a codec of another kind.
type kindChanger struct{ holder }

func (kindChanger) WithOptions(*codec.Options) codec.Codec { return addOne{} }

// TestNestedFillMode checks that the fill mode of a pipeline reaches the
// chains nested in its codecs, at every depth, and that their warnings come
// back through the outer pipeline with the path to the failing codec.
func TestNestedFillMode(t *testing.T) {
	fill := numeric.ScalarFromBits(numeric.Uint8, 7, 0)
	wrong := numeric.ScalarFromBits(numeric.Uint8, 5, 0)
	inner := []codec.Codec{addOne{}, fillMapper{decoded: wrong}, littleBytes}
	chain := []codec.Codec{addOne{}, holder{inner: inner, pointer: "/codecs/1/configuration/inner"}, xorBytes{}}

	_, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), chain, nil)
	var se *codec.StepError
	if !errors.As(err, &se) || se.Index != 1 || !errors.Is(err, codec.ErrFillRoundTrip) || !strings.Contains(err.Error(), "codec 1 (fill_mapper)") {
		t.Fatalf("strict: %v, want a fill round trip error of the inner fill_mapper inside codec 1", err)
	}

	p, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), chain, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatalf("warn: %v", err)
	}
	w := p.Warnings()
	if len(w) != 1 {
		t.Fatalf("warnings %+v, want one", w)
	}
	want := codec.FillRoundTripError{Index: 1, Codec: "holder", Nested: []codec.NestedStep{{Chain: "inner", Index: 1, Codec: "fill_mapper"}}}
	if got := fillErr(w[0]); got == nil || got.Index != want.Index || got.Codec != want.Codec || fmt.Sprint(got.Nested) != fmt.Sprint(want.Nested) || w[0].Pointer != "/codecs/1/configuration/inner/1" || got.Advisory || got.Decoded != wrong {
		t.Errorf("warning %+v, want %+v", got, want)
	}
	if got, want := w[0].Message, "codec 1 (holder) > inner codec 1 (fill_mapper): fill value 9 (uint8) encodes to 9 (uint8) but decodes back to 5"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	// The caller's copy is its own.
	fillErr(w[0]).Nested[0].Codec = "changed"
	if fillErr(p.Warnings()[0]).Nested[0].Codec != "fill_mapper" {
		t.Error("changing Warnings() changed the pipeline")
	}
	// Steps report the codec as given, and the chain works.
	if _, ok := p.Steps()[1].Codec.(holder); !ok || p.Steps()[1].Codec.(holder).opts != nil {
		t.Errorf("step 1 codec is %#v, want the holder as given", p.Steps()[1].Codec)
	}
	in := []byte{1, 2, 3}
	enc, err := p.AppendEncode(nil, in)
	out := make([]byte, 3)
	if err != nil || p.Decode(out, enc) != nil || string(out) != string(in) {
		t.Errorf("round trip through the holder: %v", err)
	}
}

// TestNestedTwice nests a holder in a holder: the mode goes down two levels
// and the path comes back with both.
func TestNestedTwice(t *testing.T) {
	fill := numeric.ScalarFromBits(numeric.Uint8, 7, 0)
	deepest := []codec.Codec{advisoryMapper{fillMapper{decoded: numeric.ScalarFromBits(numeric.Uint8, 1, 0)}}, fillMapper{err: errors.New("no")}, littleBytes}
	chain := []codec.Codec{holder{inner: []codec.Codec{holder{inner: deepest}}}}
	if _, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), chain, nil); !errors.Is(err, codec.ErrFillRoundTrip) {
		t.Fatalf("strict: %v", err)
	}
	p, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), chain, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, w := range p.Warnings() {
		paths = append(paths, fmt.Sprintf("%s advisory=%v", fillErr(w).Path(), fillErr(w).Advisory))
	}
	want := []string{
		"codec 0 (holder) > inner codec 0 (holder) > inner codec 0 (advisory_mapper) advisory=true",
		"codec 0 (holder) > inner codec 0 (holder) > inner codec 1 (fill_mapper) advisory=false",
	}
	if fmt.Sprint(paths) != fmt.Sprint(want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
	// An advisory failure alone is a warning in strict mode too.
	p, err = codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{holder{inner: []codec.Codec{holder{inner: []codec.Codec{deepest[0], littleBytes}}}}}, nil)
	if err != nil || len(p.Warnings()) != 1 || !fillErr(p.Warnings()[0]).Advisory {
		t.Errorf("strict, advisory only: %v, %+v", err, p.Warnings())
	}
}

func TestChainHolderThatChangesKind(t *testing.T) {
	fill := numeric.ScalarFromBits(numeric.Uint8, 7, 0)
	_, err := codec.NewPipeline(spec(numeric.Uint8, fill, 3), []codec.Codec{kindChanger{}}, nil)
	var se *codec.StepError
	if !errors.As(err, &se) || se.Index != 0 || !errors.Is(err, codec.ErrConfig) {
		t.Fatalf("got %v, want a configuration error of codec 0", err)
	}
}

// TestPipelineIdentity checks that a pipeline is an Identity exactly when
// every codec of it passes bytes through, and that CheckIdentity reports
// what Decode would.
func TestPipelineIdentity(t *testing.T) {
	fill := numeric.Zero(numeric.Uint16)
	var _ codec.Identity = (*codec.Pipeline)(nil)
	for _, tc := range []struct {
		name     string
		codecs   []codec.Codec
		identity bool
	}{
		{"little bytes", []codec.Codec{littleBytes}, true},
		{"big bytes", []codec.Codec{bigBytes}, false},
		{"bytes then xor", []codec.Codec{littleBytes, xorBytes{}}, false},
		{"widen then bytes", []codec.Codec{widen{}, littleBytes}, false},
	} {
		dt := numeric.Uint16
		if tc.name == "widen then bytes" {
			dt, fill = numeric.Int16, numeric.Zero(numeric.Int16)
		}
		p, err := codec.NewPipeline(spec(dt, fill, 3), tc.codecs, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if p.IsIdentity() != tc.identity {
			t.Errorf("%s: IsIdentity() = %v", tc.name, p.IsIdentity())
		}
		if p.ArrayToBytes() == nil {
			t.Errorf("%s: no array->bytes codec", tc.name)
		}
		err = p.CheckIdentity(make([]byte, 6))
		if !tc.identity {
			if !errors.Is(err, codec.ErrConfig) {
				t.Errorf("%s: CheckIdentity on a chain that is not the identity: %v", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: CheckIdentity of a valid chunk: %v", tc.name, err)
		}
		short := make([]byte, 5)
		errCheck := p.CheckIdentity(short)
		errDecode := p.Decode(make([]byte, 6), short)
		if !errors.Is(errCheck, codec.ErrCorrupt) || errCheck.Error() != errDecode.Error() {
			t.Errorf("%s: CheckIdentity(short) = %v, Decode says %v", tc.name, errCheck, errDecode)
		}
	}
}

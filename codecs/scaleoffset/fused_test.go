package scaleoffset

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/castvalue"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func parseCast(t testing.TB, config string) *castvalue.Codec {
	t.Helper()
	c, _, err := registry.Default().ParseCodec([]byte(`{"name": "cast_value", "configuration": `+config+`}`), "/codecs/1")
	if err != nil {
		t.Fatal(err)
	}
	return c.(*castvalue.Codec)
}

// unfused runs the two codecs one after the other, as the pipeline does.
type unfused struct{ a, b codec.BoundArrayToArray }

func (u unfused) encode(dst, src []byte) error {
	mid := make([]byte, u.a.Encoded().Size())
	if err := u.a.EncodeArray(mid, src); err != nil {
		return err
	}
	return u.b.EncodeArray(dst, mid)
}

func (u unfused) decode(dst, src []byte) error {
	mid := make([]byte, u.a.Encoded().Size())
	if err := u.b.DecodeArray(mid, src); err != nil {
		return err
	}
	return u.a.DecodeArray(dst, mid)
}

func resolvePair(t testing.TB, soConfig, cvConfig string, spec codec.ChunkSpec) (codec.Fused, unfused) {
	t.Helper()
	a, err := mustCodec(t, soConfig).ResolveArray(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := parseCast(t, cvConfig).ResolveArray(a.Encoded())
	if err != nil {
		t.Fatal(err)
	}
	f, ok := a.(codec.Fuser).FuseNext(b)
	if !ok {
		t.Fatalf("%s does not fuse with cast_value %s", soConfig, cvConfig)
	}
	return f, unfused{a, b}
}

// The fused pass gives the bytes and errors of the two codecs in sequence,
// over several blocks and a partial last block.
func TestFusedMatchesChain(t *testing.T) {
	cases := []struct {
		so, cv string
		dt     numeric.DataType
		lo, hi float64
	}{
		{`{"offset": -10, "scale": 0.1}`, `{"data_type": "uint8", "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}`, numeric.Float64, -9.9, 2530},
		{`{"offset": 253, "scale": 4}`, `{"data_type": "uint8", "out_of_range": "clamp"}`, numeric.Float64, 240, 330},
		{`{"offset": 273.15, "scale": 100}`, `{"data_type": "int16"}`, numeric.Float32, 0, 600},
		{`{"scale": 10}`, `{"data_type": "int16", "rounding": "towards-zero", "out_of_range": "wrap"}`, numeric.Float32, -1e4, 1e4},
		{``, `{"data_type": "float32"}`, numeric.Float64, -1e3, 1e3},
		{`{"offset": 1000}`, `{"data_type": "uint8"}`, numeric.Uint16, 1000, 1255},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range cases {
		n := 3*fuseBlock + 17
		src := make([]byte, n*tc.dt.Size())
		for i := range n {
			v := tc.lo + r.Float64()*(tc.hi-tc.lo)
			var s numeric.Scalar
			if tc.dt.IsInteger() {
				s, _ = numeric.IntScalar(tc.dt, int64(v))
			} else {
				s = numeric.FloatScalar(tc.dt, v)
				if i%97 == 0 && tc.lo < 0 {
					s = numeric.FloatScalar(tc.dt, math.NaN())
				}
			}
			s.PutBytes(src[i*tc.dt.Size():])
		}
		spec := codec.ChunkSpec{DataType: tc.dt, Shape: []int{n}, FillValue: elements.ScalarAt(tc.dt, src, 1)}
		f, u := resolvePair(t, tc.so, tc.cv, spec)
		if f.Encoded().String() != u.b.Encoded().String() {
			t.Fatalf("%s+%s: encoded spec %v, chain %v", tc.so, tc.cv, f.Encoded(), u.b.Encoded())
		}
		out := f.Encoded().Size()
		got, want := make([]byte, out), make([]byte, out)
		errF, errU := f.EncodeArray(got, src), u.encode(want, src)
		if !sameError(errF, errU) || errF == nil && !bytes.Equal(got, want) {
			t.Fatalf("%s+%s encode: fused %v, chain %v", tc.so, tc.cv, errF, errU)
		}
		if errF != nil {
			continue
		}
		back, backU := make([]byte, len(src)), make([]byte, len(src))
		errF, errU = f.DecodeArray(back, got), u.decode(backU, want)
		if !sameError(errF, errU) || errF == nil && !bytes.Equal(back, backU) {
			t.Fatalf("%s+%s decode: fused %v, chain %v", tc.so, tc.cv, errF, errU)
		}
		fv, err := f.DecodeFill(f.Encoded().FillValue)
		if err != nil || !fv.Equal(spec.FillValue) && !(fv.IsNaN() && spec.FillValue.IsNaN()) {
			// the chain may quantise the fill; compare with the chain instead
			mid, _ := u.b.DecodeFill(u.b.Encoded().FillValue)
			uv, _ := u.a.DecodeFill(mid)
			if fv != uv {
				t.Fatalf("DecodeFill: fused %v (%v), chain %v", fv, err, uv)
			}
		}
	}
}

// Errors name the element's index in the whole chunk, like the chain.
func TestFusedErrors(t *testing.T) {
	n := 2*fuseBlock + 5
	dt := numeric.Float64
	spec := codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: numeric.FloatScalar(dt, 0)}
	f, u := resolvePair(t, `{"scale": 2}`, `{"data_type": "uint8"}`, spec)
	for _, bad := range []int{0, fuseBlock - 1, fuseBlock, 2*fuseBlock + 4} {
		src := make([]byte, n*8)
		numeric.FloatScalar(dt, 200).PutBytes(src[bad*8:]) // 400 does not fit uint8
		errF, errU := f.EncodeArray(make([]byte, n), src), u.encode(make([]byte, n), src)
		var ce *codec.ElementError
		if !errors.As(errF, &ce) || ce.Index != bad || !sameError(errF, errU) || f.StepOf(errF) != 1 {
			t.Errorf("bad element %d: fused %v, chain %v", bad, errF, errU)
		}
		numeric.FloatScalar(dt, 1e308).PutBytes(src[bad*8:]) // overflows in scale_offset
		errF, errU = f.EncodeArray(make([]byte, n), src), u.encode(make([]byte, n), src)
		var se *codec.ElementError
		if !errors.As(errF, &se) || se.Index != bad || !sameError(errF, errU) || f.StepOf(errF) != 0 {
			t.Errorf("overflow at %d: fused %v, chain %v", bad, errF, errU)
		}
	}
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return reflect.DeepEqual(a, b)
}

var fuseSO = []string{``, `{"offset": -10, "scale": 0.1}`, `{"offset": 253, "scale": 4}`, `{"scale": 0.5}`, `{"scale": 1e300}`, `{"offset": "NaN"}`, `{"offset": 1.5}`}

var fuseCV = []string{
	`{"data_type": "uint8"}`,
	`{"data_type": "uint8", "out_of_range": "clamp"}`,
	`{"data_type": "int8", "out_of_range": "clamp", "scalar_map": {"encode": [["NaN", -128]], "decode": [[-128, "NaN"]]}}`,
	`{"data_type": "int16", "scalar_map": {"encode": [["NaN", 7]], "decode": [[7, "Infinity"]]}}`,
	`{"data_type": "uint32", "out_of_range": "clamp"}`,
	`{"data_type": "int32", "rounding": "nearest-away", "out_of_range": "clamp"}`,
	`{"data_type": "uint16", "out_of_range": "wrap"}`,
	`{"data_type": "int64", "out_of_range": "clamp"}`,
	`{"data_type": "float16", "out_of_range": "clamp"}`,
	`{"data_type": "uint8", "scalar_map": {"encode": [[1, 2]]}}`,
}

// FuzzFused checks that the fused pass gives the bytes and the errors of
// scale_offset and cast_value run one after the other, on arbitrary float
// chunks (NaN, infinities and out-of-range values included) and encoded
// chunks.
func FuzzFused(f *testing.F) {
	seed := []byte{0, 0, 0, 0, 0, 0, 0xf0, 0x7f, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f, 0, 0, 0, 0, 0, 0x40, 0x8f, 0x40, 0, 0, 0, 0, 0, 0x40, 0x8f, 0xc0, 1, 2, 3, 4, 5, 6, 7, 8}
	for i := range fuseSO {
		for j := range fuseCV {
			f.Add(uint8(i), uint8(j), false, seed)
			f.Add(uint8(i), uint8(j), true, seed[:36])
		}
	}
	f.Fuzz(func(t *testing.T, si, ci uint8, f32 bool, data []byte) {
		dt := numeric.Float64
		if f32 {
			dt = numeric.Float32
		}
		src := fuzzChunk(dt, data)
		n := len(src) / dt.Size()
		so := mustCodec(t, fuseSO[int(si)%len(fuseSO)]).(*Codec)
		cv := parseCast(t, fuseCV[int(ci)%len(fuseCV)])
		spec := codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: numeric.Zero(dt)}
		a, err := so.ResolveArray(spec)
		if err != nil {
			return
		}
		b, err := cv.ResolveArray(a.Encoded())
		if err != nil {
			return
		}
		fc, ok := a.(codec.Fuser).FuseNext(b)
		if !ok {
			t.Fatal("no fusion where the chain resolves")
		}
		u := unfused{a, b}
		out := b.Encoded().Size()
		got, want := make([]byte, out), make([]byte, out)
		errF, errU := fc.EncodeArray(got, src), u.encode(want, src)
		if !sameError(errF, errU) || errF == nil && !bytes.Equal(got, want) {
			t.Fatalf("encode %x: fused %x %v, chain %x %v", src, got, errF, want, errU)
		}
		stored := make([]byte, out)
		copy(stored, data)
		back, backU := make([]byte, len(src)), make([]byte, len(src))
		errF, errU = fc.DecodeArray(back, stored), u.decode(backU, stored)
		if !sameError(errF, errU) || errF == nil && !bytes.Equal(back, backU) {
			t.Fatalf("decode %x: fused %x %v, chain %x %v", stored, back, errF, backU, errU)
		}
	})
}

// otherCast is an element cast from int16, which scale_offset on float64
// data cannot fuse with.
type otherCast struct{ codec.BoundArrayToArray }

func (o otherCast) ElementCasts() (encode, decode *numeric.Cast) {
	enc, _ := numeric.NewCast(numeric.CastSpec{From: numeric.Int16, To: numeric.Uint8})
	dec, _ := numeric.NewCast(numeric.CastSpec{From: numeric.Uint8, To: numeric.Int16})
	return enc, dec
}

func TestFuseNext(t *testing.T) {
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{8}, FillValue: numeric.Zero(numeric.Float64)}
	b, err := mustCodec(t, `{"scale": 2}`).ResolveArray(spec)
	if err != nil {
		t.Fatal(err)
	}
	fuser := b.(codec.Fuser)
	cast, err := parseCast(t, `{"data_type": "int16"}`).ResolveArray(b.Encoded())
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := fuser.FuseNext(cast); !ok || f.Encoded().DataType != numeric.Int16 {
		t.Errorf("FuseNext(cast_value int16) = %v, %v", f, ok)
	}
	so, err := mustCodec(t, `{"scale": 2}`).ResolveArray(b.Encoded())
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := fuser.FuseNext(so); ok || f != nil {
		t.Errorf("FuseNext(scale_offset) = %v, %v; want no fusion", f, ok)
	}
	if f, ok := fuser.FuseNext(otherCast{cast}); ok || f != nil {
		t.Errorf("FuseNext(a cast from int16) = %v, %v; want no fusion", f, ok)
	}
}

// In a pipeline the pair runs as one pass, and an error names the codec of
// the unfused chain that fails.
func TestPipelineFusedPass(t *testing.T) {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "scale_offset", "configuration": {"scale": 2}},
		{"name": "cast_value", "configuration": {"data_type": "uint8"}},
		"bytes"]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	dt := numeric.Float64
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: dt, Shape: []int{3}, FillValue: numeric.Zero(dt)}, chain.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.ArrayPasses(); len(got) != 1 || got[0] != "scale_offset+cast_value" {
		t.Errorf("ArrayPasses = %q", got)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, []float64{0, 1.25, 100})
	if err != nil || !bytes.Equal(enc, []byte{0, 2, 200}) {
		t.Errorf("encoded %v, %v", enc, err)
	}
	for _, tc := range []struct {
		x     float64
		index int
		name  string
	}{{200, 1, "cast_value"}, {1e308, 0, "scale_offset"}} {
		_, err := codec.AppendEncodeSlice(p, nil, []float64{0, tc.x, 1})
		var se *codec.StepError
		if !errors.As(err, &se) || se.Index != tc.index || se.Codec != tc.name {
			t.Errorf("encode %v: %v, want an error of codec %d (%s)", tc.x, err, tc.index, tc.name)
		}
	}
}

package sharding_test

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
)

// innerScaleOffset is an inner chain with a float32 scale_offset whose
// fill value 0 does not survive float rounding: NumPy 1.24 computes
// d = np.float32(0) - np.float32(3.3); (d * np.float32(0.1)) /
// np.float32(0.1) + np.float32(3.3) as -2.3841858e-07.
const innerScaleOffset = `[{"name": "scale_offset", "configuration": {"offset": 3.3, "scale": 0.1}}, {"name": "bytes", "configuration": {"endian": "little"}}]`

var scaleOffsetDecodedFill = float64(float32(-2.3841858e-07))

func float32Spec(shape ...int) codec.ChunkSpec {
	return codec.ChunkSpec{DataType: numeric.Float32, Shape: shape, FillValue: numeric.Zero(numeric.Float32)}
}

// TestInnerFillModes checks decisions D17 inside a shard: the fill mode of
// the pipeline resolving a shard reaches its inner chain, so a fill that
// does not survive the inner scale_offset fails strict resolution, naming
// the inner codec, and is a warning, with its path and pointer, when
// reading.
func TestInnerFillModes(t *testing.T) {
	chain := parseChain(t, shardJSON([]int{2, 2}, innerScaleOffset, indexCRC, ""))

	_, err := codec.NewPipeline(float32Spec(4, 4), chain, nil)
	var se *codec.StepError
	var fe *codec.FillRoundTripError
	if !errors.As(err, &se) || se.Index != 0 || se.Codec != sharding.Name || !errors.As(err, &fe) ||
		pointerOf(err) != "/codecs/0/configuration/codecs/0" || !strings.Contains(err.Error(), "codec 0 (scale_offset): fill value 0 (float32)") {
		t.Fatalf("strict: got %v (pointer %q); want the inner scale_offset's fill round trip error", err, pointerOf(err))
	}

	p, err := codec.NewPipeline(float32Spec(4, 4), chain, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatalf("warn: %v", err)
	}
	w := p.Warnings()
	if len(w) != 1 {
		t.Fatalf("warnings %+v, want one", w)
	}
	if got, want := fillErr(w[0]).Path(), "codec 0 (sharding_indexed) > inner codec 0 (scale_offset)"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
	if w[0].Pointer != "/codecs/0/configuration/codecs/0" || fillErr(w[0]).Advisory || fillErr(w[0]).Decoded.Float64() != scaleOffsetDecodedFill {
		t.Errorf("warning %+v (decoded fill %v), want pointer /codecs/0/configuration/codecs/0 and %v", w[0], fillErr(w[0]).Decoded, scaleOffsetDecodedFill)
	}

	// The shard reads and writes: an inner chunk of fill is absent and
	// reads back as the array's own fill, exactly; the others go through
	// scale_offset.
	src := make([]byte, 4*16)
	for i := range 4 {
		for j := range 4 {
			if i >= 2 && j < 2 {
				continue // inner chunk [1 0] is all fill
			}
			binary.LittleEndian.PutUint32(src[4*(4*i+j):], math.Float32bits(3.3+float32(i*4+j)))
		}
	}
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := sharding.FromPipeline(p)
	if !ok {
		t.Fatalf("FromPipeline under FillWarn: %v", ok)
	}
	ix, err := b.ParseIndex(shard)
	if err != nil || ix.NumStored() != 3 {
		t.Fatalf("index: %v, %d stored inner chunks, want 3", err, ix.NumStored())
	}
	dec := make([]byte, len(src))
	if err := p.Decode(dec, shard); err != nil {
		t.Fatal(err)
	}
	for k := range 16 {
		got := math.Float32frombits(binary.LittleEndian.Uint32(dec[4*k:]))
		want := math.Float32frombits(binary.LittleEndian.Uint32(src[4*k:]))
		if i, j := k/4, k%4; i >= 2 && j < 2 {
			if got != 0 || math.Signbit(float64(got)) {
				t.Errorf("element [%d %d] of the absent inner chunk: %v, want the fill 0", i, j, got)
			}
		} else if math.Abs(float64(got-want)) > 1e-5 {
			t.Errorf("element [%d %d]: %v, want %v", k/4, k%4, got, want)
		}
	}
}

// TestNestedShardFillModes nests a shard in a shard: the mode reaches the
// innermost chain and the path and pointer come back through both.
func TestNestedShardFillModes(t *testing.T) {
	innerShard := strings.TrimSuffix(strings.TrimPrefix(shardJSON([]int{1, 2}, innerScaleOffset, bytesLE, "start"), "["), "]")
	chain := parseChain(t, shardJSON([]int{2, 2}, "["+innerShard+"]", indexCRC, ""))
	const ptr = "/codecs/0/configuration/codecs/0/configuration/codecs/0"

	_, err := codec.NewPipeline(float32Spec(4, 4), chain, nil)
	if !errors.Is(err, codec.ErrFillRoundTrip) || pointerOf(err) != ptr {
		t.Fatalf("strict: got %v (pointer %q), want a fill round trip error at %s", err, pointerOf(err), ptr)
	}
	p, err := codec.NewPipeline(float32Spec(4, 4), chain, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatalf("warn: %v", err)
	}
	w := p.Warnings()
	want := "codec 0 (sharding_indexed) > inner codec 0 (sharding_indexed) > inner codec 0 (scale_offset)"
	if len(w) != 1 || fillErr(w[0]).Path() != want || w[0].Pointer != ptr {
		t.Fatalf("warnings %+v, want one at %q, %s", w, want, ptr)
	}
	src := make([]byte, 4*16)
	shard, err := p.AppendEncode(nil, src)
	if err != nil || p.Decode(make([]byte, len(src)), shard) != nil {
		t.Fatalf("round trip of a shard of fill: %v", err)
	}
}

// TestMetadataPointsIntoTheShard reads the warning through metadata.Parse,
// as hosts do: it points at the inner entry and names the inner codec.
func TestMetadataPointsIntoTheShard(t *testing.T) {
	doc := `{"zarr_format": 3, "node_type": "array", "shape": [8, 8], "data_type": "float32",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4, 4]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": 0, "codecs": ` + shardJSON([]int{2, 2}, innerScaleOffset, indexCRC, "") + `}`
	_, err := metadata.Parse([]byte(doc), nil)
	var ve *metadata.ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Pointer != "/codecs/0/configuration/codecs/0" {
		t.Fatalf("strict: got %v, want one problem at the inner scale_offset", err)
	}
	a, err := metadata.Parse([]byte(doc), &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
	if err != nil {
		t.Fatalf("warn: %v", err)
	}
	if len(a.Warnings) != 1 || a.Warnings[0].Pointer != "/codecs/0/configuration/codecs/0" || !strings.HasPrefix(a.Warnings[0].Message, "scale_offset: ") ||
		!strings.Contains(a.Warnings[0].Message, "decodes back to") {
		t.Errorf("warnings %+v, want one for the inner scale_offset", a.Warnings)
	}
}

// fillBreaker is an array->array codec that passes data through but
// decodes every fill value to 42: its fill round trip fails for any other
// fill, which the index chain's 2^64-1 is.
type fillBreaker struct{}

func (fillBreaker) Name() string                 { return "fill_breaker" }
func (fillBreaker) MarshalJSON() ([]byte, error) { return codec.MarshalCodec("fill_breaker", nil) }
func (fillBreaker) ResolveArray(s codec.ChunkSpec) (codec.BoundArrayToArray, error) {
	return boundFillBreaker{s}, nil
}

type boundFillBreaker struct{ spec codec.ChunkSpec }

func (b boundFillBreaker) Encoded() codec.ChunkSpec        { return b.spec }
func (boundFillBreaker) EncodeArray(dst, src []byte) error { copy(dst, src); return nil }
func (boundFillBreaker) DecodeArray(dst, src []byte) error { copy(dst, src); return nil }
func (b boundFillBreaker) DecodeFill(numeric.Scalar) (numeric.Scalar, error) {
	return numeric.ScalarFromBits(b.spec.DataType, 42, 0), nil
}

// TestIndexChainFillModes: the index chain is resolved in the same mode,
// and its warnings say "index".
func TestIndexChainFillModes(t *testing.T) {
	le := &bytescodec.Codec{Endian: numeric.LittleEndian}
	c, err := sharding.New(sharding.Config{ChunkShape: []int{2}, Codecs: []codec.Codec{le}, IndexCodecs: []codec.Codec{fillBreaker{}, le}})
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{4}, FillValue: numeric.Zero(numeric.Uint8)}
	if _, err := codec.NewPipeline(spec, []codec.Codec{c}, nil); !errors.Is(err, codec.ErrFillRoundTrip) || !strings.Contains(err.Error(), "index_codecs: codec 0 (fill_breaker)") {
		t.Fatalf("strict: %v", err)
	}
	// Bound directly, the codec resolves its chains as it was given.
	if _, err := c.ResolveBytes(spec); !errors.Is(err, codec.ErrFillRoundTrip) {
		t.Fatalf("ResolveBytes: %v", err)
	}
	warn := c.WithOptions(&codec.Options{FillMode: codec.FillWarn}).(*sharding.Codec)
	rb, err := warn.ResolveBytes(spec)
	if err != nil {
		t.Fatalf("ResolveBytes with FillWarn: %v", err)
	}
	b := rb.(*sharding.Bound)
	if w := b.NestedWarnings(); len(w) != 1 || fillErr(w[0]).Nested[0].Chain != "index" || fillErr(w[0]).Nested[0].Codec != "fill_breaker" || w[0].Pointer != "" {
		t.Errorf("nested warnings %+v", w)
	}
	p, err := codec.NewPipeline(spec, []codec.Codec{c}, &codec.Options{FillMode: codec.FillWarn})
	if err != nil {
		t.Fatal(err)
	}
	if w := p.Warnings(); len(w) != 1 || w[0].String() != "codec 0 (sharding_indexed) > index codec 0 (fill_breaker): fill value 18446744073709551615 (uint64) encodes to 18446744073709551615 (uint64) but decodes back to 42" {
		t.Errorf("warnings %v", w)
	}
	// WithOptions leaves the receiver as it was; Steps report it as given.
	if _, err := c.ResolveBytes(spec); err == nil || p.Steps()[0].Codec != codec.Codec(c) {
		t.Errorf("the codec given changed: %v, step codec %p, given %p", err, p.Steps()[0].Codec, c)
	}
	js1, _ := c.MarshalJSON()
	js2, _ := warn.MarshalJSON()
	if string(js1) != string(js2) {
		t.Errorf("WithOptions changed the configuration: %s vs %s", js1, js2)
	}
	// FromPipeline gives the pipeline's own bound codec.
	if fb, ok := sharding.FromPipeline(p); !ok || codec.BoundArrayToBytes(fb) != p.ArrayToBytes() {
		t.Error("FromPipeline did not return the pipeline's bound codec")
	}
}

// fillErr returns the *codec.FillRoundTripError of a warning, or nil.
func fillErr(w codec.Warning) *codec.FillRoundTripError {
	e, _ := w.Err.(*codec.FillRoundTripError)
	return e
}

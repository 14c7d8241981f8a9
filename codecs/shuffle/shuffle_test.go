package shuffle_test

import (
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name":"numcodecs.shuffle"}`, Want: `{"name":"numcodecs.shuffle"}`},
		{JSON: `"numcodecs.shuffle"`, Want: `{"name":"numcodecs.shuffle"}`},
		{JSON: `{"name":"numcodecs.shuffle","configuration":{}}`, Want: `{"name":"numcodecs.shuffle"}`},
		{JSON: `{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}`, Want: `{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}`},
		{JSON: `{"name":"numcodecs.shuffle","configuration":{"elementsize":0}}`, Want: `{"name":"numcodecs.shuffle","configuration":{"elementsize":1}}`},
		{JSON: `{"name":"numcodecs.shuffle","configuration":{"elementsize":-1}}`, Err: "out of range"},
		{JSON: `{"name":"numcodecs.shuffle","configuration":{"elementsize":"4"}}`, Err: "want an integer"},
		{JSON: `{"name":"numcodecs.shuffle","configuration":{"elementsize":4,"blocksize":0}}`, Err: `unknown configuration key "blocksize"`},
	})
}

// TestElementSizeFromDataType checks D13: without elementsize the element
// size of the data type is used (complex64: 8 bytes).
func TestElementSizeFromDataType(t *testing.T) {
	c := b2btest.Parse(t, `{"name":"numcodecs.shuffle"}`)
	for _, dt := range []numeric.DataType{numeric.Uint8, numeric.Int16, numeric.Float32, numeric.Float64, numeric.Complex64, numeric.Complex128} {
		in := b2btest.Random(dt.Size()*10, uint64(dt))
		got, err := b2btest.Bind(t, c, dt, len(in)).AppendEncode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]byte, len(in))
		shuffle.Shuffle(want, in, dt.Size())
		b2btest.Equal(t, dt.String(), got, want)
	}
}

func TestResolveErrors(t *testing.T) {
	spec := b2btest.ArraySpec(numeric.Float32, 3)
	_, err := b2btest.Parse(t, `{"name":"numcodecs.shuffle","configuration":{"elementsize":8}}`).ResolveBytesToBytes(codec.FixedBytes(12, spec))
	var ce *codec.ConfigError
	if !errors.As(err, &ce) {
		t.Errorf("12 bytes, elementsize 8: %v; want a *codec.ConfigError", err)
	}
	_, err = (&shuffle.Codec{}).ResolveBytesToBytes(codec.FixedBytes(12, codec.ChunkSpec{}))
	if !errors.As(err, &ce) {
		t.Errorf("no data type: %v; want a *codec.ConfigError", err)
	}
	// A variable-length spec defers the check to the data.
	b, err := (&shuffle.Codec{ElementSize: 8}).ResolveBytesToBytes(codec.VariableBytes(100, spec))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.AppendDecode(nil, make([]byte, 12)); !b2btest.IsCorrupt(err) {
		t.Errorf("12 bytes, elementsize 8: %v; want a *codec.CorruptError", err)
	}
	if _, err := b.AppendDecode(nil, make([]byte, 104)); !b2btest.IsCorrupt(err) {
		t.Errorf("104 bytes of at most 100: %v; want a *codec.CorruptError", err)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, js := range []string{`"numcodecs.shuffle"`, `{"name":"numcodecs.shuffle","configuration":{"elementsize":1}}`, `{"name":"numcodecs.shuffle","configuration":{"elementsize":16}}`} {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckRoundTrip(t, c, numeric.Complex128)
			b2btest.CheckWrongSize(t, c, numeric.Complex128)
		})
	}
}

func TestConcurrent(t *testing.T) {
	b2btest.CheckConcurrent(t, b2btest.Parse(t, `"numcodecs.shuffle"`), numeric.Float32)
}

func TestPipeline(t *testing.T) {
	in := b2btest.Smooth(1000, 3)
	p := b2btest.Pipeline(t, numeric.Float32, 1000, b2btest.Parse(t, `"numcodecs.shuffle"`))
	enc, err := p.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]byte, len(in))
	shuffle.Shuffle(want, in, 4)
	b2btest.Equal(t, "pipeline encode", enc, want)
	out := make([]byte, len(in))
	if err := p.Decode(out, enc); err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "pipeline decode", out, in)
	if err := p.Decode(out, enc[:len(enc)-4]); err == nil {
		t.Error("short chunk decoded")
	}
}

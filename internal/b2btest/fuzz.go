package b2btest

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// maxFuzzSize bounds the chunk size a fuzz input may ask for.
const maxFuzzSize = 1 << 16

// FuzzDecode fuzzes the decoders of codecs (codec JSON) on byte strings
// seeded from the vectors named prefix*. Each input picks a codec, a chunk
// size and a fixed or variable-length spec. Decoding must not panic; a
// success must satisfy the spec, and the decoded bytes must survive an
// encode/decode round trip.
func FuzzDecode(f *testing.F, prefix string, codecs ...string) {
	good, rejects := Vectors(f, prefix)
	for _, v := range append(good, rejects...) {
		if len(v.Encoded) <= 64<<10 {
			for i := range codecs {
				f.Add(v.Encoded, uint32(v.Len), uint8(i), false)
			}
			f.Add(v.Encoded, uint32(v.Len)+100, uint8(0), true)
		}
	}
	fuzzDecode(f, codecs...)
}

// fuzzDecode runs the body of FuzzDecode on the seeds already added.
func fuzzDecode(f *testing.F, codecs ...string) {
	cs := make([]codec.BytesToBytes, len(codecs))
	for i, js := range codecs {
		cs[i] = Parse(f, js)
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint32, which uint8, variable bool) {
		c := cs[int(which)%len(cs)]
		n := int(size % maxFuzzSize)
		array := ArraySpec(numeric.Uint8, max(n, 1))
		spec := codec.FixedBytes(n, array)
		if variable {
			spec = codec.VariableBytes(n, array)
		}
		b, err := c.ResolveBytesToBytes(spec)
		if err != nil {
			return // e.g. shuffle of a length its element size does not divide
		}
		out, err := b.AppendDecode([]byte("x"), data)
		if err != nil {
			if !IsCorrupt(err) && !(variable && IsLimit(err)) {
				t.Fatalf("%s: error %v (%T) is not a *codec.CorruptError (or, for a variable size, a *codec.LimitError)", c.Name(), err, err)
			}
			return
		}
		if out[0] != 'x' {
			t.Fatal("decode overwrote dst")
		}
		out = out[1:]
		if err := spec.CheckDecoded(c.Name(), len(out)); err != nil {
			t.Fatalf("decode succeeded outside its spec: %v", err)
		}
		enc, err := b.AppendEncode(nil, out)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		back, err := b.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, out) {
			t.Fatalf("round trip of decoded bytes: %v", err)
		}
	})
}

// FuzzConfig fuzzes the "configuration" object of codec name: parsing must
// not panic, and a codec that parses must write JSON that parses back to
// the same JSON.
func FuzzConfig(f *testing.F, name string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cfg string) {
		js := `{"name":"` + name + `","configuration":` + cfg + `}`
		c, _, err := registry.Default().ParseCodec(json.RawMessage(js), "/codecs/0")
		if err != nil {
			return
		}
		out, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		c2, _, err := registry.Default().ParseCodec(out, "/codecs/0")
		if err != nil {
			t.Fatalf("%s parses but its output %s does not: %v", js, out, err)
		}
		out2, _ := c2.MarshalJSON()
		if !bytes.Equal(out, out2) {
			t.Fatalf("%s -> %s -> %s", js, out, out2)
		}
	})
}

package hdf5bitshuffle_test

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzDecode decodes arbitrary bytes with the codec of one of the vector
// cases, for a fixed or bounded chunk size: decoding must fail with a
// *codec.CorruptError or give bytes within the spec that survive a round
// trip. It is seeded with the vectors' chunks.
func FuzzDecode(f *testing.F) {
	v := loadVectors(f)
	var codecs []*hdf5bitshuffle.Codec
	for i, cs := range v.Cases {
		c, err := hdf5bitshuffle.FromCDValues(cs.Filter.CDValues, cs.ElementSize)
		if err != nil {
			f.Fatal(err)
		}
		codecs = append(codecs, c)
		for _, ch := range cs.Chunks {
			f.Add(ch.Raw, uint32(len(ch.Decoded)), uint8(i), false)
		}
		f.Add(cs.Chunks[0].Raw, uint32(len(cs.Chunks[0].Decoded)+64), uint8(i), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint32, which uint8, variable bool) {
		c := codecs[int(which)%len(codecs)]
		n := int(size % (1 << 18))
		n -= n % c.ElementSize
		spec := codec.FixedBytes(n, b2btest.ArraySpec(numeric.Uint8, max(n, 1)))
		if variable {
			spec = codec.VariableBytes(n, spec.Array)
		}
		b, err := c.ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := b.AppendDecode(nil, data)
		if err != nil {
			if !b2btest.IsCorrupt(err) {
				t.Fatalf("error %v (%T) is not a *codec.CorruptError", err, err)
			}
			return
		}
		if err := spec.CheckDecoded(hdf5bitshuffle.Name, len(dec)); err != nil {
			t.Fatalf("decoded outside the spec: %v", err)
		}
		enc, err := b.AppendEncode(nil, dec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := b.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, dec) {
			t.Fatalf("round trip of the decoded bytes: %v", err)
		}
	})
}

// FuzzRoundTrip encodes arbitrary bytes with arbitrary element sizes,
// block sizes and compressions and decodes them back.
func FuzzRoundTrip(f *testing.F) {
	v := loadVectors(f)
	for _, tr := range v.Transpose {
		f.Add(tr.Input, uint8(tr.ElementSize), uint8(tr.Block/8), uint8(2))
	}
	f.Add(b2btest.Smooth(3000, 1), uint8(4), uint8(0), uint8(3))
	comps := []hdf5bitshuffle.Compression{hdf5bitshuffle.None, hdf5bitshuffle.LZ4, hdf5bitshuffle.Zstd}
	f.Fuzz(func(t *testing.T, data []byte, es, block, comp uint8) {
		c := &hdf5bitshuffle.Codec{ElementSize: 1 + int(es)%24, BlockSize: 8 * (int(block) % 40), Compression: comps[int(comp)%3]}
		data = data[:len(data)-len(data)%c.ElementSize]
		b := bind(t, c, len(data))
		enc, err := b.AppendEncode(nil, data)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) > b.Encoded().MaxSize {
			t.Fatalf("%+v: %d bytes encoded to %d, more than the bound %d", c, len(data), len(enc), b.Encoded().MaxSize)
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if !bytes.Equal(dec, data) {
			t.Fatalf("%+v: round trip differs", c)
		}
	})
}

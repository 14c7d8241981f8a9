package hdf5lzf_test

import (
	"bytes"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5lzf"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// FuzzDecode decodes arbitrary bytes for a fixed or bounded chunk size:
// decoding must fail with a *codec.CorruptError or give bytes within the
// spec that survive a round trip. It is seeded with the filter's chunks.
func FuzzDecode(f *testing.F) {
	for _, cs := range loadVectors(f).Cases {
		for _, ch := range cs.Chunks {
			if ch.FilterMask == 0 {
				f.Add(ch.Raw, uint32(len(ch.Decoded)), false)
				f.Add(ch.Raw, uint32(len(ch.Decoded)+100), true)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint32, variable bool) {
		n := int(size % (1 << 18))
		spec := codec.FixedBytes(n, b2btest.ArraySpec(numeric.Uint8, max(n, 1)))
		if variable {
			spec = codec.VariableBytes(n, spec.Array)
		}
		b, err := (&hdf5lzf.Codec{}).ResolveBytesToBytes(spec)
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
		if err := spec.CheckDecoded(hdf5lzf.Name, len(dec)); err != nil {
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

// FuzzRoundTrip encodes arbitrary bytes and decodes them back; the stream
// must stay within MaxEncodedLen.
func FuzzRoundTrip(f *testing.F) {
	for _, cs := range loadVectors(f).Cases {
		for _, ch := range cs.Chunks {
			f.Add(ch.Decoded)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b := bind(t, len(data))
		enc, err := b.AppendEncode(nil, data)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) > hdf5lzf.MaxEncodedLen(len(data)) {
			t.Fatalf("%d bytes encoded to %d, more than %d", len(data), len(enc), hdf5lzf.MaxEncodedLen(len(data)))
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dec, data) {
			t.Fatal("round trip differs")
		}
	})
}

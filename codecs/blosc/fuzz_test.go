package blosc

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// maxFuzzChunk bounds the chunk size a fuzz input may ask for.
const maxFuzzChunk = 1 << 18

// FuzzDecode decodes arbitrary frames, seeded with the c-blosc vectors and
// the forged frames. The chunk size is the fuzzed one or, to get past the
// size check, the header's own. Decoding must not panic; an error must be
// a *codec.CorruptError; a success must have exactly the chunk size and
// survive an encode/decode round trip with the frame's own settings.
func FuzzDecode(f *testing.F) {
	m := loadVectors(f)
	for _, v := range append(m.Vectors, m.Rejects...) {
		if len(v.frame) <= 16<<10 {
			f.Add(v.frame, uint32(len(v.input)), true)
		}
	}
	f.Fuzz(func(t *testing.T, frame []byte, size uint32, fromHeader bool) {
		n := int(size % maxFuzzChunk)
		if fromHeader && len(frame) >= 8 {
			n = int(binary.LittleEndian.Uint32(frame[4:]) % maxFuzzChunk)
		}
		spec := codec.FixedBytes(n, b2btest.ArraySpec(numeric.Uint8, max(n, 1)))
		b, err := (&NumcodecsCodec{Config{Cname: "lz4", Clevel: 5, Shuffle: ByteShuffle}}).ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		out, err := b.AppendDecode([]byte("x"), frame)
		if err != nil {
			if !b2btest.IsCorrupt(err) {
				t.Fatalf("error %v (%T) is not a *codec.CorruptError", err, err)
			}
			return
		}
		if out[0] != 'x' || len(out) != n+1 {
			t.Fatalf("decoded %d bytes (prefix %q) for a %d-byte chunk", len(out)-1, out[:1], n)
		}
		out = out[1:]
		// re-encode with the frame's compressor, shuffle and type size
		h, _ := parseHeader(frame)
		c := Config{Cname: formatNames[min(h.format(), formatZstd)], Clevel: 5, Shuffle: NoShuffle, Typesize: max(h.typesize, 1)}
		if h.flags&flagByteShuffle != 0 {
			c.Shuffle = ByteShuffle
		} else if h.flags&flagBitShuffle != 0 {
			c.Shuffle = BitShuffle
		}
		b2, err := (&Codec{c}).ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := b2.AppendEncode(nil, out)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		back, err := b2.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(back, out) {
			t.Fatalf("round trip of the decoded bytes: %v", err)
		}
	})
}

// FuzzRoundTrip encodes arbitrary data with arbitrary settings and decodes
// it back.
func FuzzRoundTrip(f *testing.F) {
	f.Add(b2btest.Smooth(3000, 1), uint8(1), uint8(5), uint8(1), uint8(4), uint16(0))
	f.Add(b2btest.Random(1000, 2), uint8(0), uint8(9), uint8(2), uint8(7), uint16(300))
	f.Add(bytes.Repeat([]byte{1, 2, 3}, 700), uint8(5), uint8(1), uint8(2), uint8(3), uint16(128))
	f.Fuzz(func(t *testing.T, data []byte, comp, clevel, sh, ts uint8, blocksize uint16) {
		c := Config{
			Cname:     compressorNames[int(comp)%len(compressorNames)],
			Clevel:    int(clevel % 10),
			Shuffle:   Shuffle(int(sh%4) - 1),
			Typesize:  int(ts) + 1,
			Blocksize: int(blocksize),
		}
		spec := codec.FixedBytes(len(data), b2btest.ArraySpec(numeric.Uint8, max(len(data), 1)))
		b, err := (&Codec{c}).ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := b.AppendEncode(nil, data)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) > len(data)+headerSize {
			t.Fatalf("%d-byte frame for %d bytes", len(enc), len(data))
		}
		out, err := b.AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(out, data) {
			t.Fatalf("%+v: round trip: %v", c, err)
		}
	})
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, Name,
		`{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}`,
		`{"cname":"zstd","clevel":1}`, `{"cname":"blosclz","clevel":9,"shuffle":"bitshuffle","blocksize":65536}`)
}

func FuzzNumcodecsConfig(f *testing.F) {
	b2btest.FuzzConfig(f, NumcodecsName,
		`{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}`, `{}`, `{"shuffle":-1,"typesize":300}`)
}

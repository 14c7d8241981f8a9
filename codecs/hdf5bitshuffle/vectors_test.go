package hdf5bitshuffle_test

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

var writeEncoded = flag.Bool("write-encoded", false, "write testdata/encoded.json (then run testdata/generate.py --verify)")

// vectors is testdata/vectors.json (see testdata/generate.py).
type vectors struct {
	Cases []struct {
		Name        string
		Source      string // "hdf5": written by the filter; "format": assembled
		ElementSize int    `json:"element_size"`
		Filter      struct {
			CDValues []uint32 `json:"cd_values"`
		}
		Chunks []struct {
			FilterMask uint32 `json:"filter_mask"`
			Raw        []byte
			Decoded    []byte
		}
	}
	Transpose []struct {
		ElementSize int `json:"element_size"`
		Block       int
		Input       []byte
		Output      []byte
	}
}

func loadVectors(t testing.TB) *vectors {
	t.Helper()
	js, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 10 || len(v.Transpose) < 10 {
		t.Fatalf("only %d cases and %d transposes", len(v.Cases), len(v.Transpose))
	}
	return &v
}

// bind resolves c for fixed chunks of n bytes.
func bind(t testing.TB, c codec.BytesToBytes, n int) codec.BoundBytesToBytes {
	t.Helper()
	return b2btest.Bind(t, c, numeric.Uint8, n)
}

// TestFilterChunks decodes every chunk the filter wrote (or, for zstd,
// that was assembled from its format) to the bytes HDF5 decodes it to,
// and checks that the encoder writes the filter's bytes again: the bit
// transpose is the library's, and the LZ4 blocks are liblz4's
// LZ4_compress_default blocks. Assembled zstd chunks only round-trip: the
// zstd frames are libzstd's.
func TestFilterChunks(t *testing.T) {
	v := loadVectors(t)
	kinds := map[hdf5bitshuffle.Compression]int{}
	for _, cs := range v.Cases {
		c, err := hdf5bitshuffle.FromCDValues(cs.Filter.CDValues, cs.ElementSize)
		if err != nil {
			t.Fatalf("%s: %v", cs.Name, err)
		}
		kinds[c.Compression]++
		for i, ch := range cs.Chunks {
			if ch.FilterMask != 0 {
				t.Fatalf("%s chunk %d: filter mask %d", cs.Name, i, ch.FilterMask)
			}
			b := bind(t, c, len(ch.Decoded))
			dec, err := b.AppendDecode(nil, ch.Raw)
			if err != nil {
				t.Fatalf("%s chunk %d: %v", cs.Name, i, err)
			}
			b2btest.Equal(t, cs.Name+" decoded", dec, ch.Decoded)
			enc, err := b.AppendEncode(nil, ch.Decoded)
			if err != nil {
				t.Fatal(err)
			}
			if cs.Source == "hdf5" {
				b2btest.Equal(t, cs.Name+" encoded as the filter encodes", enc, ch.Raw)
			} else {
				back, err := b.AppendDecode(nil, enc)
				if err != nil {
					t.Fatal(err)
				}
				b2btest.Equal(t, cs.Name+" round trip", back, ch.Decoded)
			}
		}
	}
	if kinds[hdf5bitshuffle.None] < 3 || kinds[hdf5bitshuffle.LZ4] < 3 || kinds[hdf5bitshuffle.Zstd] < 3 {
		t.Fatalf("cases per compression: %v", kinds)
	}
}

// TestOldFilterZstd checks the chunk bitshuffle 0.3.5 wrote for
// compression 3, which it did not know: bit shuffle alone. With the
// version 0.4 in cd_values, the same chunk is not a zstd chunk.
func TestOldFilterZstd(t *testing.T) {
	v := loadVectors(t)
	for _, cs := range v.Cases {
		if cs.Name != "zstd_by_0.3.5" {
			continue
		}
		cd := cs.Filter.CDValues
		if cd[0] != 0 || cd[1] != 3 || cd[4] != 3 {
			t.Fatalf("cd_values %v", cd)
		}
		c, err := hdf5bitshuffle.FromCDValues(cd, 0)
		if err != nil || c.Compression != hdf5bitshuffle.None {
			t.Fatalf("FromCDValues(%v) = %+v, %v; want no compression", cd, c, err)
		}
		newer, err := hdf5bitshuffle.FromCDValues([]uint32{0, 4, cd[2], cd[3], 3}, 0)
		if err != nil {
			t.Fatal(err)
		}
		ch := cs.Chunks[0]
		if _, err := bind(t, newer, len(ch.Decoded)).AppendDecode(nil, ch.Raw); !b2btest.IsCorrupt(err) {
			t.Fatalf("decoded as zstd: %v", err)
		}
		return
	}
	t.Fatal("no zstd_by_0.3.5 case")
}

// TestTranspose holds the bit transpose to the bitshuffle library's
// (bitshuffle.bitshuffle on random bytes), through the codec without
// compression.
func TestTranspose(t *testing.T) {
	v := loadVectors(t)
	for _, tr := range v.Transpose {
		c := &hdf5bitshuffle.Codec{ElementSize: tr.ElementSize, BlockSize: tr.Block}
		b := bind(t, c, len(tr.Input))
		enc, err := b.AppendEncode(nil, tr.Input)
		if err != nil {
			t.Fatal(err)
		}
		b2btest.Equal(t, "shuffled", enc, tr.Output)
		dec, err := b.AppendDecode(nil, tr.Output)
		if err != nil {
			t.Fatal(err)
		}
		b2btest.Equal(t, "unshuffled", dec, tr.Input)
	}
}

// encodedFile is testdata/encoded.json: the Go encoder's encoding of
// every chunk of vectors.json, and what decoded it.
type encodedFile struct {
	Note   string          `json:"note"`
	Chunks []encodedVector `json:"chunks"`
}

type encodedVector struct {
	Case     string `json:"case"`
	Chunk    int    `json:"chunk"`
	Codec    string `json:"codec"`
	Encoded  []byte `json:"encoded"`
	Verified string `json:"verified"`
}

// TestEncoded checks that the encoder still writes the bytes of
// testdata/encoded.json, each of which testdata/generate.py --verify has
// had decoded by HDF5's bitshuffle filter (zstd: by libzstd and the
// bitshuffle library) to the chunk's bytes. The zstd frames are
// klauspost/compress's: a build with another zstd engine skips them.
func TestEncoded(t *testing.T) {
	v := loadVectors(t)
	var out encodedFile
	for _, cs := range v.Cases {
		c, err := hdf5bitshuffle.FromCDValues(cs.Filter.CDValues, cs.ElementSize)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := c.MarshalJSON()
		for i, ch := range cs.Chunks {
			enc, err := bind(t, c, len(ch.Decoded)).AppendEncode(nil, ch.Decoded)
			if err != nil {
				t.Fatal(err)
			}
			out.Chunks = append(out.Chunks, encodedVector{Case: cs.Name, Chunk: i, Codec: string(js), Encoded: enc})
		}
	}
	if *writeEncoded {
		out.Note = "written by go test -run TestEncoded -write-encoded; verified by testdata/generate.py --verify"
		js, err := json.MarshalIndent(out, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("testdata/encoded.json", append(js, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skip("wrote testdata/encoded.json: run testdata/generate.py --verify")
	}
	js, err := os.ReadFile("testdata/encoded.json")
	if err != nil {
		t.Fatal(err)
	}
	var want encodedFile
	if err := json.Unmarshal(js, &want); err != nil {
		t.Fatal(err)
	}
	if len(want.Chunks) != len(out.Chunks) {
		t.Fatalf("encoded.json has %d chunks, the vectors %d", len(want.Chunks), len(out.Chunks))
	}
	for i, w := range want.Chunks {
		g := out.Chunks[i]
		if w.Verified == "" {
			t.Fatalf("%s chunk %d: not verified (run testdata/generate.py --verify)", w.Case, w.Chunk)
		}
		if w.Case != g.Case || w.Chunk != g.Chunk || w.Codec != g.Codec {
			t.Fatalf("entry %d is %s chunk %d %s, want %s chunk %d %s", i, w.Case, w.Chunk, w.Codec, g.Case, g.Chunk, g.Codec)
		}
		if strings.Contains(w.Codec, `"zstd"`) && zstd.Engine != "klauspost/compress" {
			// another engine writes other zstd frames
			continue
		}
		b2btest.Equal(t, w.Case+" encoded", g.Encoded, w.Encoded)
	}
}

// TestPipeline decodes the filter's float32 chunks through a whole chain,
// bytes then this codec, as a reader of the HDF5 dataset would.
func TestPipeline(t *testing.T) {
	ran := 0
	for _, cs := range loadVectors(t).Cases {
		if cs.Name != "f4_smooth_lz4" && cs.Name != "f4_smooth_zstd" {
			continue
		}
		c, err := hdf5bitshuffle.FromCDValues(cs.Filter.CDValues, 4)
		if err != nil {
			t.Fatal(err)
		}
		ran++
		for _, ch := range cs.Chunks {
			p := b2btest.Pipeline(t, numeric.Float32, len(ch.Decoded)/4, c)
			out := make([]byte, p.DecodedSize())
			if err := p.Decode(out, ch.Raw); err != nil {
				t.Fatalf("%s: %v", cs.Name, err)
			}
			b2btest.Equal(t, cs.Name, out, ch.Decoded)
		}
	}
	if ran != 2 {
		t.Fatalf("%d cases", ran)
	}
}

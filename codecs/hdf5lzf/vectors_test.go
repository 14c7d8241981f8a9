package hdf5lzf_test

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5lzf"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

var writeEncoded = flag.Bool("write-encoded", false, "write testdata/encoded.json (then run testdata/generate.py --verify)")

// vectors is testdata/vectors.json (see testdata/generate.py).
type vectors struct {
	Cases []struct {
		Name        string
		ElementSize int `json:"element_size"`
		Filter      struct {
			CDValues []uint32 `json:"cd_values"`
		}
		Chunks []struct {
			FilterMask uint32 `json:"filter_mask"`
			Raw        []byte
			Decoded    []byte
		}
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
	if len(v.Cases) < 8 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	return &v
}

func bind(t testing.TB, n int) codec.BoundBytesToBytes {
	t.Helper()
	return b2btest.Bind(t, &hdf5lzf.Codec{}, numeric.Uint8, n)
}

// TestFilterChunks decodes every chunk h5py's LZF filter wrote to the bytes
// HDF5 decodes it to, and round-trips them through the encoder. A chunk
// the filter did not shrink was stored unfiltered (filter_mask 1): it
// never reaches this codec, and its stored bytes are the decoded ones.
func TestFilterChunks(t *testing.T) {
	filtered, skipped := 0, 0
	for _, cs := range loadVectors(t).Cases {
		if _, err := hdf5lzf.FromCDValues(cs.Filter.CDValues, cs.ElementSize); err != nil {
			t.Fatalf("%s: %v", cs.Name, err)
		}
		if cd := cs.Filter.CDValues; len(cd) != 3 || cd[0] != 4 || cd[1] != 0x105 {
			t.Fatalf("%s: cd_values %v, want [4 261 chunk size]", cs.Name, cd)
		}
		for i, ch := range cs.Chunks {
			if int(cs.Filter.CDValues[2]) != len(ch.Decoded) {
				t.Fatalf("%s chunk %d: cd_values[2] is %d, the chunk %d bytes", cs.Name, i, cs.Filter.CDValues[2], len(ch.Decoded))
			}
			if ch.FilterMask != 0 {
				skipped++
				b2btest.Equal(t, cs.Name+" unfiltered", ch.Raw, ch.Decoded)
				continue
			}
			filtered++
			b := bind(t, len(ch.Decoded))
			dec, err := b.AppendDecode(nil, ch.Raw)
			if err != nil {
				t.Fatalf("%s chunk %d: %v", cs.Name, i, err)
			}
			b2btest.Equal(t, cs.Name+" decoded", dec, ch.Decoded)
			enc, err := b.AppendEncode(nil, dec)
			if err != nil {
				t.Fatal(err)
			}
			back, err := b.AppendDecode(nil, enc)
			if err != nil {
				t.Fatal(err)
			}
			b2btest.Equal(t, cs.Name+" round trip", back, ch.Decoded)
		}
	}
	if filtered < 10 || skipped < 1 {
		t.Fatalf("%d filtered and %d unfiltered chunks", filtered, skipped)
	}
}

// encodedFile is testdata/encoded.json: the Go encoder's stream for every
// chunk of vectors.json, and what decoded it.
type encodedFile struct {
	Note   string          `json:"note"`
	Chunks []encodedVector `json:"chunks"`
}

type encodedVector struct {
	Case     string `json:"case"`
	Chunk    int    `json:"chunk"`
	Encoded  []byte `json:"encoded"`
	Verified string `json:"verified"`
}

// TestEncoded checks that the encoder still writes the streams of
// testdata/encoded.json, each of which testdata/generate.py --verify has
// had HDF5 decode through h5py's LZF filter to the chunk's bytes. They
// include a stream longer than its chunk (the incompressible one), which
// the filter decodes as well.
func TestEncoded(t *testing.T) {
	var out encodedFile
	for _, cs := range loadVectors(t).Cases {
		for i, ch := range cs.Chunks {
			enc, err := bind(t, len(ch.Decoded)).AppendEncode(nil, ch.Decoded)
			if err != nil {
				t.Fatal(err)
			}
			out.Chunks = append(out.Chunks, encodedVector{Case: cs.Name, Chunk: i, Encoded: enc})
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
	expanded := 0
	for i, w := range want.Chunks {
		g := out.Chunks[i]
		if w.Verified == "" {
			t.Fatalf("%s chunk %d: not verified (run testdata/generate.py --verify)", w.Case, w.Chunk)
		}
		if w.Case != g.Case || w.Chunk != g.Chunk {
			t.Fatalf("entry %d is %s chunk %d, want %s chunk %d", i, w.Case, w.Chunk, g.Case, g.Chunk)
		}
		b2btest.Equal(t, w.Case+" encoded", g.Encoded, w.Encoded)
		if w.Case == "u4_noise" && len(w.Encoded) > 4000 {
			expanded++
		}
	}
	if expanded != 1 {
		t.Fatal("no verified stream is longer than its chunk")
	}
}

// TestPipeline decodes the filter's float32 chunks through a whole chain,
// bytes then this codec, as a reader of the HDF5 dataset would.
func TestPipeline(t *testing.T) {
	ran := 0
	for _, cs := range loadVectors(t).Cases {
		if cs.Name != "f4_smooth" {
			continue
		}
		ran++
		for _, ch := range cs.Chunks {
			p := b2btest.Pipeline(t, numeric.Float32, len(ch.Decoded)/4, &hdf5lzf.Codec{})
			out := make([]byte, p.DecodedSize())
			if err := p.Decode(out, ch.Raw); err != nil {
				t.Fatalf("%s: %v", cs.Name, err)
			}
			b2btest.Equal(t, cs.Name, out, ch.Decoded)
		}
	}
	if ran != 1 {
		t.Fatalf("%d cases", ran)
	}
}

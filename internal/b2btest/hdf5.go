package b2btest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

type hdf5Case struct {
	Name    string            `json:"name"`
	DType   string            `json:"dtype"`
	Endian  string            `json:"endian"`
	N       int               `json:"chunk_elements"`
	Filters json.RawMessage   `json:"hdf5_filters"`
	Codecs  []json.RawMessage `json:"codecs"`
	Chunks  []struct {
		Raw     string `json:"raw"`
		Decoded string `json:"decoded"`
	} `json:"chunks"`
}

// CheckHDF5 decodes the raw chunks of testdata/hdf5chunks whose case name
// contains substr, written by HDF5 1.10 with its own filters, through a
// pipeline of the equivalent Zarr codecs, and compares with the data h5py
// wrote.
func CheckHDF5(t *testing.T, substr string) {
	dir := filepath.Join(Dir(), "..", "hdf5chunks")
	js, err := os.ReadFile(filepath.Join(dir, "chunks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Cases []hdf5Case }
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ran := 0
	for _, c := range m.Cases {
		if !strings.Contains(c.Name, substr) {
			continue
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			dt, err := numeric.ParseDataType(c.DType)
			if err != nil {
				t.Fatal(err)
			}
			endian := numeric.LittleEndian
			if c.Endian == "big" {
				endian = numeric.BigEndian
			}
			chain := []codec.Codec{&bytescodec.Codec{Endian: endian}}
			for _, js := range c.Codecs {
				chain = append(chain, Parse(t, string(js)))
			}
			p, err := codec.NewPipeline(ArraySpec(dt, c.N), chain, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, ch := range c.Chunks {
				out := make([]byte, p.DecodedSize())
				if err := p.Decode(out, read(ch.Raw)); err != nil {
					t.Fatalf("chunk %d (filters %s): %v", i, c.Filters, err)
				}
				Equal(t, "chunk", out, read(ch.Decoded))
			}
		})
	}
	if ran == 0 {
		t.Fatalf("no HDF5 case matches %q", substr)
	}
}

package hdf5_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/interop/hdf5"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"

	_ "github.com/zcodec/zcodec/codecs"
)

type vectorFile struct {
	Cases []vectorCase `json:"cases"`
}

type vectorCase struct {
	Name        string          `json:"name"`
	Note        string          `json:"note"`
	Description json.RawMessage `json:"description"`
	Chunks      []vectorChunk   `json:"chunks"`
}

type vectorChunk struct {
	Offset     []int  `json:"offset"`
	FilterMask uint32 `json:"filter_mask"`
	Data       string `json:"data"`
	Extent     []int  `json:"extent"`
	Expected   string `json:"expected"`
}

func loadVectors(t testing.TB) []vectorCase {
	t.Helper()
	b, err := os.ReadFile("../../testdata/hdf5/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no vectors")
	}
	return v.Cases
}

// pipelineFor resolves the chain for chunks with the given filter mask.
func pipelineFor(t *testing.T, d *hdf5.Description, fill numeric.Scalar, mask uint32) *codec.Pipeline {
	t.Helper()
	codecs, err := hdf5.Codecs(d.DataType, d.Endian, d.Filters, mask)
	if err != nil {
		t.Fatalf("Codecs(mask %d): %v", mask, err)
	}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: d.DataType, Shape: d.Chunks, FillValue: fill}, codecs, nil)
	if err != nil {
		t.Fatalf("NewPipeline: %v", err)
	}
	return p
}

// TestRealHDF5Chunks translates every description written by h5py and
// decodes every stored chunk through the resulting chain: the in-extent
// values must equal what HDF5 returns, byte for byte.
func TestRealHDF5Chunks(t *testing.T) {
	decoded := 0
	for _, vc := range loadVectors(t) {
		t.Run(vc.Name, func(t *testing.T) {
			d, err := hdf5.ParseDescription(vc.Description)
			if err != nil {
				t.Fatalf("ParseDescription: %v", err)
			}
			tr, err := hdf5.Translate(d)
			if err != nil {
				t.Fatalf("Translate: %v", err)
			}
			// the zarr.json must pass the metadata reader; its pipeline
			// decodes the chunks that ran every filter
			zarrJSON, err := tr.Array.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			a, err := metadata.Parse(zarrJSON, &metadata.Options{Registry: registry.Default()})
			if err != nil {
				t.Fatalf("metadata.Parse: %v\n%s", err, zarrJSON)
			}
			for _, ch := range vc.Chunks {
				p := a.Pipeline
				if ch.FilterMask != 0 {
					p = pipelineFor(t, d, a.FillValue, ch.FilterMask)
				}
				out := make([]byte, p.DecodedSize())
				if err := p.Decode(out, testvec.Hex(ch.Data)); err != nil {
					t.Fatalf("chunk %v (mask %d): %v", ch.Offset, ch.FilterMask, err)
				}
				got := testvec.Extent(out, d.Chunks, ch.Extent, d.DataType.Size())
				want := testvec.Hex(ch.Expected)
				if i := testvec.FirstDiff(got, want); i >= 0 {
					t.Fatalf("chunk %v: first difference at byte %d of %d", ch.Offset, i, len(want))
				}
				decoded++
			}
		})
	}
	if decoded < 50 {
		t.Fatalf("only %d chunks decoded", decoded)
	}
}

// TestTranslateGolden checks the zarr.json of the ATL06-like dataset.
func TestTranslateGolden(t *testing.T) {
	for _, vc := range loadVectors(t) {
		if vc.Name != "f4_shuffle_deflate" {
			continue
		}
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := hdf5.Translate(d)
		if err != nil {
			t.Fatal(err)
		}
		want := `{
  "zarr_format": 3,
  "node_type": "array",
  "shape": [
    20,
    30
  ],
  "data_type": "float32",
  "chunk_grid": {
    "name": "regular",
    "configuration": {
      "chunk_shape": [
        8,
        16
      ]
    }
  },
  "chunk_key_encoding": {
    "name": "default",
    "configuration": {
      "separator": "/"
    }
  },
  "fill_value": 3.4028235e+38,
  "codecs": [
    {
      "name": "bytes",
      "configuration": {
        "endian": "little"
      }
    },
    {
      "name": "numcodecs.shuffle",
      "configuration": {
        "elementsize": 4
      }
    },
    {
      "name": "numcodecs.zlib",
      "configuration": {
        "level": 4
      }
    }
  ],
  "attributes": {
    "_FillValue": "AAAA4P//70c=",
    "units": "m"
  }
}
`
		got, err := tr.Array.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if string(got)+"\n" != want {
			t.Fatalf("zarr.json:\n%s\nwant:\n%s", got, want)
		}
		if len(tr.Warnings) != 2 || tr.Warnings[0].Pointer != "/filters/0" || tr.Warnings[1].Pointer != "/filters/1" {
			t.Fatalf("warnings %+v: want one per optional filter (shuffle and deflate)", tr.Warnings)
		}
		return
	}
	t.Fatal("vector f4_shuffle_deflate missing")
}

func TestTranslateDropsOutOfRangeFillValue(t *testing.T) {
	for _, vc := range loadVectors(t) {
		if vc.Name != "u1_shuffle_deflate_badfill" {
			continue
		}
		d, err := hdf5.ParseDescription(vc.Description)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := hdf5.Translate(d)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			FillValue  json.RawMessage            `json:"fill_value"`
			Attributes map[string]json.RawMessage `json:"attributes"`
		}
		j, err := tr.Array.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(j, &doc); err != nil {
			t.Fatal(err)
		}
		if _, ok := doc.Attributes["_FillValue"]; ok {
			t.Errorf("_FillValue -9999 kept on uint8: %s", doc.Attributes["_FillValue"])
		}
		if string(doc.Attributes["missing_value"]) != "255" {
			t.Errorf("missing_value = %s, want 255 kept plain", doc.Attributes["missing_value"])
		}
		if string(doc.FillValue) != "0" {
			t.Errorf("fill_value = %s, want 0 (no header fill)", doc.FillValue)
		}
		found := false
		for _, w := range tr.Warnings {
			if w.Pointer == "/attributes/_FillValue" && contains(w.Message, "-9999 dropped") && w.String() == "/attributes/_FillValue: "+w.Message {
				found = true
			}
		}
		if !found {
			t.Errorf("no warning about the dropped _FillValue in %+v", tr.Warnings)
		}
		return
	}
	t.Fatal("vector missing")
}

func contains(s, sub string) bool {
	return len(sub) <= len(s) && (s[:len(sub)] == sub || contains(s[1:], sub))
}

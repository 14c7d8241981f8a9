package sharding_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
)

// shardVector is one shard written by testdata/gen_shard_vectors.py from
// the specification text.
type shardVector struct {
	Name        string          `json:"name"`
	DataType    string          `json:"data_type"`
	Shape       []int           `json:"shape"`
	FillValue   json.RawMessage `json:"fill_value"`
	Codecs      json.RawMessage `json:"codecs"`
	Decoded     string          `json:"decoded"`
	Encoded     string          `json:"encoded"`
	ExactEncode bool            `json:"exact_encode"`
	Note        string          `json:"note"`

	decoded, encoded []byte
}

func loadVectors(t testing.TB) []shardVector {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "shard_vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []shardVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	for i := range file.Vectors {
		v := &file.Vectors[i]
		if v.decoded, err = hex.DecodeString(v.Decoded); err != nil {
			t.Fatal(err)
		}
		if v.encoded, err = hex.DecodeString(v.Encoded); err != nil {
			t.Fatal(err)
		}
	}
	if len(file.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	return file.Vectors
}

func (v shardVector) pipeline(t testing.TB) *codec.Pipeline {
	dt, err := numeric.ParseDataType(v.DataType)
	if err != nil {
		t.Fatal(err)
	}
	return pipeline(t, string(v.Codecs), dt, string(v.FillValue), v.Shape...)
}

func TestSpecVectorsDecode(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			p := v.pipeline(t)
			got := make([]byte, p.DecodedSize())
			if err := p.Decode(got, v.encoded); err != nil {
				t.Fatalf("%s: %v", v.Note, err)
			}
			if !bytes.Equal(got, v.decoded) {
				t.Fatalf("%s:\n got %x\nwant %x", v.Note, got, v.decoded)
			}
		})
	}
}

func TestSpecVectorsEncode(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			p := v.pipeline(t)
			enc, err := p.AppendEncode(nil, v.decoded)
			if err != nil {
				t.Fatal(err)
			}
			if v.ExactEncode && !bytes.Equal(enc, v.encoded) {
				t.Fatalf("%s:\n got %x\nwant %x", v.Note, enc, v.encoded)
			}
			back := make([]byte, p.DecodedSize())
			if err := p.Decode(back, enc); err != nil || !bytes.Equal(back, v.decoded) {
				t.Fatalf("round trip: %v", err)
			}
		})
	}
}

// TestSpecVectorsRegions reads every box of whole inner chunks and every
// single element of each vector through a counting reader and checks the
// values and the reads: the index first, then one range per stored inner
// chunk needed.
func TestSpecVectorsRegions(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			p := v.pipeline(t)
			if !p.PartialDecoding() {
				t.Fatal("PartialDecoding() = false")
			}
			b, ok := sharding.FromPipeline(p)
			if !ok {
				t.Fatalf("FromPipeline: %v", ok)
			}
			ix, err := b.ParseIndex(v.encoded)
			if err != nil {
				t.Fatal(err)
			}
			elem := p.Spec().DataType.Size()
			n := 1
			for _, d := range v.Shape {
				n *= d
			}
			idx := make([]int, len(v.Shape))
			for e := 0; e < n; e++ {
				rem := e
				for d := len(v.Shape) - 1; d >= 0; d-- {
					idx[d] = rem % v.Shape[d]
					rem /= v.Shape[d]
				}
				one := make([]int, len(v.Shape))
				for d := range one {
					one[d] = 1
				}
				rgn := region.FromShape(i64(idx), i64(one))
				r := &countingReader{value: v.encoded}
				got := make([]byte, elem)
				if err := p.DecodeRegion(context.Background(), r, rgn, got, nil); err != nil {
					t.Fatalf("element %v: %v", idx, err)
				}
				if want := subArray(v.decoded, v.Shape, idx, one, elem); !bytes.Equal(got, want) {
					t.Fatalf("element %v: got %x, want %x", idx, got, want)
				}
				reads := r.Reads()
				if len(reads) == 0 || reads[0] != b.IndexRange() {
					t.Fatalf("element %v: first read %v, want the index %v", idx, reads, b.IndexRange())
				}
				coords := make([]int, len(idx))
				for d := range idx {
					coords[d] = idx[d] / b.ChunkShape()[d]
				}
				rng, stored, _ := ix.Lookup(coords)
				switch {
				case !stored && len(reads) != 1:
					t.Fatalf("element %v in an absent inner chunk: reads %v, want only the index", idx, reads)
				case stored && v.Name != "nested" && (len(reads) != 2 || reads[1] != rng):
					t.Fatalf("element %v: reads %v, want the index then %v", idx, reads, rng)
				}
			}
		})
	}
}

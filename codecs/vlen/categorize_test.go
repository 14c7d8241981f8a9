package vlen_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestCategorizeVectors: numcodecs.categorize encodes the elements to the
// codes numcodecs 0.11's Categorize writes, and decodes those codes to the
// elements numcodecs reads back (no label: the empty string).
func TestCategorizeVectors(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Categorize []struct {
			Config   json.RawMessage `json:"config"`
			Elements []string        `json:"elements"`
			Encoded  string          `json:"encoded"`
			Decoded  []string        `json:"decoded"`
		} `json:"categorize"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Categorize) < 5 {
		t.Fatalf("%d categorize vectors", len(f.Categorize))
	}
	elems := func(s []string) []byte {
		var es [][]byte
		for _, e := range s {
			es = append(es, b64(t, e))
		}
		return vlenForm(es)
	}
	for _, v := range f.Categorize {
		p := pipeline(t, `{"name": "numcodecs.categorize", "configuration": `+string(v.Config)+`}`, numeric.String, []int{len(v.Elements)})
		want := b64(t, v.Encoded)
		got, err := p.AppendEncode(nil, elems(v.Elements))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: encode %x, %v; want %x", v.Config, got, err, want)
		}
		dec, err := p.AppendDecode(nil, want)
		if err != nil || !bytes.Equal(dec, elems(v.Decoded)) {
			t.Errorf("%s: decode %q, %v", v.Config, dec, err)
		}
	}
}

// TestCategorizeErrors: codes of the wrong length are corrupt, codes no
// label has read empty, and configurations numcodecs refuses are refused.
func TestCategorizeErrors(t *testing.T) {
	t.Parallel()
	p := pipeline(t, `{"name": "numcodecs.categorize", "configuration": {"labels": ["a"], "dtype": "|O", "astype": "<u2"}}`, numeric.String, []int{2})
	var ce *codec.CorruptError
	if _, err := p.AppendDecode(nil, []byte{1, 0, 0}); !errors.As(err, &ce) {
		t.Errorf("3 bytes of u2 codes: %v", err)
	}
	got, err := p.AppendDecode(nil, []byte{1, 0, 9, 9})
	if err != nil || !bytes.Equal(got, vlenForm([][]byte{[]byte("a"), nil})) {
		t.Errorf("an unknown code: %q, %v", got, err)
	}
	for _, cfg := range []string{`{"labels": ["a"]}`, `{"labels": ["a"], "dtype": "<i4"}`, `{"labels": [1], "dtype": "|O"}`,
		`{"labels": ["a"], "dtype": "|O", "astype": "<f4"}`, `{"labels": ["a"], "dtype": "|O", "astype": "|O"}`} {
		if _, _, err := parseCodec(`{"name": "numcodecs.categorize", "configuration": ` + cfg + `}`); err == nil {
			t.Errorf("%s: accepted", cfg)
		}
	}
	labels := `["a"`
	for range 200 {
		labels += `,"x"`
	}
	p = pipeline(t, `{"name": "numcodecs.categorize", "configuration": {"labels": `+labels+`], "dtype": "|O", "astype": "|i1"}}`, numeric.String, []int{1})
	var cfe *codec.ConfigError
	if _, err := p.AppendEncode(nil, vlenForm([][]byte{[]byte("a")})); !errors.As(err, &cfe) {
		t.Errorf("201 labels in i1: %v", err)
	}
}

// TestCategorizeTextVectors: numcodecs.categorize over fixed-length text
// ("<U n") encodes the elements to the codes numcodecs 0.11 writes, and
// decodes those codes, and every code from 0 to one past the labels, to the
// text numcodecs reads back (labels longer than n cut to n code points).
func TestCategorizeTextVectors(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		CategorizeText []struct {
			Config struct {
				Labels []string `json:"labels"`
				Dtype  string   `json:"dtype"`
				Astype string   `json:"astype"`
			} `json:"config"`
			Elements     []string `json:"elements"`
			Encoded      string   `json:"encoded"`
			Decoded      []string `json:"decoded"`
			DecodedCodes []string `json:"decoded_codes"`
		} `json:"categorize_text"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.CategorizeText) < 3 {
		t.Fatalf("%d vectors", len(f.CategorizeText))
	}
	for _, v := range f.CategorizeText {
		var n int
		if _, err := fmt.Sscanf(v.Config.Dtype[2:], "%d", &n); err != nil {
			t.Fatal(err)
		}
		dt, err := numeric.NewFixedLengthUTF32(4 * n)
		if err != nil {
			t.Fatal(err)
		}
		texts := func(s []string) []byte {
			b := make([]byte, 4*n*len(s))
			for i, e := range s {
				if err := numeric.PutUTF32(b[4*n*i:4*n*(i+1)], e); err != nil {
					t.Fatal(err)
				}
			}
			return b
		}
		conf, _ := json.Marshal(v.Config)
		p := pipeline(t, `{"name": "numcodecs.categorize", "configuration": `+string(conf)+`}`, dt, []int{len(v.Elements)})
		want := b64(t, v.Encoded)
		got, err := p.AppendEncode(nil, texts(v.Elements))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: encode %x, %v; want %x", conf, got, err, want)
		}
		dec, err := p.AppendDecode(nil, want)
		if err != nil || !bytes.Equal(dec, texts(v.Decoded)) {
			t.Errorf("%s: decode %q, %v", conf, dec, err)
		}
		size := len(want) / len(v.Elements)
		var codes []byte
		for c := range len(v.DecodedCodes) {
			w := make([]byte, size)
			if v.Config.Astype[0] == '>' {
				w[size-1] = byte(c)
			} else {
				w[0] = byte(c)
			}
			codes = append(codes, w...)
		}
		pc := pipeline(t, `{"name": "numcodecs.categorize", "configuration": `+string(conf)+`}`, dt, []int{len(v.DecodedCodes)})
		dec, err = pc.AppendDecode(nil, codes)
		if err != nil || !bytes.Equal(dec, texts(v.DecodedCodes)) {
			t.Errorf("%s: codes 0..%d decode %q, %v", conf, len(v.DecodedCodes)-1, dec, err)
		}
	}
}

// TestCategorizeTextErrors: chunks of another text length, and codes of the
// wrong length, are refused.
func TestCategorizeTextErrors(t *testing.T) {
	t.Parallel()
	const cfg = `{"name": "numcodecs.categorize", "configuration": {"labels": ["a"], "dtype": "<U2", "astype": "<u2"}}`
	u3, _ := numeric.NewFixedLengthUTF32(12)
	c, _, err := parseCodec(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := codec.NewPipeline(codec.ChunkSpec{DataType: u3, Shape: []int{2}, FillValue: numeric.Zero(u3)}, []codec.Codec{c}, nil); err == nil {
		t.Error("a <U2 categorize resolved on <U3 chunks")
	}
	u2, _ := numeric.NewFixedLengthUTF32(8)
	p := pipeline(t, cfg, u2, []int{2})
	var ce *codec.CorruptError
	if _, err := p.AppendDecode(nil, []byte{1, 0, 0}); !errors.As(err, &ce) {
		t.Errorf("3 bytes of u2 codes: %v", err)
	}
}

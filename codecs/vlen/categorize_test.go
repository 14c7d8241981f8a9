package vlen_test

import (
	"bytes"
	"encoding/json"
	"errors"
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
	for _, cfg := range []string{`{"labels": ["a"]}`, `{"labels": ["a"], "dtype": "<U3"}`, `{"labels": [1], "dtype": "|O"}`,
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

package metadata_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

const header = `"zarr_format": 3, "node_type": "array", "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}}`

func doc(rest string) []byte { return []byte("{" + header + ", " + rest + "}") }

func TestParseValid(t *testing.T) {
	a, err := metadata.Parse(doc(`"shape": [100, 7], "data_type": "uint16",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 7]}},
		"fill_value": 65535, "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}],
		"attributes": {"a": [1, 2]}, "dimension_names": ["t", null], "storage_transformers": [],
		"my_ext": {"must_understand": false, "k": 1}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.DataType != numeric.Uint16 || a.FillValue != numeric.ScalarOf(uint16(65535)) {
		t.Errorf("dtype %v fill %v", a.DataType, a.FillValue)
	}
	if got := a.Pipeline.DecodedSize(); got != 10*7*2 {
		t.Errorf("DecodedSize = %d, want 140", got)
	}
	if _, ok := a.Extra["my_ext"]; !ok {
		t.Error("extension member not kept")
	}
	// MarshalJSON writes a document that parses to the same array.
	out, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	b, err := metadata.Parse(out, nil)
	if err != nil {
		t.Fatalf("re-parse of\n%s\n: %v", out, err)
	}
	if b.FillValue != a.FillValue || b.DataType != a.DataType || len(b.Codecs) != 1 ||
		compact(t, b.Attributes) != `{"a":[1,2]}` || compact(t, b.DimensionNames) != `["t",null]` {
		t.Errorf("round trip changed the metadata:\n%s", out)
	}
}

func compact(t *testing.T, raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestParseProblems(t *testing.T) {
	tests := []struct {
		name     string
		data     string
		pointers []string
	}{
		{"not json", `{"zarr_format": 3,`, []string{""}},
		{"duplicate member", `{"zarr_format": 3, "zarr_format": 3}`, []string{"/zarr_format"}},
		{"missing members", `{"zarr_format": 3, "node_type": "array"}`, []string{"", "", "", "", "", ""}},
		{"negative shape", string(doc(`"shape": [-1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [0]}}, "fill_value": 0, "codecs": ["bytes"]`)),
			[]string{"/shape/0", "/chunk_grid/configuration/chunk_shape/0"}},
		{"bad separator", `{"zarr_format": 3, "node_type": "array", "chunk_key_encoding": {"name": "default", "configuration": {"separator": "-"}}, "shape": [1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["bytes"]}`,
			[]string{"/chunk_key_encoding/configuration/separator"}},
		{"storage transformer", string(doc(`"shape": [1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["bytes"], "storage_transformers": [{"name": "x"}]`)),
			[]string{"/storage_transformers"}},
		{"dimension names", string(doc(`"shape": [1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["bytes"], "dimension_names": ["a", "b"]`)),
			[]string{"/dimension_names"}},
		{"extension must be understood", string(doc(`"shape": [1], "data_type": "int8", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["bytes"], "a/b": {"must_understand": true}`)),
			[]string{"/a~1b"}},
		{"fill wrong type", string(doc(`"shape": [1], "data_type": "float32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": "nan", "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]`)),
			[]string{"/fill_value"}},
		{"codec config", string(doc(`"shape": [1], "data_type": "int32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": [{"name": "bytes", "configuration": {"endian": 1}}]`)),
			[]string{"/codecs/0/configuration/endian"}},
		{"endian at resolution", string(doc(`"shape": [1], "data_type": "int32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": [{"name": "x", "must_understand": false}, "bytes"]`)),
			[]string{"/codecs/1/configuration/endian"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := metadata.Parse([]byte(tt.data), &metadata.Options{Registry: registry.Default()})
			var ve *metadata.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v, want a *ValidationError", err)
			}
			var got []string
			for _, p := range ve.Problems {
				got = append(got, p.Pointer)
			}
			if strings.Join(got, " ") != strings.Join(tt.pointers, " ") {
				t.Errorf("pointers %q, want %q\n%v", got, tt.pointers, err)
			}
		})
	}
}

func TestParseTypedErrors(t *testing.T) {
	_, err := metadata.Parse(doc(`"shape": [1], "data_type": "int32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, "fill_value": 0, "codecs": ["zstd_from_the_future"]`), &metadata.Options{Registry: registry.New()})
	if !errors.Is(err, codec.ErrUnknownCodec) {
		t.Errorf("errors.Is(%v, ErrUnknownCodec) = false", err)
	}
	var ce *codec.ConfigError
	if !errors.As(err, &ce) || ce.Pointer != "/codecs/0" {
		t.Errorf("errors.As ConfigError: %+v", ce)
	}
}

func ExampleParse() {
	a, err := metadata.Parse([]byte(`{
		"zarr_format": 3, "node_type": "array", "shape": [1000], "data_type": "int16",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
		"chunk_key_encoding": {"name": "default"},
		"fill_value": -1,
		"codecs": [{"name": "bytes", "configuration": {"endian": "big"}}]
	}`), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.ChunkSpec())
	enc, err := codec.AppendEncodeSlice(a.Pipeline, nil, []int16{1, 2, -2, 256})
	fmt.Printf("%x %v\n", enc, err)
	// Output:
	// int16 [4] fill -1
	// 00010002fffe0100 <nil>
}

// Reading an array another client wrote, whose fill value does not survive
// its float scale_offset: strict parsing refuses it, reading accepts it
// with a warning.
func ExampleParse_reading() {
	zarrJSON := []byte(`{
		"zarr_format": 3, "node_type": "array", "shape": [100], "data_type": "float32",
		"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10]}},
		"chunk_key_encoding": {"name": "default"}, "fill_value": 0,
		"codecs": [{"name": "scale_offset", "configuration": {"offset": 3.3, "scale": 0.1}},
		           {"name": "bytes", "configuration": {"endian": "little"}}]
	}`)
	_, err := metadata.Parse(zarrJSON, nil)
	fmt.Println(err)
	a, err := metadata.Parse(zarrJSON, &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
	fmt.Println(err)
	for _, w := range a.Warnings {
		fmt.Println(w)
	}
	// Output:
	// invalid array metadata: /codecs/0: scale_offset: fill value 0 (float32) encodes to -0.33 (float32) but decodes back to -2.3841858e-07
	// <nil>
	// /codecs/0: scale_offset: fill value 0 (float32) encodes to -0.33 (float32) but decodes back to -2.3841858e-07; a warning when reading (docs/decisions.md#d17)
}

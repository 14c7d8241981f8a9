// Package zarrjson writes Zarr v3 array metadata (zarr.json) for the
// converters that produce it, with the keys in the order the Zarr v3
// specification lists them.
package zarrjson

import (
	"bytes"
	"encoding/json"

	"github.com/zcodec/zcodec/numeric"
)

// Array is the content of a zarr.json of an array.
type Array struct {
	Shape     []int64
	DataType  numeric.DataType
	Chunks    []int
	FillValue numeric.Scalar
	// Codecs are the codec entries in chain order.
	Codecs []map[string]any
	// KeyEncoding is the chunk_key_encoding object; nil means
	// {"name": "default", "configuration": {"separator": "/"}}.
	KeyEncoding map[string]any
	// Attributes are written when not empty.
	Attributes map[string]json.RawMessage
}

type document struct {
	ZarrFormat       int                        `json:"zarr_format"`
	NodeType         string                     `json:"node_type"`
	Shape            []int64                    `json:"shape"`
	DataType         string                     `json:"data_type"`
	ChunkGrid        any                        `json:"chunk_grid"`
	ChunkKeyEncoding any                        `json:"chunk_key_encoding"`
	FillValue        json.RawMessage            `json:"fill_value"`
	Codecs           []map[string]any           `json:"codecs"`
	Attributes       map[string]json.RawMessage `json:"attributes,omitempty"`
}

// Marshal returns the zarr.json text of a, indented by two spaces and ending
// in a newline.
func Marshal(a Array) ([]byte, error) {
	ke := any(a.KeyEncoding)
	if a.KeyEncoding == nil {
		ke = map[string]any{"name": "default", "configuration": map[string]any{"separator": "/"}}
	}
	fill, err := a.FillValue.MarshalJSON()
	if err != nil {
		return nil, err
	}
	doc := document{
		ZarrFormat: 3,
		NodeType:   "array",
		Shape:      a.Shape,
		DataType:   a.DataType.String(),
		ChunkGrid: map[string]any{"name": "regular", "configuration": map[string]any{
			"chunk_shape": a.Chunks,
		}},
		ChunkKeyEncoding: ke,
		FillValue:        fill,
		Codecs:           a.Codecs,
		Attributes:       a.Attributes,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

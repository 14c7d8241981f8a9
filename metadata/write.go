package metadata

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

	"github.com/zcodec/zcodec/region"
)

// MarshalJSON writes the array metadata as a zarr.json document: the
// members in the order of the specification, codecs and fill value in
// canonical form, the kept members as they were given, extensions last.
func (a *Array) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"zarr_format":3,"node_type":"array","shape":`)
	shape := a.Shape
	if shape == nil {
		shape = []int64{}
	}
	writeJSON(&b, shape)
	b.WriteString(`,"data_type":`)
	writeJSON(&b, a.DataType)
	b.WriteString(`,"chunk_grid":`)
	if err := a.appendGrid(&b); err != nil {
		return nil, err
	}
	b.WriteString(`,"chunk_key_encoding":`)
	if len(a.ChunkKeyEncoding) > 0 {
		b.Write(compact(a.ChunkKeyEncoding))
	} else {
		b.WriteString(`{"name":"default","configuration":{"separator":"/"}}`)
	}
	b.WriteString(`,"fill_value":`)
	fill, err := a.FillValue.MarshalJSON()
	if err != nil {
		return nil, err
	}
	b.Write(fill)
	b.WriteString(`,"codecs":[`)
	for i, c := range a.Codecs {
		if i > 0 {
			b.WriteByte(',')
		}
		cj, err := c.MarshalJSON()
		if err != nil {
			return nil, err
		}
		b.Write(cj)
	}
	b.WriteByte(']')
	for _, m := range []struct {
		name string
		v    json.RawMessage
	}{{"attributes", a.Attributes}, {"dimension_names", a.DimensionNames}, {"storage_transformers", a.StorageTransformers}} {
		if len(m.v) > 0 {
			b.WriteString(`,"` + m.name + `":`)
			b.Write(compact(m.v))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(a.Extra)) {
		b.WriteByte(',')
		writeJSON(&b, k)
		b.WriteByte(':')
		b.Write(compact(a.Extra[k]))
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func writeJSON(b *bytes.Buffer, v any) {
	j, _ := json.Marshal(v)
	b.Write(j)
}

func compact(v json.RawMessage) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return v
	}
	return b.Bytes()
}

// appendGrid writes the chunk grid: "regular" when ChunkEdges is nil or
// its grid is regular (region.Rectilinear.RegularShape), else
// "rectilinear" with its edges run-length encoded.
func (a *Array) appendGrid(b *bytes.Buffer) error {
	cs := a.ChunkShape
	if a.ChunkEdges != nil {
		g, err := region.NewRectilinear(a.Shape, a.ChunkEdges)
		if err != nil {
			return err
		}
		rs, ok := g.RegularShape()
		if !ok {
			appendRectilinear(b, g)
			return nil
		}
		cs = ints(rs)
	}
	b.WriteString(`{"name":"regular","configuration":{"chunk_shape":`)
	writeJSON(b, cs)
	b.WriteString(`}}`)
	return nil
}

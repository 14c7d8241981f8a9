package metadata

import (
	"encoding/json"
	"slices"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
)

// ArrayDefinition is the definition of a new array, the input of
// zarr.Create: exactly what Create writes into the array's zarr.json. Array
// is the other side, what Parse reads from one.
type ArrayDefinition struct {
	Shape    []int64
	DataType numeric.DataType
	// ChunkShape is the chunk shape of a regular grid. When ChunkEdges is
	// not nil it is ignored and may be nil.
	ChunkShape []int
	// ChunkEdges, when not nil, makes the grid rectilinear: the edges of
	// each dimension as runs (region.NewRectilinear). One that is regular
	// is written as the regular grid.
	ChunkEdges [][]region.Run
	FillValue  numeric.Scalar // of type DataType
	// Codecs is the codec chain, in chain order.
	Codecs []codec.Codec
	// ChunkKeyEncoding is the chunk_key_encoding object; nil means
	// "default" with the separator "/".
	ChunkKeyEncoding json.RawMessage
	// Attributes and DimensionNames are written as given when not nil.
	Attributes     json.RawMessage
	DimensionNames json.RawMessage
}

// Definition returns the definition of an array like a: its shape, data
// type, chunk shape, fill value, codecs, chunk key encoding, attributes and
// dimension names, sharing no memory with a but the codecs themselves
// (which are immutable). Members a keeps as extensions are left out.
func (a *Array) Definition() *ArrayDefinition {
	return &ArrayDefinition{
		Shape: slices.Clone(a.Shape), DataType: a.DataType, ChunkShape: slices.Clone(a.ChunkShape),
		ChunkEdges: cloneEdges(a.ChunkEdges),
		FillValue:  a.FillValue, Codecs: slices.Clone(a.Codecs),
		ChunkKeyEncoding: slices.Clone(a.ChunkKeyEncoding),
		Attributes:       slices.Clone(a.Attributes), DimensionNames: slices.Clone(a.DimensionNames),
	}
}

// MarshalJSON writes the definition as a zarr.json document, as
// Array.MarshalJSON writes an array's metadata.
func (d *ArrayDefinition) MarshalJSON() ([]byte, error) {
	a := &Array{
		Shape: d.Shape, DataType: d.DataType, ChunkShape: d.ChunkShape, ChunkEdges: d.ChunkEdges, FillValue: d.FillValue,
		Codecs: d.Codecs, ChunkKeyEncoding: d.ChunkKeyEncoding,
		Attributes: d.Attributes, DimensionNames: d.DimensionNames,
	}
	return a.MarshalJSON()
}

func cloneEdges(e [][]region.Run) [][]region.Run {
	if e == nil {
		return nil
	}
	out := make([][]region.Run, len(e))
	for d, runs := range e {
		out[d] = slices.Clone(runs)
	}
	return out
}

package hdf5

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/metadata"
)

// Translation is the result of Translate.
type Translation struct {
	// Array is the dataset as Zarr v3 array metadata, its pipeline resolved
	// for chunks with filter_mask 0; Array.MarshalJSON writes the zarr.json.
	Array *metadata.Array
	// Warnings are notes for the user: optional filters, a dropped
	// `_FillValue` attribute. Each Pointer is that of the value concerned
	// in the dataset description ("/filters/1", "/attributes/_FillValue");
	// Err is nil.
	Warnings []codec.Warning
}

// defaultKeyEncoding is the chunk_key_encoding of a translated dataset.
var defaultKeyEncoding = metadata.DefaultKeyEncoding.JSON()

// Translate describes d as a Zarr v3 array whose codec chain decodes the
// dataset's stored chunks unchanged: the data type, the shape, a regular
// chunk grid of d.Chunks, the fill value and attributes consolidated as in
// package cf, and the chain of Codecs with filter mask 0. A filter with no
// faithful codec is a *FilterError.
func Translate(d *Description) (*Translation, error) {
	codecs, err := Codecs(d.DataType, d.Endian, d.Filters, 0)
	if err != nil {
		return nil, err
	}
	t := &Translation{}
	for i, f := range d.Filters {
		if f.Optional() {
			t.Warnings = append(t.Warnings, codec.Warning{Pointer: "/filters/" + strconv.Itoa(i), Message: fmt.Sprintf(
				"filter %d (%s) is optional: chunks whose filter_mask has bit %d set skipped it and need the chain of hdf5.Codecs for their mask; these codecs are for filter_mask 0",
				i, FilterName(f.ID), i)})
		}
	}
	c, err := cf.Consolidate(d.DataType, d.FillValue, d.Attributes)
	if err != nil {
		return nil, err
	}
	t.Warnings = append(t.Warnings, c.Warnings...)
	a := &metadata.Array{
		Shape:            d.Shape,
		DataType:         d.DataType,
		ChunkShape:       d.Chunks,
		ChunkKeyEncoding: defaultKeyEncoding,
		FillValue:        c.FillValue,
		Codecs:           codecs,
	}
	for i := range codecs {
		a.CodecPointers = append(a.CodecPointers, fmt.Sprintf("/codecs/%d", i))
	}
	if len(c.Attributes) > 0 {
		if a.Attributes, err = json.Marshal(c.Attributes); err != nil {
			return nil, err
		}
	}
	if a.Pipeline, err = codec.NewPipeline(a.ChunkSpec(), codecs, nil); err != nil {
		return nil, err
	}
	t.Array = a
	return t, nil
}

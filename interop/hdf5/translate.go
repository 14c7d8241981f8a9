package hdf5

import (
	"fmt"

	"github.com/zcodec/zcodec/internal/zarrjson"
	"github.com/zcodec/zcodec/interop/cf"
)

// Translation is the result of Translate.
type Translation struct {
	// ZarrJSON is the zarr.json of the dataset, for chunks with filter_mask
	// 0, ending in a newline.
	ZarrJSON []byte
	// Warnings are notes for the user: optional filters, a dropped
	// `_FillValue` attribute.
	Warnings []string
}

// Translate describes d as a Zarr v3 array whose codec chain decodes the
// dataset's stored chunks unchanged: the data type, the shape, a regular
// chunk grid of d.Chunks, the fill value and attributes consolidated as in
// package cf, and the chain of Codecs with filter mask 0. A filter with no
// faithful codec is a *FilterError.
func Translate(d *Description) (Translation, error) {
	var t Translation
	codecs, err := Codecs(d.DataType, d.Endian, d.Filters, 0)
	if err != nil {
		return t, err
	}
	for i, f := range d.Filters {
		if f.Optional() {
			t.Warnings = append(t.Warnings, fmt.Sprintf(
				"filter %d (%s) is optional: chunks whose filter_mask has bit %d set skipped it and need the chain of hdf5.Codecs for their mask; these codecs are for filter_mask 0",
				i, FilterName(f.ID), i))
		}
	}
	c, err := cf.Consolidate(d.DataType, d.FillValue, d.Attributes)
	if err != nil {
		return t, err
	}
	t.Warnings = append(t.Warnings, c.Warnings...)
	t.ZarrJSON, err = zarrjson.Marshal(zarrjson.Array{
		Shape:      d.Shape,
		DataType:   d.DataType,
		Chunks:     d.Chunks,
		FillValue:  c.FillValue,
		Codecs:     codecs,
		Attributes: c.Attributes,
	})
	return t, err
}

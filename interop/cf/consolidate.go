package cf

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// Attribute names this package treats specially.
const (
	FillValueAttr    = "_FillValue"
	MissingValueAttr = "missing_value"
)

// fillValuePointer is the JSON pointer of the `_FillValue` attribute in
// an array's metadata (zarr.json, or an HDF5 dataset description).
const fillValuePointer = "/attributes/" + FillValueAttr

// Consolidated is the result of Consolidate.
type Consolidated struct {
	// FillValue is the Zarr fill_value: the header fill, or the zero of the
	// data type when the header defines none.
	FillValue numeric.Scalar
	// Attributes are the array's attributes with `_FillValue` encoded for
	// xarray (or dropped), everything else unchanged.
	Attributes map[string]json.RawMessage
	// Warnings say what was dropped and why. Each Pointer is that of the
	// attribute in the array's metadata ("/attributes/_FillValue"); its
	// Err is nil.
	Warnings []codec.Warning
}

// Consolidate maps a dataset's fill information to Zarr: header is the
// header fill value (a Scalar of dt, or the zero Scalar when the dataset
// defines none) and attrs its attributes as JSON values. See the package
// documentation for the rules. It returns an error only for a header fill of
// the wrong type; a bad `_FillValue` attribute is dropped with a warning.
func Consolidate(dt numeric.DataType, header numeric.Scalar, attrs map[string]json.RawMessage) (Consolidated, error) {
	out := Consolidated{FillValue: numeric.Zero(dt), Attributes: maps.Clone(attrs)}
	if !dt.Valid() {
		return out, fmt.Errorf("cf: invalid data type %v", dt)
	}
	if header.Valid() {
		if header.DataType() != dt {
			return out, fmt.Errorf("cf: header fill value %v is a %v, not a %v", header, header.DataType(), dt)
		}
		out.FillValue = header
	}
	if out.Attributes == nil {
		out.Attributes = map[string]json.RawMessage{}
	}
	raw, ok := out.Attributes[FillValueAttr]
	if !ok {
		return out, nil
	}
	v, err := Cast(dt, raw)
	if err != nil {
		delete(out.Attributes, FillValueAttr)
		out.Warnings = append(out.Warnings, codec.Warning{Pointer: fillValuePointer, Message: fmt.Sprintf(
			"%s dropped: %v (the data stay readable; CF readers will not mask missing values)", excerpt(raw), err)})
		return out, nil
	}
	enc, err := Encode(v)
	if err != nil {
		return out, err
	}
	out.Attributes[FillValueAttr] = enc
	return out, nil
}

package hdf5

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"math"
	"strconv"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/numeric"
)

// Limits on a description, from HDF5's own limits.
const (
	MaxRank     = 32 // H5S_MAX_RANK
	MaxFilters  = 32 // H5Z_MAX_NFILTERS
	MaxCDValues = 256
)

// Description is an HDF5 chunked dataset as a Zarr reader needs it.
type Description struct {
	DataType numeric.DataType
	// Endian is the byte order of the stored elements (EndianUnset for
	// one-byte types).
	Endian numeric.Endian
	Shape  []int64
	Chunks []int
	// Filters is the filter pipeline in pipeline (writing) order.
	Filters []h5file.Filter
	// FillValue is the header fill value, or the zero Scalar when the
	// header defines none.
	FillValue numeric.Scalar
	// Attributes are the dataset's attributes as JSON values.
	Attributes map[string]json.RawMessage
}

// ParseDescription decodes a dataset description: a JSON object with
// exactly the keys "data_type", "shape", "chunks", "filters", and
// optionally "fill_value" and "attributes" (see the package documentation).
// Every problem is a *DescriptionError with the JSON pointer of the
// offending value (and, for a syntax error, its line and column).
func ParseDescription(data []byte) (*Description, error) {
	top, err := strictjson.Parse(data, strictjson.Options{NewError: descriptionError})
	if err != nil {
		return nil, err
	}
	if err := top.Require("data_type", "shape", "chunks", "filters"); err != nil {
		return nil, err
	}
	d := &Description{}
	name, _, err := top.String("data_type")
	if err != nil {
		return nil, err
	}
	if d.DataType, d.Endian, err = parseDataType(name); err != nil {
		return nil, &DescriptionError{Pointer: "/data_type", Reason: err.Error()}
	}
	shape, _, err := top.Ints("shape", 0, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	chunks, _, err := top.Ints("chunks", 1, math.MaxUint32)
	if err != nil {
		return nil, err
	}
	if len(shape) == 0 || len(shape) > MaxRank {
		return nil, &DescriptionError{Pointer: "/shape", Reason: fmt.Sprintf("rank %d: a chunked dataset has 1 to %d dimensions", len(shape), MaxRank)}
	}
	if len(chunks) != len(shape) {
		return nil, &DescriptionError{Pointer: "/chunks", Reason: fmt.Sprintf("%d chunk dimensions for a rank-%d dataset", len(chunks), len(shape))}
	}
	d.Shape = shape
	for _, c := range chunks {
		d.Chunks = append(d.Chunks, int(c))
	}
	spec := codec.ChunkSpec{DataType: d.DataType, Shape: d.Chunks, FillValue: numeric.Zero(d.DataType)}
	if err := spec.Validate(); err != nil {
		return nil, &DescriptionError{Pointer: "/chunks", Reason: err.Error()}
	}
	items, _, err := top.Array("filters")
	if err != nil {
		return nil, err
	}
	if d.Filters, err = parseFilters(items); err != nil {
		return nil, err
	}
	if raw, ok := top.Raw("fill_value"); ok && string(raw) != "null" {
		if d.FillValue, err = parseFill(raw, d.DataType, d.Endian); err != nil {
			return nil, err
		}
	}
	if raw, ok := top.Raw("attributes"); ok && string(raw) != "null" {
		attrs, _, err := top.Object("attributes")
		if err != nil {
			return nil, err
		}
		d.Attributes = map[string]json.RawMessage{}
		for _, k := range attrs.Keys() {
			d.Attributes[k], _ = attrs.Raw(k)
		}
	}
	if err := top.Finish(); err != nil {
		return nil, err
	}
	return d, nil
}

// descriptionError builds the *DescriptionError of a problem the strict
// reader finds.
func descriptionError(e *strictjson.Error) error {
	reason := e.Reason
	if pos := e.Position(); pos != "" {
		reason += " at " + pos
	}
	return &DescriptionError{Pointer: e.Pointer, Reason: reason}
}

// parseDataType reads a Zarr v3 name (stored little-endian) or a NumPy
// type string.
func parseDataType(s string) (numeric.DataType, numeric.Endian, error) {
	if dt, err := numeric.ParseDataType(s); err == nil {
		if dt.Size() == 1 {
			return dt, numeric.EndianUnset, nil
		}
		return dt, numeric.LittleEndian, nil
	}
	dt, e, err := npdtype.Parse(s)
	if err != nil {
		return 0, 0, fmt.Errorf("neither a Zarr v3 data type nor a NumPy type string: %w", err)
	}
	if dt.IsText() || dt.IsByteString() {
		return 0, 0, fmt.Errorf("%s: string datasets are not supported (a NumPy string type)", s)
	}
	return dt, e, nil
}

// parseFilters reads the filter objects of the "filters" member.
func parseFilters(items []json.RawMessage) ([]h5file.Filter, error) {
	if len(items) > MaxFilters {
		return nil, &DescriptionError{Pointer: "/filters", Reason: fmt.Sprintf("%d filters; HDF5 allows at most %d", len(items), MaxFilters)}
	}
	out := make([]h5file.Filter, 0, len(items))
	for i, it := range items {
		p := strictjson.Pointer("/filters", strconv.Itoa(i))
		o, err := strictjson.Parse(it, strictjson.Options{Pointer: p, NewError: descriptionError})
		if err != nil {
			return nil, err
		}
		if err := o.Require("id", "cd_values"); err != nil {
			return nil, err
		}
		var f h5file.Filter
		id, _, err := o.Int("id", 0, math.MaxUint32)
		if err != nil {
			return nil, err
		}
		f.ID = uint32(id)
		fl, _, err := o.Int("flags", 0, math.MaxUint32)
		if err != nil {
			return nil, err
		}
		f.Flags = uint32(fl)
		cd, _, err := o.Ints("cd_values", 0, math.MaxUint32)
		if err != nil {
			return nil, err
		}
		if len(cd) > MaxCDValues {
			return nil, &DescriptionError{Pointer: p + "/cd_values", Reason: fmt.Sprintf("%d values; at most %d are accepted", len(cd), MaxCDValues)}
		}
		f.CDValues = make([]uint32, len(cd))
		for j, v := range cd {
			f.CDValues[j] = uint32(v)
		}
		if raw, ok := o.Raw("name"); ok && string(raw) != "null" {
			if f.Name, _, err = o.String("name"); err != nil {
				return nil, err
			}
		}
		if err := o.Finish(); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func parseFill(raw json.RawMessage, dt numeric.DataType, e numeric.Endian) (numeric.Scalar, error) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return numeric.Scalar{}, &DescriptionError{Pointer: "/fill_value", Reason: "want null or a hex string of the fill value's raw bytes"}
	}
	if len(s) != 2*dt.Size() {
		return numeric.Scalar{}, &DescriptionError{Pointer: "/fill_value", Reason: fmt.Sprintf("%d hex digits; a %v fill value has %d bytes, %d digits", len(s), dt, dt.Size(), 2*dt.Size())}
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return numeric.Scalar{}, &DescriptionError{Pointer: "/fill_value", Reason: "not hex: " + err.Error()}
	}
	if e == numeric.BigEndian {
		w := dt.ComponentType().Size()
		for i := 0; i+w <= len(b); i += w {
			for l, r := i, i+w-1; l < r; l, r = l+1, r-1 {
				b[l], b[r] = b[r], b[l]
			}
		}
	}
	v, err := numeric.ScalarFromBytes(dt, b)
	if err != nil {
		return numeric.Scalar{}, &DescriptionError{Pointer: "/fill_value", Reason: err.Error()}
	}
	return v, nil
}

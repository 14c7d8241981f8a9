package hdf5

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/interop/internal/build"
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
	Endian bytescodec.Endian
	Shape  []int64
	Chunks []int
	// Filters is the filter pipeline in pipeline (writing) order.
	Filters []Filter
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
// offending value.
func ParseDescription(data []byte) (*Description, error) {
	data = bytes.TrimSpace(data)
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return nil, syntaxError(data, err)
	}
	top, err := object(data, "")
	if err != nil {
		return nil, err
	}
	if err := top.Require("data_type", "shape", "chunks", "filters"); err != nil {
		return nil, convert(err)
	}
	d := &Description{}
	name, _, err := top.String("data_type")
	if err != nil {
		return nil, convert(err)
	}
	if d.DataType, d.Endian, err = parseDataType(name); err != nil {
		return nil, &DescriptionError{Pointer: "/data_type", Reason: err.Error()}
	}
	raw, _ := top.Raw("shape")
	shape, err := uints(raw, "/shape", math.MaxInt64, 0)
	if err != nil {
		return nil, err
	}
	raw, _ = top.Raw("chunks")
	chunks, err := uints(raw, "/chunks", math.MaxUint32, 1)
	if err != nil {
		return nil, err
	}
	if len(shape) == 0 || len(shape) > MaxRank {
		return nil, &DescriptionError{Pointer: "/shape", Reason: fmt.Sprintf("rank %d: a chunked dataset has 1 to %d dimensions", len(shape), MaxRank)}
	}
	if len(chunks) != len(shape) {
		return nil, &DescriptionError{Pointer: "/chunks", Reason: fmt.Sprintf("%d chunk dimensions for a rank-%d dataset", len(chunks), len(shape))}
	}
	for _, s := range shape {
		d.Shape = append(d.Shape, int64(s))
	}
	for _, c := range chunks {
		d.Chunks = append(d.Chunks, int(c))
	}
	spec := codec.ChunkSpec{DataType: d.DataType, Shape: d.Chunks, FillValue: numeric.Zero(d.DataType)}
	if err := spec.Validate(); err != nil {
		return nil, &DescriptionError{Pointer: "/chunks", Reason: err.Error()}
	}
	raw, _ = top.Raw("filters")
	if d.Filters, err = parseFilters(raw); err != nil {
		return nil, err
	}
	if raw, ok := top.Raw("fill_value"); ok && string(raw) != "null" {
		if d.FillValue, err = parseFill(raw, d.DataType, d.Endian); err != nil {
			return nil, err
		}
	}
	if raw, ok := top.Raw("attributes"); ok && string(raw) != "null" {
		if len(raw) == 0 || raw[0] != '{' {
			return nil, &DescriptionError{Pointer: "/attributes", Reason: "want a JSON object"}
		}
		if err := json.Unmarshal(raw, &d.Attributes); err != nil {
			return nil, &DescriptionError{Pointer: "/attributes", Reason: "want a JSON object"}
		}
	}
	if err := top.Finish(); err != nil {
		return nil, convert(err)
	}
	return d, nil
}

// parseDataType reads a Zarr v3 name (stored little-endian) or a NumPy
// type string.
func parseDataType(s string) (numeric.DataType, bytescodec.Endian, error) {
	if dt, err := numeric.ParseDataType(s); err == nil {
		if dt.Size() == 1 {
			return dt, bytescodec.EndianUnset, nil
		}
		return dt, bytescodec.LittleEndian, nil
	}
	dt, e, err := npdtype.Parse(s)
	if err != nil {
		return 0, 0, fmt.Errorf("neither a Zarr v3 data type nor a NumPy type string: %w", err)
	}
	return dt, e, nil
}

func parseFilters(raw json.RawMessage) ([]Filter, error) {
	var items []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, &DescriptionError{Pointer: "/filters", Reason: "want a JSON array of filters"}
	}
	if len(items) > MaxFilters {
		return nil, &DescriptionError{Pointer: "/filters", Reason: fmt.Sprintf("%d filters; HDF5 allows at most %d", len(items), MaxFilters)}
	}
	out := make([]Filter, 0, len(items))
	for i, it := range items {
		p := fmt.Sprintf("/filters/%d", i)
		o, err := object(bytes.TrimSpace(it), p)
		if err != nil {
			return nil, err
		}
		if err := o.Require("id", "cd_values"); err != nil {
			return nil, convert(err)
		}
		var f Filter
		id, _, err := o.Int("id", 0, math.MaxUint32)
		if err != nil {
			return nil, convert(err)
		}
		f.ID = uint32(id)
		fl, _, err := o.Int("flags", 0, math.MaxUint32)
		if err != nil {
			return nil, convert(err)
		}
		f.Flags = uint32(fl)
		cdRaw, _ := o.Raw("cd_values")
		cd, err := uints(cdRaw, p+"/cd_values", math.MaxUint32, 0)
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
		if nraw, ok := o.Raw("name"); ok && string(nraw) != "null" {
			if len(nraw) == 0 || nraw[0] != '"' || json.Unmarshal(nraw, &f.Name) != nil {
				return nil, &DescriptionError{Pointer: p + "/name", Reason: "want a string"}
			}
		}
		if err := o.Finish(); err != nil {
			return nil, convert(err)
		}
		out = append(out, f)
	}
	return out, nil
}

func parseFill(raw json.RawMessage, dt numeric.DataType, e bytescodec.Endian) (numeric.Scalar, error) {
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
	if e == bytescodec.BigEndian {
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

// uints reads a JSON array of integers in [lo, hi].
func uints(raw json.RawMessage, pointer string, hi uint64, lo uint64) ([]uint64, error) {
	var items []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, &DescriptionError{Pointer: pointer, Reason: "want a JSON array of integers"}
	}
	out := make([]uint64, 0, len(items))
	for i, it := range items {
		it = bytes.TrimSpace(it)
		v, err := strconv.ParseUint(string(it), 10, 64)
		if err != nil || v < lo || v > hi {
			return nil, &DescriptionError{Pointer: fmt.Sprintf("%s/%d", pointer, i), Reason: fmt.Sprintf("want an integer in [%d, %d], got %s", lo, hi, build.Short(string(it)))}
		}
		out = append(out, v)
	}
	return out, nil
}

func object(raw []byte, pointer string) (*codec.Config, error) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, &DescriptionError{Pointer: pointer, Reason: "want a JSON object"}
	}
	o, err := codec.NewConfig("", pointer, raw)
	if err != nil {
		return nil, convert(err)
	}
	return o, nil
}

// convert turns a *codec.ConfigError from the strict object reader into a
// *DescriptionError.
func convert(err error) error {
	var ce *codec.ConfigError
	if errors.As(err, &ce) {
		r := strings.Replace(ce.Reason, "configuration key", "key", 1)
		r = strings.Replace(r, "configuration", "object", 1)
		return &DescriptionError{Pointer: ce.Pointer, Reason: r}
	}
	return &DescriptionError{Reason: err.Error()}
}

func syntaxError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		r := fmt.Sprintf("not valid JSON at byte %d: %v", se.Offset, err)
		if off := int(se.Offset) - 1; off >= 0 && off < len(data) && (data[off] == 'N' || data[off] == 'I') {
			r += ` (write NaN and Infinity as the strings "NaN", "Infinity", "-Infinity")`
		}
		return &DescriptionError{Reason: r}
	}
	return &DescriptionError{Reason: "not valid JSON: " + err.Error()}
}

package zarrv2

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/interop/internal/build"
	"github.com/zcodec/zcodec/numeric"
)

// Object arrays (dtype "|O"): zarr 2.13 stores them with their object
// codec as the first filter (numcodecs' VLenUTF8, VLenBytes, VLenArray,
// JSON, MsgPack; zarr's object_codec). That filter turns the array into
// bytes: in Zarr v3 it is the array->bytes codec, and the data type is the
// one its elements read as. numcodecs' Categorize (of dtype "|O") is no
// object codec but turns strings into integer codes, so it too is the
// array->bytes codec; so it is over fixed-length text ("<U n"), where
// the data type stays the array's. MessagePack holds Python's str (str) and bytes
// (bin) alike; msgpack2 reads as string unless Options.MsgPackBytes or its
// "raw": true says bytes, and a bin element in a string array is refused
// (an element error), never read as text.

// objectCodecs maps the numcodecs id of an object codec to the Zarr v3
// codec name and the data type of the elements it stores.
var objectCodecs = map[string]struct {
	name string
	dt   numeric.DataType
}{
	"vlen-utf8":  {"vlen-utf8", numeric.String},
	"vlen-bytes": {"vlen-bytes", numeric.Bytes},
	"vlen-array": {"numcodecs.vlen-array", numeric.Bytes},
	"json2":      {"numcodecs.json2", numeric.String},
	"msgpack2":   {"numcodecs.msgpack2", numeric.String},
	"categorize": {"numcodecs.categorize", numeric.String},
}

// firstFilterID returns the id of the first entry of a .zarray's filters,
// "" when there is none or the JSON is not an array of objects (which the
// strict reading of the filters reports).
func firstFilterID(filtersRaw json.RawMessage) string {
	var filters []struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(filtersRaw, &filters) != nil || len(filters) == 0 {
		return ""
	}
	return filters[0].ID
}

// isObjectDtype reports whether a .zarray dtype is NumPy's object type.
func isObjectDtype(s string) bool {
	switch s {
	case "|O", "O", "<O", ">O", "=O", "|O8", "<O8", ">O8":
		return true
	}
	return false
}

// objectCodec reads the object codec of an object array: the first entry
// of filters. It returns the data type the elements read as and the
// array->bytes codec.
func (c *converter) objectCodec(filtersRaw json.RawMessage, msgPackBytes bool) (numeric.DataType, codec.Codec, error) {
	const noCodec = "an object array (dtype \"|O\") needs its object codec as the first filter (vlen-utf8, vlen-bytes, vlen-array, json2, msgpack2, or categorize)"
	if string(filtersRaw) == "null" {
		return 0, nil, &Error{Pointer: "/filters", Reason: noCodec}
	}
	filters, err := strictjson.ParseArray(filtersRaw, strictjson.Options{Pointer: "/filters", NewError: convertError})
	if err != nil {
		return 0, nil, err
	}
	if len(filters) == 0 {
		return 0, nil, &Error{Pointer: "/filters", Reason: noCodec}
	}
	const ptr = "/filters/0"
	obj, err := strictjson.Parse(filters[0], strictjson.Options{Pointer: ptr, NewError: convertError})
	if err != nil {
		return 0, nil, err
	}
	if err := obj.Require("id"); err != nil {
		return 0, nil, err
	}
	id, _, err := obj.String("id")
	if err != nil {
		return 0, nil, err
	}
	oc, ok := objectCodecs[id]
	if !ok {
		if id == "pickle" {
			_, err := build.Codec(c.reg, ptr, "numcodecs.pickle", nil)
			return 0, nil, codecErr(ptr, "numcodecs.pickle", err)
		}
		return 0, nil, &Error{Pointer: ptr + "/id", Reason: fmt.Sprintf("%q is not an object codec; %s", id, noCodec)}
	}
	params := map[string]json.RawMessage{}
	for _, k := range obj.Keys() {
		if k != "id" {
			params[k], _ = obj.Raw(k)
		}
	}
	dt := oc.dt
	if id == "msgpack2" {
		raw := params["raw"]
		if msgPackBytes || string(bytes.TrimSpace(raw)) == "true" {
			dt = numeric.Bytes
		}
	}
	var config any
	if len(params) > 0 {
		config = params
	}
	built, err := build.Codec(c.reg, ptr, oc.name, config)
	if err != nil {
		return 0, nil, codecErr(ptr, oc.name, err)
	}
	if codec.KindOf(built) != codec.KindArrayToBytes {
		return 0, nil, &Error{Pointer: ptr, Reason: oc.name + " is not an array->bytes codec in this registry"}
	}
	return dt, built, nil
}

// objectFill reads the fill_value of an object array. zarr 2.13 writes 0
// (its default) or null for object arrays, and fills the elements of
// missing chunks with that Python object, which numcodecs' VLenUTF8 and
// VLenBytes store as empty; both read as the empty value here, with a
// warning. A string reads as the value itself (base64 for bytes).
func (c *converter) objectFill(dt numeric.DataType, raw json.RawMessage) (numeric.Scalar, error) {
	switch string(raw) {
	case "0", "null":
		c.res.Warnings = append(c.res.Warnings, codec.Warning{Pointer: "/fill_value", Message: fmt.Sprintf(
			"fill_value %s of an object array: zarr 2 fills missing chunks with that Python object, which numcodecs stores as empty; read as the empty %v", raw, dt)})
		return numeric.Zero(dt), nil
	}
	fill, err := numeric.ParseFillValue(dt, raw)
	if err != nil {
		var fe *numeric.FillValueError
		if errors.As(err, &fe) {
			return numeric.Scalar{}, &Error{Pointer: "/fill_value", Reason: err.Error(), Err: err}
		}
		return numeric.Scalar{}, err
	}
	return fill, nil
}

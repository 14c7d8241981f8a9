package zarrv2

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	bytescodec "github.com/zcodec/zcodec/codecs/bytes"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/internal/zarrjson"
	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// ErrConvert is matched by every *Error.
var ErrConvert = errors.New("cannot convert Zarr v2 array metadata")

// Error reports a .zarray that cannot be converted: where (a JSON pointer
// such as "/compressor/level") and why.
type Error struct {
	Pointer string
	Reason  string
}

func (e *Error) Error() string {
	if e.Pointer == "" {
		return ".zarray: " + e.Reason
	}
	return ".zarray: " + e.Pointer + ": " + e.Reason
}

// Is makes every Error match ErrConvert.
func (e *Error) Is(target error) bool { return target == ErrConvert }

// Options control Convert.
type Options struct {
	// FillValue is the fill value (Zarr v3 fill-value JSON) to use when the
	// .zarray's fill_value is null. Without it a null fill_value is an
	// error, as the `_FillValue` convention recommends.
	FillValue json.RawMessage
	// Xarray marks an array written by xarray, which used fill_value as
	// the CF `_FillValue`: a non-null fill_value is then also written as
	// the `_FillValue` attribute (xarray's encoding) so that masking
	// survives; fill_value itself is kept, so unwritten chunks read the same.
	Xarray bool
	// Attributes are the array's attributes (.zattrs), copied to
	// zarr.json.
	Attributes map[string]json.RawMessage
	// Registry, when not nil, must know every codec of the chain; a codec it
	// lacks (transpose for order "F", for one) is an error. The command
	// passes registry.Default().
	Registry *registry.Registry
}

// Result is the result of Convert.
type Result struct {
	ZarrJSON []byte
	Warnings []string
}

// Convert translates a Zarr v2 .zarray document to a Zarr v3 zarr.json whose
// chain decodes the array's existing chunks (see the package
// documentation).
func Convert(zarray []byte, opts Options) (Result, error) {
	var res Result
	zarray = bytes.TrimSpace(zarray)
	if len(zarray) == 0 || zarray[0] != '{' {
		return res, &Error{Reason: "want a JSON object"}
	}
	top, err := codec.NewConfig("", "", zarray)
	if err != nil {
		return res, convertErr(err)
	}
	if err := top.Require("zarr_format", "shape", "chunks", "dtype", "compressor", "fill_value", "order", "filters"); err != nil {
		return res, convertErr(err)
	}
	if v, _, err := top.Int("zarr_format", 0, math.MaxInt32); err != nil {
		return res, convertErr(err)
	} else if v != 2 {
		return res, &Error{Pointer: "/zarr_format", Reason: fmt.Sprintf("zarr_format %d; want 2", v)}
	}
	dtName, _, err := top.String("dtype")
	if err != nil {
		return res, &Error{Pointer: "/dtype", Reason: "want a NumPy type string such as \"<f4\" (structured types are not supported)"}
	}
	dt, endian, err := npdtype.Parse(dtName)
	if err != nil {
		return res, &Error{Pointer: "/dtype", Reason: err.Error()}
	}
	raw, _ := top.Raw("shape")
	shape, err := ints(raw, "/shape", 0)
	if err != nil {
		return res, err
	}
	raw, _ = top.Raw("chunks")
	chunks, err := ints(raw, "/chunks", 1)
	if err != nil {
		return res, err
	}
	if len(chunks) != len(shape) {
		return res, &Error{Pointer: "/chunks", Reason: fmt.Sprintf("%d chunk dimensions for %d array dimensions", len(chunks), len(shape))}
	}
	chunkInts := make([]int, len(chunks))
	for i, c := range chunks {
		if c > math.MaxInt32 {
			return res, &Error{Pointer: fmt.Sprintf("/chunks/%d", i), Reason: "chunk dimension too large"}
		}
		chunkInts[i] = int(c)
	}
	if err := (codec.ChunkSpec{DataType: dt, Shape: chunkInts, FillValue: numeric.Zero(dt)}).Validate(); err != nil {
		return res, &Error{Pointer: "/chunks", Reason: err.Error()}
	}
	order, _, err := top.Enum("order", "C", "F")
	if err != nil {
		return res, convertErr(err)
	}
	sep := "."
	if s, ok, err := top.Enum("dimension_separator", ".", "/"); err != nil {
		return res, convertErr(err)
	} else if ok {
		sep = s
	}

	var codecs []map[string]any
	if order == "F" && len(shape) > 1 {
		perm := make([]int, len(shape))
		for i := range perm {
			perm[i] = len(shape) - 1 - i
		}
		codecs = append(codecs, map[string]any{"name": "transpose", "configuration": map[string]any{"order": perm}})
	}
	fraw, _ := top.Raw("filters")
	craw, _ := top.Raw("compressor")
	bytesSide, arraySide, bytesDT, bytesEndian, err := chain(fraw, craw, dt, endian)
	if err != nil {
		return res, err
	}
	codecs = append(codecs, arraySide...)
	codecs = append(codecs, npdtype.BytesCodecJSON(bytesDT, bytesEndian))
	codecs = append(codecs, bytesSide...)
	if opts.Registry != nil {
		for i, c := range codecs {
			name := c["name"].(string)
			if _, ok := opts.Registry.Lookup(name); !ok {
				why := "zcodec has no such codec"
				if name == "transpose" {
					why = "order \"F\" needs the transpose codec, which zcodec does not provide"
				}
				return res, &Error{Pointer: "/codecs/" + strconv.Itoa(i), Reason: fmt.Sprintf("%s: %s", name, why)}
			}
		}
	}

	fillRaw, _ := top.Raw("fill_value")
	var fill numeric.Scalar
	attrs := map[string]json.RawMessage{}
	for k, v := range opts.Attributes {
		attrs[k] = v
	}
	if string(fillRaw) == "null" {
		if opts.FillValue == nil {
			return res, &Error{Pointer: "/fill_value", Reason: "null: Zarr v3 needs a fill value; give one (the value unwritten chunks should read as)"}
		}
		if fill, err = numeric.ParseFillValue(dt, opts.FillValue); err != nil {
			return res, &Error{Pointer: "/fill_value", Reason: "the fill value given for null: " + err.Error()}
		}
	} else {
		if fill, err = cf.Cast(dt, fillRaw); err != nil {
			return res, &Error{Pointer: "/fill_value", Reason: err.Error()}
		}
		if opts.Xarray {
			enc, err := cf.Encode(fill)
			if err != nil {
				return res, err
			}
			if _, had := attrs[cf.FillValueAttr]; had {
				res.Warnings = append(res.Warnings, "the _FillValue attribute was replaced by the v2 fill_value")
			}
			attrs[cf.FillValueAttr] = enc
		}
	}
	if err := top.Finish(); err != nil {
		return res, convertErr(err)
	}
	shape64 := make([]int64, len(shape))
	for i, s := range shape {
		shape64[i] = int64(s)
	}
	res.ZarrJSON, err = zarrjson.Marshal(zarrjson.Array{
		Shape: shape64, DataType: dt, Chunks: chunkInts, FillValue: fill, Codecs: codecs,
		KeyEncoding: map[string]any{"name": "v2", "configuration": map[string]any{"separator": sep}},
		Attributes:  attrs,
	})
	return res, err
}

// chain maps the v2 filters and compressor. Array->array filters come
// first and may change the data type that the bytes codec sees.
func chain(filtersRaw, compRaw json.RawMessage, dt numeric.DataType, e bytescodec.Endian) (bytesSide, arraySide []map[string]any, bdt numeric.DataType, be bytescodec.Endian, err error) {
	bdt, be = dt, e
	var filters []json.RawMessage
	if string(filtersRaw) != "null" {
		if len(filtersRaw) == 0 || filtersRaw[0] != '[' || json.Unmarshal(filtersRaw, &filters) != nil {
			return nil, nil, 0, 0, &Error{Pointer: "/filters", Reason: "want null or an array of codec objects"}
		}
	}
	entries := make([]json.RawMessage, 0, len(filters)+1)
	pointers := make([]string, 0, len(filters)+1)
	for i, f := range filters {
		entries = append(entries, f)
		pointers = append(pointers, fmt.Sprintf("/filters/%d", i))
	}
	if string(compRaw) != "null" {
		entries = append(entries, compRaw)
		pointers = append(pointers, "/compressor")
	}
	for i, raw := range entries {
		c, isArray, newDT, newE, err := v2Codec(raw, pointers[i], bdt, be)
		if err != nil {
			return nil, nil, 0, 0, err
		}
		if isArray {
			if len(bytesSide) > 0 {
				return nil, nil, 0, 0, &Error{Pointer: pointers[i], Reason: "an array filter after a bytes filter cannot be expressed as a Zarr v3 chain"}
			}
			arraySide = append(arraySide, c)
			bdt, be = newDT, newE
			continue
		}
		bytesSide = append(bytesSide, c)
	}
	return bytesSide, arraySide, bdt, be, nil
}

// v2Codec maps one numcodecs entry {"id": ..., params...}; params may be
// JSON strings holding numbers, as netcdf-c writes them.
func v2Codec(raw json.RawMessage, pointer string, dt numeric.DataType, e bytescodec.Endian) (c map[string]any, isArray bool, ndt numeric.DataType, ne bytescodec.Endian, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false, 0, 0, &Error{Pointer: pointer, Reason: "want a codec object with \"id\""}
	}
	o, err := codec.NewConfig("", pointer, raw)
	if err != nil {
		return nil, false, 0, 0, convertErr(err)
	}
	id, ok, err := o.String("id")
	if err != nil || !ok {
		return nil, false, 0, 0, &Error{Pointer: pointer + "/id", Reason: "want the codec id string"}
	}
	num := func(key string, def, lo, hi int64) (int64, error) {
		v, ok := o.Raw(key)
		if !ok || string(v) == "null" {
			return def, nil
		}
		text := string(v)
		if len(v) > 0 && v[0] == '"' {
			_ = json.Unmarshal(v, &text)
		}
		n, perr := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
		if perr != nil || n < lo || n > hi {
			return 0, &Error{Pointer: pointer + "/" + key, Reason: fmt.Sprintf("%s: want an integer %d to %d (a number or a string holding one)", string(v), lo, hi)}
		}
		return n, nil
	}
	finish := func(c map[string]any) (map[string]any, bool, numeric.DataType, bytescodec.Endian, error) {
		if err := o.Finish(); err != nil {
			return nil, false, 0, 0, convertErr(err)
		}
		return c, false, dt, e, nil
	}
	switch id {
	case "zlib":
		level, err := num("level", 1, -1, 9)
		if err != nil {
			return nil, false, 0, 0, err
		}
		return finish(codecJSON("numcodecs.zlib", map[string]any{"level": level}))
	case "gzip":
		level, err := num("level", 1, 0, 9)
		if err != nil {
			return nil, false, 0, 0, err
		}
		return finish(codecJSON("gzip", map[string]any{"level": level}))
	case "bz2":
		level, err := num("level", 1, 1, 9)
		if err != nil {
			return nil, false, 0, 0, err
		}
		return finish(codecJSON("numcodecs.bz2", map[string]any{"level": level}))
	case "lz4":
		acc, err := num("acceleration", 1, math.MinInt32, math.MaxInt32)
		if err != nil {
			return nil, false, 0, 0, err
		}
		return finish(codecJSON("numcodecs.lz4", map[string]any{"acceleration": acc}))
	case "zstd":
		level, err := num("level", 1, -131072, 22)
		if err != nil {
			return nil, false, 0, 0, err
		}
		checksum := false
		if v, ok := o.Raw("checksum"); ok {
			checksum = string(v) == "true" || string(v) == `"true"` || string(v) == `"1"` || string(v) == "1"
		}
		return finish(codecJSON("zstd", map[string]any{"level": level, "checksum": checksum}))
	case "shuffle":
		es, err := num("elementsize", 0, 0, math.MaxInt32)
		if err != nil {
			return nil, false, 0, 0, err
		}
		if es == 0 {
			es = int64(dt.Size()) // netcdf-c writes "0" for the type size
		}
		return finish(codecJSON("numcodecs.shuffle", map[string]any{"elementsize": es}))
	case "fixedscaleoffset":
		conf := map[string]any{}
		for _, k := range []string{"offset", "scale"} {
			v, ok := o.Raw(k)
			if !ok {
				return nil, false, 0, 0, &Error{Pointer: pointer, Reason: "fixedscaleoffset needs " + k}
			}
			conf[k] = json.RawMessage(v)
		}
		dtStr, _, err := o.String("dtype")
		if err != nil {
			return nil, false, 0, 0, convertErr(err)
		}
		astype, hasAs, err := o.String("astype")
		if err != nil {
			return nil, false, 0, 0, convertErr(err)
		}
		if !hasAs {
			astype = dtStr
		}
		adt, ae, perr := npdtype.Parse(astype)
		if perr != nil {
			return nil, false, 0, 0, &Error{Pointer: pointer + "/astype", Reason: perr.Error()}
		}
		conf["dtype"] = dtStr
		conf["astype"] = astype
		if err := o.Finish(); err != nil {
			return nil, false, 0, 0, convertErr(err)
		}
		return codecJSON("numcodecs.fixedscaleoffset", conf), true, adt, ae, nil
	}
	why := "zcodec has no codec for it"
	switch id {
	case "blosc":
		why = "zcodec has no blosc codec yet"
	case "delta", "quantize", "packbits", "categorize", "astype", "bitround":
		why = "numcodecs filter with no zcodec codec"
	}
	return nil, false, 0, 0, &Error{Pointer: pointer + "/id", Reason: fmt.Sprintf("%q: %s", id, why)}
}

func codecJSON(name string, conf map[string]any) map[string]any {
	return map[string]any{"name": name, "configuration": conf}
}

func ints(raw json.RawMessage, pointer string, lo uint64) ([]uint64, error) {
	var items []json.RawMessage
	if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, &Error{Pointer: pointer, Reason: "want an array of integers"}
	}
	if len(items) > 32 {
		return nil, &Error{Pointer: pointer, Reason: "more than 32 dimensions"}
	}
	out := make([]uint64, len(items))
	for i, it := range items {
		v, err := strconv.ParseUint(string(bytes.TrimSpace(it)), 10, 64)
		if err != nil || v < lo || v > math.MaxInt64 {
			return nil, &Error{Pointer: fmt.Sprintf("%s/%d", pointer, i), Reason: fmt.Sprintf("want an integer >= %d", lo)}
		}
		out[i] = v
	}
	return out, nil
}

func convertErr(err error) error {
	var ce *codec.ConfigError
	if errors.As(err, &ce) {
		r := strings.Replace(ce.Reason, "configuration key", "key", 1)
		r = strings.Replace(r, "configuration", "object", 1)
		return &Error{Pointer: ce.Pointer, Reason: r}
	}
	return &Error{Reason: err.Error()}
}

package zarrv2

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/blosc"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/interop/internal/build"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Options control Convert. A nil *Options gives the defaults, as does the
// zero value of each field.
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
	// MsgPackBytes reads an object array of msgpack2 as bytes rather than
	// strings. MessagePack holds both (str, and bin for Python's bytes),
	// and the .zarray does not say which its elements are; msgpack2 with
	// "raw": true (under which Python reads str as bytes too) reads as
	// bytes without it. package zarr sets it when an array's first chunk
	// holds bin elements.
	MsgPackBytes bool
	// Registry builds the codecs; nil means registry.Default(), which
	// holds the standard set once the program imports
	// github.com/zcodec/zcodec/codecs (this package does not). A codec it
	// does not know is an error.
	Registry *registry.Registry
}

// Result is the result of Convert.
type Result struct {
	// Array is the converted metadata with its pipeline resolved for one
	// chunk; Array.MarshalJSON writes the zarr.json.
	Array *metadata.Array
	// Warnings are notes for the user: keys kept as attributes, a
	// replaced `_FillValue` attribute, a non-canonical Options.FillValue
	// (at "/fill_value", for which it stands), a fill value that does not
	// survive the converted chain (its Err a *codec.FillRoundTripError,
	// whose Index is that of the codec in Array.Codecs). Each Pointer is
	// that of the value concerned in the .zarray, as in Error:
	// "/_NCZARR_ARRAY", "/fill_value", the filter or compressor of the
	// codec ("/filters/0", "/compressor"; "/dtype" for the bytes codec,
	// "/order" for transpose).
	Warnings []codec.Warning
}

// Convert translates a Zarr v2 .zarray document to Zarr v3 array metadata
// whose chain decodes the array's existing chunks (see the package
// documentation). A nil opts gives the defaults. The document is read as
// Python's json reads it: a bare NaN, Infinity or -Infinity (zarr 2.x,
// netcdf-c's "fill_value": NaN) means the string "NaN", "Infinity" or
// "-Infinity" (docs/decisions.md#d21).
func Convert(zarray []byte, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	reg := opts.Registry
	if reg == nil {
		reg = registry.Default()
	}
	c := &converter{reg: reg, res: &Result{}}
	if err := c.convert(zarray, *opts); err != nil {
		return nil, err
	}
	return c.res, nil
}

// converter holds the state of one conversion.
type converter struct {
	reg *registry.Registry
	res *Result
	// spec is the array spec at the current point of the array side of the
	// chain; endian the byte order of its stored elements.
	spec   codec.ChunkSpec
	endian numeric.Endian
	// arraySide and bytesSide collect the codecs before and after the
	// bytes codec, and arrayPtrs and bytesPtrs the .zarray pointers they
	// come from.
	arraySide, bytesSide []codec.Codec
	arrayPtrs, bytesPtrs []string
	// object is the array->bytes codec of an object array (object.go),
	// the first filter, or nil.
	object codec.Codec
}

// requiredKeys are the members every .zarray has.
var requiredKeys = []string{"zarr_format", "shape", "chunks", "dtype", "compressor", "fill_value", "order", "filters"}

func (c *converter) convert(zarray []byte, opts Options) error {
	zarray, _ = strictjson.FromPython(zarray) // docs/decisions.md#d21
	top, err := strictjson.Parse(zarray, strictjson.Options{NewError: convertError})
	if err != nil {
		return err
	}
	if err := top.Require(requiredKeys...); err != nil {
		return err
	}
	if v, _, err := top.Int("zarr_format", 0, math.MaxInt32); err != nil {
		return err
	} else if v != 2 {
		return &Error{Pointer: "/zarr_format", Reason: fmt.Sprintf("zarr_format %d; want 2", v)}
	}
	dtName, _, err := top.String("dtype")
	if err != nil {
		return &Error{Pointer: "/dtype", Reason: "want a NumPy type string such as \"<f4\" (structured types are not supported)", Err: err}
	}
	var dt numeric.DataType
	var endian numeric.Endian
	if isObjectDtype(dtName) {
		fraw, _ := top.Raw("filters")
		if dt, c.object, err = c.objectCodec(fraw, opts.MsgPackBytes); err != nil {
			return err
		}
	} else if dt, endian, err = npdtype.Parse(dtName); err != nil {
		return &Error{Pointer: "/dtype", Reason: err.Error(), Err: err}
	}
	if dt.Kind() == numeric.FixedLengthUTF32 {
		// numcodecs' Categorize of a "<U n" dtype turns the text into
		// codes: the array->bytes codec, as for an object array.
		if fraw, _ := top.Raw("filters"); firstFilterID(fraw) == "categorize" {
			if _, c.object, err = c.objectCodec(fraw, false); err != nil {
				return err
			}
		}
	}
	if _, nczarr := top.Raw("_NCZARR_ARRAY"); nczarr && dt.Kind() == numeric.FixedLengthUTF32 && dt.LengthBytes() == 4 {
		// netcdf-c 4.9.0 writes a netCDF char variable as "<U1" but stores
		// one byte per character (docs/decisions.md#d29).
		dt, _ = numeric.NewNullTerminatedBytes(1)
		endian = numeric.EndianUnset
		c.res.Warnings = append(c.res.Warnings, codec.Warning{Pointer: "/dtype", Message: fmt.Sprintf("%q in an NCZarr array is netCDF char data, one byte per element: read as |S1 (null_terminated_bytes of 1 byte), as netcdf-c reads it", dtName)})
	}
	shape, _, err := top.Ints("shape", 0, math.MaxInt64)
	if err != nil {
		return err
	}
	chunks, _, err := top.Ints("chunks", 1, math.MaxInt32)
	if err != nil {
		return err
	}
	if len(shape) > maxRank {
		return &Error{Pointer: "/shape", Reason: fmt.Sprintf("%d dimensions; at most %d are supported", len(shape), maxRank)}
	}
	if len(chunks) != len(shape) {
		return &Error{Pointer: "/chunks", Reason: fmt.Sprintf("%d chunk dimensions for %d array dimensions", len(chunks), len(shape))}
	}
	chunkShape := make([]int, len(chunks))
	for i, n := range chunks {
		chunkShape[i] = int(n)
	}
	shape64 := make([]int64, len(shape))
	for i, s := range shape {
		shape64[i] = int64(s)
	}
	if err := metadata.CheckGrid(shape64, chunkShape, dt.Size()); err != nil {
		ptr := "/shape"
		var ge *metadata.GridError
		if errors.As(err, &ge) && ge.Dim >= 0 {
			ptr = "/shape/" + strconv.Itoa(ge.Dim)
		}
		return &Error{Pointer: ptr, Reason: err.Error(), Err: err}
	}
	order, _, err := top.Enum("order", "C", "F")
	if err != nil {
		return err
	}
	sep := "."
	if s, ok, err := top.Enum("dimension_separator", ".", "/"); err != nil {
		return err
	} else if ok {
		sep = s
	}
	fill, attrs, err := c.fillAndAttributes(top, dt, opts)
	if err != nil {
		return err
	}
	for _, k := range top.Keys() {
		if isNCZarrKey(k) {
			attrs[k], _ = top.Raw(k)
			c.res.Warnings = append(c.res.Warnings, codec.Warning{Pointer: strictjson.Pointer("", k),
				Message: "netCDF's NCZarr metadata, kept as an attribute; zcodec does not use it"})
		}
	}
	fraw, _ := top.Raw("filters")
	craw, _ := top.Raw("compressor")
	if err := top.Finish(); err != nil {
		return err
	}

	c.spec = codec.ChunkSpec{DataType: dt, Shape: chunkShape, FillValue: fill}
	if err := c.spec.Validate(); err != nil {
		return &Error{Pointer: "/chunks", Reason: err.Error()}
	}
	c.endian = endian
	if order == "F" && len(shape) > 1 {
		if err := c.transpose(len(shape)); err != nil {
			return err
		}
	}
	if err := c.chain(fraw, craw); err != nil {
		return err
	}
	b, bptr := c.object, "/filters/0"
	if b == nil {
		bptr = "/dtype"
		if b, err = build.Bytes(c.reg, "/dtype", c.spec.DataType, c.endian); err != nil {
			return &Error{Pointer: "/dtype", Reason: err.Error(), Err: err}
		}
	}
	codecs := append(append(c.arraySide, b), c.bytesSide...)
	sources := append(append(c.arrayPtrs, bptr), c.bytesPtrs...)

	keyEnc := metadata.KeyEncoding{Name: "v2", Separator: sep}.JSON()
	a := &metadata.Array{
		Shape: shape64, DataType: dt, ChunkShape: chunkShape, ChunkKeyEncoding: keyEnc,
		FillValue: fill, Codecs: codecs,
	}
	for i := range codecs {
		a.CodecPointers = append(a.CodecPointers, fmt.Sprintf("/codecs/%d", i))
	}
	if len(attrs) > 0 {
		if a.Attributes, err = json.Marshal(attrs); err != nil {
			return &Error{Pointer: "/attributes", Reason: err.Error()}
		}
		a.DimensionNames = DimensionNames(a.Attributes, len(shape))
	}
	// The array exists: its chunks are read, so a fill value that does not
	// survive the chain is a warning (docs/decisions.md#d17).
	if a.Pipeline, err = codec.NewPipeline(a.ChunkSpec(), codecs, &codec.Options{FillMode: codec.FillWarn}); err != nil {
		return &Error{Reason: "the converted chain does not resolve: " + err.Error(), Err: err}
	}
	for _, w := range a.Pipeline.Warnings() {
		c.res.Warnings = append(c.res.Warnings, sourceWarning(w, sources))
	}
	c.res.Array = a
	return nil
}

// fillAndAttributes reads fill_value and builds the attributes.
func (c *converter) fillAndAttributes(top *strictjson.Object, dt numeric.DataType, opts Options) (numeric.Scalar, map[string]json.RawMessage, error) {
	attrs := map[string]json.RawMessage{}
	for k, v := range opts.Attributes {
		attrs[k] = v
	}
	fillRaw, _ := top.Raw("fill_value")
	if c.object != nil && dt.Kind() != numeric.FixedLengthUTF32 {
		fill, err := c.objectFill(dt, fillRaw)
		return fill, attrs, err
	}
	if string(fillRaw) == "null" && (dt.IsText() || dt.IsByteString()) {
		// zarr 2 (xarray's default for strings) reads the chunks it never
		// wrote as empty strings.
		c.res.Warnings = append(c.res.Warnings, codec.Warning{Pointer: "/fill_value", Message: "null; missing chunks read as empty strings, as zarr 2 reads them"})
		return numeric.Zero(dt), attrs, nil
	}
	if string(fillRaw) == "null" {
		if opts.FillValue == nil {
			return numeric.Scalar{}, nil, &Error{Pointer: "/fill_value", Reason: "null: Zarr v3 needs a fill value; give one (the value unwritten chunks should read as)"}
		}
		fill, warns, err := numeric.ParseFillValueWarnings(dt, opts.FillValue)
		if err != nil {
			return numeric.Scalar{}, nil, &Error{Pointer: "/fill_value", Reason: "the fill value given for null: " + err.Error(), Err: err}
		}
		for _, w := range warns {
			c.res.Warnings = append(c.res.Warnings, codec.Warning{Pointer: "/fill_value", Message: "the fill value given for null: " + w})
		}
		return fill, attrs, nil
	}
	if dt.IsTime() {
		return c.timeFill(fillRaw, dt, attrs, opts)
	}
	var fill numeric.Scalar
	var err error
	if dt.IsText() || dt.IsByteString() {
		// zarr 2 writes <U n fills as the string, |S n and |V n as base64.
		fill, err = numeric.ParseFillValue(dt, fillRaw)
	} else {
		fill, err = cf.Cast(dt, fillRaw)
	}
	if err != nil {
		return numeric.Scalar{}, nil, &Error{Pointer: "/fill_value", Reason: err.Error(), Err: err}
	}
	if opts.Xarray {
		enc, err := cf.Encode(fill)
		if err != nil {
			return numeric.Scalar{}, nil, &Error{Pointer: "/fill_value", Reason: err.Error(), Err: err}
		}
		if _, had := attrs[cf.FillValueAttr]; had {
			c.res.Warnings = append(c.res.Warnings, codec.Warning{Pointer: "/fill_value",
				Message: "written as the _FillValue attribute, which replaces the one in the attributes given"})
		}
		attrs[cf.FillValueAttr] = enc
	}
	return fill, attrs, nil
}

// transpose adds the transpose codec that stores chunks in Fortran order:
// order [n-1, ..., 0].
func (c *converter) transpose(rank int) error {
	perm := make([]int, rank)
	for i := range perm {
		perm[i] = rank - 1 - i
	}
	t, err := build.Codec(c.reg, "/order", "transpose", map[string][]int{"order": perm})
	switch {
	case errors.Is(err, codec.ErrUnknownCodec):
		return &Error{Pointer: "/order", Reason: "order \"F\" needs the transpose codec, which is not registered", Err: err}
	case err != nil:
		return &Error{Pointer: "/order", Reason: "order \"F\": " + err.Error(), Err: err}
	}
	return c.addArrayCodec("/order", t, nil)
}

// chain maps the v2 filters and then the compressor.
func (c *converter) chain(filtersRaw, compRaw json.RawMessage) error {
	if string(filtersRaw) != "null" {
		filters, err := strictjson.ParseArray(filtersRaw, strictjson.Options{Pointer: "/filters", NewError: convertError})
		if err != nil {
			return err
		}
		for i, f := range filters {
			if i == 0 && c.object != nil {
				continue // the object codec: the array->bytes codec
			}
			if err := c.entry(f, strictjson.Pointer("/filters", strconv.Itoa(i))); err != nil {
				return err
			}
		}
	}
	if string(compRaw) != "null" {
		return c.entry(compRaw, "/compressor")
	}
	return nil
}

// entry maps one numcodecs object {"id": X, ...} and adds its codec.
func (c *converter) entry(raw json.RawMessage, pointer string) error {
	obj, err := strictjson.Parse(raw, strictjson.Options{Pointer: pointer, NewError: convertError})
	if err != nil {
		return err
	}
	if err := obj.Require("id"); err != nil {
		return err
	}
	id, _, err := obj.String("id")
	if err != nil {
		return err
	}
	params := map[string]json.RawMessage{}
	for _, k := range obj.Keys() {
		if k != "id" {
			params[k], _ = obj.Raw(k)
		}
	}
	name, config, err := c.mapCodec(id, params, pointer)
	if err != nil {
		return err
	}
	built, err := build.Codec(c.reg, pointer, name, config)
	if err != nil {
		return codecErr(pointer, name, err)
	}
	switch codec.KindOf(built) {
	case codec.KindArrayToArray:
		if c.object != nil {
			return &Error{Pointer: pointer, Reason: fmt.Sprintf("%s is an array->array codec after the object codec, which makes bytes; a Zarr v3 chain cannot express that order", name)}
		}
		if len(c.bytesSide) > 0 {
			return &Error{Pointer: pointer, Reason: fmt.Sprintf("%s is an array->array codec after a bytes->bytes one; a Zarr v3 chain cannot express that order", name)}
		}
		return c.addArrayCodec(pointer, built, params)
	case codec.KindBytesToBytes:
		c.bytesSide = append(c.bytesSide, built)
		c.bytesPtrs = append(c.bytesPtrs, pointer)
		return nil
	}
	return &Error{Pointer: pointer + "/id", Reason: fmt.Sprintf("%s is not an array->array or bytes->bytes codec", name)}
}

// outputTypeKeys are the numcodecs configuration keys that give the NumPy
// type of a filter's output, and with it the byte order its output is
// stored in.
var outputTypeKeys = []string{"astype", "encode_dtype"}

// addArrayCodec appends an array->array codec and moves the current spec
// to its output: the data type it resolves to, stored in the byte order
// of its output type key when it has one.
func (c *converter) addArrayCodec(pointer string, a codec.Codec, params map[string]json.RawMessage) error {
	bound, err := a.(codec.ArrayToArray).ResolveArray(c.spec.Clone())
	if err != nil {
		return codecErr(pointer, a.Name(), err)
	}
	enc := bound.Encoded()
	for _, k := range outputTypeKeys {
		var s string
		if v, ok := params[k]; ok && json.Unmarshal(v, &s) == nil {
			if _, e, err := npdtype.ParseNumPy(s); err == nil {
				c.endian = e
			}
		}
	}
	c.spec = enc.Clone()
	c.arraySide = append(c.arraySide, a)
	c.arrayPtrs = append(c.arrayPtrs, pointer)
	return nil
}

// sourceWarning locates a warning of the converted pipeline in the .zarray:
// a setting accepted for reading only at the entry its codec comes from; a
// fill round trip at the entry the failing codec (or the codec holding
// it) comes from, sources[Index], its message the codec's name and the
// failure.
func sourceWarning(w codec.Warning, sources []string) codec.Warning {
	e, ok := w.Err.(*codec.FillRoundTripError)
	var se *codec.StepError
	if !ok && w.Pointer == "" && errors.As(w.Err, &se) && se.Index >= 0 && se.Index < len(sources) {
		// A configuration accepted for reading (docs/decisions.md#d23).
		w.Pointer = sources[se.Index]
		return w
	}
	if !ok || e.Index < 0 || e.Index >= len(sources) {
		return w
	}
	msg := w.Message
	if len(e.Nested) == 0 {
		msg = shorten.String(e.Codec) + ": " + e.Error()
	}
	return codec.Warning{Pointer: sources[e.Index], Message: msg, Err: w.Err}
}

// mapCodec returns the registry codec and configuration for the numcodecs
// codec id with parameters params (see the package documentation).
func (c *converter) mapCodec(id string, params map[string]json.RawMessage, pointer string) (string, any, error) {
	if id == "shuffle" {
		// netcdf-c writes "elementsize": "0" for the element size of the
		// type; numcodecs' own 0 copies, and stays 0.
		if v, ok := params["elementsize"]; ok && string(v) == `"0"` {
			params["elementsize"] = json.RawMessage(strconv.Itoa(c.spec.DataType.Size()))
		}
	}
	numbersFromStrings(params)
	switch id {
	case "gzip":
		if lv, ok := params["level"]; ok && len(params) == 1 {
			if n, err := strconv.Atoi(string(lv)); err == nil && n >= 0 && n <= 9 {
				return "gzip", map[string]int{"level": n}, nil
			}
		}
	case "zstd":
		return "zstd", params, nil
	case "blosc":
		if conf, ok := c.coreBlosc(params); ok {
			return "blosc", conf, nil
		}
	}
	return "numcodecs." + id, params, nil
}

// bloscShuffle names numcodecs' shuffle ints as the Zarr v3 blosc codec
// does; -1 (AUTOSHUFFLE) is bit-shuffle for one-byte items and byte-shuffle
// otherwise, as numcodecs resolves it.
func bloscShuffle(n int, typesize int) (string, bool) {
	s := blosc.Shuffle(n)
	if s == blosc.AutoShuffle {
		s = blosc.ByteShuffle
		if typesize == 1 {
			s = blosc.BitShuffle
		}
	}
	if s < blosc.NoShuffle || s > blosc.BitShuffle {
		return "", false
	}
	return s.String(), true
}

// coreBlosc maps numcodecs' Blosc configuration {cname, clevel, shuffle,
// blocksize} to the Zarr v3 blosc codec's, with typesize the item size of
// the data the compressor sees, as numcodecs takes it from the buffer.
func (c *converter) coreBlosc(params map[string]json.RawMessage) (map[string]any, bool) {
	for k := range params {
		switch k {
		case "cname", "clevel", "shuffle", "blocksize":
		default:
			return nil, false
		}
	}
	typesize := max(1, c.spec.DataType.Size()) // 1: the bytes of an object codec
	shuffle := 1                               // numcodecs' default
	if v, ok := params["shuffle"]; ok {
		n, err := strconv.Atoi(string(v))
		if err != nil {
			return nil, false
		}
		shuffle = n
	}
	name, ok := bloscShuffle(shuffle, typesize)
	if !ok {
		return nil, false
	}
	conf := map[string]any{"shuffle": name, "typesize": typesize, "cname": json.RawMessage(`"lz4"`), "clevel": json.RawMessage("5"), "blocksize": json.RawMessage("0")}
	for _, k := range []string{"cname", "clevel", "blocksize"} {
		if v, ok := params[k]; ok {
			conf[k] = v
		}
	}
	return conf, true
}

// numbersFromStrings replaces every parameter that is a JSON string holding
// a JSON number by that number: netcdf-c writes {"id": "zlib", "level":
// "5"}.
func numbersFromStrings(params map[string]json.RawMessage) {
	for k, v := range params {
		var s string
		if len(v) == 0 || v[0] != '"' || json.Unmarshal(v, &s) != nil {
			continue
		}
		if isJSONNumber(s) {
			params[k] = json.RawMessage(s)
		}
	}
}

// isJSONNumber reports whether s is a JSON number literal.
func isJSONNumber(s string) bool {
	if s == "" || strings.TrimSpace(s) != s {
		return false
	}
	var n json.Number
	return json.Unmarshal([]byte(s), &n) == nil
}

// isNCZarrKey reports whether k is a key of netcdf-c's NCZarr metadata:
// _NCZARR_ARRAY, and any other key starting with _nczarr_ in any case.
func isNCZarrKey(k string) bool { return strings.HasPrefix(strings.ToLower(k), "_nczarr_") }

// maxRank is the most dimensions a converted array may have.
const maxRank = 32

// convertError builds the *Error of a problem the strict reader finds.
func convertError(e *strictjson.Error) error {
	reason := e.Reason
	if pos := e.Position(); pos != "" {
		reason += " at " + pos
	}
	return &Error{Pointer: e.Pointer, Reason: reason, Err: e}
}

// codecErr turns the registry's error for the codec built from the v2
// object at pointer into an *Error at the key concerned: the v2 object
// holds the configuration keys beside "id".
func codecErr(pointer, name string, err error) error {
	var ce *codec.ConfigError
	if !errors.As(err, &ce) {
		return &Error{Pointer: pointer, Reason: fmt.Sprintf("%s: %v", name, err), Err: err}
	}
	switch {
	case errors.Is(err, codec.ErrUnknownCodec) && !strings.HasPrefix(ce.Reason, "unknown codec"):
		// A codec refused on purpose (numcodecs.pickle): the registry's reason.
		return &Error{Pointer: pointer + "/id", Reason: ce.Reason, Err: err}
	case errors.Is(err, codec.ErrUnknownCodec):
		return &Error{Pointer: pointer + "/id", Reason: fmt.Sprintf("no codec %q is registered", name), Err: err}
	case ce.Key != "":
		return &Error{Pointer: strictjson.Pointer(pointer, ce.Key), Reason: fmt.Sprintf("%s: %s", name, ce.Reason), Err: err}
	}
	return &Error{Pointer: pointer, Reason: fmt.Sprintf("%s: %s", name, ce.Reason), Err: err}
}

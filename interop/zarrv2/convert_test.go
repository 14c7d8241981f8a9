package zarrv2_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/registry"

	_ "github.com/zcodec/zcodec/codecs"
)

type v2Case struct {
	Name   string `json:"name"`
	Note   string `json:"note"`
	Zarray string `json:"zarray"`
	Zattrs string `json:"zattrs"`
	Chunks []struct {
		Key      string `json:"key"`
		Data     string `json:"data"`
		Expected string `json:"expected"`
	} `json:"chunks"`
}

func loadCases(t testing.TB) []v2Case {
	t.Helper()
	b, err := os.ReadFile("../../testdata/zarrv2/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []v2Case `json:"cases"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 25 {
		t.Fatalf("only %d vectors", len(v.Cases))
	}
	return v.Cases
}

func findCase(t *testing.T, name string) v2Case {
	t.Helper()
	for _, c := range loadCases(t) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("vector %s missing", name)
	return v2Case{}
}

// expectedErrors are the vectors that must not convert, with the pointer
// the error names.
var expectedErrors = map[string]string{
	"f8_null_fill": "/fill_value",
}

// skipUnregistered skips the test when err says a codec is not registered
// in this build (the codecs of a v2 array map to registry names; the tests
// check whatever the registry holds).
func skipUnregistered(t *testing.T, err error) {
	t.Helper()
	var ce *codec.ConfigError
	if errors.Is(err, codec.ErrUnknownCodec) && errors.As(err, &ce) {
		t.Skipf("codec %q is not registered: %v", ce.Codec, err)
	}
}

// TestZarrPythonArrays converts every .zarray written by zarr 2.13 (and
// netcdf-c) and decodes every chunk through the resulting chain; the chunk
// must equal what zarr itself decodes.
func TestZarrPythonArrays(t *testing.T) {
	decoded := 0
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			var opts zarrv2.Options
			if c.Zattrs != "" {
				if err := json.Unmarshal([]byte(c.Zattrs), &opts.Attributes); err != nil {
					t.Fatal(err)
				}
			}
			res, err := zarrv2.Convert([]byte(c.Zarray), &opts)
			if ptr, bad := expectedErrors[c.Name]; bad {
				var ce *zarrv2.Error
				if !errors.As(err, &ce) || ce.Pointer != ptr || !errors.Is(err, zarrv2.ErrConvert) {
					t.Fatalf("Convert = %v, want an *Error at %s", err, ptr)
				}
				return
			}
			skipUnregistered(t, err)
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			zarrJSON, err := res.Array.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			// read back as a reader opens an existing array
			a, err := metadata.Parse(zarrJSON, &metadata.Options{Registry: registry.Default(), Options: codec.Options{FillMode: codec.FillWarn}})
			if err != nil {
				t.Fatalf("metadata.Parse(%s): %v", zarrJSON, err)
			}
			for _, p := range []*codec.Pipeline{res.Array.Pipeline, a.Pipeline} {
				for _, ch := range c.Chunks {
					out := make([]byte, p.DecodedSize())
					if err := p.Decode(out, testvec.Hex(ch.Data)); err != nil {
						t.Fatalf("chunk %s: %v", ch.Key, err)
					}
					if i := testvec.FirstDiff(out, testvec.Hex(ch.Expected)); i >= 0 {
						t.Fatalf("chunk %s: first difference at byte %d", ch.Key, i)
					}
					decoded++
				}
			}
		})
	}
	t.Logf("%d chunks decoded", decoded)
}

func convert(t *testing.T, zarray string, opts zarrv2.Options) (map[string]json.RawMessage, *zarrv2.Result) {
	t.Helper()
	res, err := zarrv2.Convert([]byte(zarray), &opts)
	skipUnregistered(t, err)
	if err != nil {
		t.Fatalf("Convert(%s): %v", zarray, err)
	}
	j, err := res.Array.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(j, &doc); err != nil {
		t.Fatal(err)
	}
	return doc, res
}

func compact(raw json.RawMessage) string {
	var v any
	_ = json.Unmarshal(raw, &v)
	b, _ := json.Marshal(v)
	return string(b)
}

func TestConvertGolden(t *testing.T) {
	doc, _ := convert(t, findCase(t, "f4_shuffle_zlib").Zarray, zarrv2.Options{})
	want := map[string]string{
		"data_type":          `"float32"`,
		"fill_value":         `"NaN"`,
		"shape":              `[10,7]`,
		"chunk_grid":         `{"configuration":{"chunk_shape":[4,4]},"name":"regular"}`,
		"chunk_key_encoding": `{"configuration":{"separator":"."},"name":"v2"}`,
		"codecs":             `[{"configuration":{"endian":"little"},"name":"bytes"},{"configuration":{"elementsize":4},"name":"numcodecs.shuffle"},{"configuration":{"level":5},"name":"numcodecs.zlib"}]`,
	}
	for k, w := range want {
		if got := compact(doc[k]); got != w {
			t.Errorf("%s = %s, want %s", k, got, w)
		}
	}
}

// TestNetCDFSpelling: netcdf-c writes codec parameters as JSON strings and
// shuffle's element size as "0" (the type size).
func TestNetCDFSpelling(t *testing.T) {
	doc, _ := convert(t, `{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": ">i2",
		"compressor": {"id": "zlib", "level": "5"}, "filters": [{"id": "shuffle", "elementsize": "0"}],
		"fill_value": -32767, "order": "C", "dimension_separator": "/"}`, zarrv2.Options{})
	want := `[{"configuration":{"endian":"big"},"name":"bytes"},{"configuration":{"elementsize":2},"name":"numcodecs.shuffle"},{"configuration":{"level":5},"name":"numcodecs.zlib"}]`
	if got := compact(doc["codecs"]); got != want {
		t.Fatalf("codecs = %s, want %s", got, want)
	}
	if got := compact(doc["chunk_key_encoding"]); got != `{"configuration":{"separator":"/"},"name":"v2"}` {
		t.Fatalf("chunk_key_encoding = %s", got)
	}
	// numcodecs' own elementsize 0 copies, as Shuffle(0) does
	doc, _ = convert(t, `{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": "<i2",
		"compressor": null, "filters": [{"id": "shuffle", "elementsize": 0}],
		"fill_value": 0, "order": "C"}`, zarrv2.Options{})
	if got := compact(doc["codecs"]); !strings.Contains(got, `{"configuration":{"elementsize":1},"name":"numcodecs.shuffle"}`) {
		t.Fatalf("numcodecs elementsize 0: codecs = %s", got)
	}
}

// TestNCZarrKeys: netcdf-c's _NCZARR_ARRAY is kept as an attribute with a
// note, and the .zattrs (with _NCZARR_ATTR) pass through.
func TestNCZarrKeys(t *testing.T) {
	c := findCase(t, "nczarr_v")
	var opts zarrv2.Options
	if err := json.Unmarshal([]byte(c.Zattrs), &opts.Attributes); err != nil {
		t.Fatal(err)
	}
	doc, res := convert(t, c.Zarray, opts)
	var attrs map[string]json.RawMessage
	if err := json.Unmarshal(doc["attributes"], &attrs); err != nil {
		t.Fatal(err)
	}
	if compact(attrs["_NCZARR_ARRAY"]) != `{"dimrefs":["/x","/y"],"storage":"chunked"}` || attrs["_NCZARR_ATTR"] == nil || compact(attrs["units"]) != `"K"` {
		t.Fatalf("attributes = %s", doc["attributes"])
	}
	if len(res.Warnings) != 1 || res.Warnings[0].String() != "/_NCZARR_ARRAY: netCDF's NCZarr metadata, kept as an attribute; zcodec does not use it" {
		t.Fatalf("warnings %+v", res.Warnings)
	}
	// lowercase spelling of newer netcdf-c, and no other unknown key
	_, res = convert(t, `{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": "<i2", "compressor": null,
		"filters": null, "fill_value": 0, "order": "C", "_nczarr_array": {"dimrefs": ["/x"]}}`, zarrv2.Options{})
	if len(res.Warnings) != 1 || res.Warnings[0].Pointer != "/_nczarr_array" {
		t.Fatalf("warnings %+v", res.Warnings)
	}
	_, err := zarrv2.Convert([]byte(`{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": "<i2", "compressor": null,
		"filters": null, "fill_value": 0, "order": "C", "_NCZARRAY": 1}`), nil)
	var ce *zarrv2.Error
	if !errors.As(err, &ce) || ce.Pointer != "/_NCZARRAY" {
		t.Fatalf("an unknown key: %v", err)
	}
}

func TestXarrayFillMovesToAttribute(t *testing.T) {
	c := findCase(t, "i2_bz2_xarray_fill")
	doc, _ := convert(t, c.Zarray, zarrv2.Options{Xarray: true, Attributes: map[string]json.RawMessage{"units": json.RawMessage(`"K"`)}})
	if got := compact(doc["attributes"]); got != `{"_FillValue":-9999,"units":"K"}` {
		t.Fatalf("attributes = %s", got)
	}
	if string(doc["fill_value"]) != "-9999" {
		t.Fatalf("fill_value = %s, want -9999 kept", doc["fill_value"])
	}
	doc, _ = convert(t, c.Zarray, zarrv2.Options{})
	if _, ok := doc["attributes"]; ok {
		t.Fatalf("attributes written without Xarray: %s", doc["attributes"])
	}
}

// TestXarrayFillReplacesAttribute: a _FillValue among the attributes given
// is replaced, with a warning at /fill_value.
func TestXarrayFillReplacesAttribute(t *testing.T) {
	c := findCase(t, "i2_bz2_xarray_fill")
	doc, res := convert(t, c.Zarray, zarrv2.Options{Xarray: true, Attributes: map[string]json.RawMessage{"_FillValue": json.RawMessage(`0`)}})
	if got := compact(doc["attributes"]); got != `{"_FillValue":-9999}` {
		t.Fatalf("attributes = %s", got)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Pointer != "/fill_value" || !strings.Contains(res.Warnings[0].Message, "replaces") || res.Warnings[0].Err != nil {
		t.Fatalf("warnings %+v", res.Warnings)
	}
}

// TestFillRoundTripWarning: a NaN fill stored as an integer by
// fixedscaleoffset is a warning at the filter's entry in the .zarray.
func TestFillRoundTripWarning(t *testing.T) {
	_, res := convert(t, findCase(t, "f8_fixedscaleoffset_nan").Zarray, zarrv2.Options{})
	if len(res.Warnings) != 1 {
		t.Fatalf("warnings %+v", res.Warnings)
	}
	w := res.Warnings[0]
	var e *codec.FillRoundTripError
	if w.Pointer != "/filters/0" || !errors.As(w.Err, &e) || e.Codec != "numcodecs.fixedscaleoffset" ||
		!strings.HasPrefix(w.String(), `/filters/0: numcodecs.fixedscaleoffset: fill value "NaN" (float64)`) {
		t.Fatalf("warning %+v: %s", w, w)
	}
}

func TestNullFillWithOption(t *testing.T) {
	doc, _ := convert(t, findCase(t, "f8_null_fill").Zarray, zarrv2.Options{FillValue: json.RawMessage(`"NaN"`)})
	if string(doc["fill_value"]) != `"NaN"` {
		t.Fatalf("fill_value = %s", doc["fill_value"])
	}
}

// TestNullFillWithOptionWarns: the fill value given for null is read as
// metadata.Parse reads fill values, with its warnings at /fill_value.
func TestNullFillWithOptionWarns(t *testing.T) {
	doc, res := convert(t, findCase(t, "f8_null_fill").Zarray, zarrv2.Options{FillValue: json.RawMessage(`"+Infinity"`)})
	if string(doc["fill_value"]) != `"Infinity"` {
		t.Fatalf("fill_value = %s", doc["fill_value"])
	}
	if len(res.Warnings) != 1 || res.Warnings[0].String() != `/fill_value: the fill value given for null: "+Infinity" is not a Zarr v3 fill-value string; read as "Infinity"` {
		t.Fatalf("warnings %+v", res.Warnings)
	}
}

func TestConvertErrors(t *testing.T) {
	base := `"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null`
	for _, c := range []struct {
		zarray, ptr string
	}{
		{`{` + base + `, "dtype": "<f4", "compressor": {"id": "zlib", "level": 11}}`, "/compressor/level"},
		{`{` + base + `, "dtype": "<f4", "compressor": {"id": "zlib", "lvl": 1}}`, "/compressor/lvl"},
		{`{` + base + `, "dtype": "<f4", "compressor": {"id": "no_such_codec"}}`, "/compressor/id"},
		{`{` + base + `, "dtype": "<f4", "compressor": {"level": 1}}`, "/compressor"},
		{`{` + base + `, "dtype": "<U0", "compressor": null}`, "/dtype"},
		{`{` + base + `, "dtype": "<U4", "compressor": null}`, "/fill_value"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "|O", "compressor": null}`, "/filters"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": [{"id": "pickle", "protocol": 5}], "dtype": "|O", "compressor": null}`, "/filters/0/id"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": [{"id": "zlib", "level": 1}], "dtype": "|O", "compressor": null}`, "/filters/0/id"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": [{"id": "vlen-utf8"}, {"id": "delta", "dtype": "<i4"}], "dtype": "|O", "compressor": null}`, "/filters/1"},
		{`{` + base + `, "dtype": [["a", "<f4"]], "compressor": null}`, "/dtype"},
		{`{` + base + `, "dtype": "<f4", "compressor": null, "extra": 1}`, "/extra"},
		{`{"zarr_format": 3, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": null}`, "/zarr_format"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [0], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": null}`, "/chunks/0"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 300, "order": "C", "filters": null, "dtype": "|u1", "compressor": null}`, "/fill_value"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "K", "filters": null, "dtype": "<f4", "compressor": null}`, "/order"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": [{"id": "zlib", "level": 1}, {"id": "shuffle"}], "dtype": "<f4", "compressor": {"id": "lzma", "filters": [{"id": 4}]}}`, "/compressor/filters"},
	} {
		_, err := zarrv2.Convert([]byte(c.zarray), &zarrv2.Options{})
		var ce *zarrv2.Error
		if !errors.As(err, &ce) || ce.Pointer != c.ptr || !errors.Is(err, zarrv2.ErrConvert) {
			t.Errorf("Convert(%s) = %v, want an *Error at %s", c.zarray, err, c.ptr)
		}
	}
	// a codec the registry does not know is the registry's error
	_, err := zarrv2.Convert([]byte(`{`+base+`, "dtype": "<f4", "compressor": {"id": "no_such_codec"}}`), &zarrv2.Options{})
	if !errors.Is(err, codec.ErrUnknownCodec) || !strings.Contains(err.Error(), "numcodecs.no_such_codec") {
		t.Errorf("unknown codec: %v", err)
	}
}

// TestLongValuesAreShortened: a huge key or value is not echoed whole.
func TestLongValuesAreShortened(t *testing.T) {
	huge := strings.Repeat("k", 1<<20)
	for _, zarray := range []string{
		`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": null, "` + huge + `": 1}`,
		`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "` + huge + `", "compressor": null}`,
		`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": "` + huge + `", "order": "C", "filters": null, "dtype": "<f4", "compressor": null}`,
		`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": {"id": "zlib", "` + huge + `": 1}}`,
	} {
		_, err := zarrv2.Convert([]byte(zarray), &zarrv2.Options{})
		if err == nil || len(err.Error()) > 400 {
			t.Errorf("error of %d bytes: %.200v", len(err.Error()), err)
		}
	}
}

func FuzzConvert(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add([]byte(c.Zarray), false)
	}
	f.Add([]byte(`{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": ">i2", "compressor": {"id": "zlib", "level": "5"}, "filters": [{"id": "shuffle", "elementsize": "0"}], "fill_value": -32767, "order": "C"}`), true)
	// string and object arrays written by zarr 2.13
	strs, _ := filepath.Glob("../../testdata/stores/zarr213_strings/*/.zarray")
	for _, name := range strs {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, false)
	}
	f.Fuzz(func(t *testing.T, zarray []byte, xarray bool) {
		res, err := zarrv2.Convert(zarray, &zarrv2.Options{Xarray: xarray, FillValue: json.RawMessage("0")})
		if err != nil {
			if !errors.Is(err, zarrv2.ErrConvert) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		j, err := res.Array.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := metadata.Parse(j, &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}}); err != nil {
			t.Fatalf("the converted zarr.json does not parse: %v\n%s", err, j)
		}
	})
}

// TestConvertGridOverflow: a .zarray whose chunk grid overflows an int64
// is refused with a pointer to its shape, as metadata.Parse refuses one.
func TestConvertGridOverflow(t *testing.T) {
	for _, c := range []struct{ shape, chunks, pointer string }{
		{"[9223372036854775807]", "[1000]", "/shape/0"},
		{"[4611686018427387904, 4611686018427387904]", "[1, 1]", "/shape"},
	} {
		zarray := `{"zarr_format": 2, "shape": ` + c.shape + `, "chunks": ` + c.chunks +
			`, "dtype": "|u1", "compressor": null, "fill_value": 0, "filters": null, "order": "C"}`
		_, err := zarrv2.Convert([]byte(zarray), nil)
		var e *zarrv2.Error
		var ge *metadata.GridError
		if !errors.As(err, &e) || e.Pointer != c.pointer || !errors.As(err, &ge) {
			t.Errorf("shape %s chunks %s: %v, want a grid error at %s", c.shape, c.chunks, err, c.pointer)
		}
	}
}

// TestZstdLevelOutOfRange converts what numcodecs wrote with zstd level
// 100 (libzstd clamps it): the chunks are read, with a warning at the
// compressor (docs/decisions.md#d23).
func TestZstdLevelOutOfRange(t *testing.T) {
	res, err := zarrv2.Convert([]byte(`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": {"id": "zstd", "level": 100}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Pointer != "/compressor" || !strings.Contains(res.Warnings[0].Message, "encoding uses 22") {
		t.Errorf("warnings %v", res.Warnings)
	}
}

// TestPickleRefused checks the message for a pickle filter: it says why.
func TestPickleRefused(t *testing.T) {
	_, err := zarrv2.Convert([]byte(`{"zarr_format": 2, "shape": [2], "chunks": [2], "dtype": "<f4", "fill_value": 0, "order": "C", "filters": [{"id": "pickle", "protocol": 5}], "compressor": null}`), nil)
	var e *zarrv2.Error
	if !errors.As(err, &e) || e.Pointer != "/filters/0/id" || !strings.Contains(err.Error(), "unpickling runs code") {
		t.Fatalf("pickle: %v", err)
	}
}

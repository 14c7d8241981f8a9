package zarrv2_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

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
	if len(v.Cases) < 10 {
		t.Fatalf("only %d vectors", len(v.Cases))
	}
	return v.Cases
}

// expectedErrors are the vectors that must not convert, with the pointer
// the error names.
var expectedErrors = map[string]string{
	"f8_null_fill": "/fill_value",
	"f4_blosc":     "/compressor/id",
	"i4_delta":     "/filters/0/id",
}

// TestZarrPythonArrays converts every .zarray written by zarr 2.13 and
// decodes every chunk through the resulting chain; the chunk must equal
// what zarr itself decodes.
func TestZarrPythonArrays(t *testing.T) {
	_, haveTranspose := registry.Default().Lookup("transpose")
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			res, err := zarrv2.Convert([]byte(c.Zarray), zarrv2.Options{Registry: registry.Default()})
			if ptr, bad := expectedErrors[c.Name]; bad {
				var ce *zarrv2.Error
				if !errors.As(err, &ce) || ce.Pointer != ptr || !errors.Is(err, zarrv2.ErrConvert) {
					t.Fatalf("Convert = %v, want an *Error at %s", err, ptr)
				}
				return
			}
			if c.Name == "u2_order_f" && !haveTranspose {
				var ce *zarrv2.Error
				if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "transpose") {
					t.Fatalf("Convert = %v, want an error saying transpose is missing", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Convert: %v", err)
			}
			a, err := metadata.Parse(res.ZarrJSON, registry.Default())
			if err != nil {
				t.Fatalf("metadata.Parse(%s): %v", res.ZarrJSON, err)
			}
			p := a.Pipeline
			for _, ch := range c.Chunks {
				out := make([]byte, p.DecodedSize())
				if err := p.Decode(out, testvec.Hex(ch.Data)); err != nil {
					t.Fatalf("chunk %s: %v", ch.Key, err)
				}
				if i := testvec.FirstDiff(out, testvec.Hex(ch.Expected)); i >= 0 {
					t.Fatalf("chunk %s: first difference at byte %d", ch.Key, i)
				}
			}
		})
	}
}

func convert(t *testing.T, zarray string, opts zarrv2.Options) map[string]json.RawMessage {
	t.Helper()
	res, err := zarrv2.Convert([]byte(zarray), opts)
	if err != nil {
		t.Fatalf("Convert(%s): %v", zarray, err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(res.ZarrJSON, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

func compact(raw json.RawMessage) string {
	var v any
	_ = json.Unmarshal(raw, &v)
	b, _ := json.Marshal(v)
	return string(b)
}

func TestConvertGolden(t *testing.T) {
	for _, c := range loadCases(t) {
		if c.Name != "f4_shuffle_zlib" {
			continue
		}
		doc := convert(t, c.Zarray, zarrv2.Options{})
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
		return
	}
	t.Fatal("vector missing")
}

// TestNetCDFSpelling: netcdf-c writes codec parameters as JSON strings and
// shuffle's element size as "0" (the type size).
func TestNetCDFSpelling(t *testing.T) {
	doc := convert(t, `{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": ">i2",
		"compressor": {"id": "zlib", "level": "5"}, "filters": [{"id": "shuffle", "elementsize": "0"}],
		"fill_value": -32767, "order": "C", "dimension_separator": "/"}`, zarrv2.Options{})
	want := `[{"configuration":{"endian":"big"},"name":"bytes"},{"configuration":{"elementsize":2},"name":"numcodecs.shuffle"},{"configuration":{"level":5},"name":"numcodecs.zlib"}]`
	if got := compact(doc["codecs"]); got != want {
		t.Fatalf("codecs = %s, want %s", got, want)
	}
	if got := compact(doc["chunk_key_encoding"]); got != `{"configuration":{"separator":"/"},"name":"v2"}` {
		t.Fatalf("chunk_key_encoding = %s", got)
	}
}

func TestXarrayFillMovesToAttribute(t *testing.T) {
	for _, c := range loadCases(t) {
		if c.Name != "i2_bz2_xarray_fill" {
			continue
		}
		doc := convert(t, c.Zarray, zarrv2.Options{Xarray: true, Attributes: map[string]json.RawMessage{"units": json.RawMessage(`"K"`)}})
		if got := compact(doc["attributes"]); got != `{"_FillValue":-9999,"units":"K"}` {
			t.Fatalf("attributes = %s", got)
		}
		if string(doc["fill_value"]) != "-9999" {
			t.Fatalf("fill_value = %s, want -9999 kept", doc["fill_value"])
		}
		doc = convert(t, c.Zarray, zarrv2.Options{})
		if _, ok := doc["attributes"]; ok {
			t.Fatalf("attributes written without Xarray: %s", doc["attributes"])
		}
		return
	}
	t.Fatal("vector missing")
}

func TestNullFillWithOption(t *testing.T) {
	for _, c := range loadCases(t) {
		if c.Name != "f8_null_fill" {
			continue
		}
		doc := convert(t, c.Zarray, zarrv2.Options{FillValue: json.RawMessage(`"NaN"`)})
		if string(doc["fill_value"]) != `"NaN"` {
			t.Fatalf("fill_value = %s", doc["fill_value"])
		}
		return
	}
	t.Fatal("vector missing")
}

func TestConvertErrors(t *testing.T) {
	base := `"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null`
	for _, c := range []struct {
		zarray, ptr string
	}{
		{`{` + base + `, "dtype": "<f4", "compressor": {"id": "zlib", "level": 11}}`, "/compressor/level"},
		{`{` + base + `, "dtype": "<f4", "compressor": {"id": "zlib", "lvl": 1}}`, "/compressor/lvl"},
		{`{` + base + `, "dtype": "<U4", "compressor": null}`, "/dtype"},
		{`{` + base + `, "dtype": [["a", "<f4"]], "compressor": null}`, "/dtype"},
		{`{` + base + `, "dtype": "<f4", "compressor": null, "extra": 1}`, "/extra"},
		{`{"zarr_format": 3, "shape": [6], "chunks": [4], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": null}`, "/zarr_format"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [0], "fill_value": 0, "order": "C", "filters": null, "dtype": "<f4", "compressor": null}`, "/chunks/0"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 300, "order": "C", "filters": null, "dtype": "|u1", "compressor": null}`, "/fill_value"},
		{`{"zarr_format": 2, "shape": [6], "chunks": [4], "fill_value": 0, "order": "K", "filters": null, "dtype": "<f4", "compressor": null}`, "/order"},
	} {
		_, err := zarrv2.Convert([]byte(c.zarray), zarrv2.Options{})
		var ce *zarrv2.Error
		if !errors.As(err, &ce) || ce.Pointer != c.ptr {
			t.Errorf("Convert(%s) = %v, want an *Error at %s", c.zarray, err, c.ptr)
		}
	}
}

func FuzzConvert(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add([]byte(c.Zarray), false)
	}
	f.Add([]byte(`{"zarr_format": 2, "shape": [6], "chunks": [4], "dtype": ">i2", "compressor": {"id": "zlib", "level": "5"}, "filters": [{"id": "shuffle", "elementsize": "0"}], "fill_value": -32767, "order": "C"}`), true)
	f.Fuzz(func(t *testing.T, zarray []byte, xarray bool) {
		res, err := zarrv2.Convert(zarray, zarrv2.Options{Xarray: xarray, FillValue: json.RawMessage("0")})
		if err != nil {
			if !errors.Is(err, zarrv2.ErrConvert) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		if !json.Valid(res.ZarrJSON) {
			t.Fatalf("invalid zarr.json %s", res.ZarrJSON)
		}
	})
}

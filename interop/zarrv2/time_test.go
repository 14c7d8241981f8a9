package zarrv2_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/zarrv2"
)

// TestConvertTimes converts the .zarray of every date and duration array
// zarr 2.13 wrote (testdata/stores/zarr213_dates) and checks the v3 data
// type, the byte order of the bytes codec and the fill value.
func TestConvertTimes(t *testing.T) {
	const dir = "../../testdata/stores/zarr213_dates/"
	for _, c := range []struct {
		path, dataType, endian, fill string
	}{
		{"ns", `{"configuration":{"scale_factor":1,"unit":"ns"},"name":"numpy.datetime64"}`, "little", `"NaT"`},
		{"days_be", `{"configuration":{"scale_factor":1,"unit":"D"},"name":"numpy.datetime64"}`, "big", `10957`},
		{"sec10", `{"configuration":{"scale_factor":10,"unit":"s"},"name":"numpy.datetime64"}`, "little", `0`},
		{"years_f", `{"configuration":{"scale_factor":1,"unit":"Y"},"name":"numpy.datetime64"}`, "little", `"NaT"`},
		{"durations", `{"configuration":{"scale_factor":1,"unit":"s"},"name":"numpy.timedelta64"}`, "little", `5`},
		{"durations_ms", `{"configuration":{"scale_factor":7,"unit":"ms"},"name":"numpy.timedelta64"}`, "big", `2`},
	} {
		zarray, err := os.ReadFile(dir + c.path + "/.zarray")
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := convert(t, string(zarray), zarrv2.Options{})
		if got := compact(doc["data_type"]); got != c.dataType {
			t.Errorf("%s: data_type %s, want %s", c.path, got, c.dataType)
		}
		if string(doc["fill_value"]) != c.fill {
			t.Errorf("%s: fill_value %s, want %s", c.path, doc["fill_value"], c.fill)
		}
		var codecs []struct {
			Name          string
			Configuration map[string]any
		}
		if err := json.Unmarshal(doc["codecs"], &codecs); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, cd := range codecs {
			if cd.Name == "bytes" {
				found = cd.Configuration["endian"] == c.endian
			}
		}
		if !found {
			t.Errorf("%s: codecs %s, want bytes with endian %s", c.path, doc["codecs"], c.endian)
		}
	}
}

// TestConvertTimeFills: "NaT" is read as a fill value too, and xarray's
// _FillValue of a date array is its count.
func TestConvertTimeFills(t *testing.T) {
	zarray := `{"zarr_format": 2, "shape": [3], "chunks": [3], "dtype": "<m8[s]", "fill_value": "NaT", "order": "C", "filters": null, "compressor": null}`
	doc, _ := convert(t, zarray, zarrv2.Options{Xarray: true})
	if string(doc["fill_value"]) != `"NaT"` || strings.Join(strings.Fields(string(doc["attributes"])), "") != `{"_FillValue":-9223372036854775808}` {
		t.Errorf("fill_value %s, attributes %s", doc["fill_value"], doc["attributes"])
	}
	bad := `{"zarr_format": 2, "shape": [3], "chunks": [3], "dtype": "<M8[s]", "fill_value": 1.5, "order": "C", "filters": null, "compressor": null}`
	var e *zarrv2.Error
	if _, err := zarrv2.Convert([]byte(bad), nil); !errors.As(err, &e) || e.Pointer != "/fill_value" {
		t.Errorf("fill 1.5 for a date: %v", err)
	}
}

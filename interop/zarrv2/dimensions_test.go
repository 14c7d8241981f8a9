package zarrv2

import (
	"encoding/json"
	"testing"
)

// TestDimensionNames: only a list of one name per dimension becomes
// dimension_names.
func TestDimensionNames(t *testing.T) {
	for _, c := range []struct {
		attrs string
		rank  int
		want  string
	}{
		{`{"_ARRAY_DIMENSIONS": ["t", "lat", "lon"]}`, 3, `["t","lat","lon"]`},
		{`{"_ARRAY_DIMENSIONS": ["t", "lat"]}`, 3, ``},
		{`{"_ARRAY_DIMENSIONS": ["t", null]}`, 2, ``},
		{`{"_ARRAY_DIMENSIONS": "t"}`, 1, ``},
		{`{"_ARRAY_DIMENSIONS": []}`, 0, ``},
		{`{"units": "K"}`, 1, ``},
		{`[1, 2]`, 2, ``},
		{``, 1, ``},
	} {
		if got := string(DimensionNames(json.RawMessage(c.attrs), c.rank)); got != c.want {
			t.Errorf("DimensionNames(%s, %d) = %s, want %s", c.attrs, c.rank, got, c.want)
		}
	}
}

// TestConvertDimensionNames: Convert gives a v2 array with xarray's
// _ARRAY_DIMENSIONS attribute its dimension_names, and keeps the
// attribute.
func TestConvertDimensionNames(t *testing.T) {
	zarray := []byte(`{"zarr_format": 2, "shape": [3, 4], "chunks": [3, 4], "dtype": "<f4", "compressor": null,
		"fill_value": "NaN", "order": "C", "filters": null}`)
	r, err := Convert(zarray, &Options{Attributes: map[string]json.RawMessage{"_ARRAY_DIMENSIONS": json.RawMessage(`["y", "x"]`)}})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := r.Array.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		DimensionNames []string                   `json:"dimension_names"`
		Attributes     map[string]json.RawMessage `json:"attributes"`
	}
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.DimensionNames) != 2 || v.DimensionNames[0] != "y" || v.DimensionNames[1] != "x" || v.Attributes["_ARRAY_DIMENSIONS"] == nil {
		t.Errorf("zarr.json: %s", doc)
	}
}

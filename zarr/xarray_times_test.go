package zarr

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestXarrayTimes reads the store xarray wrote with a time coordinate and
// a duration variable (testdata/stores/xarray_times): xarray CF-encodes
// them as int64 counts with "units" attributes, which read value for value
// as zarr 2.13 reads them, attributes included.
func TestXarrayTimes(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile(storesDir + "xarray_times.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec struct {
		Arrays []struct {
			Path   string                     `json:"path"`
			DType  string                     `json:"dtype"`
			Attrs  map[string]json.RawMessage `json:"attrs"`
			Values []*float64                 `json:"values"`
		} `json:"arrays"`
	}
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	d, err := store.OpenDir(storesDir + "xarray_times")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if g, err := OpenGroup(ctx, store.ReadOnly(d), ""); err != nil || !g.Consolidated() {
		t.Fatalf("OpenGroup: %v (consolidated: %v)", err, err == nil && g.Consolidated())
	}
	if len(vec.Arrays) != 3 {
		t.Fatalf("%d arrays in the vectors", len(vec.Arrays))
	}
	for _, c := range vec.Arrays {
		a, err := Open(ctx, store.ReadOnly(d), c.Path, nil)
		if err != nil {
			t.Errorf("%s: %v", c.Path, err)
			continue
		}
		var got []float64
		switch a.DataType() {
		case numeric.Int64:
			v, err := Read[int64](ctx, a, region.Whole(a.Shape()))
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range v {
				got = append(got, float64(x))
			}
		case numeric.Float32:
			v, err := Read[float32](ctx, a, region.Whole(a.Shape()))
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range v {
				got = append(got, float64(x))
			}
		default:
			t.Errorf("%s: data type %v, zarr reads %s", c.Path, a.DataType(), c.DType)
			continue
		}
		for i, want := range c.Values {
			if want == nil && !math.IsNaN(got[i]) || want != nil && got[i] != *want {
				t.Errorf("%s[%d] = %v, zarr reads %v", c.Path, i, got[i], want)
			}
		}
		var attrs map[string]json.RawMessage
		if err := json.Unmarshal(a.Attributes(), &attrs); err != nil {
			t.Fatal(err)
		}
		for k, v := range c.Attrs {
			if canonicalJSON(t, v) != canonicalJSON(t, attrs[k]) {
				t.Errorf("%s: attribute %s = %s, zarr reads %s", c.Path, k, attrs[k], v)
			}
		}
	}
}

// canonicalJSON re-encodes a JSON value with sorted keys and no spaces.
func canonicalJSON(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "invalid: " + string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

package zarr

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// zarr213Dates is testdata/stores/zarr213_dates.json: datetime64 and
// timedelta64 arrays written by zarr 2.13 and what zarr reads from them.
type zarr213Dates struct {
	Arrays []struct {
		Path       string          `json:"path"`
		DType      string          `json:"dtype"`
		Shape      []int64         `json:"shape"`
		FillValue  json.RawMessage `json:"fill_value"`
		I8         []int64         `json:"i8"`
		Text       []string        `json:"text"`
		Skip       string          `json:"skip"`
		Unreadable bool            `json:"unreadable"`
	} `json:"arrays"`
}

// TestZarr213Dates reads every date and duration array zarr 2.13 wrote
// and compares the counts and NumPy's text of each element with zarr's.
func TestZarr213Dates(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile(storesDir + "zarr213_dates.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec zarr213Dates
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	d, err := store.OpenDir(storesDir + "zarr213_dates")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	read := 0
	for _, c := range vec.Arrays {
		a, err := Open(ctx, store.ReadOnly(d), c.Path, nil)
		if c.Unreadable {
			if err == nil {
				t.Errorf("%s: opened, but it has %s", c.Path, c.Skip)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.Path, err)
			continue
		}
		dt := a.DataType()
		if !dt.IsTime() {
			t.Errorf("%s: data type %v", c.Path, dt)
			continue
		}
		got, err := Read[int64](ctx, a, region.Whole(c.Shape))
		if err != nil || !slices.Equal(got, c.I8) {
			t.Errorf("%s: Read = %v, %v; zarr reads %v", c.Path, got, err, c.I8)
			continue
		}
		for i, v := range got {
			if s, err := numeric.FormatTime(dt, v); err != nil || s != c.Text[i] {
				t.Errorf("%s[%d]: FormatTime = %q, %v; zarr and NumPy: %q", c.Path, i, s, err, c.Text[i])
			}
		}
		var fill *int64
		if err := json.Unmarshal(c.FillValue, &fill); err != nil {
			t.Fatal(err)
		}
		if v, ok := a.FillValue().TimeCount(); fill != nil && (!ok || v != *fill) {
			t.Errorf("%s: fill %v, want %d", c.Path, a.FillValue(), *fill)
		}
		read++
	}
	if read < 7 {
		t.Errorf("only %d arrays read", read)
	}
}

package zarr

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestGridOverflow: arrays whose grid overflows an int64 do not open (v3
// and v2), and grids at the edge of int64 count their chunks exactly.
func TestGridOverflow(t *testing.T) {
	ctx := context.Background()
	v3 := func(shape string, chunks string) string {
		return `{"zarr_format":3,"node_type":"array","shape":` + shape + `,"data_type":"uint8",` +
			`"chunk_grid":{"name":"regular","configuration":{"chunk_shape":` + chunks + `}},` +
			`"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":["bytes"]}`
	}
	v2 := func(shape string, chunks string) string {
		return `{"zarr_format":2,"shape":` + shape + `,"chunks":` + chunks +
			`,"dtype":"|u1","compressor":null,"fill_value":0,"filters":null,"order":"C"}`
	}
	for _, c := range []struct{ shape, chunks string }{
		{"[9223372036854775807]", "[1000]"},
		{"[4611686018427387904,4611686018427387904]", "[1,1]"},
	} {
		for name, doc := range map[string]string{"zarr.json": v3(c.shape, c.chunks), ".zarray": v2(c.shape, c.chunks)} {
			s := store.NewMemory()
			s.Set(ctx, "a/"+name, []byte(doc))
			a, err := Open(ctx, s, "a", nil)
			var ge *metadata.GridError
			if !errors.As(err, &ge) {
				t.Errorf("%s shape %s chunks %s: opened with grid %v, %d chunks (err %v)", name, c.shape, c.chunks, a.GridShape(), a.NumChunks(), err)
			}
		}
	}
	for _, c := range []struct {
		shape, chunks string
		grid          []int64
	}{
		{"[9223372036854775806]", "[7]", []int64{math.MaxInt64 / 7}},
		{"[9223372036854775807]", "[1]", []int64{math.MaxInt64}},
		{"[9223372036854775000]", "[1000]", []int64{math.MaxInt64 / 1000}},
	} {
		s := store.NewMemory()
		s.Set(ctx, "a/zarr.json", []byte(v3(c.shape, c.chunks)))
		a, err := Open(ctx, s, "a", nil)
		if err != nil {
			t.Errorf("shape %s chunks %s: %v", c.shape, c.chunks, err)
			continue
		}
		if !slices.Equal(a.GridShape(), c.grid) || a.NumChunks() != c.grid[0] {
			t.Errorf("shape %s chunks %s: grid %v, %d chunks, want %v", c.shape, c.chunks, a.GridShape(), a.NumChunks(), c.grid)
		}
		// The last element reads as fill; a region past the end is refused.
		last := a.Shape()[0] - 1
		got, err := Read[uint8](ctx, a, region.FromShape([]int64{last}, []int64{1}))
		if err != nil || fmt.Sprint(got) != "[0]" {
			t.Errorf("shape %s: last element: %v, %v", c.shape, got, err)
		}
	}
}

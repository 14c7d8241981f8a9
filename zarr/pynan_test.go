package zarr

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// pynanVectors is testdata/stores/pynan.json: stores whose metadata holds
// bare NaN/Infinity tokens (zarr 2.13, netcdf-c), with the values and
// attributes their writers' readers give.
type pynanVectors struct {
	Stores map[string]struct {
		Attributes any `json:"attributes"`
		Arrays     []struct {
			Path       string `json:"path"`
			FillValue  any    `json:"fill_value"`
			Hex        string `json:"hex"`
			Attributes any    `json:"attributes"`
		} `json:"arrays"`
	} `json:"stores"`
}

// TestPythonNaNStores opens stores whose JSON holds bare NaN, Infinity and
// -Infinity (docs/decisions.md#d21) through the group's members (the
// consolidated .zmetadata for the zarr store) and directly with Open, and
// compares fill values, values and attributes with what zarr 2.13 and
// ncdump read.
func TestPythonNaNStores(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile(storesDir + "pynan.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec pynanVectors
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	for name, st := range vec.Stores {
		t.Run(name, func(t *testing.T) {
			d, err := store.OpenDir(storesDir + name)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			s := store.ReadOnly(d)
			g, err := OpenGroup(ctx, s, "")
			if err != nil {
				t.Fatal(err)
			}
			if g.Consolidated() != (name == "pynan_zarr213") {
				t.Errorf("consolidated = %v", g.Consolidated())
			}
			sameJSON(t, "group attributes", g.Attributes(), st.Attributes)
			nodes, err := g.Members(ctx)
			if err != nil {
				t.Fatal(err)
			}
			byPath := map[string]Node{}
			for _, n := range nodes {
				byPath[n.Path] = n
			}
			for _, want := range st.Arrays {
				n, ok := byPath[want.Path]
				if !ok {
					t.Fatalf("%s: not among the members %v", want.Path, describe(nodes))
				}
				viaMembers, err := n.OpenArray(ctx, nil)
				if err != nil {
					t.Fatalf("%s: %v", want.Path, err)
				}
				direct, err := Open(ctx, s, want.Path, nil)
				if err != nil {
					t.Fatalf("%s: %v", want.Path, err)
				}
				for _, a := range []*Array{viaMembers, direct} {
					checkFill(t, want.Path, a.FillValue(), want.FillValue)
					if want.Attributes != nil && len(want.Attributes.(map[string]any)) > 0 {
						sameJSON(t, want.Path+" attributes", a.Attributes(), want.Attributes)
					}
					whole := make([]byte, region.NumElements(a.Shape())*int64(a.DataType().Size()))
					if err := a.ReadRegion(ctx, region.Whole(a.Shape()), whole); err != nil {
						t.Fatalf("%s: %v", want.Path, err)
					}
					sameValues(t, want.Path, a.DataType(), whole, want.Hex)
					// What is written again is JSON.
					if m, err := a.MetadataJSON(); err != nil || !json.Valid(m) {
						t.Errorf("%s: metadata JSON %s, %v", want.Path, m, err)
					}
				}
			}
		})
	}
}

// sameJSON checks that got (JSON) holds the value want. The
// _NCZARR_ARRAY member of a .zarray, which zcodec keeps among the
// attributes (docs/decisions.md#d19) and zarr does not show, is left out.
func sameJSON(t *testing.T, what string, got json.RawMessage, want any) {
	t.Helper()
	var g any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v in %s", what, err, got)
	}
	if m, ok := g.(map[string]any); ok {
		delete(m, "_NCZARR_ARRAY")
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("%s = %s; want %v", what, got, want)
	}
}

// checkFill compares a fill value with the writer's: a number or one of
// the strings "NaN", "Infinity", "-Infinity".
func checkFill(t *testing.T, path string, got numeric.Scalar, want any) {
	t.Helper()
	f := got.Float64()
	var w float64
	switch v := want.(type) {
	case float64:
		w = v
	case string:
		w = map[string]float64{"NaN": math.NaN(), "Infinity": math.Inf(1), "-Infinity": math.Inf(-1)}[v]
	}
	if !(f == w || math.IsNaN(f) && math.IsNaN(w)) {
		t.Errorf("%s: fill %v; want %v", path, f, want)
	}
}

// TestZarritaBytesWithoutEndian reads the float32 array zarrita 0.7.5
// wrote with {"name": "bytes"} and no endian (docs/decisions.md#d23): as
// little-endian, zarrita's values, with a warning at the codec's entry.
func TestZarritaBytesWithoutEndian(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile(storesDir + "zarrita_noendian/expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var want struct{ Path, Hex string }
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	d, err := store.OpenDir(storesDir + "zarrita_noendian")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	a, err := Open(ctx, store.ReadOnly(d), want.Path, nil)
	if err != nil {
		t.Fatal(err)
	}
	whole := make([]byte, region.NumElements(a.Shape())*int64(a.DataType().Size()))
	if err := a.ReadRegion(ctx, region.Whole(a.Shape()), whole); err != nil {
		t.Fatal(err)
	}
	sameValues(t, want.Path, a.DataType(), whole, want.Hex)
	ws := a.Warnings()
	if len(ws) != 1 || ws[0].Pointer != "/codecs/0" || !errors.Is(ws[0].Err, codec.ErrReadOnlyConfig) {
		t.Errorf("warnings %v; want one at /codecs/0", ws)
	}
}

// TestZarr213ExtraCodecs reads the arrays zarr 2.13 wrote with LZMA,
// Base64, zstd level 100 and lz4 acceleration -1 (testdata/stores,
// generate_zarr213_extra.py), through the consolidated metadata, and
// compares with zarr's values; the clamped settings warn
// (docs/decisions.md#d23).
func TestZarr213ExtraCodecs(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile(storesDir + "zarr213_extra.json")
	if err != nil {
		t.Fatal(err)
	}
	var vec struct{ Arrays []struct{ Path, Hex string } }
	if err := json.Unmarshal(b, &vec); err != nil {
		t.Fatal(err)
	}
	d, err := store.OpenDir(storesDir + "zarr213_extra")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g, err := OpenGroup(ctx, store.ReadOnly(d), "")
	if err != nil || !g.Consolidated() {
		t.Fatalf("group: %v", err)
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Node{}
	for _, n := range nodes {
		byPath[n.Path] = n
	}
	for _, want := range vec.Arrays {
		n, ok := byPath[want.Path]
		if !ok {
			t.Fatalf("%s: not among the members", want.Path)
		}
		a, err := n.OpenArray(ctx, nil)
		if err != nil {
			t.Fatalf("%s: %v", want.Path, err)
		}
		whole := make([]byte, region.NumElements(a.Shape())*int64(a.DataType().Size()))
		if err := a.ReadRegion(ctx, region.Whole(a.Shape()), whole); err != nil {
			t.Fatalf("%s: %v", want.Path, err)
		}
		sameValues(t, want.Path, a.DataType(), whole, want.Hex)
		clamped := strings.Contains(want.Path, "level100") || strings.Contains(want.Path, "accel")
		warned := false
		for _, w := range a.Warnings() {
			warned = warned || errors.Is(w.Err, codec.ErrReadOnlyConfig)
		}
		if warned != clamped {
			t.Errorf("%s: warnings %v", want.Path, a.Warnings())
		}
	}
}

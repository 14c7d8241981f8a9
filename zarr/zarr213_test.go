package zarr

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
)

// zarr213 is testdata/stores/zarr213.json: arrays written by zarr 2.13 and
// the values zarr reads from them.
type zarr213 struct {
	Peers  string                    `json:"peers"`
	Stores map[string][]zarr213Array `json:"stores"`
}

type zarr213Array struct {
	Path    string   `json:"path"`
	Shape   []int64  `json:"shape"`
	DType   string   `json:"dtype"`
	Needs   []string `json:"needs"`
	Hex     string   `json:"hex"`
	Regions []struct {
		Region string `json:"region"`
		Hex    string `json:"hex"`
	} `json:"regions"`
}

const storesDir = "../testdata/stores/"

func loadZarr213(t *testing.T) zarr213 {
	t.Helper()
	b, err := os.ReadFile(storesDir + "zarr213.json")
	if err != nil {
		t.Fatal(err)
	}
	var v zarr213
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// missingNeed returns the first codec or capability the array needs that
// zcodec does not have yet, or "".
func missingNeed(needs []string) string {
	for _, n := range needs {
		if _, ok := registry.Default().Lookup(n); !ok {
			return "codec " + n
		}
	}
	return ""
}

// TestZarr213 reads every array that zarr 2.13 wrote, through the group's
// members (consolidated and listed), and compares with zarr's values.
func TestZarr213(t *testing.T) {
	ctx := context.Background()
	vec := loadZarr213(t)
	for name, arrays := range vec.Stores {
		t.Run(name, func(t *testing.T) {
			d, err := store.OpenDir(storesDir + name)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			g, err := OpenGroup(ctx, store.ReadOnly(d), "")
			if err != nil {
				t.Fatal(err)
			}
			if g.Consolidated() != (name == "zarr213") {
				t.Errorf("consolidated = %v", g.Consolidated())
			}
			nodes, err := g.Members(ctx)
			if err != nil {
				t.Fatal(err)
			}
			byPath := map[string]Node{}
			for _, n := range nodes {
				byPath[n.Path] = n
			}
			if n, ok := byPath["nested"]; !ok || n.Kind != "group" || n.Format != 2 {
				t.Errorf("nested group: %+v", n)
			}
			for _, want := range arrays {
				t.Run(want.Path, func(t *testing.T) {
					if m := missingNeed(want.Needs); m != "" {
						t.Skipf("needs %s", m)
					}
					n, ok := byPath[want.Path]
					if !ok {
						t.Fatalf("not among the members %v", describe(nodes))
					}
					a, err := n.OpenArray(ctx, nil)
					if err != nil {
						t.Fatal(err)
					}
					dt := a.DataType()
					whole := make([]byte, region.NumElements(a.Shape())*int64(dt.Size()))
					if err := a.ReadRegion(ctx, region.Whole(a.Shape()), whole); err != nil {
						t.Fatal(err)
					}
					sameValues(t, "whole array", dt, whole, want.Hex)
					for _, r := range want.Regions {
						reg, err := ParseRegion(r.Region, a.Shape())
						if err != nil {
							t.Fatal(err)
						}
						buf := make([]byte, reg.Size()*int64(dt.Size()))
						if err := a.ReadRegion(ctx, reg, buf); err != nil {
							t.Fatal(err)
						}
						sameValues(t, "region "+r.Region, dt, buf, r.Hex)
					}
				})
			}
		})
	}
}

// sameValues compares decoded bytes with zarr's, element by element, NaN
// equal to any NaN.
func sameValues(t *testing.T, what string, dt numeric.DataType, got []byte, wantHex string) {
	t.Helper()
	want, _ := hex.DecodeString(wantHex)
	if len(got) != len(want) {
		t.Fatalf("%s: %d bytes, zarr read %d", what, len(got), len(want))
	}
	ps := dt.ComponentType().Size()
	for i := 0; i < len(got); i += ps {
		g, w := got[i:i+ps], want[i:i+ps]
		if string(g) == string(w) {
			continue
		}
		if dt.IsFloat() || dt.IsComplex() {
			if isNaNBits(g, dt.ComponentType()) && isNaNBits(w, dt.ComponentType()) {
				continue
			}
		}
		t.Fatalf("%s: element %d is %x, zarr read %x (%v)", what, i/dt.Size(), g, w, describeBits(g))
	}
}

func describeBits(b []byte) string {
	switch len(b) {
	case 4:
		return numeric.FloatScalar(numeric.Float32, float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))).String()
	case 8:
		return numeric.FloatScalar(numeric.Float64, math.Float64frombits(binary.LittleEndian.Uint64(b))).String()
	}
	return ""
}

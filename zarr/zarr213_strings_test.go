package zarr

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestZarr213Strings reads every array of testdata/stores/zarr213_strings
// (object arrays with each numcodecs object codec, <U n, >U n, |S n, |V n,
// written by zarr 2.13) and compares the elements with what zarr read
// (generate_zarr213_strings.py), then converts each to Zarr v3 in a new
// store, copying its chunks unchanged, and reads the same elements from
// the v3 array.
func TestZarr213Strings(t *testing.T) {
	ctx := context.Background()
	raw, err := os.ReadFile(storesDir + "zarr213_strings.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Arrays []struct {
			Path     string   `json:"path"`
			Kind     string   `json:"kind"`
			Shape    []int64  `json:"shape"`
			Elements []string `json:"elements"`
		} `json:"arrays"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	src, err := store.OpenDir(storesDir + "zarr213_strings")
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if len(v.Arrays) < 10 {
		t.Fatalf("%d arrays", len(v.Arrays))
	}
	read := func(a *Array, kind string, r region.Box) []string {
		t.Helper()
		if kind == "text" {
			got, err := ReadStrings(ctx, a, r)
			if err != nil {
				t.Fatalf("%s: %v", a.Path(), err)
			}
			return got
		}
		got, err := ReadByteStrings(ctx, a, r)
		if err != nil {
			t.Fatalf("%s: %v", a.Path(), err)
		}
		out := make([]string, len(got))
		for i, b := range got {
			out[i] = base64.StdEncoding.EncodeToString(b)
		}
		return out
	}
	for _, c := range v.Arrays {
		a, err := Open(ctx, src, c.Path, nil)
		if err != nil {
			t.Errorf("%s: %v", c.Path, err)
			continue
		}
		whole := region.Whole(c.Shape)
		if got := read(a, c.Kind, whole); !slices.Equal(got, c.Elements) {
			t.Errorf("%s:\n got %q\nwant %q", c.Path, got, c.Elements)
		}
		// A region that starts inside the second chunk.
		part := region.Whole(c.Shape)
		part.Start[0] = 1
		want := c.Elements[len(c.Elements)/int(c.Shape[0]):]
		if got := read(a, c.Kind, part); !slices.Equal(got, want) {
			t.Errorf("%s region %v:\n got %q\nwant %q", c.Path, part, got, want)
		}
		// Converted to v3 with the chunks copied as they are.
		doc, err := a.MetadataJSON()
		if err != nil {
			t.Fatalf("%s: %v", c.Path, err)
		}
		if _, err := metadata.Parse(doc, nil); err != nil {
			t.Errorf("%s: the converted zarr.json does not parse strictly: %v\n%s", c.Path, err, doc)
			continue
		}
		dst := store.NewMemory()
		dst.Set(ctx, "a/zarr.json", doc)
		src.List(ctx, c.Path+"/", func(e store.Entry) error {
			if e.Err == nil && e.Key[len(c.Path)+1] != '.' {
				b, _ := src.Get(ctx, e.Key, 1<<30)
				dst.Set(ctx, "a"+e.Key[len(c.Path):], b)
			}
			return nil
		})
		b, err := Open(ctx, dst, "a", nil)
		if err != nil {
			t.Errorf("%s as v3: %v", c.Path, err)
			continue
		}
		if got := read(b, c.Kind, whole); !slices.Equal(got, c.Elements) {
			t.Errorf("%s as v3:\n got %q\nwant %q", c.Path, got, c.Elements)
		}
		// Copied element by element into another chunking.
		def := b.Metadata().Definition()
		def.ChunkShape = slices.Clone(def.ChunkShape)
		def.ChunkShape[0] = 3
		def.ChunkKeyEncoding = nil
		cp, err := Create(ctx, dst, "copy", def, nil)
		if err != nil {
			t.Errorf("%s: %v", c.Path, err)
			continue
		}
		if err := Copy(ctx, cp, a, nil); err != nil {
			t.Errorf("%s: Copy: %v", c.Path, err)
			continue
		}
		if got := read(cp, c.Kind, whole); !slices.Equal(got, c.Elements) {
			t.Errorf("%s copied:\n got %q\nwant %q", c.Path, got, c.Elements)
		}
	}
}

package zarr

import (
	"context"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// TestZarritaReadsStrings: zarrita.js reads the Zarr v3 string arrays
// zcodec writes (vlen-utf8, alone and with zstd, edge and absent chunks)
// and the v2 object arrays of testdata/stores/zarr213_strings converted to
// v3 with their chunks unchanged, element for element as zcodec reads
// them. (zarrita 0.7.5 cannot encode vlen-utf8, so it writes no string
// arrays for zcodec to read.)
func TestZarritaReadsStrings(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Set(ctx, "zarr.json", []byte(`{"zarr_format":3,"node_type":"group","attributes":{}}`))
	var paths []string
	want := map[string][]string{}
	for name, codecs := range map[string]string{
		"s_plain": `[{"name":"vlen-utf8"}]`,
		"s_zstd":  `[{"name":"vlen-utf8"},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`,
	} {
		a := create(t, d, name, newMeta(t, []int64{5, 3}, []int{2, 2}, numeric.String, `"fill"`, codecs, ""), 1)
		src := []string{"", "a", "é", "€uro", "😀", "tab\t", "q\"", "nul\x00"}
		if err := WriteStrings(ctx, a, region.FromShape([]int64{0, 0}, []int64{4, 2}), src); err != nil {
			t.Fatal(err)
		}
		got, err := ReadStrings(ctx, a, region.Whole(a.Shape()))
		if err != nil {
			t.Fatal(err)
		}
		paths, want[name] = append(paths, name), got
	}
	// The converted v2 arrays that zarrita has codecs for.
	src, err := store.OpenDir(storesDir + "zarr213_strings")
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	for _, name := range []string{"vlen_utf8", "vlen_utf8_blosc"} {
		a, err := Open(ctx, src, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := a.MetadataJSON()
		if err != nil {
			t.Fatal(err)
		}
		d.Set(ctx, "v2_"+name+"/zarr.json", doc)
		src.List(ctx, name+"/", func(e store.Entry) error {
			if rest := e.Key[len(name)+1:]; e.Err == nil && rest[0] != '.' {
				b, _ := src.Get(ctx, e.Key, 1<<30)
				d.Set(ctx, "v2_"+name+"/"+rest, b)
			}
			return nil
		})
		got, err := ReadStrings(ctx, a, region.Whole(a.Shape()))
		if err != nil {
			t.Fatal(err)
		}
		paths, want["v2_"+name] = append(paths, "v2_"+name), got
	}
	arrays := zarrita(t, append([]string{"read", dir}, paths...)...)
	if len(arrays) != len(paths) {
		t.Fatalf("zarrita read %d arrays", len(arrays))
	}
	for _, a := range arrays {
		if !slices.Equal(a.Strings, want[a.Path]) {
			t.Errorf("%s: zarrita reads\n%q\nzcodec reads\n%q", a.Path, a.Strings, want[a.Path])
		}
	}
}

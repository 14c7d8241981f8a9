package h5store_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// zarritaCodecs are the codecs zarrita.js 0.7.5 decodes.
var zarritaCodecs = []string{"bytes", "zstd", "blosc", "gzip", "transpose", "crc32c", "numcodecs.shuffle",
	"numcodecs.lz4", "numcodecs.zlib", "numcodecs.zstd", "numcodecs.blosc", "numcodecs.gzip"}

// zarritaReads reports whether zarrita.js 0.7.5 reads the array: its data
// type (bool, the integers, float32/64, string: it refuses float16, "Unknown
// or unsupported dataType") and every codec, and an array of one dimension
// at least (zarrita's get of a 0-d array gives no typed array).
func zarritaReads(a *zarr.Array) bool {
	dt := a.DataType()
	if len(a.Shape()) == 0 || !(dt == numeric.Bool || dt == numeric.String || dt == numeric.Float32 ||
		dt == numeric.Float64 || (dt.IsInteger() && dt.Bits() >= 8)) {
		return false
	}
	for _, c := range a.Metadata().Codecs {
		if !slices.Contains(zarritaCodecs, c.Name()) {
			return false
		}
	}
	return true
}

// TestZarritaReadsConverted converts generated HDF5 and netCDF-4 files
// into Zarr v3 (chunks copied as stored where the chain maps) and has
// zarrita.js read every converted array whose data type and codecs it
// knows: it must read the values zcodec reads from the file.
func TestZarritaReadsConverted(t *testing.T) {
	dir, _ := filepath.Abs("../../../testdata/zarrita")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: zarrita.js comparisons skipped")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zarrita")); err != nil {
		t.Skip("zarrita.js is not installed: run npm ci --prefix testdata/zarrita")
	}
	ctx := context.Background()
	for _, name := range []string{"dtypes_sb0.h5", "layout_v4_sb3.h5", "layout_sb0.h5", "filters_sb3.h5", "filter_mask_v4.h5", "nc4_groups.nc", "netcdf4python.nc"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := store.Open(ctx, filepath.Join("../../../testdata/hdf5files", name), nil)
			if err != nil {
				t.Fatal(err)
			}
			g, err := zarr.OpenGroup(ctx, src, "")
			if err != nil {
				t.Fatal(err)
			}
			members, _ := g.Members(ctx)
			out := filepath.Join(t.TempDir(), "out.zarr")
			dst, err := store.CreateDir(out)
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			want := map[string]string{}
			var paths []string
			for _, m := range members {
				if m.Kind != "array" {
					continue
				}
				a, err := m.OpenArray(ctx, nil)
				if err != nil || !zarritaReads(a) {
					continue
				}
				b, err := zarr.Create(ctx, dst, m.Path, a.Metadata().Definition(), nil)
				if err != nil {
					t.Fatalf("%s: %v", m.Path, err)
				}
				if err := zarr.Copy(ctx, b, a, nil); err != nil {
					t.Fatalf("%s: %v", m.Path, err)
				}
				if a.DataType() == numeric.String {
					continue // compared as strings below
				}
				buf := make([]byte, region.Whole(a.Shape()).Size()*int64(a.DataType().Size()))
				if err := a.ReadRegion(ctx, region.Whole(a.Shape()), buf); err != nil {
					t.Fatal(err)
				}
				want[m.Path] = hex.EncodeToString(buf)
				paths = append(paths, m.Path)
			}
			if len(paths) == 0 {
				t.Fatal("no array zarrita reads")
			}
			cmd := exec.Command("node", append([]string{filepath.Join(dir, "zarrita.mjs"), "read", out}, paths...)...)
			res, err := cmd.Output()
			if err != nil {
				stderr := ""
				if ee, ok := err.(*exec.ExitError); ok {
					stderr = string(ee.Stderr)
				}
				t.Fatalf("zarrita: %v\n%s", err, stderr)
			}
			var doc struct {
				Arrays []struct {
					Path, Hex string
				} `json:"arrays"`
			}
			if err := json.Unmarshal(res, &doc); err != nil {
				t.Fatal(err)
			}
			for _, got := range doc.Arrays {
				if got.Hex != want[got.Path] {
					t.Errorf("%s: zarrita reads %.80s..., zcodec %.80s...", got.Path, got.Hex, want[got.Path])
				}
			}
			if len(doc.Arrays) != len(paths) {
				t.Errorf("zarrita read %d arrays of %d", len(doc.Arrays), len(paths))
			}
			t.Logf("zarrita read %d arrays", len(paths))
		})
	}
}

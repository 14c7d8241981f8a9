package h5store_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestRealFiles reads real CF netCDF-4 files that no one here wrote (NASA
// OBPG's SeaWiFS products, gridMET, Daymet through netCDF-Java and NCO,
// shipped in Debian's r-cran-ncmeta and r-cran-stars) and PyTables' test
// files written by older HDF5 releases (python-tables-data: layout and
// fill value messages of version 1, szip and blosc), and compares every
// dataset with what libhdf5 and netcdf-c read from them
// (testdata/realfiles/truth.py). The files are unpacked by .ci/run into
// testdata/realfiles/debian; a file that is absent or not the one the
// truth was recorded from is skipped.
func TestRealFiles(t *testing.T) {
	const dir = "../../../testdata/realfiles"
	b, err := os.ReadFile(filepath.Join(dir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var truth struct {
		Files []struct {
			Package, File, SHA256 string
			Datasets              []struct {
				Path         string
				Shape        []int64
				DType        string
				Refuse       string
				Hidden       bool     `json:"netcdf_hidden"`
				Dims         []string `json:"dims"`
				ValuesSHA256 string   `json:"values_sha256"`
				Strings      bool     `json:"strings"`
			}
		}
	}
	if err := json.Unmarshal(b, &truth); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tf := range truth.Files {
		t.Run(filepath.Base(tf.File), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(dir, "debian", tf.File)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Skipf("%s is not unpacked (apt-get download %s; dpkg-deb -x): %v", path, tf.Package, err)
			}
			if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != tf.SHA256 {
				t.Skipf("%s is not the file the truth was recorded from (another version of %s)", path, tf.Package)
			}
			st, err := store.Open(ctx, path, nil)
			if err != nil {
				t.Fatal(err)
			}
			checked, want := 0, 0
			for _, d := range tf.Datasets {
				if d.ValuesSHA256 != "" && !d.Hidden {
					want++
				}
				a, err := zarr.Open(ctx, st, zarrPath(d.Path), nil)
				switch {
				case d.Hidden:
					if err == nil || !errors.Is(err, store.ErrNotFound) {
						t.Errorf("%s: a netCDF dimension without a variable is shown: %v", d.Path, err)
					}
					continue
				case d.Refuse != "":
					if !errors.Is(err, store.ErrUnsupportedNode) {
						t.Errorf("%s (%s): %v, want refused", d.Path, d.Refuse, err)
					}
					continue
				case err != nil:
					t.Errorf("%s: %v", d.Path, err)
					continue
				}
				if !slices.Equal(a.Shape(), d.Shape) {
					t.Errorf("%s: shape %v, want %v", d.Path, a.Shape(), d.Shape)
				}
				if d.Dims != nil {
					var names []string
					json.Unmarshal(a.Metadata().DimensionNames, &names)
					if !slices.Equal(names, d.Dims) {
						t.Errorf("%s: dimension names %q, netCDF gives %q", d.Path, names, d.Dims)
					}
				}
				if d.ValuesSHA256 == "" {
					continue
				}
				r := region.Whole(a.Shape())
				var buf []byte
				if d.Strings {
					// the strings as h5py reads them, joined by NUL
					var vals [][]byte
					if a.DataType() == numeric.String {
						s, err := zarr.ReadStrings(ctx, a, r)
						if err != nil {
							t.Errorf("%s: %v", d.Path, err)
							continue
						}
						for _, v := range s {
							vals = append(vals, []byte(v))
						}
					} else if vals, err = zarr.ReadByteStrings(ctx, a, r); err != nil {
						t.Errorf("%s: %v", d.Path, err)
						continue
					}
					buf = bytes.Join(vals, []byte{0})
				} else {
					buf = make([]byte, r.Size()*int64(a.DataType().Size()))
					if err := a.ReadRegion(ctx, r, buf); err != nil {
						t.Errorf("%s: %v", d.Path, err)
						continue
					}
				}
				if sum := sha256.Sum256(buf); hex.EncodeToString(sum[:]) != d.ValuesSHA256 {
					t.Errorf("%s: values differ from libhdf5's", d.Path)
				}
				checked++
			}
			if checked != want {
				t.Errorf("%d datasets' values compared, of %d", checked, want)
			}
			t.Logf("%d datasets compared with libhdf5", checked)
		})
	}
}

package kerchunk

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/store"
)

// python is the interpreter the peer checks run with.
const python = "/usr/bin/python3"

// peerModules are what testdata/kerchunk/check_fsspec.py imports, with
// the Debian 12 packages that provide them.
const peerProbe = `import fsspec, h5py, numpy, xarray, zarr, netCDF4
assert zarr.__version__.startswith("2."), zarr.__version__
print(fsspec.__version__, zarr.__version__, h5py.__version__, xarray.__version__)`

const peerPackages = "python3-fsspec python3-zarr python3-h5py python3-xarray python3-netcdf4 python3-numpy " +
	"hdf5-plugin-lzf hdf5-filter-plugin hdf5-filter-plugin-blosc-serial bitshuffle"

// pluginProbe reads, through h5py, a dataset of each filter plugin the
// test files use.
const pluginProbe = `import os, h5py
os.environ.setdefault("HDF5_PLUGIN_PATH", "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins")
f = h5py.File("../../testdata/hdf5files/filters_plugins.h5", "r")
for k in ("lzf", "lz4", "bzip2_9", "blosc_zstd_shuffle2", "bitshuffle_lz4"):
    f[k][()]`

// needPeers skips the test unless python3 can import the peers.
func needPeers(t *testing.T) {
	t.Helper()
	out, err := exec.Command(python, "-c", peerProbe).CombinedOutput()
	if err != nil {
		t.Skipf("the fsspec/zarr check needs %s with fsspec, zarr 2, h5py, xarray and netCDF4 (Debian: apt-get install %s): %v: %s",
			python, peerPackages, err, lastLine(out))
	}
	if out, err := exec.Command(python, "-c", pluginProbe).CombinedOutput(); err != nil {
		t.Skipf("h5py cannot read the test files' filters (Debian: apt-get install %s): %v: %s", peerPackages, err, lastLine(out))
	}
	t.Logf("peers: fsspec, zarr, h5py, xarray %s", strings.TrimSpace(string(out)))
}

// peerFiles returns the HDF5 and netCDF-4 files the peer check covers:
// the generated files of testdata/hdf5files and nc50 of
// testdata/hdf5remote, unpacked into dir.
func peerFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob("../../testdata/hdf5files/*.h5")
	if err != nil {
		t.Fatal(err)
	}
	nc, _ := filepath.Glob("../../testdata/hdf5files/*.nc")
	files = append(files, nc...)
	files = append(files, "../../testdata/kerchunk/cases.h5")
	if gz, err := os.ReadFile("../../testdata/hdf5remote/nc50.nc.gz"); err == nil {
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(io.LimitReader(zr, 64<<20))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "nc50.nc")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	for i, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = abs
	}
	if len(files) < 30 {
		t.Fatalf("only %d test files", len(files))
	}
	return files
}

// peerCase is one entry of check_fsspec.py's manifest.
type peerCase struct {
	Refs    string   `json:"refs"`
	Format  string   `json:"format"`
	File    string   `json:"file"`
	Refused []string `json:"refused"`
	XArray  bool     `json:"xarray"`
}

// TestFsspecReadsReferences writes the reference sets of the test files,
// as JSON and as Parquet, under the default options and under options that
// reference every chunk that can be (no inline threshold, small contiguous
// chunks) and inline the datasets numcodecs cannot read, and under options
// that add no absent chunk (fill_value is then the header's), and has fsspec's ReferenceFileSystem and
// zarr 2 read every array of each, compared with what h5py reads from the
// file (testdata/kerchunk/check_fsspec.py). The Parquet sets are also read
// back here and compared with the JSON ones.
func TestFsspecReadsReferences(t *testing.T) {
	needPeers(t)
	start := time.Now()
	ctx := context.Background()
	dir := t.TempDir()
	variants := []struct {
		name string
		opts *Options
	}{
		{"default", nil},
		{"noinline", &Options{InlineThreshold: -1, InlineUnsupported: 1 << 20, ContiguousChunkBytes: 512}},
		{"nofill", &Options{MaxFillChunks: -1, Fletcher32Filter: false}},
	}
	// The sets of each file in a parallel subtest; the cases in file order.
	files := peerFiles(t, dir)
	fileCases := make([][]peerCase, len(files))
	filePQ := make([][]map[string]string, len(files))
	t.Run("sets", func(t *testing.T) {
		for fi, file := range files {
			t.Run(filepath.Base(file), func(t *testing.T) {
				t.Parallel()
				var cases []peerCase
				var pq []map[string]string
				st, err := h5store.OpenFile(ctx, file, nil)
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
				for _, v := range variants {
					res, err := FromHDF5(ctx, st, file, v.opts)
					if err != nil {
						t.Fatalf("%s: %v", file, err)
					}
					refused := []string{}
					for _, r := range res.Refused {
						refused = append(refused, r.Path)
					}
					jpath := filepath.Join(dir, base+"."+v.name+".json")
					var buf bytes.Buffer
					if err := res.Set.WriteJSON(&buf); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(jpath, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					back, err := ReadJSON(buf.Bytes())
					if err != nil {
						t.Fatalf("%s: ReadJSON of what WriteJSON wrote: %v", jpath, err)
					}
					want := dump(t, res.Set)
					if d := cmp.Diff(want, dump(t, back)); d != "" {
						t.Errorf("%s: JSON round trip (-want +got):\n%s", jpath, d)
					}
					ppath := filepath.Join(dir, base+"."+v.name+".parq")
					pd, err := store.CreateDir(ppath)
					if err != nil {
						t.Fatal(err)
					}
					if err := WriteParquet(ctx, pd, res.Set, 7); err != nil {
						t.Fatalf("%s: %v", ppath, err)
					}
					pr, err := OpenParquet(ctx, pd)
					if err != nil {
						t.Fatalf("%s: %v", ppath, err)
					}
					got := dump(t, pr)
					delete(got, ZMetadataKey)
					if d := cmp.Diff(want, got); d != "" {
						t.Errorf("%s: Parquet round trip (-want +got):\n%s", ppath, d)
					}
					pd.Close()
					pq = append(pq, map[string]string{"parquet": ppath, "json": jpath})
					// xarray masks with fill_value: it matches netCDF4's reading
					// only where the set fills absent chunks (not under nofill).
					nc := (strings.HasSuffix(file, ".nc") || strings.HasSuffix(file, "cases.h5")) && v.name != "nofill"
					if v.name == "nofill" && strings.HasSuffix(file, "cases.h5") {
						found := false
						for _, w := range res.Warnings {
							found = found || w.Path == "fill_mask" && strings.Contains(w.Message, "(xarray) mask 0, where _FillValue says -9999")
						}
						if !found {
							t.Errorf("cases.h5 fill_mask: no warning of the mask among %v", res.Warnings)
						}
					}
					cases = append(cases,
						peerCase{Refs: jpath, Format: "json", File: file, Refused: refused, XArray: nc},
						peerCase{Refs: ppath, Format: "parquet", File: file, Refused: refused})
				}
				st.Close()
				fileCases[fi], filePQ[fi] = cases, pq
			})
		}
	})
	var cases []peerCase
	var pq []map[string]string
	for fi := range files {
		if fileCases[fi] == nil {
			t.FailNow() // its subtest failed before it wrote its sets
		}
		cases, pq = append(cases, fileCases[fi]...), append(pq, filePQ[fi]...)
	}
	t.Logf("reference sets written in %v", time.Since(start))
	checkParquetWithHyparquet(t, dir, pq)
	// The cases in a few manifests, each checked by its own Python at
	// the same time: one process a core.
	n := max(1, min(runtime.GOMAXPROCS(0), 4, len(cases)))
	outs := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range n {
		var part []peerCase
		for i, c := range cases {
			if i/2%n == k { // a JSON and a Parquet case each time: each manifest has both
				part = append(part, c)
			}
		}
		manifest := filepath.Join(dir, fmt.Sprintf("manifest%d.json", k))
		mb, _ := json.MarshalIndent(part, "", " ")
		if err := os.WriteFile(manifest, mb, 0o644); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			cmd := exec.Command(python, "../../testdata/kerchunk/check_fsspec.py", manifest)
			cmd.Env = append(os.Environ(), "HDF5_PLUGIN_PATH=/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins")
			out, err := cmd.CombinedOutput()
			outs[k], errs[k] = string(out), err
		})
	}
	wg.Wait()
	for k, text := range outs {
		if errs[k] != nil {
			t.Fatalf("check_fsspec.py (manifest %d of %d): %v\n%s", k+1, n, errs[k], text)
		}
		if !strings.Contains(text, "cases: ") || strings.Contains(text, "FAIL") {
			t.Fatalf("check_fsspec.py (manifest %d of %d):\n%s", k+1, n, text)
		}
	}
	text := strings.Join(outs, "")
	t.Logf("check_fsspec.py ran in %v", time.Since(start))
	if testing.Verbose() {
		t.Log(text)
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	t.Log(lines[0])
	for _, out := range outs {
		t.Log(lastLine([]byte(out)))
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "SKIP") {
			t.Log(l)
			break
		}
	}
}

// checkParquetWithHyparquet reads the Parquet sets with an independent
// Parquet reader, hyparquet (testdata/kerchunk/check_parquet.mjs), as
// fsspec's LazyReferenceMapper reads them, and compares them with the JSON
// sets, when node is installed and $KERCHUNK_NODE_MODULES names a
// node_modules directory holding hyparquet and hyparquet-compressors
// (npm install hyparquet hyparquet-compressors); Debian 12's fsspec
// (2022.11) has no Parquet reader of its own, and pandas there no Parquet
// engine.
func checkParquetWithHyparquet(t *testing.T, dir string, cases []map[string]string) {
	t.Helper()
	mods := os.Getenv("KERCHUNK_NODE_MODULES")
	node, err := exec.LookPath("node")
	if mods == "" || err != nil {
		t.Logf("Parquet sets not read by hyparquet: set KERCHUNK_NODE_MODULES to a node_modules directory with hyparquet and hyparquet-compressors, and install node")
		return
	}
	manifest := filepath.Join(dir, "parquet.json")
	mb, _ := json.Marshal(cases)
	if err := os.WriteFile(manifest, mb, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "../../testdata/kerchunk/check_parquet.mjs", manifest)
	cmd.Env = append(os.Environ(), "NODE_PATH="+mods)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "cases: ") {
		t.Fatalf("check_parquet.mjs: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	t.Logf("hyparquet: %s", lines[len(lines)-1])
}

func lastLine(b []byte) string {
	l := strings.Split(strings.TrimSpace(string(b)), "\n")
	return l[len(l)-1]
}

package combine

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// python is the interpreter of the peer check.
const python = "/usr/bin/python3"

const peerProbe = `import fsspec, numpy, xarray, zarr, netCDF4
assert zarr.__version__.startswith("2."), zarr.__version__
print(fsspec.__version__, zarr.__version__, xarray.__version__)`

// TestCombinedSetsInFsspec has fsspec's ReferenceFileSystem with zarr 2
// read every combined set of truth.json with netCDF4-python's values, and
// xarray decode it as it decodes the files concatenated
// (../../../testdata/combine/check_fsspec.py).
func TestCombinedSetsInFsspec(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(python, "-c", peerProbe).CombinedOutput()
	if err != nil {
		t.Skipf("the check needs %s with fsspec, zarr 2, xarray and netCDF4 (Debian: apt-get install python3-fsspec python3-zarr python3-xarray python3-netcdf4): %v: %s",
			python, err, bytes.TrimSpace(out))
	}
	t.Logf("fsspec, zarr, xarray %s", bytes.TrimSpace(out))
	dir := t.TempDir()
	type peerCase struct {
		Refs   string                `json:"refs"`
		Files  []string              `json:"files"`
		Arrays map[string]truthArray `json:"arrays"`
	}
	var cases []peerCase
	for name, want := range loadTruth(t) {
		inputs := scanAll(t, want.Files...)
		res, err := Combine(context.Background(), inputs, &Options{ConcatDim: "time", ReconcileTime: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var buf bytes.Buffer
		if err := res.Set.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name+".json")
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		c := peerCase{Refs: p, Arrays: want.Arrays}
		for _, f := range want.Files {
			abs, _ := filepath.Abs(filepath.Join("../../../testdata/combine", f))
			c.Files = append(c.Files, abs)
		}
		cases = append(cases, c)
	}
	manifest := filepath.Join(dir, "manifest.json")
	mb, _ := json.Marshal(cases)
	if err := os.WriteFile(manifest, mb, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = exec.Command(python, "../../../testdata/combine/check_fsspec.py", manifest).CombinedOutput()
	text := string(out)
	if err != nil || !strings.Contains(text, "cases: ") || strings.Contains(text, "FAIL") {
		t.Fatalf("check_fsspec.py: %v\n%s", err, text)
	}
	t.Log(strings.TrimSpace(text))
}

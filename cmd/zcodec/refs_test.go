package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
)

const refsFile = "../../testdata/hdf5files/netcdf4python.nc"

func readSet(t *testing.T, p string) *kerchunk.Set {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := kerchunk.ReadJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// urls returns the URLs of the set's ranges.
func urls(t *testing.T, s *kerchunk.Set) map[string]bool {
	out := map[string]bool{}
	s.Keys(context.Background(), "", func(k string, _ int64) error {
		r, _, _ := s.Ref(context.Background(), k)
		if !r.Inline {
			out[r.URL] = true
		}
		return nil
	})
	return out
}

func TestRefsJSON(t *testing.T) {
	dir := t.TempDir()
	out, rep := filepath.Join(dir, "n.json"), filepath.Join(dir, "report.json")
	_, errOut, code := runIn(t, nil, "refs", refsFile, "-o", out, "--report", rep)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// grp/val has fletcher32 before its other filters, which numcodecs
	// 0.11 cannot read: refused by name, on stderr and in the report.
	if !strings.Contains(errOut, "grp/val not referenced: ") || !strings.Contains(errOut, "fletcher32") {
		t.Errorf("stderr: %q", errOut)
	}
	var r refsReport
	b, _ := os.ReadFile(rep)
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(refsFile)
	if len(r.Refused) != 1 || r.Refused[0].Path != "grp/val" || r.Stats.Arrays != 5 || r.URL != abs {
		t.Errorf("report: %s", b)
	}
	s := readSet(t, out)
	if u := urls(t, s); len(u) != 1 || !u[abs] {
		t.Errorf("URLs %v, want the FILE's absolute path", u)
	}
	if _, ok, _ := s.Ref(context.Background(), "grp/val/.zarray"); ok {
		t.Error("a refused array is in the set")
	}
	// --url-prefix: the file's name after the prefix, a "/" between.
	for _, prefix := range []string{"https://example.org/data", "s3://bucket/dir/"} {
		_, errOut, code = runIn(t, nil, "refs", refsFile, "-o", out, "--url-prefix", prefix, "--inline-threshold", "0")
		want := strings.TrimSuffix(prefix, "/") + "/netcdf4python.nc"
		if u := urls(t, readSet(t, out)); code != 0 || len(u) != 1 || !u[want] {
			t.Errorf("--url-prefix %s: exit %d %s, URLs %v, want %s", prefix, code, errOut, u, want)
		}
	}
	// To standard output.
	stdout, _, code := runIn(t, nil, "refs", refsFile, "-o", "-")
	if _, err := kerchunk.ReadJSON([]byte(stdout)); code != 0 || err != nil {
		t.Errorf("-o -: exit %d, %v", code, err)
	}
}

func TestRefsParquet(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "n.parq")
	_, errOut, code := runIn(t, nil, "refs", refsFile, "-o", out, "--format", "parquet", "--record-size", "2", "--inline-threshold", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	d, err := store.OpenDir(out)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p, err := kerchunk.OpenParquet(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	if p.RecordSize() != 2 {
		t.Errorf("record size %d", p.RecordSize())
	}
	r, ok, err := p.Ref(context.Background(), "be/0.0")
	if abs, _ := filepath.Abs(refsFile); !ok || err != nil || r.Inline || r.URL != abs {
		t.Errorf("be/0.0: %+v %v %v", r, ok, err)
	}
	// An existing OUT is refused, and nothing is left beside it.
	_, errOut, code = runIn(t, nil, "refs", refsFile, "-o", out, "--format", "parquet")
	if code != 1 || !strings.Contains(errOut, "exists") {
		t.Errorf("existing OUT: exit %d, %q", code, errOut)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left in the directory: %v", ents)
	}
}

func TestRefsSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	two := []string{refsFile, "../../testdata/hdf5files/nc_classic_model.nc"}
	_, errOut, code := runIn(t, nil, append([]string{"refs", "-o", filepath.Join(dir, "x.json")}, two...)...)
	if code != 2 || !strings.Contains(errOut, "existing directory") {
		t.Errorf("two files, one OUT: exit %d, %q", code, errOut)
	}
	_, errOut, code = runIn(t, nil, append([]string{"refs", "-o", dir}, two...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, n := range []string{"netcdf4python.nc.json", "nc_classic_model.nc.json"} {
		readSet(t, filepath.Join(dir, n))
	}
}

func TestRefsErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.json")
	for _, args := range [][]string{
		{"refs", refsFile},
		{"refs", "-o", out},
		{"refs", refsFile, "-o", out, "--format", "xml"},
		{"refs", refsFile, "-o", "-", "--format", "parquet"},
		{"refs", refsFile, "-o", out, "--record-size", "0"},
		{"refs", refsFile, "-o", out, "--inline-threshold", "-1"},
		{"refs", refsFile, "-o", out, "--max-inline", "0"},
	} {
		if _, errOut, code := runIn(t, nil, args...); code != 2 {
			t.Errorf("%q: exit %d, %q", args, code, errOut)
		}
	}
	// Not an HDF5 file: exit 1, nothing written.
	if _, errOut, code := runIn(t, nil, "refs", "../../testdata/kerchunk/foreign.json", "-o", out); code != 1 || errOut == "" {
		t.Errorf("not HDF5: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("output written for a failed file")
	}
}

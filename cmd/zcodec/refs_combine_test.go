package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const combineData = "../../testdata/combine/"

func combineFiles(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = combineData + n
	}
	return out
}

// catCSV returns the values of a variable as cat --format csv prints them.
func catCSV(t *testing.T, path string) string {
	t.Helper()
	out, errOut, code := runIn(t, nil, "cat", "--format", "csv", path)
	if code != 0 {
		t.Fatalf("cat %s: exit %d: %s", path, code, errOut)
	}
	return out
}

// TestRefsConcatDim combines three netCDF-4 files along time, in one run
// and as per-file parts combined afterwards: the two sets are the same
// bytes, and each variable reads as the files' values concatenated (those
// without time as any file's).
func TestRefsConcatDim(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := combineFiles("same_0.nc", "same_1.nc", "same_2.nc")
	direct, rep := filepath.Join(dir, "all.json"), filepath.Join(dir, "report.json")
	_, errOut, code := runIn(t, nil, append([]string{"refs", "--concat-dim", "time", "-o", direct, "--report", rep}, files...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The title and history differ: the first file's are kept, with a warning.
	if !strings.Contains(errOut, "warning: /: the attribute history differs") {
		t.Errorf("stderr: %q", errOut)
	}
	var parts []string
	for i, f := range files {
		p := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		if _, errOut, code := runIn(t, nil, "refs", f, "-o", p); code != 0 {
			t.Fatalf("part %d: exit %d: %s", i, code, errOut)
		}
		parts = append(parts, p)
	}
	// The parts listed on standard input, but the first given.
	combined := filepath.Join(dir, "combined.json")
	list := strings.Join(parts[1:], "\n") + "\n\n"
	_, errOut, code = runIn(t, []byte(list), "refs", "--combine", "--concat-dim", "time", "--files-from", "-", "-o", combined, parts[0])
	if code != 0 {
		t.Fatalf("--combine: exit %d: %s", code, errOut)
	}
	a, _ := os.ReadFile(direct)
	b, _ := os.ReadFile(combined)
	// Metadata as Python's json writes it ("<f4", not "\u003cf4").
	if bytes.Contains(a, []byte(`\\u003c`)) || !bytes.Contains(a, []byte(`<i2`)) {
		t.Errorf("the combined metadata escapes '<': %s", a)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("the combined parts differ from the direct combination:\n%s\n%s", a, b)
	}
	for _, v := range []string{"tas", "time", "time_bnds"} {
		var want string
		for _, f := range files {
			want += catCSV(t, f+"/"+v)
		}
		if got := catCSV(t, direct+"/"+v); got != want {
			t.Errorf("%s: %q, want %q", v, got, want)
		}
	}
	for _, v := range []string{"lat", "lon"} {
		if got, want := catCSV(t, direct+"/"+v), catCSV(t, files[1]+"/"+v); got != want {
			t.Errorf("%s: %q, want %q", v, got, want)
		}
	}
	var r combineReport
	data, _ := os.ReadFile(rep)
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if r.ConcatDim != "time" || len(r.Files) != 3 || r.Files[2].File != files[2] || !slices.Equal(r.Rewritten, []string{"time"}) || len(r.Warnings) == 0 {
		t.Errorf("report: %s", data)
	}
	// Parquet: the same references.
	pq := filepath.Join(dir, "all.parq")
	if _, errOut, code := runIn(t, nil, append([]string{"refs", "--concat-dim", "time", "--format", "parquet", "-o", pq}, files...)...); code != 0 {
		t.Fatalf("parquet: exit %d: %s", code, errOut)
	}
	if got, want := catCSV(t, pq+"/tas"), catCSV(t, direct+"/tas"); got != want {
		t.Errorf("parquet tas: %q, want %q", got, want)
	}
}

// TestRefsReconcileTime combines files whose time units differ: refused
// without --reconcile-time, naming both files and both units; rewritten
// into the first file's units with it.
func TestRefsReconcileTime(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "all.json")
	files := combineFiles("units_0.nc", "units_1.nc", "units_2.nc")
	_, errOut, code := runIn(t, nil, append([]string{"refs", "--concat-dim", "time", "-o", out}, files...)...)
	for _, s := range []string{"units_0.nc", "units_1.nc", `"days since 2000-01-01"`, `"hours since 2000-01-01 12:00:00"`, "--reconcile-time"} {
		if code != 1 || !strings.Contains(errOut, s) {
			t.Errorf("units differ: exit %d, stderr %q lacks %q", code, errOut, s)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a set was written for a conflict")
	}
	_, errOut, code = runIn(t, nil, append([]string{"refs", "--concat-dim", "time", "--reconcile-time", "-o", out}, files...)...)
	if code != 0 {
		t.Fatalf("--reconcile-time: exit %d: %s", code, errOut)
	}
	// In days since 2000-01-01: 0, 0.5; 1, 1.5; 2, 3 (netCDF4-python and
	// cftime's numbers, in truth.json).
	if got := catCSV(t, out+"/time"); got != "0\n0.5\n1\n1.5\n2\n3\n" {
		t.Errorf("time: %q", got)
	}
}

// TestRefsCombineRefuses: each inconsistency is exit status 1 with a
// message naming both files, and nothing written.
func TestRefsCombineRefuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		files []string
		extra []string
		want  []string
	}{
		{[]string{"scale_0.nc", "scale_1.nc"}, nil, []string{"tas", "scale_factor", "0.01", "0.02", "scale_0.nc", "scale_1.nc"}},
		{[]string{"same_0.nc", "calendar_1.nc"}, nil, []string{"calendar", "same_0.nc", "calendar_1.nc"}},
		{[]string{"same_0.nc", "lat_1.nc"}, nil, []string{"lat", "same_0.nc", "lat_1.nc"}},
		{[]string{"inexact_0.nc", "inexact_1.nc"}, []string{"--reconcile-time"}, []string{"time", "inexact_1.nc"}},
		{[]string{"chunk3_0.nc", "chunk3_1.nc"}, []string{"--max-rewrite", "1"}, []string{"tas", "chunk3_0.nc", "multiple"}},
		{[]string{"same_0.nc", "same_1.nc"}, []string{"--concat-dim", "lat"}, []string{"lat"}},
	} {
		t.Run(c.files[1], func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "x.json")
			args := append([]string{"refs", "--concat-dim", "time", "-o", out}, c.extra...)
			_, errOut, code := runIn(t, nil, append(args, combineFiles(c.files...)...)...)
			if code != 1 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, s := range c.want {
				if !strings.Contains(errOut, s) {
					t.Errorf("stderr %q lacks %q", errOut, s)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a set was written")
			}
		})
	}
}

func TestRefsCombineUsage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "x.json")
	f := combineFiles("same_0.nc", "same_1.nc")
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("\n\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--combine", f[0], "-o", out}, "--combine combines files: give --concat-dim"},
		{[]string{"--reconcile-time", f[0], "-o", out}, "--reconcile-time combines files"},
		{[]string{"--combine", "--concat-dim", "time", "--inline-threshold", "10", f[0], "-o", out}, "--inline-threshold shapes a scan"},
		{[]string{"--combine", "--concat-dim", "time", "-o", out}, "no SET given"},
		{[]string{"--concat-dim", "time", f[0], f[1], "-o", dir}, "is a directory"},
		{[]string{"--concat-dim", "time", "--files-from", empty, "-o", out}, "lists nothing"},
		{[]string{"--concat-dim", "time", "--files-from", filepath.Join(dir, "absent"), "-o", out}, "--files-from"},
		{[]string{"--concat-dim", "time", "--files-in-flight", "0", f[0], "-o", out}, "--files-in-flight 0"},
	} {
		_, errOut, code := runIn(t, nil, append([]string{"refs"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, %q, want %q", c.args, code, errOut, c.want)
		}
	}
	// An operand of --combine that is not a reference set.
	_, errOut, code := runIn(t, nil, "refs", "--combine", "--concat-dim", "time", f[0], "-o", out)
	if code != 1 || !strings.Contains(errOut, "same_0.nc: not a kerchunk reference set") {
		t.Errorf("an .nc given to --combine: exit %d, %q", code, errOut)
	}
	// Two files of one name into one directory.
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	_, errOut, code = runIn(t, nil, "refs", "-o", sub, f[0], "./"+f[0])
	if code != 2 || !strings.Contains(errOut, "would both be written") {
		t.Errorf("one name twice: exit %d, %q", code, errOut)
	}
}

// TestRefsAbsoluteURL: a relative local FILE is written as its absolute
// path, which fsspec and zcodec resolve alike wherever the set lies.
func TestRefsAbsoluteURL(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "elsewhere.json")
	if _, errOut, code := runIn(t, nil, "refs", "--inline-threshold", "0", combineData+"same_0.nc", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	abs, _ := filepath.Abs(combineData + "same_0.nc")
	if u := urls(t, readSet(t, out)); len(u) != 1 || !u[abs] {
		t.Errorf("URLs %v, want %s", u, abs)
	}
	if got, want := catCSV(t, out+"/tas"), catCSV(t, combineData+"same_0.nc/tas"); got != want {
		t.Errorf("tas read through the set: %q, want %q", got, want)
	}
}

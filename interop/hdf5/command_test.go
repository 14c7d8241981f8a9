package hdf5_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/hdf5"
)

func TestTranslateCommand(t *testing.T) {
	vc := loadVectors(t)[0]
	dir := t.TempDir()
	file := filepath.Join(dir, "desc.json")
	if err := os.WriteFile(file, vc.Description, 0o644); err != nil {
		t.Fatal(err)
	}
	d, _ := hdf5.ParseDescription(vc.Description)
	want, _ := hdf5.Translate(d)
	for _, args := range [][]string{{file}, {"-"}} {
		var stdout, stderr bytes.Buffer
		code := hdf5.TranslateCommand(args, bytes.NewReader(vc.Description), &stdout, &stderr)
		if code != 0 || stdout.String() != string(want.ZarrJSON) {
			t.Fatalf("%v: exit %d, stdout %s, stderr %s", args, code, stdout.String(), stderr.String())
		}
		if strings.Count(stderr.String(), "warning:") != len(want.Warnings) {
			t.Fatalf("stderr %q, want %d warnings", stderr.String(), len(want.Warnings))
		}
	}
	for _, c := range []struct {
		args  []string
		stdin string
		code  int
		msg   string
	}{
		{[]string{"-"}, `{"data_type": "<u2", "shape": [8], "chunks": [4], "filters": [{"id": 5, "cd_values": []}]}`, 1, "nbit"},
		{[]string{"-"}, `{"data_type": "<u2"}`, 1, "missing required key"},
		{[]string{filepath.Join(dir, "missing.json")}, "", 1, "no such file"},
		{nil, "", 2, "usage"},
		{[]string{"a", "b"}, "", 2, "usage"},
	} {
		var stdout, stderr bytes.Buffer
		code := hdf5.TranslateCommand(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.msg) || stdout.Len() != 0 {
			t.Errorf("%v %s: exit %d stderr %q, want %d and %q", c.args, c.stdin, code, stderr.String(), c.code, c.msg)
		}
	}
}

func TestFiltersCommand(t *testing.T) {
	in := `{"zarr_format": 3, "data_type": "uint16", "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "numcodecs.bz2", "configuration": {"level": 9}}]}`
	var stdout, stderr bytes.Buffer
	if code := hdf5.FiltersCommand([]string{"-"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got []hdf5.Filter
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil || len(got) != 1 || got[0].ID != 307 || got[0].CDValues[0] != 9 {
		t.Fatalf("stdout %s: %v", stdout.String(), err)
	}
	if !strings.Contains(stderr.String(), "big-endian") {
		t.Fatalf("stderr %q: want the big-endian note", stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	in = `{"data_type": "float32", "codecs": [{"name": "scale_offset"}, "bytes"]}`
	if code := hdf5.FiltersCommand([]string{"-"}, strings.NewReader(in), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "scale_offset") {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	stdout.Reset()
	if code := hdf5.FiltersCommand([]string{"-"}, strings.NewReader(`{"data_type": "uint8", "codecs": ["bytes"]}`), &stdout, &stderr); code != 0 || stdout.String() != "[]\n" {
		t.Fatalf("exit %d, stdout %q", code, stdout.String())
	}
}

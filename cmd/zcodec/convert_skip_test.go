package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// datesStore is the zarr 2.13 store of date and duration arrays; its array
// "delta" (numcodecs.delta over timedelta64) cannot be converted.
const datesStore = stores + "zarr213_dates"

// convertibleDates are the arrays of datesStore a conversion writes.
var convertibleDates = []string{"days_be", "durations", "durations_ms", "nested/us", "no_fill", "ns", "sec10", "years_f"}

// TestConvertSkipsWhatItCannot converts a store one of whose arrays
// cannot be converted: the others are written, each byte for byte as a
// conversion of that array alone writes it, and read back as zarr 2.13
// reads the source; the one left out is listed with its path as given and
// the reason; the exit status is 0. With --strict nothing is written, the
// same array is listed and the exit status is 1.
func TestConvertSkipsWhatItCannot(t *testing.T) {
	dir := t.TempDir()
	dst := filepath.Join(dir, "all.zarr")
	_, stderr, code := zcodec(t, nil, "convert", datesStore, dst)
	if code != 0 {
		t.Fatalf("convert: exit %d: %s", code, stderr)
	}
	want := datesStore + `: 1 array cannot be converted; skipped (--strict refuses the conversion instead):
  ` + datesStore + `/delta: .zarray: /filters/0/dtype: numcodecs.delta: "<m8[s]" is numpy.timedelta64`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr does not list the array left out:\n%s\nwant:\n%s", stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dst, "delta")); err == nil {
		t.Error("the array that cannot be converted was written")
	}
	all := storeFiles(t, dst)
	for _, name := range convertibleDates {
		one := filepath.Join(dir, strings.ReplaceAll(name, "/", "_"))
		if _, stderr, code := zcodec(t, nil, "convert", datesStore+"/"+name, one); code != 0 {
			t.Fatalf("convert %s: exit %d: %s", name, code, stderr)
		}
		part := map[string][]byte{}
		for k, v := range all {
			if rest, ok := strings.CutPrefix(k, name+"/"); ok {
				part[rest] = v
			}
		}
		sameFiles(t, name, part, storeFiles(t, one))
		got, _, _ := zcodec(t, nil, "cat", "--format", "csv", filepath.Join(dst, name))
		src, _, _ := zcodec(t, nil, "cat", "--format", "csv", datesStore+"/"+name)
		if got != src || got == "" {
			t.Errorf("%s: converted values\n%s\nsource values\n%s", name, got, src)
		}
	}

	strictDst := filepath.Join(dir, "strict.zarr")
	_, stderr, code = zcodec(t, nil, "convert", "--strict", datesStore, strictDst)
	if code != 1 || !strings.Contains(stderr, "1 array cannot be converted; nothing written (--strict):\n  "+datesStore+"/delta: .zarray: /filters/0/dtype") {
		t.Errorf("convert --strict: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(strictDst); err == nil {
		t.Error("convert --strict wrote DST")
	}
}

// TestConvertSkipsInParts: --plan lists what it leaves out and records it;
// the parts and --finalize then write exactly what a one-process
// conversion writes, and --finalize lists the arrays left out again.
func TestConvertSkipsInParts(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.zarr")
	mustRun(t, 0, "convert", "--consolidate", datesStore, one)
	dst := filepath.Join(dir, "parts.zarr")
	out := mustRun(t, 0, "convert", "--consolidate", "--plan", datesStore, dst)
	if !strings.Contains(out, datesStore+"/delta: .zarray") {
		t.Errorf("--plan does not list the array left out:\n%s", out)
	}
	mustRun(t, 0, "convert", "--part", "1/2", datesStore, dst)
	mustRun(t, 0, "convert", "--part", "0/2", datesStore, dst)
	out = mustRun(t, 0, "convert", "--finalize", "--parts", "2", dst)
	if !strings.Contains(out, "1 arrays of SRC were left out at --plan") || !strings.Contains(out, "/delta: .zarray") {
		t.Errorf("--finalize does not list the array left out:\n%s", out)
	}
	sameFiles(t, "parts", storeFiles(t, dst), storeFiles(t, one))
	for _, args := range [][]string{
		{"convert", "--strict", "--part", "0/1", datesStore, dst},
		{"convert", "--strict", "--finalize", "--parts", "1", dst},
	} {
		if _, stderr, code := zcodec(t, nil, args...); code != 2 || !strings.Contains(stderr, "--strict goes with --plan") && !strings.Contains(stderr, "--strict go with --plan") {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
}

// TestConvertNothingConvertible: a group none of whose arrays can be
// converted is refused, strict or not, and nothing is written.
func TestConvertNothingConvertible(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.zarr")
	copyDir(t, datesStore+"/delta", filepath.Join(src, "delta"))
	os.WriteFile(filepath.Join(src, ".zgroup"), []byte(`{"zarr_format": 2}`), 0o666)
	dst := filepath.Join(dir, "dst.zarr")
	_, stderr, code := zcodec(t, nil, "convert", src, dst)
	if code != 1 || !strings.Contains(stderr, "nothing written (no array of it can be converted):\n  "+src+"/delta: ") {
		t.Errorf("convert: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(dst); err == nil {
		t.Error("DST written")
	}
}

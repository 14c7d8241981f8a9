package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHDF5HostileFiles runs info and cat on damaged copies of a generated
// file: each fails (exit 1) with a message that names the HDF5 structure
// and its file offset, and none panics.
func TestHDF5HostileFiles(t *testing.T) {
	good, err := os.ReadFile("../../testdata/hdf5files/layout_v4_sb3.h5")
	if err != nil {
		t.Fatal(err)
	}
	flip := func(sig string, k int) []byte {
		b := bytes.Clone(good)
		at := bytes.Index(b, []byte(sig))
		if at < 0 {
			t.Fatalf("no %s in the file", sig)
		}
		b[at+k] ^= 0x55
		return b
	}
	cases := []struct {
		name string
		data []byte
		args []string
		want string
	}{
		{"superblock checksum", func() []byte { b := bytes.Clone(good); b[44] ^= 1; return b }(), []string{"info"}, "hdf5: superblock at offset 0: checksum mismatch"},
		{"truncated", good[:len(good)/3], []string{"info"}, "the file is truncated"},
		{"root header", flip("OHDR", 6), []string{"info"}, "hdf5: object header at offset 48: checksum mismatch"},
		{"v2 B-tree node", flip("BTLF", 6), []string{"info"}, "v2 B-tree leaf node at offset"},
		{"fixed array", flip("FADB", 8), []string{"info"}, "fixed array data block at offset"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "bad.h5")
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			out, stderr, code := runIn(t, nil, append(c.args, path)...)
			if code != 1 || !strings.Contains(stderr+out, c.want) {
				t.Fatalf("exit %d, want 1 and %q in:\n%s%s", code, c.want, out, stderr)
			}
			if strings.Contains(stderr, "panic") {
				t.Fatalf("panic:\n%s", stderr)
			}
		})
	}
}

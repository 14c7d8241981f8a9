package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

const uint8ArrayJSON = `{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8",
"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[1]}},"chunk_key_encoding":{"name":"default"},
"fill_value":0,"codecs":[{"name":"bytes"}]}`

// writeUnreadableArray writes at dir a uint8 array of 4 chunks of 1
// element: c/0 a value, c/1 a FIFO, c/2 a symbolic link to a file outside
// the store, c/3 absent.
func writeUnreadableArray(t *testing.T, dir string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Join(dir, "c"), 0o777))
	must(t, os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(uint8ArrayJSON), 0o666))
	must(t, os.WriteFile(filepath.Join(dir, "c", "0"), []byte{7}, 0o666))
	must(t, syscall.Mkfifo(filepath.Join(dir, "c", "1"), 0o666))
	outside := filepath.Join(t.TempDir(), "outside")
	must(t, os.WriteFile(outside, []byte{9}, 0o666))
	must(t, os.Symlink(outside, filepath.Join(dir, "c", "2")))
}

// writeProblemGroup writes at dir a group holding the array "a" (see
// writeUnreadableArray), the array "ok" (one readable chunk), a directory
// named "bad\xff" (not a key) holding an array, and "link" whose zarr.json
// is a symbolic link out of the store.
func writeProblemGroup(t *testing.T, dir string) {
	t.Helper()
	must(t, os.MkdirAll(dir, 0o777))
	must(t, os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(`{"zarr_format":3,"node_type":"group"}`), 0o666))
	writeUnreadableArray(t, filepath.Join(dir, "a"))
	must(t, os.MkdirAll(filepath.Join(dir, "ok", "c"), 0o777))
	must(t, os.WriteFile(filepath.Join(dir, "ok", "zarr.json"), []byte(uint8ArrayJSON), 0o666))
	must(t, os.WriteFile(filepath.Join(dir, "ok", "c", "0"), []byte{1}, 0o666))
	must(t, os.MkdirAll(filepath.Join(dir, "bad\xff"), 0o777))
	must(t, os.WriteFile(filepath.Join(dir, "bad\xff", "zarr.json"), []byte(uint8ArrayJSON), 0o666))
	outside := filepath.Join(t.TempDir(), "zarr.json")
	must(t, os.WriteFile(outside, []byte(uint8ArrayJSON), 0o666))
	must(t, os.MkdirAll(filepath.Join(dir, "link"), 0o777))
	must(t, os.Symlink(outside, filepath.Join(dir, "link", "zarr.json")))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestVerifyUnreadable: chunk keys the store lists but cannot read (a
// FIFO, a link out of the store) are failures with the store's reason,
// told apart from chunks that fail to decode.
func TestVerifyUnreadable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a.zarr")
	writeUnreadableArray(t, dir)
	out, stderr, code := zcodec(t, nil, "verify", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1\n%s%s", code, out, stderr)
	}
	for _, want := range []string{
		`FAIL array "/": chunk "c/1": exists but is not a readable value: not a regular file but a named pipe (FIFO)`,
		`FAIL array "/": chunk "c/2": exists but is not a readable value: a symbolic link that leads out of the store`,
		"FAIL /: 2 of 3 stored chunks cannot be read\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = zcodec(t, nil, "verify", "--json", dir)
	var doc struct {
		OK     bool          `json:"ok"`
		Arrays []verifyArray `json:"arrays"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || doc.OK || len(doc.Arrays) != 1 {
		t.Fatalf("verify --json: exit %d, %v\n%s", code, err, out)
	}
	r := doc.Arrays[0]
	if r.Chunks != 1 || r.Unreadable != 2 || len(r.Failures) != 2 {
		t.Errorf("verify --json: decoded %d, unreadable %d, failures %d; want 1, 2, 2\n%s", r.Chunks, r.Unreadable, len(r.Failures), out)
	}
	for _, f := range r.Failures {
		if !f.Unreadable || !strings.Contains(f.Error, "not a readable value") {
			t.Errorf("failure %+v: not told unreadable", f)
		}
	}
}

// vanishingStore deletes the file of a chunk once it has been read, as a
// live writer deleting it while verify runs would.
type vanishingStore struct {
	store.Store
	dir, key string
}

func (s vanishingStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	b, err := s.Store.Get(ctx, key, limit)
	if key == s.key {
		os.Remove(filepath.Join(s.dir, filepath.FromSlash(key)))
	}
	return b, err
}

// TestVerifyVanished: a chunk listed, failing at the first read and gone
// at the second is reported vanished: neither decoded nor failed.
func TestVerifyVanished(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a.zarr")
	writeUnreadableArray(t, dir)
	os.Remove(filepath.Join(dir, "c", "1"))
	os.Remove(filepath.Join(dir, "c", "2"))
	must(t, os.WriteFile(filepath.Join(dir, "c", "3"), []byte{1, 2, 3}, 0o666)) // 3 bytes for 1: does not decode
	d, err := store.OpenDir(dir)
	must(t, err)
	defer d.Close()
	ctx := context.Background()
	a, err := zarr.Open(ctx, vanishingStore{Store: d, dir: dir, key: "c/3"}, "", nil)
	must(t, err)
	r := verifyChunks(ctx, a, nil)
	if r.Chunks != 1 || len(r.Failures) != 0 || len(r.Vanished) != 1 || r.Vanished[0] != "c/3" {
		t.Fatalf("decoded %d, failures %v, vanished %v; want 1, none, [c/3]", r.Chunks, r.Failures, r.Vanished)
	}
	var b strings.Builder
	printVerified(&b, r)
	want := "ok   /: 1 stored chunks decode\n     /: 1 listed chunks vanished before they were read (deleted meanwhile; they read as the fill value; first: c/3)\n"
	if b.String() != want {
		t.Errorf("text output:\n%s\nwant:\n%s", b.String(), want)
	}
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

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
		`FAIL array ` + dir + `: chunk "c/1": exists but is not a readable value: not a regular file but a named pipe (FIFO)`,
		`FAIL array ` + dir + `: chunk "c/2": exists but is not a readable value: a symbolic link that leads out of the store`,
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
	r := verifyChunks(ctx, a, nil, dir)
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

// TestInfoUnreadable: info counts the chunk keys the store lists but
// cannot read apart from the present and absent ones, and names the
// first.
func TestInfoUnreadable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a.zarr")
	writeUnreadableArray(t, dir)
	out, stderr, code := zcodec(t, nil, "info", dir)
	if code != 0 {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
	if !strings.Contains(out, "stored       1 of 4 chunks present, 1 absent; 1 bytes") {
		t.Errorf("present and absent not counted apart from the unreadable:\n%s", out)
	}
	first1 := "unreadable   2 chunk keys listed but cannot be read (first: c/1: exists but is not a readable value: not a regular file but a named pipe (FIFO))"
	first2 := "unreadable   2 chunk keys listed but cannot be read (first: c/2: exists but is not a readable value: a symbolic link that leads out of the store"
	if !strings.Contains(out, first1) && !strings.Contains(out, first2) {
		t.Errorf("unreadable chunks not shown:\n%s", out)
	}
	out, _, code = zcodec(t, nil, "info", "--json", dir)
	var doc struct {
		Nodes []infoNode `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || len(doc.Nodes) != 1 || doc.Nodes[0].Chunks == nil {
		t.Fatalf("info --json: exit %d, %v\n%s", code, err, out)
	}
	c := doc.Nodes[0].Chunks
	if c.Present != 1 || c.Absent != 1 || c.Unreadable != 2 || c.FirstUnreadable == nil ||
		(c.FirstUnreadable.Key != "c/1" && c.FirstUnreadable.Key != "c/2") || !strings.Contains(c.FirstUnreadable.Error, "not a readable value") {
		t.Errorf("info --json chunks: %+v, first %+v\n%s", c, c.FirstUnreadable, out)
	}
}

// problemLines are the problems of writeProblemGroup, as the text output
// shows them.
var problemLines = []string{
	`"/bad\xff": not a valid key: not valid UTF-8` + "\n",
	`/link/zarr.json: exists but is not a readable value: a symbolic link that leads out of the store`,
}

// checkEscaped fails when out holds a byte that is not UTF-8 or a control
// character but a newline.
func checkEscaped(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: invalid UTF-8 in the output:\n%q", what, out)
	}
	for _, c := range out {
		if c != '\n' && c < 0x20 {
			t.Errorf("%s: raw %U in the output:\n%q", what, c, out)
			break
		}
	}
}

// TestMembersProblems: info and verify of a group whose hierarchy holds
// names that are not keys and metadata that cannot be read list every
// problem, report the members they could read, and exit 1.
func TestMembersProblems(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g.zarr")
	writeProblemGroup(t, dir)

	out, stderr, code := zcodec(t, nil, "info", dir)
	checkEscaped(t, "info", out+stderr)
	if code != 1 {
		t.Errorf("info: exit %d, want 1\n%s%s", code, out, stderr)
	}
	for _, want := range append([]string{"\n/a  array (Zarr v3)", "\n/ok  array (Zarr v3)",
		"\nproblems     2 keys of the hierarchy cannot be read\n"}, problemLines...) {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}

	out, stderr, code = zcodec(t, nil, "verify", dir)
	checkEscaped(t, "verify", out+stderr)
	if code != 1 {
		t.Errorf("verify: exit %d, want 1\n%s%s", code, out, stderr)
	}
	for _, want := range append([]string{"FAIL /a: 2 of 3 stored chunks cannot be read\n", "ok   /ok: 1 stored chunks decode\n"}, problemLines...) {
		if !strings.Contains(out, want) {
			t.Errorf("verify lacks %q:\n%s", want, out)
		}
	}
	for _, l := range problemLines {
		if !strings.Contains(out, "FAIL "+l) {
			t.Errorf("verify: the problem %q is not a FAIL line:\n%s", l, out)
		}
	}

	for _, cmd := range []string{"info", "verify"} {
		out, _, code := zcodec(t, nil, cmd, "--json", dir)
		var doc struct {
			OK       *bool           `json:"ok"`
			Nodes    []infoNode      `json:"nodes"`
			Arrays   []verifyArray   `json:"arrays"`
			Problems []memberProblem `json:"problems"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 {
			t.Fatalf("%s --json: exit %d, %v\n%s", cmd, code, err, out)
		}
		if len(doc.Problems) != 2 || doc.Problems[0].Name != `"/bad\xff"` || doc.Problems[1].Key != "link/zarr.json" ||
			!strings.Contains(doc.Problems[0].Error, "not valid UTF-8") || !strings.Contains(doc.Problems[1].Error, "not a readable value") {
			t.Errorf("%s --json: problems %+v", cmd, doc.Problems)
		}
		if n := len(doc.Nodes) + len(doc.Arrays); cmd == "info" && n != 3 || cmd == "verify" && (n != 2 || *doc.OK) {
			t.Errorf("%s --json: the members read are not all reported:\n%s", cmd, out)
		}
	}
}

// TestConvertMembersProblems: convert of a hierarchy with keys it cannot
// read writes nothing, and lists them.
func TestConvertMembersProblems(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g.zarr")
	writeProblemGroup(t, dir)
	// Without the unreadable chunks, which fail the copy in any case.
	os.Remove(filepath.Join(dir, "a", "c", "1"))
	os.Remove(filepath.Join(dir, "a", "c", "2"))
	parent := t.TempDir()
	dst := filepath.Join(parent, "out.zarr")
	out, stderr, code := zcodec(t, nil, "convert", dir, dst)
	checkEscaped(t, "convert", out+stderr)
	if code != 1 {
		t.Errorf("exit %d, want 1\n%s%s", code, out, stderr)
	}
	for _, want := range append([]string{"zcodec convert: " + dir + ": 2 keys of the hierarchy cannot be read; nothing written:\n"}, problemLines...) {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if left, _ := os.ReadDir(parent); len(left) != 0 {
		t.Errorf("convert left %v", left)
	}
}

// TestCatGroupOfProblems: a group whose only array cannot be read says why,
// not that it has no arrays.
func TestCatGroupOfProblems(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g.zarr")
	must(t, os.MkdirAll(filepath.Join(dir, "bad\xff"), 0o777))
	must(t, os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(`{"zarr_format":3,"node_type":"group"}`), 0o666))
	must(t, os.WriteFile(filepath.Join(dir, "bad\xff", "zarr.json"), []byte(uint8ArrayJSON), 0o666))
	out, stderr, code := zcodec(t, nil, "cat", dir)
	checkEscaped(t, "cat", stderr)
	if code != 1 || !strings.Contains(stderr, "is a group with no arrays that can be read") || !strings.Contains(stderr, `bad\`) {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

// cancellingStore cancels its context once a member's metadata was read,
// as Ctrl-C during the reading of a group's members does.
type cancellingStore struct {
	store.Store
	cancel context.CancelFunc
}

func (s cancellingStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	b, err := s.Store.Get(ctx, key, limit)
	if strings.Contains(key, "/") {
		s.cancel()
	}
	return b, err
}

// TestOpenTargetInterrupted: a group whose members were being read when
// the command was interrupted is an error matching context.Canceled (told
// as "interrupted"), not a list of every member as a problem of the store.
func TestOpenTargetInterrupted(t *testing.T) {
	dir := t.TempDir()
	group := []byte(`{"zarr_format":3,"node_type":"group"}`)
	must(t, os.WriteFile(filepath.Join(dir, "zarr.json"), group, 0o666))
	for _, name := range []string{"a", "b", "c"} {
		must(t, os.MkdirAll(filepath.Join(dir, name), 0o777))
		must(t, os.WriteFile(filepath.Join(dir, name, "zarr.json"), group, 0o666))
	}
	d, err := store.OpenDir(dir)
	must(t, err)
	defer d.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tg, err := openTarget(ctx, cancellingStore{Store: d, cancel: cancel}, nil)
	if !errors.Is(err, context.Canceled) {
		var problems any
		if tg != nil {
			problems = tg.problems
		}
		t.Fatalf("openTarget after cancel: %v (problems %v), want context.Canceled", err, problems)
	}
}

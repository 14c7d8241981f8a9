package main

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
)

// writeArrayStore writes a one-array Zarr v3 store at dir: float64 of the
// given shape in one chunk, stored uncompressed (chunk files holding the
// given bytes, keyed "c/0").
func writeArrayStore(t *testing.T, dir, shape string, chunks map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	md := `{"zarr_format":3,"node_type":"array","shape":[` + shape + `],"data_type":"float64",
"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[` + shape + `]}},
"chunk_key_encoding":{"name":"default"},"fill_value":0,
"codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1}}]}`
	if err := os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(md), 0o666); err != nil {
		t.Fatal(err)
	}
	for key, b := range chunks {
		p := filepath.Join(dir, filepath.FromSlash(key))
		os.MkdirAll(filepath.Dir(p), 0o777)
		if err := os.WriteFile(p, b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// maxRSS returns the peak resident size of a finished command, in bytes.
func maxRSS(cmd *exec.Cmd) int64 {
	if cmd.ProcessState == nil {
		return 0
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) << 10 // kilobytes on Linux; int32 on 386
	}
	return 0
}

// TestMaxChunkBytesEverywhere: every command that decodes refuses an array
// whose chunk decodes to more than --max-chunk-bytes (default 1 GiB), with
// a message naming the flag, before allocating the chunk.
func TestMaxChunkBytesEverywhere(t *testing.T) {
	dir := t.TempDir()
	// 1.5 GiB decoded: above the 1 GiB default, below the library's 2 GiB.
	// The stored chunk is garbage: nothing may try to decode it.
	big := filepath.Join(dir, "big.zarr")
	writeArrayStore(t, big, "201326592", map[string][]byte{"c/0": []byte("not zstd at all")})
	// 4 MiB decoded, refused by --max-chunk-bytes 1MiB.
	small := filepath.Join(dir, "small.zarr")
	writeArrayStore(t, small, "524288", nil)
	cases := [][]string{
		{"verify", big},
		{"cat", "-o", filepath.Join(dir, "out.bin"), big},
		{"convert", big, filepath.Join(dir, "conv1.zarr")},
		{"advise", "--abs-tol", "0.1", big},
		{"verify", "--max-chunk-bytes", "1MiB", small},
		{"cat", "--max-chunk-bytes", "1MiB", "-o", filepath.Join(dir, "out.bin"), small},
		{"convert", "--max-chunk-bytes", "1MiB", small, filepath.Join(dir, "conv2.zarr")},
		{"advise", "--max-chunk-bytes", "1MiB", "--abs-tol", "0.1", small},
	}
	for _, args := range cases {
		rss, out, code := peakRSS(t, append([]string{zcodecBin}, args...))
		if code != 1 {
			t.Errorf("%v: exit %d, want 1\n%s", args, code, out)
		}
		if !strings.Contains(string(out), "--max-chunk-bytes") || !strings.Contains(string(out), "decoded") {
			t.Errorf("%v: the message does not name the limit:\n%s", args, out)
		}
		if rss > 256<<20 {
			t.Errorf("%v: peak RSS %d MB", args, rss>>20)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.bin")); err == nil {
		t.Error("cat left out.bin")
	}
	// Below the limit the flag lets the array through.
	if out, stderr, code := zcodec(t, nil, "verify", "--max-chunk-bytes", "4MiB", small); code != 0 {
		t.Errorf("verify --max-chunk-bytes 4MiB: exit %d\n%s%s", code, out, stderr)
	}
}

// TestConvertRefusesDSTInsideSRC: DST equal to SRC, inside it (also
// through a symbolic link or a path with ".."), or holding it, is a usage
// error and nothing is written.
func TestConvertRefusesDSTInsideSRC(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.zarr")
	writeArrayStore(t, src, "8", nil)
	if err := os.Symlink(src, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadDir(src)
	for _, args := range [][]string{
		{"convert", src, src},
		{"convert", src, filepath.Join(src, "sub.zarr")},
		{"convert", src, filepath.Join(src, "c", "new")},
		{"convert", src, filepath.Join(dir, "link", "new.zarr")},
		{"convert", src, filepath.Join(dir, "other", "..", "src.zarr", "new")},
		{"convert", filepath.Join(dir, "link"), src + "/./x"},
		{"advise", "--abs-tol", "0.1", "--apply", filepath.Join(dir, "link", "applied"), src},
	} {
		_, stderr, code := zcodec(t, nil, args...)
		if code != 2 || !strings.Contains(stderr, "SRC") {
			t.Errorf("%v: exit %d, want 2 and a message about SRC:\n%s", args, code, stderr)
		}
	}
	after, _ := os.ReadDir(src)
	if len(after) != len(before) {
		t.Errorf("SRC changed: %v -> %v", before, after)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("written beside SRC: %v", entries)
	}
}

// TestEmptyPaths: an empty operand or path flag is a usage error that
// says "empty path" and names the argument.
func TestEmptyPaths(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.zarr")
	writeArrayStore(t, src, "8", nil)
	for _, c := range []struct {
		args []string
		name string
	}{
		{[]string{"convert", src, ""}, "DST: empty path"},
		{[]string{"convert", "", filepath.Join(dir, "x")}, "SRC: empty path"},
		{[]string{"convert", "--codecs", "", src, filepath.Join(dir, "x")}, "--codecs: empty path"},
		{[]string{"info", ""}, "PATH: empty path"},
		{[]string{"verify", ""}, "PATH: empty path"},
		{[]string{"cat", "-o", "", src}, "-o: empty path"},
		{[]string{"cat", ""}, "PATH: empty path"},
		{[]string{"validate", ""}, "FILE: empty path"},
		{[]string{"decode", "--metadata", ""}, "--metadata: empty path"},
		{[]string{"advise", "--abs-tol", "1", "--apply", "", src}, "--apply: empty path"},
		{[]string{"demo", "--out", ""}, "--out: empty path"},
	} {
		_, stderr, code := zcodec(t, nil, c.args...)
		if code != 2 || !strings.Contains(stderr, c.name) {
			t.Errorf("%q: exit %d, want 2 and %q:\n%s", c.args, code, c.name, stderr)
		}
	}
}

// TestConvertShapeUsage: a malformed --chunks or --shards is a usage error.
func TestConvertShapeUsage(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.zarr")
	writeArrayStore(t, src, "8", nil)
	for _, flag := range []string{"--chunks", "--shards"} {
		_, stderr, code := zcodec(t, nil, "convert", flag, "a,b", src, filepath.Join(dir, "x"))
		if code != 2 || !strings.Contains(stderr, "want positive integers") {
			t.Errorf("%s a,b: exit %d, want 2:\n%s", flag, code, stderr)
		}
	}
}

// TestHTTPRedirectsAndTimeout: a redirect to another host is refused
// unless --redirects any-origin; --redirects none refuses every redirect; an
// unresponsive server is given up after --timeout.
func TestHTTPRedirectsAndTimeout(t *testing.T) {
	dir := t.TempDir()
	writeArrayStore(t, dir, "8", nil)
	files := http.FileServer(http.Dir(dir))
	other := httptest.NewServer(files)
	defer other.Close()
	// Another host: the same loopback address under another name.
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	var sawKey string
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/away/"):
			http.Redirect(w, r, otherURL+strings.TrimPrefix(r.URL.Path, "/away"), http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/here/"):
			http.Redirect(w, r, "/store/"+strings.TrimPrefix(r.URL.Path, "/here/"), http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/store/"):
			sawKey = r.URL.Path
			http.StripPrefix("/store", files).ServeHTTP(w, r)
		case r.URL.Path == "/slow/zarr.json":
			select {
			case <-r.Context().Done():
			case <-time.After(20 * time.Second):
			}
		default:
			http.NotFound(w, r)
		}
	}))
	defer origin.Close()

	if out, stderr, code := zcodec(t, nil, "info", origin.URL+"/here"); code != 0 || sawKey == "" {
		t.Errorf("same-host redirect: exit %d\n%s%s", code, out, stderr)
	}
	_, stderr, code := zcodec(t, nil, "info", origin.URL+"/away")
	if code != 1 || !strings.Contains(stderr, "to another origin") || !strings.Contains(stderr, "any-origin follows it") {
		t.Errorf("cross-host redirect: exit %d, want 1 and a refusal:\n%s", code, stderr)
	}
	if out, stderr, code := zcodec(t, nil, "info", "--redirects", "any-origin", origin.URL+"/away"); code != 0 {
		t.Errorf("--redirects any-origin: exit %d\n%s%s", code, out, stderr)
	}
	if _, stderr, code := zcodec(t, nil, "cat", "--redirects", "none", origin.URL+"/here"); code != 1 || !strings.Contains(stderr, "refused: redirects are not followed") {
		t.Errorf("--redirects none: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := zcodec(t, nil, "verify", "--redirects", "sometimes", origin.URL+"/here"); code != 2 {
		t.Errorf("--redirects sometimes: exit %d, want 2\n%s", code, stderr)
	}
	start := time.Now()
	_, stderr, code = zcodec(t, nil, "info", "--timeout", "200ms", origin.URL+"/slow")
	if code != 1 || time.Since(start) > 10*time.Second {
		t.Errorf("--timeout 200ms on a silent server: exit %d after %v\n%s", code, time.Since(start), stderr)
	}
}

// TestNamesEscaped: member names holding terminal escapes, carriage
// returns, C1 controls and bidirectional overrides (directory names, and
// keys of consolidated metadata) reach no output raw: the text of info and
// verify quotes them, and --json stays valid JSON that keeps them.
func TestNamesEscaped(t *testing.T) {
	evil := []string{"red\x1b[31mX", "cr\rZ", "csi\u009b2J", "bidi\u202eevil", "bell\x07"}
	arrayJSON := `{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8",
"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}},"chunk_key_encoding":{"name":"default"},
"fill_value":0,"codecs":[{"name":"bytes"}]}`
	// A directory hierarchy.
	dir := filepath.Join(t.TempDir(), "g.zarr")
	os.MkdirAll(dir, 0o777)
	os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(`{"zarr_format":3,"node_type":"group"}`), 0o666)
	for _, name := range evil {
		os.MkdirAll(filepath.Join(dir, name), 0o777)
		os.WriteFile(filepath.Join(dir, name, "zarr.json"), []byte(arrayJSON), 0o666)
	}
	// A group whose consolidated metadata names the same members, which
	// its directories hold too (verify compares the two).
	cons := filepath.Join(t.TempDir(), "c.zarr")
	os.MkdirAll(cons, 0o777)
	meta := map[string]json.RawMessage{}
	for _, name := range evil {
		meta[name] = json.RawMessage(arrayJSON)
		os.MkdirAll(filepath.Join(cons, name), 0o777)
		os.WriteFile(filepath.Join(cons, name, "zarr.json"), []byte(arrayJSON), 0o666)
	}
	group, _ := json.Marshal(map[string]any{"zarr_format": 3, "node_type": "group",
		"consolidated_metadata": map[string]any{"kind": "inline", "must_understand": false, "metadata": meta}})
	os.WriteFile(filepath.Join(cons, "zarr.json"), group, 0o666)

	for _, store := range []string{dir, cons} {
		for _, cmd := range []string{"info", "verify"} {
			out, stderr, code := zcodec(t, nil, cmd, store)
			if code != 0 {
				t.Errorf("%s %s: exit %d\n%s%s", cmd, store, code, out, stderr)
			}
			for _, c := range out + stderr {
				if c != '\n' && (c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0 || c == '\u202e') {
					t.Errorf("%s %s: raw %U in the output:\n%q", cmd, store, c, out+stderr)
					break
				}
			}
			if !strings.Contains(out, `"/red\x1b[31mX"`) || !strings.Contains(out, `"/bidi\u202eevil"`) {
				t.Errorf("%s %s: names not quoted:\n%s", cmd, store, out)
			}
			out, _, _ = zcodec(t, nil, cmd, "--json", store)
			var doc any
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Errorf("%s --json %s: %v\n%s", cmd, store, err, out)
			}
			if !strings.Contains(out, `red\u001b[31mX`) {
				t.Errorf("%s --json %s: the name is not kept:\n%s", cmd, store, out)
			}
		}
	}
}

// TestMessages: the messages of hostile input say what is wrong.
func TestMessages(t *testing.T) {
	dir := t.TempDir()
	// A bound of 0 is named as the problem, not taken as missing.
	for _, flag := range []string{"--sig-digits", "--abs-tol", "--rel-tol"} {
		_, stderr, code := zcodec(t, nil, "advise", flag, "0", "x.zarr")
		if code != 2 || !strings.Contains(stderr, flag+" 0: want") || strings.Contains(stderr, "give the error allowed") {
			t.Errorf("advise %s 0: exit %d:\n%s", flag, code, stderr)
		}
	}
	// A 1 MB codec name is shortened everywhere, once.
	name := strings.Repeat("x", 1<<20)
	md := `{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8",
"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}},"chunk_key_encoding":{"name":"default"},
"fill_value":0,"codecs":[{"name":"bytes"},{"name":"` + name + `"}]}`
	long := filepath.Join(dir, "long.json")
	os.WriteFile(long, []byte(md), 0o666)
	for _, args := range [][]string{{"validate", long}, {"validate", "--json", long}} {
		out, stderr, code := zcodec(t, nil, args...)
		if code != 1 || len(out)+len(stderr) > 2000 || !strings.Contains(out, "(1048576 bytes)") {
			t.Errorf("%v: exit %d, %d bytes of output:\n%.300s", args, code, len(out)+len(stderr), out)
		}
	}
	// An object array whose object codec is pickle is named and refused
	// as such.
	obj := filepath.Join(dir, "obj.zarr")
	os.MkdirAll(filepath.Join(obj, "names"), 0o777)
	os.WriteFile(filepath.Join(obj, ".zgroup"), []byte(`{"zarr_format":2}`), 0o666)
	os.WriteFile(filepath.Join(obj, "names", ".zarray"), []byte(`{"zarr_format":2,"shape":[4],"chunks":[4],"dtype":"|O",
"compressor":null,"fill_value":0,"order":"C","filters":[{"id":"pickle","protocol":5}]}`), 0o666)
	for _, args := range [][]string{{"info", obj}, {"verify", obj}, {"cat", filepath.Join(obj, "names")}} {
		out, stderr, code := zcodec(t, nil, args...)
		if code != 1 || !strings.Contains(out+stderr, "pickle") || !strings.Contains(out+stderr, "runs code") || !strings.Contains(out+stderr, "names") || strings.Contains(out+stderr, "single-character") {
			t.Errorf("%v: exit %d:\n%s%s", args, code, out, stderr)
		}
	}
}

// TestApplyHintOnlyWhereItHelps: --apply's --full hint is for a chain that
// fails on values the sample did not hold, not for a DST that cannot be
// written.
func TestApplyHintOnlyWhereItHelps(t *testing.T) {
	dir := t.TempDir()
	shape := []int64{8, 20}
	f := writeStoreField(t, dir, shape, []int{8, 10}, float32(math.NaN()), smoothValues(shape, 100, 2, false))
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o666)
	_, stderr, code := zcodec(t, nil, "advise", f.path, "--abs-tol", "0.05", "--sample", "1", "--apply", filepath.Join(file, "dst"))
	if code != 1 || !strings.Contains(stderr, "--apply") || strings.Contains(stderr, "--full") {
		t.Errorf("--apply under a file: exit %d, want 1 and no --full hint:\n%s", code, stderr)
	}
}

// TestURLPasswordRedacted: a PATH with credentials in it
// (http://user:password@host) is refused, and the password reaches no
// message, even where the store behind the URL would open.
func TestURLPasswordRedacted(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	dir := t.TempDir()
	writeArrayStore(t, dir, "8", nil)
	files := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer files.Close()
	for _, base := range []string{srv.URL + "/missing", files.URL} {
		u := strings.Replace(base, "http://", "http://user:s3cr3t@", 1)
		dst := filepath.Join(t.TempDir(), "dst")
		for _, args := range [][]string{
			{"info", u},
			{"info", "--json", u},
			{"verify", u},
			{"verify", "--json", u},
			{"cat", u},
			{"convert", u, dst},
			{"advise", u, "--lossless"},
			{"convert", filepath.Join(t.TempDir(), "src"), u},
		} {
			out, stderr, code := zcodec(t, nil, args...)
			if code == 0 || strings.Contains(out+stderr, "s3cr3t") || !strings.Contains(stderr, "xxxxx") && args[0] != "convert" {
				t.Errorf("%v: exit %d, want a failure that shows no password:\n%s%s", args, code, out, stderr)
			}
		}
	}
}

// TestMemoryWithinChunkLimit: verify, cat and convert decode no more
// chunks at once than --max-chunk-bytes holds together, whatever
// GOMAXPROCS: four 64 MiB chunks (a few hundred bytes each, stored) under
// --max-chunk-bytes 64MiB are decoded one at a time, not four at once.
func TestMemoryWithinChunkLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 256 MiB")
	}
	const chunk = 64 << 20
	dir := t.TempDir()
	md := `{"zarr_format":3,"node_type":"array","shape":[` + strconv.Itoa(4*chunk) + `],"data_type":"uint8",
"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[` + strconv.Itoa(chunk) + `]}},
"chunk_key_encoding":{"name":"default"},"fill_value":0,
"codecs":[{"name":"bytes"},{"name":"zstd","configuration":{"level":1}}]}`
	if err := os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(md), 0o666); err != nil {
		t.Fatal(err)
	}
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	stored := enc.EncodeAll(make([]byte, chunk), nil)
	os.MkdirAll(filepath.Join(dir, "c"), 0o777)
	for i := range 4 {
		if err := os.WriteFile(filepath.Join(dir, "c", strconv.Itoa(i)), stored, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args  []string
		limit int64 // peak RSS allowed: the chunks one goroutine holds, and slack
	}{
		// The slack is what the process holds beside its chunks: 35 MB
		// measured (one 64 MiB chunk in flight peaks at 99 MB), and room.
		// Two chunks are in flight when decoding overlaps writing, which
		// happens on a busy machine.
		{[]string{"verify", dir}, 2*chunk + 48<<20},
		{[]string{"cat", "-o", os.DevNull, dir}, 2*chunk + 48<<20},
		// convert holds a chunk of the source, one of the destination
		// and a slab of at least one destination chunk.
		{[]string{"convert", dir, filepath.Join(t.TempDir(), "out")}, 4*chunk + 48<<20},
	} {
		// GOMEMLIMIT below the limit makes the collector keep the heap to
		// what is live, so that the peak measures what the command holds,
		// not how far behind the collector ran; a command holding more
		// than the limit still exceeds it.
		rss, out, code := peakRSS(t, append([]string{zcodecBin, c.args[0], "--max-chunk-bytes", "64MiB"}, c.args[1:]...),
			"GOMAXPROCS=4", "GOMEMLIMIT="+strconv.FormatInt(c.limit-32<<20, 10))
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", c.args[0], code, out)
		}
		t.Logf("%s: peak RSS %d MB", c.args[0], rss>>20)
		if rss > c.limit {
			t.Errorf("%s: peak RSS %d MB for chunks of %d MB under --max-chunk-bytes 64MiB", c.args[0], rss>>20, chunk>>20)
		}
	}
}

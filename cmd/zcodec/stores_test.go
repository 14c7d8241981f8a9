package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/registry"
)

const stores = "../../testdata/stores/"

// zarr213Array is one array of testdata/stores/zarr213.json: written by
// zarr 2.13, with the values zarr reads.
type zarr213Array struct {
	Path      string   `json:"path"`
	Shape     []int64  `json:"shape"`
	Needs     []string `json:"needs"`
	Hex       string   `json:"hex"`
	NpyHeader string   `json:"npy_header"`
	Regions   []struct {
		Region string `json:"region"`
		Hex    string `json:"hex"`
	} `json:"regions"`
	ChunksStored []string `json:"chunks_stored"`
}

func loadZarr213(t *testing.T) map[string][]zarr213Array {
	b, err := os.ReadFile(stores + "zarr213.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Stores map[string][]zarr213Array `json:"stores"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v.Stores
}

// readable reports whether zcodec has what the array needs.
func readable(a zarr213Array) bool {
	for _, n := range a.Needs {
		if _, ok := registry.Default().Lookup(n); !ok {
			return false
		}
	}
	return true
}

// TestCatZarr213 compares what `zcodec cat` writes with what zarr 2.13
// reads, byte for byte (raw) and header for header (npy).
func TestCatZarr213(t *testing.T) {
	for _, a := range loadZarr213(t)["zarr213_plain"] {
		if !readable(a) {
			t.Logf("%s: skipped, needs %v", a.Path, a.Needs)
			continue
		}
		path := stores + "zarr213_plain/" + a.Path
		out, stderr, code := zcodec(t, nil, "cat", path)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", a.Path, code, stderr)
			continue
		}
		sameAsZarr(t, a.Path, []byte(out), a.Hex)
		for _, r := range a.Regions {
			out, stderr, code := zcodec(t, nil, "cat", "--region", r.Region, path)
			if code != 0 {
				t.Errorf("%s [%s]: exit %d: %s", a.Path, r.Region, code, stderr)
				continue
			}
			sameAsZarr(t, a.Path+" ["+r.Region+"]", []byte(out), r.Hex)
		}
		if a.Path == "b1_raw" || strings.HasPrefix(a.Path, "f8_null") {
			continue
		}
		out, _, code = zcodec(t, nil, "cat", "--format", "npy", path)
		hdr, _ := hex.DecodeString(a.NpyHeader)
		if code != 0 || !bytes.HasPrefix([]byte(out), hdr) {
			t.Errorf("%s: npy header %q, numpy writes %q", a.Path, out[:min(len(out), len(hdr))], hdr)
		}
		sameAsZarr(t, a.Path+" npy", []byte(out[len(hdr):]), a.Hex)
	}
}

// sameAsZarr compares bytes; NaN in the same place counts as equal.
func sameAsZarr(t *testing.T, what string, got []byte, wantHex string) {
	t.Helper()
	want, _ := hex.DecodeString(wantHex)
	if bytes.Equal(got, want) {
		return
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d bytes, zarr reads %d", what, len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != want[i] && !strings.Contains(what, "nan") {
			t.Errorf("%s: byte %d is %02x, zarr reads %02x", what, i, got[i], want[i])
			return
		}
	}
}

func TestCatFormats(t *testing.T) {
	path := stores + "zarr213/f8_3d_edges"
	out, _, code := zcodec(t, nil, "cat", "--format", "csv", "--region", "1:3,3,:4", path)
	if want := "-1,-1,22.94601025677554,20.00853939496723\n-1,-1,11.159498691048032,10.41624699878324\n"; code != 0 || out != want {
		t.Errorf("csv: exit %d\n%q\nwant %q", code, out, want)
	}
	out, _, _ = zcodec(t, nil, "cat", "--format", "csv", stores+"zarr213/c8_zlib")
	if want := "20.128178+29.47305j\n23.402872+27.77633j\n26.116184+26.116184j\n1.5-2j\n1.5-2j\n"; out != want {
		t.Errorf("complex csv %q, want %q", out, want)
	}
	dir := t.TempDir()
	outFile := filepath.Join(dir, "x.raw")
	if _, stderr, code := zcodec(t, nil, "cat", "-o", outFile, "--region", "0", path); code != 0 {
		t.Fatalf("cat -o: %s", stderr)
	}
	if b, _ := os.ReadFile(outFile); len(b) != 6*7*8 {
		t.Errorf("cat -o wrote %d bytes", len(b))
	}
	for _, bad := range [][]string{
		{"cat", stores + "zarr213"},
		{"cat", stores + "nothing"},
	} {
		out, stderr, code := zcodec(t, nil, bad...)
		if code != 1 || out != "" || !strings.HasPrefix(stderr, "zcodec cat: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", bad, code, out, stderr)
		}
	}
	// A region that does not parse, or lies outside the array's shape, is
	// what the user typed: a usage error (exit 2) that names --region.
	for _, bad := range [][]string{
		{"cat", "--region", "5:2x", path},
		{"cat", "--region", "1:2:3", path},
		{"cat", "--region", "0,0,0,0", path},
		{"cat", "--region", "...,...", path},
		{"cat", "--region", "0:99", path},
		{"cat", "--region", "3:1", path},
		{"cat", "--region", "-99", path},
		{"cat", "-o", filepath.Join(dir, "fail.raw"), "--region", "9", path},
	} {
		out, stderr, code := zcodec(t, nil, bad...)
		if code != 2 || out != "" || !strings.HasPrefix(stderr, "zcodec cat: --region ") || !strings.Contains(stderr, "\nusage: zcodec cat ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and a usage error naming --region", bad, code, out, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "fail.raw")); err == nil {
		t.Error("a failed cat -o left its file")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
	if _, stderr, code := zcodec(t, nil, "cat", "--format", "xml", path); code != 2 {
		t.Errorf("--format xml: exit %d %s", code, stderr)
	}
	if _, stderr, code := zcodec(t, nil, "cat", stores+"zarr213"); !strings.Contains(stderr, "is a group; give the path of one of its arrays") || code != 1 {
		t.Errorf("cat of a group: %s", stderr)
	}
}

func TestInfoZarr213(t *testing.T) {
	out, stderr, code := zcodec(t, nil, "info", "--json", stores+"zarr213")
	if code != 1 { // the arrays whose codecs zcodec lacks are errors
		t.Logf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Nodes []infoNode `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	byPath := map[string]infoNode{}
	for _, n := range doc.Nodes {
		byPath[n.Path] = n
	}
	if root := byPath["/"]; root.Kind != "group" || root.Consolidated == nil || !*root.Consolidated {
		t.Errorf("root: %+v", root)
	}
	for _, a := range loadZarr213(t)["zarr213"] {
		n, ok := byPath["/"+a.Path]
		if !ok {
			t.Errorf("%s missing from info", a.Path)
			continue
		}
		if !readable(a) {
			if n.Error == "" {
				t.Errorf("%s: no error although zcodec lacks %v", a.Path, a.Needs)
			}
			continue
		}
		if n.Error != "" {
			continue // e.g. lenient fill handling not available yet
		}
		if n.Chunks == nil || a.ChunksStored != nil && n.Chunks.Present != int64(len(a.ChunksStored)) {
			t.Errorf("%s: %+v present, zarr stored %v", a.Path, n.Chunks, a.ChunksStored)
		}
		if n.Chunks.Present+n.Chunks.Absent != n.Chunks.Total {
			t.Errorf("%s: counts %+v", a.Path, n.Chunks)
		}
	}
	out, _, _ = zcodec(t, nil, "info", stores+"zarr213")
	for _, want := range []string{"/  group (Zarr v2, consolidated metadata)", "/nested/u1_zstd  array (Zarr v2)", "shape        [40 3] uint8", "/i2_bz2_missing", "1 of 3 chunks present, 2 absent"} {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
}

func TestVerifyFindsDamage(t *testing.T) {
	dir := t.TempDir()
	copyDir(t, stores+"zarr213_plain/i4_gzip", dir)
	if out, _, code := zcodec(t, nil, "verify", dir); code != 0 || !strings.Contains(out, "ok   /: 2 stored chunks decode") {
		t.Fatalf("verify of an intact array: exit %d\n%s", code, out)
	}
	os.WriteFile(filepath.Join(dir, "1.0"), []byte("\x1f\x8b garbage"), 0o666)
	os.Mkdir(filepath.Join(dir, "0.0.dir"), 0o777)
	os.Remove(filepath.Join(dir, "0.0"))
	os.Mkdir(filepath.Join(dir, "0.0"), 0o777) // a chunk key that is a directory is no chunk
	os.WriteFile(filepath.Join(dir, "5.0"), []byte("stray"), 0o666)
	out, _, code := zcodec(t, nil, "verify", dir)
	if code != 1 || !strings.Contains(out, `FAIL array `+dir+`: chunk "1.0": `) || !strings.Contains(out, "outside the grid ignored (first: 5.0)") {
		t.Errorf("verify of a damaged array: exit %d\n%s", code, out)
	}
	out, _, _ = zcodec(t, nil, "verify", "--json", dir)
	var doc struct {
		OK     bool          `json:"ok"`
		Arrays []verifyArray `json:"arrays"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.OK || len(doc.Arrays) != 1 || len(doc.Arrays[0].Failures) != 1 || doc.Arrays[0].Failures[0].Key != "1.0" {
		t.Errorf("verify --json: %v\n%s", err, out)
	}
	// reading the damaged chunk names the array and the key
	_, stderr, code := zcodec(t, nil, "cat", dir)
	if code != 1 || !strings.Contains(stderr, `chunk "1.0"`) && !strings.Contains(stderr, `chunk "0.0": store: get "0.0": is a directory`) {
		t.Errorf("cat of a damaged array: %s", stderr)
	}
}

// TestVerifyNoArrays: a tree of groups without an array says so, rather
// than print nothing; --json lists no arrays as [], not null.
func TestVerifyNoArrays(t *testing.T) {
	dir := t.TempDir()
	group := []byte(`{"zarr_format":3,"node_type":"group"}`)
	for _, g := range []string{"", "a", "a/b", "c"} {
		if err := os.MkdirAll(filepath.Join(dir, g), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, g, "zarr.json"), group, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, code := zcodec(t, nil, "verify", dir)
	if want := "no arrays found in " + dir + ": nothing to verify\n"; code != 0 || out != want {
		t.Errorf("verify of groups only: exit %d, stdout %q, stderr %q; want exit 0 and %q", code, out, stderr, want)
	}
	out, _, code = zcodec(t, nil, "verify", "--json", dir)
	if code != 0 || !strings.Contains(out, `"arrays": []`) || !strings.Contains(out, `"ok": true`) {
		t.Errorf("verify --json of groups only: exit %d\n%s", code, out)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o777)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	src := stores + "zarr213_plain/f8_3d_edges"
	codecs := filepath.Join(dir, "codecs.json")
	os.WriteFile(codecs, []byte(`[{"name":"bytes","configuration":{"endian":"big"}},{"name":"zstd","configuration":{"level":5,"checksum":true}}]`), 0o666)
	dst := filepath.Join(dir, "v3.zarr")
	if _, stderr, code := zcodec(t, nil, "convert", "--codecs", codecs, "--chunks", "4,4,4", src, dst); code != 0 {
		t.Fatalf("convert: %s", stderr)
	}
	before, _, _ := zcodec(t, nil, "cat", src)
	after, _, _ := zcodec(t, nil, "cat", dst)
	if before != after || len(after) != 5*6*7*8 {
		t.Fatal("the converted array reads differently")
	}
	zj, err := os.ReadFile(filepath.Join(dst, "zarr.json"))
	if err != nil || !bytes.Contains(zj, []byte(`"chunk_shape": [`)) || !bytes.Contains(zj, []byte(`"endian": "big"`)) || !bytes.Contains(zj, []byte(`"units": "K"`)) {
		t.Errorf("zarr.json: %v\n%s", err, zj)
	}
	// sharded: shards of 4 x 6 x 7 holding inner chunks of 2 x 3 x 7
	sharded := filepath.Join(dir, "sharded.zarr")
	if _, stderr, code := zcodec(t, nil, "convert", "--chunks", "2,3,7", "--shards", "4,6,7", src, sharded); code != 0 {
		t.Fatalf("convert --shards: %s", stderr)
	}
	if again, _, _ := zcodec(t, nil, "cat", sharded); again != before {
		t.Error("the sharded array reads differently")
	}
	out, _, _ := zcodec(t, nil, "info", sharded)
	if !strings.Contains(out, "shards       [4 6 7] (grid [2 1 1]), inner chunks [2 3 7]") || !strings.Contains(out, "sharding_indexed") {
		t.Errorf("info of a sharded array:\n%s", out)
	}
	out, _, code := zcodec(t, nil, "verify", sharded)
	if code != 0 || !strings.Contains(out, "stored inner chunks of shards decode") {
		t.Errorf("verify of a sharded array: exit %d\n%s", code, out)
	}
	// a whole v2 hierarchy (without the arrays zcodec cannot read yet)
	hier := filepath.Join(dir, "hier")
	copyDir(t, stores+"zarr213_plain", hier)
	for _, a := range loadZarr213(t)["zarr213_plain"] {
		// numcodecs.fixedscaleoffset with a fill it does not keep is
		// re-encoded with a new chain below
		if !readable(a) || len(a.Needs) > 0 || a.Path == "f8_fixedscaleoffset" {
			os.RemoveAll(filepath.Join(hier, a.Path))
		}
	}
	fso := filepath.Join(dir, "fso.zarr")
	if _, stderr, code := zcodec(t, nil, "convert", "--codecs", codecs, stores+"zarr213_plain/f8_fixedscaleoffset", fso); code != 0 {
		t.Fatalf("convert of a fixedscaleoffset array to a new chain: %s", stderr)
	}
	a1, _, _ := zcodec(t, nil, "cat", stores+"zarr213_plain/f8_fixedscaleoffset")
	a2, _, _ := zcodec(t, nil, "cat", fso)
	if a1 != a2 || a1 == "" {
		t.Error("the re-encoded fixedscaleoffset array reads differently")
	}
	dst2 := filepath.Join(dir, "hier3.zarr")
	if _, stderr, code := zcodec(t, nil, "convert", hier, dst2); code != 0 {
		t.Fatalf("convert of a hierarchy: %s", stderr)
	}
	out, _, code = zcodec(t, nil, "info", dst2)
	if code != 0 || !strings.Contains(out, "/nested  group (Zarr v3)") || !strings.Contains(out, "/nested/u1_zstd  array (Zarr v3)") {
		t.Errorf("info of the converted hierarchy: exit %d\n%s", code, out)
	}
	a, _, _ := zcodec(t, nil, "cat", hier+"/nested/u1_zstd")
	b, _, _ := zcodec(t, nil, "cat", dst2+"/nested/u1_zstd")
	if a != b || a == "" {
		t.Error("nested array differs after conversion")
	}
}

// TestConvertLeavesNothingOnFailure: a chain that fails on the data, a
// destination that exists, a bad flag: DST never appears, and no
// temporary directory stays behind.
func TestConvertLeavesNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "demo.zarr")
	if _, stderr, code := zcodec(t, nil, "demo", "--out", src); code != 0 {
		t.Fatal(stderr)
	}
	codecs := filepath.Join(dir, "codecs.json")
	// no out_of_range: the temperatures above 255 K cannot be cast to uint8
	os.WriteFile(codecs, []byte(`[{"name":"cast_value","configuration":{"data_type":"uint8","scalar_map":{"encode":[["NaN",0]],"decode":[[0,"NaN"]]}}},"bytes"]`), 0o666)
	dst := filepath.Join(dir, "out.zarr")
	_, stderr, code := zcodec(t, nil, "convert", "--codecs", codecs, src+"/air_temperature", dst)
	if code != 1 || !strings.Contains(stderr, `array `+src+`/air_temperature -> `+dst+`: chunk "c/`) {
		t.Errorf("convert with a failing chain: exit %d: %s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"convert", src, src}, 2},
		{[]string{"convert", "--chunks", "0,1", src + "/air_temperature", dst}, 2},
		{[]string{"convert", "--chunks", "1,2,3", src + "/air_temperature", dst}, 1},
		{[]string{"convert", "--shards", "3,3", "--chunks", "2,2", src + "/air_temperature", dst}, 1},
		{[]string{"convert", "--chunks", "2,2", src, dst}, 1},
	} {
		if _, stderr, code := zcodec(t, nil, c.args...); code != c.code {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, stderr)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestStoreCommandsHelp(t *testing.T) {
	for _, cmd := range []string{"info", "cat", "verify", "convert", "demo"} {
		stdout, _, code := zcodec(t, nil, cmd, "-h")
		if code != 0 || !strings.Contains(stdout, "usage: zcodec "+cmd) {
			t.Errorf("%s -h: exit %d\n%s", cmd, code, stdout)
		}
	}
}

// TestConvertDimensionNames: the dimension names xarray keeps in the v2
// attribute _ARRAY_DIMENSIONS (testdata/stores/xarray_dims, written by
// xarray) become the v3 array's dimension_names, which xarray needs to
// open a v3 array; the attribute stays.
func TestConvertDimensionNames(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "v3.zarr")
	if _, stderr, code := zcodec(t, nil, "convert", stores+"xarray_dims", dst); code != 0 {
		t.Fatalf("convert: %s", stderr)
	}
	for name, want := range map[string][]string{"t2m": {"y", "x"}, "x": {"x"}, "y": {"y"}} {
		zj, err := os.ReadFile(filepath.Join(dst, name, "zarr.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			DimensionNames []string `json:"dimension_names"`
			Attributes     struct {
				Dims []string `json:"_ARRAY_DIMENSIONS"`
			} `json:"attributes"`
		}
		if err := json.Unmarshal(zj, &doc); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(doc.DimensionNames, want) || !slices.Equal(doc.Attributes.Dims, want) {
			t.Errorf("%s: dimension_names %q, _ARRAY_DIMENSIONS %q, want %q for both", name, doc.DimensionNames, doc.Attributes.Dims, want)
		}
	}
}

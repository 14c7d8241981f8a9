package zarr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// jsonValue decodes doc, failing the test when it is not JSON.
func jsonValue(t *testing.T, doc []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("%v: %s", err, doc)
	}
	return v
}

// objectKeys returns the keys of the JSON object doc in document order.
func objectKeys(t *testing.T, doc []byte) []string {
	t.Helper()
	ms, err := objectMembers(doc)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range ms {
		keys = append(keys, m.key)
	}
	return keys
}

// TestConsolidateV3 builds a hierarchy, consolidates it and compares the
// group's zarr.json with the document zarr-python 3 writes for it, written
// out here from its format: the group's own members, and
// consolidated_metadata {"kind": "inline", "must_understand": false,
// "metadata": {...}} holding every node below the group by path relative
// to it, ordered by depth and then by name without regard to case, each
// node's zarr.json as stored, and every group with an empty inline
// consolidated_metadata of its own.
func TestConsolidateV3(t *testing.T) {
	ctx := context.Background()
	for _, root := range []string{"", "top/level"} {
		s := store.NewMemory()
		if _, err := CreateGroup(ctx, s, root, []byte(`{"title":"t"}`)); err != nil {
			t.Fatal(err)
		}
		at := func(p string) string { return store.Join(root, p) }
		CreateGroup(ctx, s, at("Sub"), []byte(`{"x":1}`))
		CreateGroup(ctx, s, at("Sub/empty"), nil)
		for _, p := range []string{"b", "Sub/arr", "a"} {
			a := create(t, s, at(p), newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "7", `["bytes"]`, ""), 1)
			Write(ctx, a, region.Whole([]int64{4}), []uint8{1, 2, 3, 4})
		}
		// A nested group consolidated before: its own member is not
		// repeated inside its entry.
		if _, err := Consolidate(ctx, s, at("Sub")); err != nil {
			t.Fatal(err)
		}
		doc := func(p string) []byte {
			b, err := s.Get(ctx, store.Join(at(p), "zarr.json"), -1)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		arrA, arrB, arrSub := doc("a"), doc("b"), doc("Sub/arr")

		g, err := Consolidate(ctx, s, root)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Consolidated() || g.Path() != strings.Trim(root, "/") {
			t.Errorf("returned group: consolidated %v, path %q", g.Consolidated(), g.Path())
		}
		got := doc("")
		want := `{"zarr_format":3,"node_type":"group","attributes":{"title":"t"},
		 "consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{
		  "a":` + string(arrA) + `,
		  "b":` + string(arrB) + `,
		  "Sub":{"zarr_format":3,"node_type":"group","attributes":{"x":1},
		         "consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{}}},
		  "Sub/arr":` + string(arrSub) + `,
		  "Sub/empty":{"zarr_format":3,"node_type":"group",
		         "consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{}}}}}}`
		if !reflect.DeepEqual(jsonValue(t, got), jsonValue(t, []byte(want))) {
			t.Errorf("root %q: zarr.json\n%s\nwant\n%s", root, got, want)
		}
		var head struct {
			C struct {
				Metadata json.RawMessage `json:"metadata"`
			} `json:"consolidated_metadata"`
		}
		json.Unmarshal(got, &head)
		if keys := fmt.Sprint(objectKeys(t, head.C.Metadata)); keys != "[a b Sub Sub/arr Sub/empty]" {
			t.Errorf("root %q: metadata keys in the order %s", root, keys)
		}
		if keys := fmt.Sprint(objectKeys(t, got)); keys != "[zarr_format node_type attributes consolidated_metadata]" {
			t.Errorf("root %q: the group's members in the order %s", root, keys)
		}
		if !bytes.HasPrefix(got, []byte("{\n  \"zarr_format\": 3,\n")) {
			t.Errorf("root %q: not indented by two spaces:\n%s", root, got)
		}

		// Reading through what was written: the same members, arrays
		// that read their values, nothing read but the group's zarr.json.
		c := store.NewCounting(s)
		g, err = OpenGroup(ctx, c, root)
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := g.Members(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(describe(nodes)); got != fmt.Sprint(describe(listedMembers(t, s, root))) {
			t.Errorf("root %q: consolidated members %s, listed %v", root, got, describe(listedMembers(t, s, root)))
		}
		for _, n := range nodes {
			if n.Kind != "array" {
				continue
			}
			a, err := n.OpenArray(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if v, err := Read[uint8](ctx, a, region.Whole([]int64{4})); err != nil || fmt.Sprint(v) != "[1 2 3 4]" {
				t.Errorf("%s: %v %v", n.Path, v, err)
			}
		}
		for _, r := range c.Requests() {
			if r.Op != "get" && r.Op != "get range" || strings.HasSuffix(r.Key, "zarr.json") && r.Key != store.Join(root, "zarr.json") {
				t.Errorf("root %q: request %s %s", root, r.Op, r.Key)
			}
		}
	}
}

// listedMembers returns the members of the group at p found by listing,
// ignoring consolidated metadata.
func listedMembers(t *testing.T, s store.Store, p string) []Node {
	t.Helper()
	g, err := OpenGroup(context.Background(), s, p)
	if err != nil {
		t.Fatal(err)
	}
	g.consolidated = nil
	nodes, err := g.Members(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return nodes
}

// TestConsolidateReadsZarrPythonVector: a group's zarr.json as zarr-python
// 3 writes it (members in its order, two-space indent), with no member
// documents in the store at all: everything comes from the one document.
func TestConsolidateReadsZarrPythonVector(t *testing.T) {
	ctx := context.Background()
	const doc = `{
  "attributes": {},
  "zarr_format": 3,
  "consolidated_metadata": {
    "kind": "inline",
    "must_understand": false,
    "metadata": {
      "temp": {
        "shape": [4],
        "data_type": "int16",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": -1,
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        "attributes": {"units": "K"},
        "zarr_format": 3,
        "node_type": "array",
        "storage_transformers": []
      },
      "obs": {
        "attributes": {"site": 3},
        "zarr_format": 3,
        "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {}},
        "node_type": "group"
      },
      "obs/wind": {
        "shape": [2],
        "data_type": "float32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": "NaN",
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        "attributes": {},
        "zarr_format": 3,
        "node_type": "array",
        "storage_transformers": []
      }
    }
  },
  "node_type": "group"
}`
	mem := store.NewMemory()
	mem.Set(ctx, "zarr.json", []byte(doc))
	mem.Set(ctx, "temp/c/0", []byte{1, 0, 2, 0, 0xfe, 0xff, 4, 0})
	s := store.NewCounting(mem)
	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	if err != nil || fmt.Sprint(describe(nodes)) != "[obs:group obs/wind:array temp:array]" {
		t.Fatalf("members %v, %v", describe(nodes), err)
	}
	if string(nodes[0].Attributes) != `{"site": 3}` {
		t.Errorf("group attributes %s", nodes[0].Attributes)
	}
	a, err := nodes[2].OpenArray(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := Read[int16](ctx, a, region.Whole([]int64{4})); err != nil || fmt.Sprint(v) != "[1 2 -2 4]" {
		t.Errorf("temp: %v %v", v, err)
	}
	if n := len(s.Requests()); n != 2 {
		t.Errorf("%d requests, want 2 (zarr.json, one chunk): %+v", n, s.Requests())
	}
}

// TestConsolidateZarr213 consolidates the hierarchy zarr 2.13 wrote with
// its .zmetadata taken away, and compares with the .zmetadata zarr 2.13
// wrote for it: the same document, byte for byte but for the final
// newline (zarr 2.13 writes every key sorted, indented by four spaces).
// Then Debian's zarr 2.13 opens the result consolidated, when
// /usr/bin/python3 has it.
func TestConsolidateZarr213(t *testing.T) {
	ctx := context.Background()
	src := filepath.Join(storesDir, "zarr213")
	want, err := os.ReadFile(filepath.Join(src, ".zmetadata"))
	if err != nil {
		t.Fatal(err)
	}
	d, dir := tempDirStore(t)
	err = filepath.WalkDir(src, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() == ".zmetadata" {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return d.Set(ctx, filepath.ToSlash(rel), b)
	})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Consolidate(ctx, d, "")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Consolidated() || g.Format() != 2 {
		t.Errorf("returned group: consolidated %v, format %d", g.Consolidated(), g.Format())
	}
	got, err := d.Get(ctx, ".zmetadata", -1)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(jsonValue(t, got), jsonValue(t, want)) {
		t.Fatalf(".zmetadata\n%s\nwant (zarr 2.13)\n%s", got, want)
	}
	if !bytes.Equal(bytes.TrimSpace(got), bytes.TrimSpace(want)) {
		t.Errorf(".zmetadata has zarr 2.13's content but not its bytes:\n%s", got)
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(describe(nodes)) != fmt.Sprint(describe(listedMembers(t, d, ""))) {
		t.Errorf("consolidated members %v, listed %v", describe(nodes), describe(listedMembers(t, d, "")))
	}

	if testing.Short() {
		return
	}
	const python = "/usr/bin/python3"
	if out, err := exec.Command(python, "-c", "import zarr").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import zarr: %v %s", python, err, strings.TrimSpace(string(out)))
	}
	// open_consolidated reads the hierarchy from .zmetadata alone: with
	// every other metadata document gone, only it can name the arrays.
	for _, n := range nodes {
		for _, f := range []string{".zarray", ".zgroup", ".zattrs"} {
			os.Remove(filepath.Join(dir, filepath.FromSlash(n.Path), f))
		}
	}
	script := `import sys, zarr
g = zarr.open_consolidated(sys.argv[1], mode="r")
names = []
g.visit(lambda name: names.append(name))
print(" ".join(sorted(names)))
print(g["b1_raw"].attrs["units"], g["b1_raw"][:].tolist())`
	out, err := exec.Command(python, "-c", script, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("zarr 2.13 open_consolidated: %v\n%s", err, out)
	}
	var paths []string
	for _, n := range nodes {
		paths = append(paths, n.Path)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if lines[0] != strings.Join(paths, " ") {
		t.Errorf("zarr 2.13 finds %s\nwant %s", lines[0], strings.Join(paths, " "))
	}
	t.Logf("zarr 2.13: %s", out)
}

// TestConsolidateRefuses: what cannot be consolidated whole fails, with
// nothing written.
func TestConsolidateRefuses(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	CreateGroup(ctx, s, "", nil)
	create(t, s, "a", newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	s.Set(ctx, "old/.zarray", []byte(`{"zarr_format":2,"shape":[2],"chunks":[2],"dtype":"|u1","compressor":null,"fill_value":0,"filters":null,"order":"C"}`))
	before, _ := s.Get(ctx, "zarr.json", -1)
	if _, err := Consolidate(ctx, s, ""); !errors.Is(err, ErrMixedFormats) {
		t.Errorf("a v2 array in a v3 group: %v", err)
	}
	s.Delete(ctx, "old/.zarray")
	s.Set(ctx, "bad/zarr.json", []byte(`{"zarr_format":3,"node_type":"array"} trailing`))
	if _, err := Consolidate(ctx, s, ""); err == nil || !strings.Contains(err.Error(), "bad/zarr.json") {
		t.Errorf("a member that is not JSON: %v", err)
	}
	if after, _ := s.Get(ctx, "zarr.json", -1); !bytes.Equal(before, after) {
		t.Errorf("zarr.json written by a failing Consolidate:\n%s", after)
	}
	if _, err := Consolidate(ctx, s, "a"); !errors.Is(err, ErrNotGroup) {
		t.Errorf("Consolidate of an array: %v", err)
	}
	if _, err := Consolidate(ctx, store.ReadOnly(store.NewMemory()), ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Consolidate of nothing: %v", err)
	}
	s.Delete(ctx, "bad/zarr.json")
	if _, err := Consolidate(ctx, store.ReadOnly(s), ""); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("Consolidate in a read-only store: %v", err)
	}
}

// TestConsolidatedStale: consolidated metadata is trusted as written. An
// array created after it is not a member until Consolidate runs again
// (Open at its path finds it all along); one deleted after it is still a
// member, whose chunks read as the fill value.
func TestConsolidatedStale(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	CreateGroup(ctx, s, "", nil)
	old := create(t, s, "old", newMeta(t, []int64{2}, []int{2}, numeric.Uint8, "9", `["bytes"]`, ""), 1)
	Write(ctx, old, region.Whole([]int64{2}), []uint8{1, 2})
	if _, err := Consolidate(ctx, s, ""); err != nil {
		t.Fatal(err)
	}
	create(t, s, "new", newMeta(t, []int64{2}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	s.Delete(ctx, "old/zarr.json")
	s.Delete(ctx, "old/c/0")
	members := func() string {
		g, err := OpenGroup(ctx, s, "")
		if err != nil {
			t.Fatal(err)
		}
		nodes, err := g.Members(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(describe(nodes))
	}
	if got := members(); got != "[old:array]" {
		t.Errorf("stale members %s", got)
	}
	if _, err := Open(ctx, s, "new", nil); err != nil {
		t.Errorf("Open of an array not in the consolidated metadata: %v", err)
	}
	g, _ := OpenGroup(ctx, s, "")
	nodes, _ := g.Members(ctx)
	a, err := nodes[0].OpenArray(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := Read[uint8](ctx, a, region.Whole([]int64{2})); err != nil || fmt.Sprint(v) != "[9 9]" {
		t.Errorf("deleted array through stale metadata: %v %v", v, err)
	}
	if _, err := Consolidate(ctx, s, ""); err != nil {
		t.Fatal(err)
	}
	if got := members(); got != "[new:array]" {
		t.Errorf("members after consolidating again %s", got)
	}
}

// TestConsolidatedTenThousand: opening a consolidated hierarchy of 10,000
// arrays, listing its members and opening every one of them costs one GET
// (the group's zarr.json) and no List.
func TestConsolidatedTenThousand(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	ctx := context.Background()
	mem := store.NewMemory()
	CreateGroup(ctx, mem, "", nil)
	const n = 10000
	def := newMeta(t, []int64{100}, []int{10}, numeric.Float32, `"NaN"`, `[{"name":"bytes","configuration":{"endian":"little"}}]`, "")
	doc, err := def.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		// Two levels of groups, 100 arrays in each group.
		p := fmt.Sprintf("g%02d/a%03d", i/100, i%100)
		mem.Set(ctx, p+"/zarr.json", doc)
		if i%100 == 0 {
			mem.Set(ctx, fmt.Sprintf("g%02d/zarr.json", i/100), []byte(`{"zarr_format":3,"node_type":"group"}`))
		}
	}
	if _, err := Consolidate(ctx, mem, ""); err != nil {
		t.Fatal(err)
	}
	s := store.NewCounting(mem)
	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		t.Fatal(err)
	}
	arrays := 0
	for _, node := range nodes {
		if node.Kind != "array" {
			continue
		}
		a, err := node.OpenArray(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.NumChunks() != 10 {
			t.Fatalf("%s: %d chunks", node.Path, a.NumChunks())
		}
		arrays++
	}
	if arrays != n || len(nodes) != n+100 {
		t.Errorf("%d arrays among %d members, want %d and %d", arrays, len(nodes), n, n+100)
	}
	reqs := s.Requests()
	if len(reqs) != 1 || reqs[0].Op != "get" || reqs[0].Key != "zarr.json" {
		t.Errorf("%d requests, want one GET of zarr.json: %+v", len(reqs), reqs[:min(len(reqs), 5)])
	}
	t.Logf("%d arrays: %d request, %d bytes", arrays, len(reqs), s.BytesRead())
}

// TestZarritaReadsConsolidated: zarrita.js opens a hierarchy through the
// consolidated metadata Consolidate wrote, with every member's own
// zarr.json deleted, and lists and reads the same nodes and values. It is
// skipped when node or zarrita.js is not installed.
func TestZarritaReadsConsolidated(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/zarrita")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: zarrita.js comparisons skipped")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zarrita")); err != nil {
		t.Skip("zarrita.js is not installed: run npm ci --prefix testdata/zarrita")
	}
	ctx := context.Background()
	d, root := tempDirStore(t)
	CreateGroup(ctx, d, "", []byte(`{"title":"t"}`))
	CreateGroup(ctx, d, "obs", nil)
	values := map[string][]int16{"obs/t": {1, -2, 3, 4, 5}, "u": {7, 8, 9, 10, 11}}
	for p, v := range values {
		a := create(t, d, p, newMeta(t, []int64{5}, []int{2}, numeric.Int16, "0", `[{"name":"bytes","configuration":{"endian":"little"}}]`, ""), 1)
		if err := Write(ctx, a, region.Whole([]int64{5}), v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Consolidate(ctx, d, ""); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"obs", "obs/t", "u"} {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(p), "zarr.json")); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("node", filepath.Join(dir, "read_consolidated.mjs"), root).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("read_consolidated.mjs: %v\n%s", err, stderr)
	}
	var got struct {
		Nodes  []string `json:"nodes"`
		Arrays map[string]struct {
			Shape []int64 `json:"shape"`
			Hex   string  `json:"hex"`
			Error string  `json:"error"`
		} `json:"arrays"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if fmt.Sprint(got.Nodes) != "[/:group /obs/t:array /obs:group /u:array]" {
		t.Errorf("zarrita lists %v", got.Nodes)
	}
	for p, v := range values {
		a := got.Arrays["/"+p]
		var want bytes.Buffer
		for _, x := range v {
			fmt.Fprintf(&want, "%02x%02x", uint8(x), uint8(uint16(x)>>8))
		}
		if a.Error != "" || fmt.Sprint(a.Shape) != "[5]" || a.Hex != want.String() {
			t.Errorf("zarrita reads %s: %+v, want %s", p, a, want.String())
		}
	}
	t.Logf("zarrita.js: %s", out)
}

// TestConsolidatePythonTokens: a bare NaN or Infinity that Python wrote
// into a group's or a member's metadata is written into the consolidated
// document as the string zcodec reads it as (D21), so the document is JSON
// every client parses.
func TestConsolidatePythonTokens(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		files map[string]string
		key   string
	}{
		{"v2", map[string]string{
			".zgroup":     `{"zarr_format": 2}`,
			".zattrs":     `{"missing": NaN, "top": Infinity}`,
			"sub/.zgroup": `{"zarr_format": 2}`,
			"sub/.zattrs": `{"low": -Infinity}`,
		}, ".zmetadata"},
		{"v3", map[string]string{
			"zarr.json":     `{"zarr_format": 3, "node_type": "group", "attributes": {"missing": NaN}}`,
			"sub/zarr.json": `{"zarr_format": 3, "node_type": "group", "attributes": {"top": Infinity}}`,
		}, "zarr.json"},
	} {
		s := store.NewMemory()
		for k, v := range c.files {
			if err := s.Set(ctx, k, []byte(v)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := Consolidate(ctx, s, ""); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		doc, err := s.Get(ctx, c.key, store.NoLimit)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			t.Errorf("%s: %s is not JSON: %v\n%s", c.name, c.key, err, doc)
		}
		for _, want := range []string{`"NaN"`, `"Infinity"`} {
			if !bytes.Contains(doc, []byte(want)) {
				t.Errorf("%s: %s lacks %s:\n%s", c.name, c.key, want, doc)
			}
		}
	}
}

// TestConsolidateTooLarge: consolidated metadata larger than a metadata
// document may be is refused with nothing written, since the group's
// zarr.json, replaced by it, could no longer be read.
func TestConsolidateTooLarge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := store.NewMemory()
	if _, err := CreateGroup(ctx, s, "", nil); err != nil {
		t.Fatal(err)
	}
	before, err := s.Get(ctx, "zarr.json", -1)
	if err != nil {
		t.Fatal(err)
	}
	// Two arrays whose attributes hold 40 MiB each: each zarr.json is
	// readable, the two together are not.
	big := `{"zarr_format":3,"node_type":"array","shape":[1],"data_type":"uint8",` +
		`"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[1]}},` +
		`"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes"}],` +
		`"attributes":{"x":"` + strings.Repeat("a", 40<<20) + `"}}`
	for _, p := range []string{"a", "b"} {
		if err := s.Set(ctx, p+"/zarr.json", []byte(big)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Consolidate(ctx, s, ""); err == nil || !strings.Contains(err.Error(), "more than the 67108864") {
		t.Errorf("Consolidate of 80 MiB of metadata: %v, want a refusal", err)
	}
	after, err := s.Get(ctx, "zarr.json", -1)
	if err != nil || !bytes.Equal(after, before) {
		t.Errorf("the group's zarr.json changed: %d bytes, %v", len(after), err)
	}
	if _, err := OpenGroup(ctx, s, ""); err != nil {
		t.Errorf("the group no longer opens: %v", err)
	}
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/store"
)

// The tests of this file read kerchunk reference sets, written by
// `zcodec refs`, as Zarr hierarchies through every command that takes a
// PATH, and compare what they read with what the same commands read from
// the netCDF-4 file itself, which zcodec opens directly.

const refStoreDir = "../../testdata/hdf5files/"

// refStoreFiles are the netCDF-4 files whose sets are read; refused are
// the arrays `zcodec refs` leaves out of the set, each named on standard
// error.
var refStoreFiles = []struct {
	name    string
	refused []string
}{
	{"nc4_groups.nc", nil},
	{"h5netcdf.nc", nil},
	{"nc_classic_model.nc", nil},
	{"netcdf4python.nc", []string{"grp/val"}},
}

// absFile returns the absolute path of a file of testdata/hdf5files.
func absFile(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(refStoreDir + name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// copyFile copies src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// makeRefs writes the reference set of file to out with `zcodec refs`
// and returns its standard error.
func makeRefs(t *testing.T, file, out string, flags ...string) string {
	t.Helper()
	args := append(append([]string{"refs"}, flags...), file, "-o", out)
	_, errOut, code := runIn(t, nil, args...)
	if code != 0 {
		t.Fatalf("zcodec %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
	}
	return errOut
}

// infoNodes runs info --json on p and returns its nodes by path.
func infoNodes(t *testing.T, p string, flags ...string) map[string]infoNode {
	t.Helper()
	out, errOut, code := runIn(t, nil, append(append([]string{"info", "--json"}, flags...), p)...)
	if code != 0 {
		t.Fatalf("info --json %s: exit %d\n%s", p, code, errOut)
	}
	var doc struct {
		Nodes []infoNode `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("info --json %s: %v\n%s", p, err, out)
	}
	nodes := map[string]infoNode{}
	for _, n := range doc.Nodes {
		if n.Error != "" {
			t.Errorf("info %s: node %s: %s", p, n.Path, n.Error)
		}
		nodes[n.Path] = n
	}
	return nodes
}

// arrayPaths returns the paths of the arrays among nodes, without their
// leading "/", sorted.
func arrayPaths(nodes map[string]infoNode) []string {
	var out []string
	for p, n := range nodes {
		if n.Kind == "array" {
			out = append(out, strings.TrimPrefix(p, "/"))
		}
	}
	slices.Sort(out)
	return out
}

// catValues runs cat on the array at p in csv and, for elements of a
// fixed size, raw, and returns the two outputs ("" for raw when the
// array's elements have no fixed size, which cat refuses with exit 2).
func catValues(t *testing.T, p string, flags ...string) (csv, raw string) {
	t.Helper()
	csv, errOut, code := runIn(t, nil, append(append([]string{"cat", "--format", "csv"}, flags...), p)...)
	if code != 0 {
		t.Fatalf("cat --format csv %s: exit %d\n%s", p, code, errOut)
	}
	if csv == "" {
		t.Fatalf("cat --format csv %s printed nothing", p)
	}
	raw, errOut, code = runIn(t, nil, append(append([]string{"cat", "--format", "raw"}, flags...), p)...)
	switch {
	case code == 2 && strings.Contains(errOut, "no fixed size"):
		raw = ""
	case code != 0:
		t.Fatalf("cat --format raw %s: exit %d\n%s", p, code, errOut)
	}
	return csv, raw
}

// sameValues compares cat of each array of want (a path of the .nc file
// or of a node in it) with cat of the same array under got.
func sameValues(t *testing.T, got, want string, arrays []string, flags ...string) {
	t.Helper()
	if len(arrays) == 0 {
		t.Fatalf("%s: no arrays to compare", want)
	}
	for _, a := range arrays {
		wantCSV, wantRaw := catValues(t, want+"/"+a)
		gotCSV, gotRaw := catValues(t, got+"/"+a, flags...)
		if gotCSV != wantCSV {
			t.Errorf("cat --format csv %s/%s:\n%s\nwant (from %s):\n%s", got, a, gotCSV, want, wantCSV)
		}
		if gotRaw != wantRaw {
			t.Errorf("cat --format raw %s/%s: %d bytes differ from the %d of %s/%s", got, a, len(gotRaw), len(wantRaw), want, a)
		}
	}
}

// setChunks returns, for each array of the JSON reference set at p, its
// chunk keys (without the array's path) split into those referring to a
// range of a file and those held inline.
func setChunks(t *testing.T, p string) (ranges, inline map[string][]string) {
	t.Helper()
	s := readSet(t, p)
	ranges, inline = map[string][]string{}, map[string][]string{}
	ctx := context.Background()
	arrays := map[string]bool{}
	for _, k := range s.SortedKeys() {
		if path.Base(k) == ".zarray" {
			arrays[path.Dir(k)] = true
		}
	}
	for _, k := range s.SortedKeys() {
		a, name := path.Dir(k), path.Base(k)
		if !arrays[a] || strings.HasPrefix(name, ".") {
			continue
		}
		r, _, err := s.Ref(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		if r.Inline {
			inline[a] = append(inline[a], name)
		} else {
			ranges[a] = append(ranges[a], name)
		}
	}
	return ranges, inline
}

// verifyResult is the JSON report of verify.
type verifyResult struct {
	Arrays []struct {
		Path          string `json:"path"`
		ChunksDecoded int    `json:"chunks_decoded"`
		Failures      []struct {
			Key   string `json:"key"`
			Error string `json:"error"`
		} `json:"failures"`
	} `json:"arrays"`
}

// verifyJSON runs verify --json on p, wants exit status code, and returns
// the report.
func verifyJSON(t *testing.T, p string, code int, flags ...string) verifyResult {
	t.Helper()
	out, errOut, got := runIn(t, nil, append(append([]string{"verify", "--json"}, flags...), p)...)
	if got != code {
		t.Fatalf("verify --json %s: exit %d, want %d\n%s%s", p, got, code, out, errOut)
	}
	var r verifyResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("verify --json %s: %v\n%s", p, err, out)
	}
	return r
}

// adviseHead runs advise --lossless --objective size on the array at p
// and returns the lines that depend on the values only: the array (its
// type and chunks, without the fill value, which a set takes from
// _FillValue and the file from its header), the sample, the values'
// range and the chain chosen.
func adviseHead(t *testing.T, p string) []string {
	t.Helper()
	out, errOut, code := runIn(t, nil, "advise", "--lossless", "--objective", "size", p)
	if code != 0 {
		t.Fatalf("advise %s: exit %d\n%s%s", p, code, out, errOut)
	}
	var head []string
	for _, l := range strings.Split(out, "\n") {
		for _, prefix := range []string{"array: ", "sample: ", "values: ", "chosen: "} {
			if strings.HasPrefix(l, prefix) {
				l, _, _ = strings.Cut(l, ", fill value")
				head = append(head, l)
			}
		}
	}
	if len(head) != 4 {
		t.Fatalf("advise %s: %d of the lines array, sample, values and chosen:\n%s", p, len(head), out)
	}
	return head
}

// TestRefsSetReadsAsTheFile writes the JSON and Parquet reference sets of
// netCDF-4 files and checks that info, cat, verify and advise read each
// set, and nodes inside it, as they read the file itself.
func TestRefsSetReadsAsTheFile(t *testing.T) {
	t.Parallel()
	for _, f := range refStoreFiles {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			nc := absFile(t, f.name)
			jsonSet, parqSet := filepath.Join(dir, "set.json"), filepath.Join(dir, "set.parq")
			for _, c := range []struct {
				out   string
				flags []string
			}{{jsonSet, []string{"--inline-threshold", "0"}}, {parqSet, []string{"--format", "parquet"}}} {
				errOut := makeRefs(t, nc, c.out, c.flags...)
				for _, r := range f.refused {
					if !strings.Contains(errOut, nc+": "+r+" not referenced: ") {
						t.Errorf("refs %s: stderr does not name the refused %s:\n%s", c.out, r, errOut)
					}
				}
				if len(f.refused) == 0 && strings.Contains(errOut, "not referenced") {
					t.Errorf("refs %s refused a dataset:\n%s", c.out, errOut)
				}
			}
			// The FILE was given as an absolute path: the set names it so.
			// (The JSON set refers to every chunk that can be; the Parquet
			// set inlines the small ones, as refs does by default.)
			if u := urls(t, readSet(t, jsonSet)); len(u) != 1 || !u[nc] {
				t.Errorf("URLs of the set: %v, want %s alone", u, nc)
			}
			ranges, inline := setChunks(t, jsonSet)
			if len(ranges) == 0 {
				t.Fatal("no chunk of the set refers to the file")
			}

			ncArrays := arrayPaths(infoNodes(t, nc))
			want := slices.DeleteFunc(slices.Clone(ncArrays), func(a string) bool { return slices.Contains(f.refused, a) })
			if len(want) != len(ncArrays)-len(f.refused) {
				t.Fatalf("the file's arrays %v lack the refused %v", ncArrays, f.refused)
			}
			for _, set := range []string{jsonSet, parqSet} {
				got := infoNodes(t, set)
				if a := arrayPaths(got); !slices.Equal(a, want) {
					t.Errorf("info %s: arrays %v, want %v", set, a, want)
				}
				for p, n := range got {
					if n.Format != 2 {
						t.Errorf("info %s: %s is Zarr v%d, want 2", set, p, n.Format)
					}
				}
				if _, errOut, code := runIn(t, nil, "info", set); code != 0 {
					t.Errorf("info %s: exit %d\n%s", set, code, errOut)
				}
				sameValues(t, set, nc, want)

				r := verifyJSON(t, set, 0)
				if len(r.Arrays) != len(want) {
					t.Errorf("verify %s: %d arrays, want %d", set, len(r.Arrays), len(want))
				}
				for _, a := range r.Arrays {
					p := strings.TrimPrefix(a.Path, "/")
					if n := len(ranges[p]) + len(inline[p]); a.ChunksDecoded != n || len(a.Failures) != 0 {
						t.Errorf("verify %s: %s: %d chunks decoded, %d failures; the set holds %d chunks", set, p, a.ChunksDecoded, len(a.Failures), n)
					}
				}

				for _, r := range f.refused {
					_, errOut, code := runIn(t, nil, "cat", set+"/"+r)
					if code != 1 || !strings.Contains(errOut, r) {
						t.Errorf("cat of the refused %s: exit %d, want 1 and an error naming it\n%s", r, code, errOut)
					}
				}
			}

			// advise measures the same values in the set as in the file.
			var numeric string
			for _, a := range want {
				if n := infoNodes(t, nc+"/"+a)["/"]; strings.HasPrefix(n.DataType, "float") && len(n.Shape) > 0 {
					numeric = a
					break
				}
			}
			if numeric == "" {
				t.Fatalf("no floating-point array among %v", want)
			}
			wantHead := adviseHead(t, nc+"/"+numeric)
			for _, set := range []string{jsonSet, parqSet} {
				if got := adviseHead(t, set+"/"+numeric); !slices.Equal(got, wantHead) {
					t.Errorf("advise %s/%s:\n%s\nwant (from the file):\n%s", set, numeric, strings.Join(got, "\n"), strings.Join(wantHead, "\n"))
				}
			}
		})
	}
}

// TestRefsSetNodeInside reads groups and arrays inside a set
// ("set.json/sub/deeper/deep"), presented at the root of their store, as
// the same nodes inside the file.
func TestRefsSetNodeInside(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	nc := absFile(t, "nc4_groups.nc")
	jsonSet, parqSet := filepath.Join(dir, "set.json"), filepath.Join(dir, "set.parq")
	makeRefs(t, nc, jsonSet)
	makeRefs(t, nc, parqSet, "--format", "parquet")
	ncSub := infoNodes(t, nc+"/sub")
	wantSub := arrayPaths(ncSub)
	if !slices.Equal(wantSub, []string{"deeper/deep", "deeper/deep_time", "field", "uses_parent", "x"}) {
		t.Fatalf("the file's group sub holds %v", wantSub)
	}
	for _, set := range []string{jsonSet, parqSet} {
		for _, g := range []string{"sub", "sub/deeper"} {
			got, want := infoNodes(t, set+"/"+g), infoNodes(t, nc+"/"+g)
			if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
				t.Errorf("info %s/%s: nodes %v, want %v", set, g, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
			}
			if got["/"].Kind != "group" {
				t.Errorf("info %s/%s: the root is %q, want the group", set, g, got["/"].Kind)
			}
		}
		sameValues(t, set+"/sub", nc+"/sub", wantSub)
		arr := infoNodes(t, set+"/sub/deeper/deep")
		if len(arr) != 1 || arr["/"].Kind != "array" || !slices.Equal(arr["/"].Shape, []int64{2, 3}) {
			t.Errorf("info %s/sub/deeper/deep: %+v, want the array [2 3] alone", set, arr)
		}
		csv, _ := catValues(t, set+"/sub/deeper/deep")
		if csv != "1,2,3\n4,5,6\n" {
			t.Errorf("cat %s/sub/deeper/deep: %q", set, csv)
		}
		// A region of an array inside the set.
		csv, _ = catValues(t, set+"/sub/deeper/deep", "--region", "1,1:")
		if want, _ := catValues(t, nc+"/sub/deeper/deep", "--region", "1,1:"); csv != want || csv != "5,6\n" {
			t.Errorf("cat --region 1,1: %s/sub/deeper/deep: %q, the file's %q", set, csv, want)
		}
		r := verifyJSON(t, set+"/sub", 0)
		if len(r.Arrays) != len(wantSub) {
			t.Errorf("verify %s/sub: %d arrays, want %d", set, len(r.Arrays), len(wantSub))
		}
		// A node the set does not hold.
		_, errOut, code := runIn(t, nil, "cat", set+"/sub/nothing")
		if code != 1 || !strings.Contains(errOut, "sub/nothing") {
			t.Errorf("cat %s/sub/nothing: exit %d, want 1 and an error naming it\n%s", set, code, errOut)
		}
	}
}

// TestRefsSetConvert converts a set into Zarr v3, in one process and in
// parts (--plan, --part, --finalize), and compares the results with each
// other, file by file, and with the file's values.
func TestRefsSetConvert(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	nc := absFile(t, "nc4_groups.nc")
	jsonSet, parqSet := filepath.Join(dir, "set.json"), filepath.Join(dir, "set.parq")
	makeRefs(t, nc, jsonSet, "--inline-threshold", "0")
	makeRefs(t, nc, parqSet, "--inline-threshold", "0", "--format", "parquet", "--record-size", "3")
	arrays := arrayPaths(infoNodes(t, nc))

	one := filepath.Join(dir, "one.zarr")
	mustRun(t, 0, "convert", jsonSet, one)
	nodes := infoNodes(t, one)
	if got := arrayPaths(nodes); !slices.Equal(got, arrays) {
		t.Fatalf("convert: arrays %v, want the file's %v", got, arrays)
	}
	for p, n := range nodes {
		if n.Format != 3 {
			t.Errorf("convert: %s is Zarr v%d, want 3", p, n.Format)
		}
	}
	for _, k := range []string{"zarr.json", "sub/deeper/deep/zarr.json", "pr/zarr.json"} {
		b, err := os.ReadFile(filepath.Join(one, k))
		if err != nil || !strings.Contains(string(b), `"zarr_format": 3`) {
			t.Errorf("convert: %s: %v\n%s", k, err, b)
		}
	}
	sameValues(t, one, nc, arrays)
	verifyJSON(t, one, 0)

	// The Parquet set describes the same hierarchy: the same result.
	fromParq := filepath.Join(dir, "parq.zarr")
	mustRun(t, 0, "convert", parqSet, fromParq)
	sameFiles(t, "from the Parquet set", storeFiles(t, fromParq), storeFiles(t, one))

	// In parts, run out of order.
	const n = 3
	parts := filepath.Join(dir, "parts.zarr")
	out, _, code := runIn(t, nil, "convert", "--plan", jsonSet, parts)
	units, err := strconv.Atoi(strings.TrimSpace(out))
	if code != 0 || err != nil || units < n {
		t.Fatalf("convert --plan: exit %d, printed %q, want the number of units (at least %d)", code, out, n)
	}
	for _, i := range rand.New(rand.NewPCG(3, 4)).Perm(n) {
		if out := mustRun(t, 0, "convert", "--part", fmt.Sprintf("%d/%d", i, n), jsonSet, parts); !strings.Contains(out, fmt.Sprintf("part %d/%d: units ", i, n)) {
			t.Errorf("--part %d/%d: %s", i, n, out)
		}
	}
	mustRun(t, 0, "convert", "--finalize", "--parts", strconv.Itoa(n), parts)
	sameFiles(t, "in parts", storeFiles(t, parts), storeFiles(t, one))
	if _, err := os.Stat(filepath.Join(parts, ".zcodec")); err == nil {
		t.Error("the plan's directory is left in DST")
	}

	// A node inside the set as SRC.
	sub := filepath.Join(dir, "sub.zarr")
	mustRun(t, 0, "convert", jsonSet+"/sub", sub)
	subArrays := arrayPaths(infoNodes(t, sub))
	if !slices.Equal(subArrays, arrayPaths(infoNodes(t, nc+"/sub"))) {
		t.Errorf("convert of set.json/sub: arrays %v", subArrays)
	}
	sameValues(t, sub, nc+"/sub", subArrays)
}

// refsServer serves dir over HTTP on 127.0.0.1 and records the paths and
// ranges it is asked for.
func refsServer(t *testing.T, dir string) (*httptest.Server, *countingHandler) {
	t.Helper()
	ch := &countingHandler{h: http.FileServer(http.Dir(dir))}
	srv := httptest.NewServer(ch)
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("the server is at %s, want 127.0.0.1", srv.URL)
	}
	return srv, ch
}

// TestRefsSetOverHTTP reads a set served over HTTP whose references name
// the file on the same server, in absolute URLs (--url-prefix) and
// relative ones; and refuses a served set that names a local file.
func TestRefsSetOverHTTP(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	nc := absFile(t, "nc4_groups.nc")
	os.MkdirAll(filepath.Join(dir, "data"), 0o755)
	served := filepath.Join(dir, "data", "nc4_groups.nc")
	copyFile(t, nc, served)
	srv, ch := refsServer(t, dir)
	arrays := arrayPaths(infoNodes(t, nc))

	makeRefs(t, served, filepath.Join(dir, "set.json"), "--inline-threshold", "0", "--url-prefix", srv.URL+"/data/")
	makeRefs(t, served, filepath.Join(dir, "set.parq"), "--format", "parquet", "--inline-threshold", "0", "--url-prefix", srv.URL+"/data/")
	want := srv.URL + "/data/nc4_groups.nc"
	if u := urls(t, readSet(t, filepath.Join(dir, "set.json"))); len(u) != 1 || !u[want] {
		t.Fatalf("URLs of the set: %v, want %s alone", u, want)
	}
	// Relative to the set's own URL.
	makeRefs(t, served, filepath.Join(dir, "rel.json"), "--inline-threshold", "0", "--url-prefix", "data")
	if u := urls(t, readSet(t, filepath.Join(dir, "rel.json"))); len(u) != 1 || !u["data/nc4_groups.nc"] {
		t.Fatalf("URLs of the relative set: %v", u)
	}
	ch.take()

	for _, name := range []string{"set.json", "rel.json", "set.parq"} {
		set := srv.URL + "/" + name
		if got := arrayPaths(infoNodes(t, set)); !slices.Equal(got, arrays) {
			t.Errorf("info %s: arrays %v, want %v", set, got, arrays)
		}
		if _, errOut, code := runIn(t, nil, "info", set); code != 0 {
			t.Errorf("info %s: exit %d\n%s", set, code, errOut)
		}
		sameValues(t, set, nc, arrays)
		// The chunks were read from the server, in ranges of the file.
		ranged := 0
		for _, r := range ch.take() {
			if strings.HasPrefix(r, "GET /data/nc4_groups.nc bytes=") {
				ranged++
			}
		}
		if ranged == 0 {
			t.Errorf("%s: no ranged request for the file reached the server", set)
		}
		csv, _ := catValues(t, set+"/sub/deeper/deep")
		if csv != "1,2,3\n4,5,6\n" {
			t.Errorf("cat %s/sub/deeper/deep: %q", set, csv)
		}
	}

	// A served set that names a local file: the file exists and holds the
	// chunks, so that reading it would succeed; the set is refused.
	makeRefs(t, nc, filepath.Join(dir, "local.json"), "--inline-threshold", "0")
	makeRefs(t, nc, filepath.Join(dir, "local.parq"), "--inline-threshold", "0", "--format", "parquet")
	for _, name := range []string{"local.json", "local.parq"} {
		local := srv.URL + "/" + name
		for _, args := range [][]string{
			{"cat", "--format", "csv", local + "/pr"},
			{"cat", "--format", "csv", local + "/sub/deeper/deep"},
			{"verify", local},
		} {
			out, errOut, code := runIn(t, nil, args...)
			if code != 1 || !strings.Contains(out+errOut, "reference to "+nc) || !strings.Contains(out+errOut, "may not name a local file") {
				t.Errorf("%s: exit %d, want 1 and the local file refused\n%s%s", strings.Join(args, " "), code, out, errOut)
			}
			if args[0] == "cat" && out != "" {
				t.Errorf("%s printed %q", strings.Join(args, " "), out)
			}
		}
		// The same set read from this machine reads the local file.
		csv, _ := catValues(t, filepath.Join(dir, name, "sub/deeper/deep"))
		if csv != "1,2,3\n4,5,6\n" {
			t.Errorf("cat of the local %s: %q", name, csv)
		}
	}
}

// TestRefsSetMissingFile removes the file a set refers to: every read of
// a chunk in it fails, naming the file and the key, and none reads as the
// fill value; the chunks held inline still read. With the file back, the
// set reads again.
func TestRefsSetMissingFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	nc := filepath.Join(dir, "data.nc")
	copyFile(t, absFile(t, "nc4_groups.nc"), nc)
	jsonSet, parqSet := filepath.Join(dir, "set.json"), filepath.Join(dir, "set.parq")
	makeRefs(t, nc, jsonSet, "--inline-threshold", "0")
	makeRefs(t, nc, parqSet, "--inline-threshold", "0", "--format", "parquet")
	ranges, inline := setChunks(t, jsonSet)
	if len(ranges["pr"]) != 4 || len(inline["compact_var"]) != 1 || len(ranges["compact_var"]) != 0 {
		t.Fatalf("the set refers to pr %v and holds compact_var inline %v", ranges["pr"], inline["compact_var"])
	}
	wantPr, _ := catValues(t, nc+"/pr")
	wantCompact, _ := catValues(t, nc+"/compact_var")
	moved := filepath.Join(dir, "moved")
	if err := os.Rename(nc, moved); err != nil {
		t.Fatal(err)
	}
	missing := "reference to " + nc + " ("
	for _, set := range []string{jsonSet, parqSet} {
		// cat, to standard output and to a file. The chunk's key is that
		// of the array's store: set.json/pr is presented at its root.
		out, errOut, code := runIn(t, nil, "cat", "--format", "csv", set+"/pr")
		if code != 1 || out != "" || !strings.Contains(errOut, missing) || !strings.Contains(errOut, "the file does not exist") ||
			!strings.Contains(errOut, set+"/pr") || !strings.Contains(errOut, `chunk "0.0.0"`) {
			t.Errorf("cat %s/pr: exit %d, want 1 and an error naming the file and the chunk\nstdout %q\n%s", set, code, out, errOut)
		}
		csvOut := filepath.Join(dir, "pr.csv")
		if _, errOut, code := runIn(t, nil, "cat", "--format", "csv", "-o", csvOut, set+"/pr"); code != 1 || !strings.Contains(errOut, missing) {
			t.Errorf("cat -o %s/pr: exit %d\n%s", set, code, errOut)
		}
		if _, err := os.Stat(csvOut); err == nil {
			t.Errorf("cat -o wrote %s", csvOut)
		}
		// A chunk held inline reads.
		if got, _ := catValues(t, set+"/compact_var"); got != wantCompact {
			t.Errorf("cat %s/compact_var: %q, want %q", set, got, wantCompact)
		}

		// verify: each chunk of the file fails, by its key; the inline
		// ones decode.
		r := verifyJSON(t, set, 1)
		if len(r.Arrays) != len(ranges)+len(inline)-countBoth(ranges, inline) {
			t.Errorf("verify %s: %d arrays", set, len(r.Arrays))
		}
		for _, a := range r.Arrays {
			p := strings.TrimPrefix(a.Path, "/")
			var failed []string
			for _, f := range a.Failures {
				failed = append(failed, strings.TrimPrefix(f.Key, p+"/"))
				if !strings.Contains(f.Error, missing) || !strings.Contains(f.Error, "the file does not exist") || !strings.Contains(f.Error, `"`+f.Key+`"`) {
					t.Errorf("verify %s: %s: %s", set, f.Key, f.Error)
				}
			}
			slices.Sort(failed)
			if !slices.Equal(failed, ranges[p]) || a.ChunksDecoded != len(inline[p]) {
				t.Errorf("verify %s: %s: failed %v, %d decoded; want %v failed, %d decoded", set, p, failed, a.ChunksDecoded, ranges[p], len(inline[p]))
			}
		}
		out, errOut, _ = runIn(t, nil, "verify", set)
		if !strings.Contains(out+errOut, `"pr/1.1.0"`) || !strings.Contains(out+errOut, missing) {
			t.Errorf("verify %s does not name pr/1.1.0 and the file:\n%s%s", set, out, errOut)
		}

		// convert: nothing left behind.
		before := dirNames(t, dir)
		dst := filepath.Join(dir, "out.zarr")
		_, errOut, code = runIn(t, nil, "convert", set, dst)
		if code != 1 || !strings.Contains(errOut, missing) || !strings.Contains(errOut, "the file does not exist") || !namesChunk(errOut, ranges) {
			t.Errorf("convert %s: exit %d, want 1 and an error naming the file and a chunk of it\n%s", set, code, errOut)
		}
		if after := dirNames(t, dir); !slices.Equal(after, before) {
			t.Errorf("convert %s left %v (before: %v)", set, after, before)
		}
		// In parts: the part fails, and finalize publishes nothing.
		parts := filepath.Join(dir, "parts.zarr")
		mustRun(t, 0, "convert", "--plan", set, parts)
		if out := mustRun(t, 1, "convert", "--part", "0/1", set, parts); !strings.Contains(out, missing) || !namesChunk(out, ranges) {
			t.Errorf("convert --part of %s: %s", set, out)
		}
		mustRun(t, 1, "convert", "--finalize", "--parts", "1", parts)
		if _, err := os.Stat(filepath.Join(parts, "zarr.json")); err == nil {
			t.Errorf("finalize published %s from a failed part", parts)
		}
		os.RemoveAll(parts)
	}

	// The file back where the set says: everything reads.
	if err := os.Rename(moved, nc); err != nil {
		t.Fatal(err)
	}
	for _, set := range []string{jsonSet, parqSet} {
		if got, _ := catValues(t, set+"/pr"); got != wantPr {
			t.Errorf("cat %s/pr with the file back: %q, want %q", set, got, wantPr)
		}
		verifyJSON(t, set, 0)
	}
}

// namesChunk reports whether text names, as chunk "ARRAY/KEY", one of the
// chunks of ranges.
func namesChunk(text string, ranges map[string][]string) bool {
	for a, keys := range ranges {
		for _, k := range keys {
			if strings.Contains(text, `chunk "`+a+"/"+k+`"`) {
				return true
			}
		}
	}
	return false
}

// countBoth returns how many arrays are keys of both a and b.
func countBoth(a, b map[string][]string) int {
	n := 0
	for k := range a {
		if _, ok := b[k]; ok {
			n++
		}
	}
	return n
}

// dirNames returns the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestRefsSetIsReadOnly gives a set as the DST of convert: it is refused,
// and the set is left as it was.
func TestRefsSetIsReadOnly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	nc := absFile(t, "nc4_groups.nc")
	jsonSet, parqSet := filepath.Join(dir, "set.json"), filepath.Join(dir, "set.parq")
	makeRefs(t, nc, jsonSet)
	makeRefs(t, nc, parqSet, "--format", "parquet")
	src := filepath.Join(dir, "src.zarr")
	mustRun(t, 0, "convert", jsonSet, src)
	jsonBefore, err := os.ReadFile(jsonSet)
	if err != nil {
		t.Fatal(err)
	}
	parqBefore := storeFiles(t, parqSet)
	names := dirNames(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"convert", src, jsonSet}, jsonSet + " already exists"},
		{[]string{"convert", src, parqSet}, parqSet + " already exists"},
		{[]string{"convert", "--plan", src, jsonSet}, "kerchunk file: it opens read-only"},
		{[]string{"convert", "--plan", src, jsonSet + "/sub"}, "kerchunk file: it opens read-only"},
		{[]string{"convert", "--part", "0/1", src, jsonSet}, "kerchunk file: it opens read-only"},
		{[]string{"convert", "--plan", src, parqSet}, "is not empty"},
		// Inside the JSON file, no directory can be made for DST.
		{[]string{"convert", src, jsonSet + "/sub"}, jsonSet + "/sub lies inside the file " + jsonSet},
	} {
		out, errOut, code := runIn(t, nil, c.args...)
		if code != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("zcodec %s: exit %d, want 1 and %q\n%s%s", strings.Join(c.args, " "), code, c.want, out, errOut)
		}
	}
	// The set, as a Parquet directory, is not a plan to run.
	if out := mustRun(t, 2, "convert", "--part", "0/1", src, parqSet); !strings.Contains(out, "holds no conversion plan") {
		t.Errorf("--part into the Parquet set: %s", out)
	}
	if after, _ := os.ReadFile(jsonSet); string(after) != string(jsonBefore) {
		t.Error("the JSON set changed")
	}
	sameFiles(t, "the Parquet set", storeFiles(t, parqSet), parqBefore)
	if after := dirNames(t, dir); !slices.Equal(after, names) {
		t.Errorf("left in the directory: %v, before %v", after, names)
	}
	// Opened for writing from Go, a set is refused as read-only.
	ctx := context.Background()
	for _, p := range []string{jsonSet, parqSet} {
		s, err := store.Open(ctx, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Set(ctx, "x/zarr.json", []byte("{}")); !errors.Is(err, store.ErrReadOnly) {
			t.Errorf("%s: Set: %v, want the store read-only", p, err)
		}
		if c, ok := s.(io.Closer); ok {
			c.Close()
		}
	}
}

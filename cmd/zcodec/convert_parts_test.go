package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// partsSource writes a Zarr v3 hierarchy of three arrays in two levels of
// groups, with edge chunks and regions of fill values, under dir/name;
// scale multiplies the size of its largest array.
func partsSource(t *testing.T, dir, name string, scale int64) string {
	t.Helper()
	ctx := context.Background()
	root := filepath.Join(dir, name)
	d, err := store.CreateDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := zarr.CreateGroup(ctx, d, "", json.RawMessage(`{"title": "parts"}`)); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"g", "g/sub"} {
		if _, err := zarr.CreateGroup(ctx, d, g, nil); err != nil {
			t.Fatal(err)
		}
	}
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	arrays := []struct {
		path   string
		shape  []int64
		chunks []int
		dt     numeric.DataType
	}{
		{"b", []int64{100}, []int{7}, numeric.Int16},
		{"g/a", []int64{40 * scale, 30}, []int{8, 8}, numeric.Float32},
		{"g/sub/c", []int64{17, 5, 3}, []int{4, 5, 2}, numeric.Uint8},
	}
	for _, spec := range arrays {
		fill, _ := numeric.ParseFillValue(spec.dt, []byte("0"))
		a, err := zarr.Create(ctx, d, spec.path, &metadata.ArrayDefinition{Shape: spec.shape, DataType: spec.dt,
			ChunkShape: spec.chunks, FillValue: fill, Codecs: chain.Codecs}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := region.Whole(spec.shape)
		data := make([]byte, r.Size()*int64(spec.dt.Size()))
		// The first third stays fill; the rest is random.
		for i := len(data) / 3; i < len(data); i++ {
			data[i] = byte(rng.IntN(256))
		}
		if spec.dt == numeric.Float32 {
			for i := len(data) / 3; i < len(data); i += 4 {
				data[i+3] = 0x3f // finite values
			}
		}
		if err := a.WriteRegion(ctx, r, data); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// storeFiles returns every key of the directory store dir with its value,
// as the store lists them: the temporary file of a write that a killed
// part left behind is not a key (List skips it, and so does every reader).
func storeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	d, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	out := map[string][]byte{}
	err = d.List(ctx, "", func(e store.Entry) error {
		if e.Err != nil {
			return e.Err
		}
		v, err := d.Get(ctx, e.Key, -1)
		out[e.Key] = v
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFiles fails the test unless got and want hold the same keys with the
// same bytes.
func sameFiles(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if len(want) == 0 {
		t.Fatalf("%s: nothing to compare with", what)
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		g, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s: %s missing", what, k)
		case !bytes.Equal(g, want[k]):
			t.Errorf("%s: %s differs", what, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s is extra", what, k)
		}
	}
}

// mustRun runs zcodec in-process and fails the test unless it exits with
// want; it returns stdout.
func mustRun(t *testing.T, want int, args ...string) string {
	t.Helper()
	out, errs, code := runIn(t, nil, args...)
	if code != want {
		t.Fatalf("zcodec %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, want, out, errs)
	}
	return out + errs
}

// TestConvertPartsMatchOneProcess converts in parts, run out of order, a
// hierarchy (with a new chain and consolidated metadata) and a single
// sharded array, and compares DST key by key with one-process conversions.
func TestConvertPartsMatchOneProcess(t *testing.T) {
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 1)
	codecs := filepath.Join(dir, "codecs.json")
	os.WriteFile(codecs, []byte(`[{"name":"bytes","configuration":{"endian":"big"}},{"name":"gzip","configuration":{"level":1}}]`), 0o666)
	for _, c := range []struct {
		name  string
		src   string
		flags []string
		n     int
	}{
		{"hierarchy", src, []string{"--codecs", codecs, "--consolidate"}, 4},
		{"sharded", filepath.Join(src, "g/a"), []string{"--chunks", "4,6", "--shards", "16,12"}, 3},
		{"more parts than units", filepath.Join(src, "g/sub/c"), nil, 40},
		{"zarr v2 hierarchy", stores + "zarr213", nil, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			one := filepath.Join(dir, c.name+"-one")
			mustRun(t, 0, append(append([]string{"convert"}, c.flags...), c.src, one)...)
			parts := filepath.Join(dir, c.name+"-parts")
			out := mustRun(t, 0, append(append([]string{"convert", "--plan"}, c.flags...), c.src, parts)...)
			units, err := strconv.Atoi(strings.TrimSpace(out))
			if err != nil || units < 1 {
				t.Fatalf("--plan printed %q, want the number of units", out)
			}
			// --plan again is harmless; nothing is visible yet.
			mustRun(t, 0, append(append([]string{"convert", "--plan"}, c.flags...), c.src, parts)...)
			if files := storeFiles(t, parts); len(files) != 2 || files[convert.PlanKey] == nil || files[convert.ListingKey] == nil {
				t.Fatalf("after --plan, DST holds %v", slices.Sorted(maps.Keys(files)))
			}
			order := rand.New(rand.NewPCG(1, uint64(c.n))).Perm(c.n)
			for _, i := range order {
				mustRun(t, 0, "convert", "--part", fmt.Sprintf("%d/%d", i, c.n), c.src, parts)
			}
			if _, _, code := runIn(t, nil, "info", parts); code == 0 {
				t.Error("info opened DST before --finalize")
			}
			mustRun(t, 0, "convert", "--status", "--parts", strconv.Itoa(c.n), parts)
			mustRun(t, 0, "convert", "--finalize", "--parts", strconv.Itoa(c.n), parts)
			sameFiles(t, c.name, storeFiles(t, parts), storeFiles(t, one))
			if _, err := os.Stat(filepath.Join(parts, ".zcodec")); err == nil {
				t.Error("the plan's directory is left in DST")
			}
			// Once finalized, a part has no plan to run: a usage error.
			mustRun(t, 2, "convert", "--part", "0/1", c.src, parts)
		})
	}
	root, err := os.ReadFile(filepath.Join(dir, "hierarchy-parts", "zarr.json"))
	if err != nil || !bytes.Contains(root, []byte(`"consolidated_metadata"`)) || !bytes.Contains(root, []byte(`"g/sub/c"`)) {
		t.Errorf("--consolidate: the root's zarr.json holds no consolidated metadata of g/sub/c (%v):\n%s", err, root)
	}
}

// TestConvertPartCrashes kills a part midway, checks that finalize then
// publishes nothing, reruns it, and checks that a stale marker, a tampered
// plan and a changed SRC are refused; the result is byte-identical to a
// one-process conversion.
func TestConvertPartCrashes(t *testing.T) {
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 4)
	one := filepath.Join(dir, "one")
	mustRun(t, 0, "convert", src, one)
	dst := filepath.Join(dir, "dst")
	mustRun(t, 0, "convert", "--plan", src, dst)

	// Part 1 of 2, slowed down, is killed once it has written some units.
	cmd := startSlowPart(t, src, dst, "1/2", "20ms")
	waitForUnits(t, dst, 3)
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := os.Stat(filepath.Join(dst, convert.MarkerKey(1, 2))); err == nil {
		t.Fatal("the killed part wrote its marker")
	}
	out := mustRun(t, 1, "convert", "--finalize", "--parts", "2", dst)
	if !strings.Contains(out, "part 0/2: missing") || !strings.Contains(out, "part 1/2: missing") {
		t.Errorf("finalize does not list the missing parts:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dst, "zarr.json")); err == nil {
		t.Fatal("finalize published the root with parts missing")
	}
	out = mustRun(t, 1, "convert", "--status", "--parts", "2", dst)
	if !strings.Contains(out, "0 of 2 parts done") {
		t.Errorf("status:\n%s", out)
	}

	mustRun(t, 0, "convert", "--part", "0/2", src, dst)
	mustRun(t, 0, "convert", "--part", "1/2", src, dst)
	mustRun(t, 0, "convert", "--part", "1/2", src, dst) // a rerun is harmless

	// A marker of another plan is stale.
	marker := filepath.Join(dst, convert.MarkerKey(0, 2))
	good, _ := os.ReadFile(marker)
	var m map[string]any
	json.Unmarshal(good, &m)
	m["plan_sha256"] = strings.Repeat("0", 64)
	stale, _ := json.Marshal(m)
	os.WriteFile(marker, stale, 0o666)
	out = mustRun(t, 1, "convert", "--finalize", "--parts", "2", dst)
	if !strings.Contains(out, "part 0/2: stale") {
		t.Errorf("finalize accepted a stale marker:\n%s", out)
	}
	os.WriteFile(marker, good, 0o666)

	// --parts that the parts did not run with.
	out = mustRun(t, 2, "convert", "--finalize", "--parts", "3", dst)
	if !strings.Contains(out, "--parts 2") {
		t.Errorf("finalize with the wrong N does not name the right one:\n%s", out)
	}

	// A tampered plan is refused by parts, status and finalize.
	planPath := filepath.Join(dst, convert.PlanKey)
	plan, _ := os.ReadFile(planPath)
	tampered := bytes.Replace(plan, []byte(`"units": `), []byte(`"units": 1`), 1)
	os.WriteFile(planPath, tampered, 0o666)
	for _, args := range [][]string{
		{"convert", "--part", "0/2", src, dst},
		{"convert", "--finalize", "--parts", "2", dst},
		{"convert", "--status", "--parts", "2", dst},
	} {
		if out := mustRun(t, 1, args...); !strings.Contains(out, "does not match its SHA-256") {
			t.Errorf("%v: %s", args, out)
		}
	}
	os.WriteFile(planPath, plan, 0o666)

	// A SRC that is not the plan's.
	other := partsSource(t, dir, "other.zarr", 2)
	if out := mustRun(t, 1, "convert", "--part", "0/2", other, dst); !strings.Contains(out, "changed since the plan") {
		t.Errorf("a part accepted another SRC: %s", out)
	}
	if _, err := os.Stat(filepath.Join(dst, "zarr.json")); err == nil {
		t.Fatal("something published the root before finalize")
	}

	mustRun(t, 0, "convert", "--finalize", "--parts", "2", dst)
	sameFiles(t, "after a crash and reruns", storeFiles(t, dst), storeFiles(t, one))
	mustRun(t, 2, "convert", "--finalize", "--parts", "2", dst) // no plan left
}

// TestConvertFinalizeStoppedMidway: a finalize that stopped after writing
// its record but before removing the whole plan ends its work when run
// again, markers gone or not.
func TestConvertFinalizeStoppedMidway(t *testing.T) {
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 1)
	one := filepath.Join(dir, "one")
	mustRun(t, 0, "convert", src, one)
	dst := filepath.Join(dir, "dst")
	mustRun(t, 0, "convert", "--plan", src, dst)
	mustRun(t, 0, "convert", "--part", "0/1", src, dst)
	plan, _ := os.ReadFile(filepath.Join(dst, convert.PlanKey))
	mustRun(t, 0, "convert", "--finalize", "--parts", "1", dst)
	var f struct {
		SHA256 string `json:"sha256"`
	}
	json.Unmarshal(plan, &f)
	// As if finalize had stopped after removing the markers.
	os.MkdirAll(filepath.Join(dst, convert.Dir), 0o777)
	os.WriteFile(filepath.Join(dst, convert.PlanKey), plan, 0o666)
	rec, _ := json.Marshal(map[string]string{"plan_sha256": f.SHA256})
	os.WriteFile(filepath.Join(dst, convert.FinalizedKey), rec, 0o666)
	mustRun(t, 0, "convert", "--finalize", "--parts", "1", dst)
	sameFiles(t, "finalize run again", storeFiles(t, dst), storeFiles(t, one))
	// As if finalize had stopped after removing the plan: only its record
	// is left, which --status reports and --finalize removes.
	os.MkdirAll(filepath.Join(dst, convert.Dir), 0o777)
	os.WriteFile(filepath.Join(dst, convert.FinalizedKey), rec, 0o666)
	if out := mustRun(t, 1, "convert", "--part", "0/1", src, dst); !strings.Contains(out, "is finalized") {
		t.Errorf("--part after finalize: %s", out)
	}
	if out := mustRun(t, 0, "convert", "--status", "--parts", "1", dst); !strings.Contains(out, "finalized; the plan is being removed") {
		t.Errorf("--status with the record alone: %s", out)
	}
	if out := mustRun(t, 0, "convert", "--finalize", "--parts", "1", dst); !strings.Contains(out, "already finalized") {
		t.Errorf("--finalize with the record alone: %s", out)
	}
	sameFiles(t, "record removed", storeFiles(t, dst), storeFiles(t, one))
	if _, err := os.Stat(filepath.Join(dst, ".zcodec")); err == nil {
		t.Error("the plan's directory is left in DST")
	}
}

func TestConvertPartsUsage(t *testing.T) {
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 1)
	dst := filepath.Join(dir, "dst")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--part", "2/2", src, dst}, "I must be between 0 and N-1"},
		{[]string{"--part", "-1/2", src, dst}, "I must be"},
		{[]string{"--part", "1", src, dst}, "want I/N"},
		{[]string{"--part", "0/0", src, dst}, "N must be"},
		{[]string{"--part", "0/2", src, dst}, "run zcodec convert --plan"},
		{[]string{"--part", "0/2", "--codecs", "x.json", src, dst}, "go with --plan"},
		{[]string{"--plan", "--part", "0/2", src, dst}, "give one of"},
		{[]string{"--finalize", dst}, "needs --parts N"},
		{[]string{"--finalize", "--parts", "0", dst}, "--parts 0"},
		{[]string{"--finalize", "--parts", "2", src, dst}, "takes DST only"},
		{[]string{"--finalize", "--parts", "2", dst}, "run zcodec convert --plan"},
		{[]string{"--status", "--parts", "2", "--consolidate", dst}, "writes nothing"},
		{[]string{"--parts", "2", src, dst}, "goes with --finalize"},
		{[]string{src, "http://example.com/x"}, "read-only"},
		{[]string{"--consolidate", filepath.Join(src, "b"), dst}, "is an array"},
	} {
		out, errs, code := runIn(t, nil, append([]string{"convert"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("convert %v: exit %d, want 2 and %q\n%s%s", c.args, code, c.want, out, errs)
		}
	}
	// --plan into a DST that holds something else, or another plan.
	full := filepath.Join(dir, "full")
	os.MkdirAll(full, 0o777)
	os.WriteFile(filepath.Join(full, "x"), nil, 0o666)
	if out := mustRun(t, 1, "convert", "--plan", src, full); !strings.Contains(out, "not empty") {
		t.Errorf("--plan into a non-empty DST: %s", out)
	}
	mustRun(t, 0, "convert", "--plan", src, dst)
	codecs := filepath.Join(dir, "codecs.json")
	os.WriteFile(codecs, []byte(`[{"name":"bytes","configuration":{"endian":"big"}}]`), 0o666)
	if out := mustRun(t, 1, "convert", "--plan", "--codecs", codecs, src, dst); !strings.Contains(out, "plan of another conversion") {
		t.Errorf("--plan over another plan: %s", out)
	}
}

// startSlowPart starts part (I/N) of the plan in dst as a process that
// waits delay after each unit.
func startSlowPart(t *testing.T, src, dst, part, delay string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(zcodecBin, "convert", "--part", part, src, dst)
	cmd.Env = append(os.Environ(), unitDelayEnv+"="+delay)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// waitForUnits waits until dst holds at least n keys besides the plan.
func waitForUnits(t *testing.T, dst string, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		files := storeFiles(t, dst)
		delete(files, convert.PlanKey)
		if len(files) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("DST holds %d keys after 30 s, want %d", len(files), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestConvertHDF5InParts converts an HDF5 file in two parts: --plan lists
// the dataset it leaves out (a virtual dataset), the parts and --finalize
// write what a one-process conversion writes, and every array reads back
// element for element as the file's dataset.
func TestConvertHDF5InParts(t *testing.T) {
	const src = "../../testdata/hdf5files/layout_v4_sb3.h5"
	dir := t.TempDir()
	one := filepath.Join(dir, "one.zarr")
	mustRun(t, 0, "convert", src, one)
	dst := filepath.Join(dir, "parts.zarr")
	out := mustRun(t, 0, "convert", "--plan", src, dst)
	if !strings.Contains(out, src+"/virtual: ") || !strings.Contains(out, "1 array cannot be converted; skipped") {
		t.Errorf("--plan does not list the virtual dataset:\n%s", out)
	}
	mustRun(t, 1, "convert", "--status", "--parts", "2", dst)
	for _, p := range []string{"0/2", "1/2"} {
		if out := mustRun(t, 0, "convert", "--part", p, src, dst); !strings.Contains(out, "part "+p+": units ") {
			t.Errorf("--part %s: %s", p, out)
		}
	}
	mustRun(t, 0, "convert", "--status", "--parts", "2", dst)
	if out := mustRun(t, 0, "convert", "--finalize", "--parts", "2", dst); !strings.Contains(out, "2 parts checked, metadata published") || !strings.Contains(out, "/virtual: ") {
		t.Errorf("--finalize: %s", out)
	}
	sameFiles(t, "HDF5 in parts", storeFiles(t, dst), storeFiles(t, one))

	ctx := context.Background()
	h5, err := store.Open(ctx, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := zarr.OpenGroup(ctx, h5, "")
	if err != nil {
		t.Fatal(err)
	}
	members, _ := g.Members(ctx) // the virtual dataset is a problem
	d, err := store.OpenDir(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	compared := 0
	for _, m := range members {
		if m.Kind != "array" || m.Path == "virtual" {
			continue
		}
		a, err := m.OpenArray(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := zarr.Open(ctx, d, m.Path, nil)
		if err != nil {
			t.Fatalf("%s: %v", m.Path, err)
		}
		r := region.Whole(a.Shape())
		want := make([]byte, r.Size()*int64(a.DataType().Size()))
		got := make([]byte, len(want))
		if err := a.ReadRegion(ctx, r, want); err != nil {
			t.Fatal(err)
		}
		if err := b.ReadRegion(ctx, r, got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || b.Format() != 3 {
			t.Errorf("%s: the converted array differs from the dataset", m.Path)
		}
		compared++
	}
	if compared < 20 {
		t.Errorf("%d arrays compared", compared)
	}
}

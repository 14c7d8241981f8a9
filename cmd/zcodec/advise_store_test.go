package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// storeField is a float32 array written into a directory store for the
// tests of advise PATH.
type storeField struct {
	path   string
	shape  []int64
	values []float32
	fill   float32
}

// writeStoreField writes values (C order over shape) as a Zarr v3 array
// with the given chunks and fill value, stored losslessly, with
// attributes.
func writeStoreField(t *testing.T, dir string, shape []int64, chunks []int, fill float32, values []float32) storeField {
	t.Helper()
	path := filepath.Join(dir, fmt.Sprintf("field-%d.zarr", rand.Uint32()))
	d, err := store.CreateDir(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":1,"checksum":false}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	m := &metadata.ArrayDefinition{Shape: shape, DataType: numeric.Float32, ChunkShape: chunks,
		FillValue: numeric.FloatScalar(numeric.Float32, float64(fill)), Codecs: chain.Codecs,
		Attributes: json.RawMessage(`{"units":"K"}`)}
	ctx := context.Background()
	a, err := zarr.Create(ctx, d, "", m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := zarr.Write(ctx, a, region.Whole(shape), values); err != nil {
		t.Fatal(err)
	}
	return storeField{path: path, shape: shape, values: values, fill: fill}
}

// smoothValues returns a smooth field over shape (2-D) with a hole of NaN.
func smoothValues(shape []int64, base, amp float64, holes bool) []float32 {
	ny, nx := int(shape[0]), int(shape[1])
	v := make([]float32, ny*nx)
	for y := range ny {
		for x := range nx {
			f := base + amp*math.Sin(float64(y)/9) + amp/2*math.Cos(float64(x)/5) + amp/50*math.Sin(float64(x*y))
			if holes && (y-ny/3)*(y-ny/3)+(x-nx/2)*(x-nx/2) < ny*nx/40 {
				f = math.NaN()
			}
			v[y*nx+x] = float32(f)
		}
	}
	return v
}

// checkApplied reads the array at dst and compares every element with the
// original values independently of the advisor: exactly (math/big) within
// abs or rel * |x|, NaN for NaN, and the metadata of the source kept.
func checkApplied(t *testing.T, f storeField, dst string, chunks []int, abs, rel float64) {
	t.Helper()
	ctx := context.Background()
	d, err := store.OpenDir(dst)
	if err != nil {
		t.Fatalf("--apply left no store: %v", err)
	}
	defer d.Close()
	a, err := zarr.Open(ctx, d, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(a.Shape()) != fmt.Sprint(f.shape) || fmt.Sprint(a.ChunkShape()) != fmt.Sprint(chunks) ||
		a.FillValue().Float64() != float64(f.fill) && !(math.IsNaN(a.FillValue().Float64()) && math.IsNaN(float64(f.fill))) ||
		mustCompact(t, a.Attributes()) != `{"units":"K"}` {
		t.Errorf("DST: shape %v chunks %v fill %v attributes %s", a.Shape(), a.ChunkShape(), a.FillValue(), a.Attributes())
	}
	got, err := zarr.Read[float32](ctx, a, region.Whole(f.shape))
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for i, x := range f.values {
		y := got[i]
		if math.IsNaN(float64(x)) || math.IsNaN(float64(y)) {
			if math.IsNaN(float64(x)) != math.IsNaN(float64(y)) {
				bad++
			}
			continue
		}
		diff := new(big.Float).SetPrec(0).Sub(new(big.Float).SetPrec(200).SetFloat64(float64(y)), new(big.Float).SetFloat64(float64(x)))
		diff.Abs(diff)
		bound := new(big.Float).SetPrec(200).SetFloat64(abs)
		if rel != 0 {
			bound.Mul(new(big.Float).SetPrec(200).SetFloat64(rel), new(big.Float).SetFloat64(math.Abs(float64(x))))
		}
		if diff.Cmp(bound) > 0 {
			if bad < 3 {
				t.Errorf("element %d: %v decoded as %v", i, x, y)
			}
			bad++
		}
	}
	if bad > 0 {
		t.Fatalf("%d of %d elements beyond the tolerance", bad, len(f.values))
	}
}

// TestAdviseStore: every chunk of an array with edge chunks in both
// dimensions, a fill value far outside the data and a hole of NaN; the
// chain is applied and holds over every element, the DST keeps the
// source's shape, chunks, fill and attributes, and --out holds the codecs
// DST was written with.
func TestAdviseStore(t *testing.T) {
	dir := t.TempDir()
	shape, chunks := []int64{50, 70}, []int{16, 32}
	f := writeStoreField(t, dir, shape, chunks, -9999, smoothValues(shape, 280, 10, true))
	dst, out := filepath.Join(dir, "dst.zarr"), filepath.Join(dir, "codecs.json")
	stdout, stderr, code := zcodec(t, nil, "advise", f.path, "--abs-tol", "0.01", "--full", "--compressors", "zstd,lz4", "--apply", dst, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"array: float32 chunks of [16 32], fill value -9999", "sample: 12 chunk(s) of 12, 24.0 KiB, every chunk",
		"values: 264.8595 to 295.1377; NaN 277", "chosen: scale_offset+cast_value uint16", "\napplied: wrote " + dst, "read back every element (3500): max abs error 0.00",
		"every NaN kept: within the tolerance"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "-9999 of") || strings.Contains(stdout, "values: -9999") {
		t.Errorf("the fill value of the edge chunks' padding was taken as data:\n%s", stdout)
	}
	checkApplied(t, f, dst, chunks, 0.01, 0)
	written, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	zj, err := os.ReadFile(filepath.Join(dst, "zarr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Codecs json.RawMessage `json:"codecs"`
	}
	if err := json.Unmarshal(zj, &doc); err != nil || mustCompact(t, doc.Codecs) != mustCompact(t, written) {
		t.Errorf("DST's codecs\n%s\ndiffer from --out\n%s", doc.Codecs, written)
	}
}

// TestAdviseStoreSample: --sample N reads N chunks spread over the grid,
// the default reads every chunk of a small array (at most the default
// count), and --json reports the sample and what --apply measured.
func TestAdviseStoreSample(t *testing.T) {
	dir := t.TempDir()
	shape, chunks := []int64{60, 100}, []int{10, 10} // 60 chunks
	f := writeStoreField(t, dir, shape, chunks, float32(math.NaN()), smoothValues(shape, 15, 3, false))
	type report struct {
		Sample struct {
			Chunks      int   `json:"chunks"`
			Complete    bool  `json:"complete"`
			ArrayChunks int64 `json:"array_chunks"`
		} `json:"sample"`
		Chosen  *int `json:"chosen"`
		Applied *struct {
			Elements  int64   `json:"elements"`
			MaxAbs    float64 `json:"max_abs_error"`
			Within    bool    `json:"within"`
			Stored    int64   `json:"stored_bytes"`
			Exceeding int64   `json:"exceeding"`
		} `json:"applied"`
	}
	for _, tc := range []struct {
		args     []string
		chunks   int
		complete bool
	}{
		{[]string{"--sample", "5"}, 5, false},
		{nil, defaultSampleChunks, false},
		{[]string{"--sample", "60"}, 60, true},
		{[]string{"--sample", "1000"}, 60, true},
		{[]string{"--full"}, 60, true},
	} {
		dst := filepath.Join(dir, fmt.Sprintf("dst-%d", rand.Uint32()))
		args := append([]string{"advise", f.path, "--abs-tol", "0.02", "--compressors", "zstd", "--json", "--apply", dst}, tc.args...)
		stdout, stderr, code := zcodec(t, nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", tc.args, code, stderr)
		}
		var r report
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("%v: %v\n%s", tc.args, err, stdout)
		}
		if r.Sample.Chunks != tc.chunks || r.Sample.Complete != tc.complete || r.Sample.ArrayChunks != 60 {
			t.Errorf("%v: sample %+v, want %d chunks, complete %v", tc.args, r.Sample, tc.chunks, tc.complete)
		}
		if r.Chosen == nil || r.Applied == nil || !r.Applied.Within || r.Applied.Elements != 6000 || r.Applied.MaxAbs > 0.02 || r.Applied.Stored <= 0 {
			t.Fatalf("%v: chosen %v, applied %+v", tc.args, r.Chosen, r.Applied)
		}
		checkApplied(t, f, dst, chunks, 0.02, 0)
	}
}

// TestAdviseApplyFailures: a value the sample did not show breaks the
// chain on the whole array, loudly: beyond every code it fails to encode;
// on the code reserved for NaN it decodes as NaN, which the verification
// of every element finds. Either way nothing is left at DST, --out is not
// written, and --full (which measures every chunk) finds a chain that
// holds.
func TestAdviseApplyFailures(t *testing.T) {
	dir := t.TempDir()
	shape, chunks := []int64{8, 20}, []int{8, 10} // two chunks; --sample 1 reads the second
	base := smoothValues(shape, 100, 2, false)
	// The chain the second chunk alone leads to.
	probe := writeStoreField(t, dir, shape, chunks, float32(math.NaN()), base)
	args := []string{"--abs-tol", "0.05", "--dtypes", "uint8", "--compressors", "zstd", "--sample", "1"}
	stdout, stderr, code := zcodec(t, nil, append([]string{"advise", probe.path, "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Sample struct {
			Chunks int `json:"chunks"`
		} `json:"sample"`
		Codecs []struct {
			Name          string `json:"name"`
			Configuration struct {
				Offset, Scale float64
			} `json:"configuration"`
		} `json:"codecs"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || rep.Sample.Chunks != 1 || rep.Codecs[0].Name != "scale_offset" {
		t.Fatalf("%v %+v\n%s", err, rep, stdout)
	}
	offset, scale := rep.Codecs[0].Configuration.Offset, rep.Codecs[0].Configuration.Scale
	for _, tc := range []struct {
		name    string
		outlier float32
		want    string
	}{
		{"beyond every code", float32(offset + 1000/scale), "nothing was written to"},
		{"on the NaN code", float32(offset + 255/scale), "the chain breaks the tolerance"},
	} {
		values := append([]float32(nil), base...)
		values[3] = tc.outlier // in the first chunk, which the sample does not read
		f := writeStoreField(t, dir, shape, chunks, float32(math.NaN()), values)
		dst, out := filepath.Join(dir, "dst-"+tc.name), filepath.Join(dir, "out-"+tc.name)
		stdout, stderr, code := zcodec(t, nil, append([]string{"advise", f.path, "--apply", dst, "--out", out}, args...)...)
		if code != 1 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "--apply: ") {
			t.Errorf("%s: exit %d, stderr:\n%s\nstdout:\n%s", tc.name, code, stderr, stdout)
		}
		if _, err := os.Lstat(dst); err == nil {
			t.Errorf("%s: DST exists", tc.name)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Errorf("%s: --out was written", tc.name)
		}
		leftovers, _ := filepath.Glob(filepath.Join(dir, ".dst-*"))
		if len(leftovers) > 0 {
			t.Errorf("%s: left %v", tc.name, leftovers)
		}
		full := append([]string{"advise", f.path, "--apply", dst, "--full"}, args[:len(args)-2]...)
		if _, stderr, code := zcodec(t, nil, full...); code != 0 {
			t.Errorf("%s: --full: exit %d: %s", tc.name, code, stderr)
			continue
		}
		checkApplied(t, f, dst, chunks, 0.05, 0)
	}
}

// TestAdviseStoreV2: a Zarr v2 array written by zarr 2.13, with edge
// chunks in every dimension, read as the sample.
func TestAdviseStoreV2(t *testing.T) {
	stdout, stderr, code := zcodec(t, nil, "advise", stores+"zarr213_plain/f8_3d_edges", "--rel-tol", "1e-4", "--compressors", "zstd")
	if code != 0 || !strings.Contains(stdout, "array: float64 chunks of [2 4 3]") || !strings.Contains(stdout, "chosen: ") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestAdviseStoreProperty: for random fields, chunkings, fill values and
// tolerances, advise PATH --apply either writes an array whose every
// element keeps the tolerance (checked here, independently) or fails
// leaving nothing at DST; with --full it always succeeds.
func TestAdviseStoreProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2026))
	dir := t.TempDir()
	n := 10
	if testing.Short() {
		n = 3
	}
	for i := range n {
		shape := []int64{int64(10 + r.IntN(60)), int64(10 + r.IntN(60))}
		chunks := []int{4 + r.IntN(20), 4 + r.IntN(20)}
		base, amp := r.NormFloat64()*math.Pow(10, float64(r.IntN(4))), math.Pow(10, float64(r.IntN(3)-1))
		fills := []float32{float32(math.NaN()), 0, -9999, float32(base)}
		fill := fills[r.IntN(len(fills))]
		f := writeStoreField(t, dir, shape, chunks, fill, smoothValues(shape, base, amp, r.IntN(2) == 0))
		abs, rel := 0.0, 0.0
		var tolArgs []string
		if r.IntN(3) == 0 {
			rel = math.Pow(10, -float64(2+r.IntN(3)))
			tolArgs = []string{"--rel-tol", fmt.Sprint(rel)}
		} else {
			abs = amp * math.Pow(10, -float64(1+r.IntN(3))) * (1 + r.Float64())
			tolArgs = []string{"--abs-tol", fmt.Sprint(abs)}
		}
		for _, mode := range [][]string{{"--sample", fmt.Sprint(1 + r.IntN(4))}, {"--full"}} {
			dst := filepath.Join(dir, fmt.Sprintf("dst-%d-%s", i, mode[0][2:]))
			args := append(append([]string{"advise", f.path, "--compressors", "zstd,lz4", "--apply", dst}, tolArgs...), mode...)
			stdout, stderr, code := zcodec(t, nil, args...)
			what := fmt.Sprintf("case %d: %v %v chunks %v fill %v", i, args[2:], shape, chunks, fill)
			switch {
			case code == 0:
				checkApplied(t, f, dst, chunks, abs, rel)
			case code == 1 && mode[0] == "--sample" && strings.Contains(stderr, "nothing was written"):
				if _, err := os.Lstat(dst); err == nil {
					t.Errorf("%s: failed but left DST", what)
				}
			default:
				t.Errorf("%s: exit %d\n%s\n%s", what, code, stderr, stdout)
			}
		}
	}
}

// TestAdviseMaxSampleBytes: a sample (--full, --sample N, CHUNK files) whose
// chunks would hold more than --max-sample-bytes is refused before any
// chunk is read: the chunks here are corrupt, so reading one would fail
// with a decode error instead (and --full on a 4 GiB array ran out of
// memory).
func TestAdviseMaxSampleBytes(t *testing.T) {
	dir := t.TempDir()
	shape := []int64{30, 40} // 12 chunks of 10x10 float32: 400 bytes each, 4800 in all
	f := writeStoreField(t, dir, shape, []int{10, 10}, -1, smoothValues(shape, 280, 10, false))
	args := []string{"advise", f.path, "--abs-tol", "0.01", "--compressors", "zstd", "--max-sample-bytes", "4KiB"}
	if _, stderr, code := zcodec(t, nil, append(args, "--sample", "10")...); code != 0 {
		t.Fatalf("--sample 10 (4000 bytes) within 4KiB: exit %d: %s", code, stderr)
	}
	chunkFiles, _ := filepath.Glob(filepath.Join(f.path, "c", "*", "*"))
	if len(chunkFiles) != 12 {
		t.Fatalf("%d chunk files", len(chunkFiles))
	}
	for _, c := range chunkFiles {
		if err := os.WriteFile(c, []byte("not zstd"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		extra []string
		want  string
	}{
		{[]string{"--full"}, "--full would hold 12 chunks of 400 bytes (4.7 KiB), more than --max-sample-bytes 4KiB: give --sample N for fewer chunks, or raise --max-sample-bytes"},
		{[]string{"--sample", "11"}, "--sample 11 would hold 11 chunks of 400 bytes (4.3 KiB), more than --max-sample-bytes 4KiB: give a smaller --sample, or raise --max-sample-bytes"},
		{[]string{"--max-sample-bytes", "300"}, "the sample would hold 1 chunk of 400 bytes (400 bytes), more than --max-sample-bytes 300: a sample holds at least one chunk; raise --max-sample-bytes"},
	} {
		_, stderr, code := zcodec(t, nil, append(args, tc.extra...)...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", tc.extra, code, stderr, tc.want)
		}
	}
	// CHUNK files: refused before any is read (these do not exist).
	meta := filepath.Join(f.path, "zarr.json")
	var files []string
	for i := range 11 {
		files = append(files, filepath.Join(dir, fmt.Sprintf("missing-%d", i)))
	}
	_, stderr, code := zcodec(t, nil, append([]string{"advise", "--metadata", meta, "--abs-tol", "0.01", "--max-sample-bytes", "4KiB"}, files...)...)
	if want := "11 CHUNK files would hold 11 chunks of 400 bytes (4.3 KiB), more than --max-sample-bytes 4KiB: give fewer CHUNK files, or raise --max-sample-bytes"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("CHUNK files: exit %d, stderr %q; want %q", code, stderr, want)
	}
}

// TestAdviseWorkersWithinChunkBudget: each chain at work holds a decoded
// and an encoded chunk, so advise runs no more chains at once than
// --max-chunk-bytes holds (at least one), as verify decodes no more chunks
// at once; GOMAXPROCS chains of nearly the limit took GOMAXPROCS times it.
func TestAdviseWorkersWithinChunkBudget(t *testing.T) {
	t.Setenv("GOMAXPROCS", "4")
	dir := t.TempDir()
	shape := []int64{30, 40} // chunks of 10x10 float32: 400 bytes, 800 with its encoded copy
	f := writeStoreField(t, dir, shape, []int{10, 10}, -1, smoothValues(shape, 280, 10, false))
	for _, tc := range []struct {
		limit   string
		workers int
	}{{"1GiB", 4}, {"2000", 2}, {"1000", 1}, {"400", 1}} {
		stdout, stderr, code := zcodecProcess(t, nil, "advise", f.path, "--abs-tol", "0.01", "--compressors", "zstd", "--json", "--max-chunk-bytes", tc.limit) // GOMAXPROCS is read at start
		var r struct {
			Concurrency int `json:"concurrency"`
		}
		if code != 0 || json.Unmarshal([]byte(stdout), &r) != nil || r.Concurrency != tc.workers {
			t.Errorf("--max-chunk-bytes %s: exit %d, concurrency %d, want %d\n%s", tc.limit, code, r.Concurrency, tc.workers, stderr)
		}
	}
}

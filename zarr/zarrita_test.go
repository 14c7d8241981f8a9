package zarr

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// zarrita runs testdata/zarrita/zarrita.mjs (zarrita.js under node)
// and returns the arrays it reports; the test is skipped when node or the
// zarrita package is not installed.
func zarrita(t *testing.T, args ...string) []zarritaArray {
	t.Helper()
	dir, _ := filepath.Abs("../testdata/zarrita")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: zarrita.js comparisons skipped")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "zarrita")); err != nil {
		t.Skip("zarrita.js is not installed: run npm ci --prefix testdata/zarrita")
	}
	cmd := exec.Command("node", append([]string{filepath.Join(dir, "zarrita.mjs")}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("zarrita.mjs %v: %v\n%s", args, err, stderr)
	}
	var doc struct {
		Arrays []zarritaArray `json:"arrays"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("zarrita.mjs output: %v", err)
	}
	return doc.Arrays
}

type zarritaArray struct {
	Path     string   `json:"path"`
	Shape    []int64  `json:"shape"`
	DataType string   `json:"data_type"`
	Hex      string   `json:"hex"`     // what zarrita reads
	Written  string   `json:"written"` // what zarrita was given to write (write only)
	Strings  []string `json:"strings"` // the elements of a text array, instead of Hex
}

// TestZcodecReadsZarrita: zarrita writes arrays, and zcodec reads the
// values zarrita was given; zarrita reads the same, except where zarrita
// 0.7.5 reads its own transposed chunks wrongly (it stores them right: the
// chunk bytes are the transposed chunk, which zcodec and zarr-python read
// back as written).
func TestZcodecReadsZarrita(t *testing.T) {
	dir := t.TempDir()
	arrays := zarrita(t, "write", dir)
	ctx := context.Background()
	d, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if len(arrays) < 4 {
		t.Fatalf("zarrita wrote %d arrays", len(arrays))
	}
	for _, want := range arrays {
		t.Run(want.Path, func(t *testing.T) {
			a, err := Open(ctx, d, want.Path, nil)
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, region.NumElements(a.Shape())*int64(a.DataType().Size()))
			if err := a.ReadRegion(ctx, region.Whole(a.Shape()), buf); err != nil {
				t.Fatal(err)
			}
			sameValues(t, want.Path+" (the values given to zarrita)", a.DataType(), buf, want.Written)
			if want.Path != "u1_transpose" {
				sameValues(t, want.Path+" (the values zarrita reads)", a.DataType(), buf, want.Hex)
			}
		})
	}
}

// TestZarritaReadsZcodec: zcodec writes arrays (edge chunks, absent chunks,
// both separators, the demo chain), zarrita reads them, and the values
// match element by element.
func TestZarritaReadsZcodec(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	CreateGroup(ctx, d, "", nil)
	type written struct {
		path string
		a    *Array
	}
	var all []written
	add := func(path string, m func() *Array) { all = append(all, written{path, m()}) }

	add("f4_zstd_nan", func() *Array {
		a := create(t, d, "f4_zstd_nan", newMeta(t, []int64{10, 7}, []int{4, 4}, numeric.Float32, `"NaN"`,
			`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":3,"checksum":false}}]`, ""), 2)
		v := make([]float32, 6*7)
		for i := range v {
			v[i] = float32(math.Sin(float64(i)/3)*20 + 10)
		}
		v[5] = float32(math.NaN())
		Write(ctx, a, region.FromShape([]int64{0, 0}, []int64{6, 7}), v)
		return a
	})
	add("i2_shuffle_lz4_dot", func() *Array {
		a := create(t, d, "i2_shuffle_lz4_dot", newMeta(t, []int64{9}, []int{4}, numeric.Int16, "7",
			`[{"name":"bytes","configuration":{"endian":"big"}},{"name":"numcodecs.shuffle","configuration":{"elementsize":2}},{"name":"numcodecs.lz4","configuration":{"acceleration":1}}]`,
			`{"name":"default","configuration":{"separator":"."}}`), 1)
		Write(ctx, a, region.Whole([]int64{9}), []int16{-300, -2, 0, 1, 7, 7, 7, 7, 32767})
		return a
	})
	add("g/u1_gzip_crc32c_3d", func() *Array {
		CreateGroup(ctx, d, "g", []byte(`{"note":"nested"}`))
		a := create(t, d, "g/u1_gzip_crc32c_3d", newMeta(t, []int64{4, 5, 6}, []int{2, 2, 4}, numeric.Uint8, "255",
			`["bytes",{"name":"gzip","configuration":{"level":6}},{"name":"crc32c"}]`, ""), 2)
		v := make([]uint8, 2*4*4)
		for i := range v {
			v[i] = uint8(i * 7)
		}
		Write(ctx, a, region.FromShape([]int64{1, 1, 2}, []int64{2, 4, 4}), v)
		return a
	})
	add("f8_demo_chain", func() *Array {
		a := create(t, d, "f8_demo_chain", newMeta(t, []int64{64, 48}, []int{32, 16}, numeric.Float64, `"NaN"`,
			`[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},
			  {"name":"cast_value","configuration":{"data_type":"uint8","rounding":"nearest-even","out_of_range":"clamp",
			    "scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},
			  "bytes",{"name":"zstd","configuration":{"level":3,"checksum":false}}]`, ""), 2)
		v := make([]float64, 64*48)
		for i := range v {
			v[i] = 273.15 + 20*math.Sin(float64(i)/50)
		}
		v[7] = math.NaN()
		Write(ctx, a, region.Whole([]int64{64, 48}), v)
		return a
	})
	add("u2_sharded", func() *Array {
		a := create(t, d, "u2_sharded", newMeta(t, []int64{20, 17}, []int{8, 9}, numeric.Uint16, "3", shardedChain, ""), 2)
		v := make([]uint16, 14*17)
		for i := range v {
			v[i] = uint16(i * 13)
		}
		Write(ctx, a, region.FromShape([]int64{0, 0}, []int64{14, 17}), v)
		return a
	})
	// zarrita 0.7.5 reads every shard index from the end, whatever
	// index_location says, so only "end" is compared here.
	add("f4_sharded_gzip", func() *Array {
		chain := `[{"name":"sharding_indexed","configuration":{"chunk_shape":[2,5],
			"codecs":[{"name":"bytes","configuration":{"endian":"big"}},{"name":"gzip","configuration":{"level":1}}],
			"index_codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"index_location":"end"}}]`
		a := create(t, d, "f4_sharded_gzip", newMeta(t, []int64{7, 10}, []int{4, 10}, numeric.Float32, `"NaN"`, chain, ""), 1)
		v := make([]float32, 5*10)
		for i := range v {
			v[i] = float32(i) / 3
		}
		Write(ctx, a, region.FromShape([]int64{2, 0}, []int64{5, 10}), v)
		return a
	})
	paths := make([]string, len(all))
	for i, w := range all {
		paths[i] = w.path
	}
	got := zarrita(t, append([]string{"read", dir}, paths...)...)
	if len(got) != len(all) {
		t.Fatalf("zarrita read %d arrays of %d", len(got), len(all))
	}
	for i, w := range all {
		ours := make([]byte, region.NumElements(w.a.Shape())*int64(w.a.DataType().Size()))
		if err := w.a.ReadRegion(ctx, region.Whole(w.a.Shape()), ours); err != nil {
			t.Fatal(err)
		}
		sameValues(t, w.path+" (zarrita's values against zcodec's)", w.a.DataType(), ours, got[i].Hex)
		if got[i].DataType != w.a.DataType().String() {
			t.Errorf("%s: zarrita sees %s", w.path, got[i].DataType)
		}
	}
}

package sharding_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// zarritaArray is one sharded array zcodec writes for zarrita.js to read.
type zarritaArray struct {
	path   string
	dt     numeric.DataType
	fill   string // Zarr v3 fill-value JSON
	shape  []int  // the array's shape
	shard  []int  // the regular chunk grid's chunk shape
	chunk  []int  // the inner chunk shape
	inner  string // inner codecs JSON
	index  string // index codecs JSON
	values []byte // the array, C order, little-endian
}

// TestZarritaReadsWhatZcodecWrites writes a directory store of sharded
// arrays by hand (zarr.json and one file per shard under c/), encoding the
// shards with zcodec, and has zarrita.js read them back through its
// sharding support (index suffix read, then inner chunk ranges). zarrita
// reads the index from the end of a shard only, so every array here keeps
// it there. It needs node and the packages of testdata/zarrita at the
// repository's root (install them with `npm ci --prefix testdata/zarrita`); without
// them the test is skipped. The reverse check (zarrita writing a sharded
// array for zcodec to read) is not possible: zarrita 0.7.5 refuses to write
// sharded arrays ("set on sharded arrays" is unsupported).
func TestZarritaReadsWhatZcodecWrites(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the zarrita.js check")
	}
	script, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "zarrita", "read_arrays.mjs"))
	if _, err := os.Stat(filepath.Join("..", "..", "testdata", "zarrita", "node_modules", "zarrita")); err != nil {
		t.Skip("zarrita.js is not installed: run `npm ci --prefix testdata/zarrita` to enable this check")
	}
	arrays := []*zarritaArray{
		{path: "f32_zstd", dt: numeric.Float32, fill: "0", shape: []int{20, 13}, shard: []int{8, 8}, chunk: []int{4, 2}, inner: zstdLE, index: indexCRC},
		{path: "i16_gzip_plain_index", dt: numeric.Int16, fill: "-7", shape: []int{9, 9}, shard: []int{6, 6}, chunk: []int{3, 3}, inner: gzipLE, index: bytesLE},
		{path: "u8_3d", dt: numeric.Uint8, fill: "255", shape: []int{5, 6, 7}, shard: []int{4, 6, 4}, chunk: []int{2, 3, 4}, inner: bytesLE, index: indexCRC},
		{path: "f64_nan_crc_inner", dt: numeric.Float64, fill: `"NaN"`, shape: []int{17}, shard: []int{8}, chunk: []int{2}, inner: indexCRC, index: indexCRC},
		{path: "u32_big_endian", dt: numeric.Uint32, fill: "0", shape: []int{4, 4}, shard: []int{4, 4}, chunk: []int{2, 2},
			inner: `[{"name": "bytes", "configuration": {"endian": "big"}}]`, index: `[{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "crc32c"}]`},
	}
	dir := t.TempDir()
	var paths []string
	for _, a := range arrays {
		a.write(t, dir)
		paths = append(paths, a.path)
	}
	cmd := exec.Command(node, append([]string{script, dir}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got map[string]struct {
		Shape []int  `json:"shape"`
		Hex   string `json:"hex"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node output: %v\n%s", err, out)
	}
	for _, a := range arrays {
		g := got[a.path]
		if g.Error != "" {
			t.Errorf("%s: zarrita: %s", a.path, g.Error)
			continue
		}
		vals, _ := hex.DecodeString(g.Hex)
		if fmt.Sprint(g.Shape) != fmt.Sprint(a.shape) || !bytes.Equal(vals, a.values) {
			t.Errorf("%s: zarrita read shape %v\n %x\nwant %v\n %x", a.path, g.Shape, vals, a.shape, a.values)
		}
	}
}

// write fills the array with varied values (some whole inner chunks and
// shards left at the fill value), and writes zarr.json and the shards that
// are not entirely fill.
func (a *zarritaArray) write(t *testing.T, dir string) {
	t.Helper()
	p := pipeline(t, shardJSON(a.chunk, a.inner, a.index, "end"), a.dt, a.fill, a.shard...)
	fill := p.Spec().FillValue.Bytes()
	elem := len(fill)
	n := prod(a.shape)
	a.values = ramp(a.dt, n)
	for i := 0; i < n; i += 1 + i%5 {
		if i%7 < 3 {
			copy(a.values[i*elem:], fill)
		}
	}
	if len(a.shape) == 2 && a.shape[0] > 16 { // a whole shard row of fill: that shard is not written
		putBox(a.values, a.shape, []int{16, 0}, []int{a.shape[0] - 16, a.shape[1]}, elem, bytes.Repeat(fill, (a.shape[0]-16)*a.shape[1]))
	}
	root := filepath.Join(dir, a.path)
	meta := fmt.Sprintf(`{"zarr_format": 3, "node_type": "array", "shape": %s, "data_type": %q,
  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": %s}},
  "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
  "fill_value": %s, "codecs": %s, "attributes": {}}`,
		jsonInts(a.shape), a.dt.String(), jsonInts(a.shard), a.fill, shardJSON(a.chunk, a.inner, a.index, "end"))
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "zarr.json"), []byte(meta), 0o644); err != nil {
		t.Fatal(err)
	}
	grid := make([]int, len(a.shape))
	for d := range grid {
		grid[d] = (a.shape[d] + a.shard[d] - 1) / a.shard[d]
	}
	for s := range prod(grid) {
		coords := make([]int, len(grid))
		rem := s
		for d := len(grid) - 1; d >= 0; d-- {
			coords[d] = rem % grid[d]
			rem /= grid[d]
		}
		// The shard: the array's values where they exist, fill beyond.
		shard := bytes.Repeat(fill, prod(a.shard))
		start, box := make([]int, len(grid)), make([]int, len(grid))
		for d := range grid {
			start[d] = coords[d] * a.shard[d]
			box[d] = min(a.shard[d], a.shape[d]-start[d])
		}
		putBox(shard, a.shard, make([]int, len(grid)), box, elem, subArray(a.values, a.shape, start, box, elem))
		if bytes.Equal(shard, bytes.Repeat(fill, prod(a.shard))) {
			continue
		}
		enc, err := p.AppendEncode(nil, shard)
		if err != nil {
			t.Fatal(err)
		}
		key := filepath.Join(append([]string{root, "c"}, strings.Fields(strings.Trim(fmt.Sprint(coords), "[]"))...)...)
		if err := os.MkdirAll(filepath.Dir(key), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(key, enc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func jsonInts(s []int) string {
	b, _ := json.Marshal(s)
	return string(b)
}

package metadata_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"

	_ "github.com/zcodec/zcodec/codecs"
)

func rectDoc(shape, chunkShapes string) []byte {
	return doc(`"shape": ` + shape + `, "data_type": "uint8",
		"chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": ` + chunkShapes + `}},
		"fill_value": 0, "codecs": [{"name": "bytes"}]`)
}

func expandRuns(runs []region.Run) []int64 {
	var out []int64
	for _, r := range runs {
		for range r.Count {
			out = append(out, r.Length)
		}
	}
	return out
}

// The Example of the specification (chunk-grids/rectilinear/README.md),
// value for value: shape [6, 6, 6, 6, 6] and its five ways of giving
// edges, with the expansions its comments give.
func TestRectilinearSpecExample(t *testing.T) {
	t.Parallel()
	a, err := metadata.Parse(rectDoc(`[6, 6, 6, 6, 6]`, `[
		4,
		[1, 2, 3],
		[[4, 2]],
		[[1, 3], 3],
		[4, 4, 4]
	]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int64{{4, 4}, {1, 2, 3}, {4, 4}, {1, 1, 1, 3}, {4, 4, 4}}
	for d, w := range want {
		if got := expandRuns(a.ChunkEdges[d]); !slices.Equal(got, w) {
			t.Errorf("dimension %d expands to %v, want %v", d, got, w)
		}
	}
	if !slices.Equal(a.ChunkShape, []int{4, 3, 4, 3, 4}) {
		t.Errorf("ChunkShape (largest chunk) = %v", a.ChunkShape)
	}
	g, err := a.Grid()
	if err != nil {
		t.Fatal(err)
	}
	if n := region.GridBox(g).Size(); n != 2*3*2*4*2 {
		t.Errorf("%d chunks", n)
	}
	// Written back: runs, the regular dimensions as integers, the
	// overflow edge kept.
	out, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ChunkGrid json.RawMessage `json:"chunk_grid"`
	}
	json.Unmarshal(out, &m)
	if got, w := compactJSON(t, m.ChunkGrid), `{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[4,[1,2,3],4,[[1,3],3],[[4,3]]]}}`; got != w {
		t.Errorf("written grid %s\nwant %s", got, w)
	}
	b, err := metadata.Parse(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.ChunkEdges, b.ChunkEdges) {
		t.Errorf("round trip: %v, want %v", b.ChunkEdges, a.ChunkEdges)
	}
}

func compactJSON(t *testing.T, v []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The Indexing section's grid, [[16, 10], [24, 14]]: its prose gives
// chunk (0, 1) the shape [14, 16], its own rule [16, 14] (see
// region.TestRectilinearSpecIndexing); here the metadata side.
func TestRectilinearSpecIndexingGrid(t *testing.T) {
	t.Parallel()
	a, err := metadata.Parse(rectDoc(`[26, 38]`, `[[16, 10], [24, 14]]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := a.Grid()
	if s := region.ChunkShape(g, []int64{0, 1}); !slices.Equal(s, []int64{16, 14}) {
		t.Errorf("chunk (0, 1): %v", s)
	}
	if s := region.ChunkBox(g, []int64{0, 1}).Shape(); !slices.Equal(s, []int64{16, 14}) {
		t.Errorf("chunk (0, 1) box: %v", s)
	}
}

// A rectilinear grid that is regular is read, and written, as the regular
// grid.
func TestRectilinearThatIsRegular(t *testing.T) {
	t.Parallel()
	for _, cs := range []string{`[4, 3]`, `[[[4, 2]], [3, 3, 3, 3]]`, `[[4, 4], [[3, 3], 3]]`} {
		a, err := metadata.Parse(rectDoc(`[6, 10]`, cs), nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.ChunkEdges != nil || !slices.Equal(a.ChunkShape, []int{4, 3}) {
			t.Errorf("%s: edges %v, chunk shape %v; want regular [4 3]", cs, a.ChunkEdges, a.ChunkShape)
		}
		out, _ := a.MarshalJSON()
		if !strings.Contains(string(out), `"name": "regular"`) {
			t.Errorf("%s written as\n%s", cs, out)
		}
	}
	// Not regular: an edge past the array, or a short edge inside it.
	for _, cs := range []string{`[[4, 4, 4], 3]`, `[[4, 2], 3]`, `[[2, 4], 3]`} {
		a, err := metadata.Parse(rectDoc(`[6, 10]`, cs), nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.ChunkEdges == nil {
			t.Errorf("%s read as regular", cs)
		}
	}
}

func TestRectilinearDefinition(t *testing.T) {
	t.Parallel()
	def := &metadata.ArrayDefinition{
		Shape: []int64{1000, 5}, DataType: 0,
		ChunkEdges: [][]region.Run{{{Length: 1, Count: 500}, {Length: 250, Count: 2}}, {{Length: 5, Count: 1}}},
	}
	a0, _ := metadata.Parse(rectDoc(`[1]`, `[1]`), nil)
	def.DataType, def.FillValue, def.Codecs = a0.DataType, a0.FillValue, a0.Codecs
	out, err := def.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(compactJSON(t, out), `"chunk_shapes":[[[1,500],[250,2]],5]`) {
		t.Errorf("written %s", out)
	}
	a, err := metadata.Parse(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.ChunkEdges, def.ChunkEdges) || !slices.Equal(a.ChunkShape, []int{250, 5}) {
		t.Errorf("read %v %v", a.ChunkEdges, a.ChunkShape)
	}
	if d := a.Definition(); !reflect.DeepEqual(d.ChunkEdges, def.ChunkEdges) {
		t.Errorf("Definition: %v", d.ChunkEdges)
	}
	// Edges that do not cover the shape cannot be written.
	def.Shape = []int64{1001, 5}
	if _, err := def.MarshalJSON(); err == nil {
		t.Error("edges short of the shape written")
	}
}

func TestRectilinearProblems(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		shape, grid string
		pointer     string
		reason      string
	}{
		{`[6]`, `[[1, 2, 2]]`, "/chunk_grid/configuration/chunk_shapes/0", "short of the array's length 6"},
		{`[6]`, `[0]`, "/chunk_grid/configuration/chunk_shapes/0", "at least 1"},
		{`[6]`, `[-3]`, "/chunk_grid/configuration/chunk_shapes/0", "at least 1"},
		{`[6]`, `[[3, 0, 3]]`, "/chunk_grid/configuration/chunk_shapes/0/1", "at least 1"},
		{`[6]`, `[[[3, 0], 6]]`, "/chunk_grid/configuration/chunk_shapes/0/0/1", "count must be at least 1"},
		{`[6]`, `[[[0, 3], 6]]`, "/chunk_grid/configuration/chunk_shapes/0/0/0", "length must be at least 1"},
		{`[6]`, `[[[3, 2, 1]]]`, "/chunk_grid/configuration/chunk_shapes/0/0", "two integers"},
		{`[6]`, `[[[3]]]`, "/chunk_grid/configuration/chunk_shapes/0/0", "two integers"},
		{`[6]`, `[[2.5, 4]]`, "/chunk_grid/configuration/chunk_shapes/0/0", "integer"},
		{`[6]`, `[[[3, "2"]]]`, "/chunk_grid/configuration/chunk_shapes/0/0/1", "integer"},
		{`[6]`, `["6"]`, "/chunk_grid/configuration/chunk_shapes/0", "integer"},
		{`[6]`, `[[[[3, 2]]]]`, "/chunk_grid/configuration/chunk_shapes/0/0", "two integers"},
		{`[6]`, `[[[[3, 2], 1]]]`, "/chunk_grid/configuration/chunk_shapes/0/0/0", "integer"},
		{`[6]`, `[99999999999999999999]`, "/chunk_grid/configuration/chunk_shapes/0", "too large"},
		{`[6, 6]`, `[6]`, "/chunk_grid/configuration/chunk_shapes", "1 dimensions, shape has 2"},
		{`[6]`, `6`, "/chunk_grid/configuration/chunk_shapes", "one entry per dimension"},
		{`[6]`, `[[[4611686018427387904, 2], 1]]`, "/chunk_grid/configuration/chunk_shapes/0", "more than an int64"},
		{`[4611686018427387904, 4611686018427387904]`, `[1, 1]`, "/shape", "more chunks than an int64"},
	} {
		_, err := metadata.Parse(rectDoc(c.shape, c.grid), nil)
		var ve *metadata.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s over %s: %v, want a validation error", c.grid, c.shape, err)
			continue
		}
		if len(ve.Problems) != 1 || ve.Problems[0].Pointer != c.pointer || !strings.Contains(ve.Problems[0].Reason, c.reason) {
			t.Errorf("%s over %s: %v, want one problem at %s saying %q", c.grid, c.shape, ve.Problems, c.pointer, c.reason)
		}
	}
	for _, c := range []struct{ cfg, pointer, reason string }{
		{`{"chunk_shapes": [6]}`, "/chunk_grid/configuration", `"kind"`},
		{`{"kind": "file", "chunk_shapes": [6]}`, "/chunk_grid/configuration/kind", `only "inline"`},
		{`{"kind": 1, "chunk_shapes": [6]}`, "/chunk_grid/configuration/kind", `"inline"`},
		{`{"kind": "inline"}`, "/chunk_grid/configuration", `"chunk_shapes"`},
		{`{"kind": "inline", "chunk_shapes": [6], "encoded_chunk_shapes": [6]}`, "/chunk_grid/configuration/encoded_chunk_shapes", "unknown key"},
	} {
		d := doc(`"shape": [6], "data_type": "uint8", "chunk_grid": {"name": "rectilinear", "configuration": ` + c.cfg + `},
			"fill_value": 0, "codecs": [{"name": "bytes"}]`)
		_, err := metadata.Parse(d, nil)
		var ve *metadata.ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Pointer != c.pointer || !strings.Contains(ve.Problems[0].Reason, c.reason) {
			t.Errorf("%s: %v, want one problem at %s saying %s", c.cfg, err, c.pointer, c.reason)
		}
	}
}

// Length 0: an integer step gives no edge; explicit edges are kept.
func TestRectilinearEmpty(t *testing.T) {
	t.Parallel()
	a, err := metadata.Parse(rectDoc(`[0, 5]`, `[3, [2, 3]]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.ChunkEdges[0]) != 0 || !slices.Equal(a.ChunkShape, []int{1, 3}) {
		t.Errorf("edges %v, chunk shape %v", a.ChunkEdges, a.ChunkShape)
	}
	out, _ := a.MarshalJSON()
	if !strings.Contains(compactJSON(t, out), `"chunk_shapes":[[],[2,3]]`) {
		t.Errorf("written %s", out)
	}
	if _, err := metadata.Parse(out, nil); err != nil {
		t.Error(err)
	}
}

// sharding_indexed inside a rectilinear grid: every shard shape must hold
// whole inner chunks; an edge that does not is a problem at its dimension.
func TestRectilinearSharding(t *testing.T) {
	t.Parallel()
	shard := func(grid string) []byte {
		return doc(`"shape": [10, 12], "data_type": "uint8",
			"chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": ` + grid + `}},
			"fill_value": 0, "codecs": [{"name": "sharding_indexed", "configuration": {"chunk_shape": [2, 3],
				"codecs": [{"name": "bytes"}], "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}]}}]`)
	}
	a, err := metadata.Parse(shard(`[[4, 6], [3, 9]]`), &metadata.Options{Registry: registry.Default()})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range [][]int{{4, 3}, {6, 9}, {4, 9}} {
		if _, err := a.PipelineFor(s); err != nil {
			t.Errorf("shard %v: %v", s, err)
		}
	}
	_, err = metadata.Parse(shard(`[[4, 6], [6, 5, 1]]`), nil)
	var ve *metadata.ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Pointer != "/chunk_grid/configuration/chunk_shapes/1" {
		t.Fatalf("shard of 5 columns in chunks of 3: %v", err)
	}
}

// FuzzRectilinear feeds arbitrary chunk_shapes to Parse over a few
// shapes: an array or an error, never a panic, and an array written back
// reads as the same grid.
func FuzzRectilinear(f *testing.F) {
	for _, s := range []string{`[4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]`, `[[[1, 1000000]]]`, `[[0]]`, `[[[2, 3], 1, [1, 1]], 2]`} {
		f.Add(`[6, 6, 6, 6, 6]`, s)
		f.Add(`[6, 0]`, s)
	}
	f.Fuzz(func(t *testing.T, shape, shapes string) {
		a, err := metadata.Parse(rectDoc(shape, shapes), nil)
		if err != nil {
			return
		}
		out, err := a.MarshalJSON()
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		b, err := metadata.Parse(out, nil)
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(a.ChunkEdges, b.ChunkEdges) || !slices.Equal(a.ChunkShape, b.ChunkShape) {
			t.Fatalf("round trip %v %v -> %v %v", a.ChunkEdges, a.ChunkShape, b.ChunkEdges, b.ChunkShape)
		}
	})
}

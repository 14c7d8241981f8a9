package combine

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/interop/kerchunk/refstore"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/zarr"
)

// scan returns the reference set of a test file, named by its base name.
func scan(t *testing.T, name string) Input {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("../../../testdata/combine", name))
	if err != nil {
		t.Fatal(err)
	}
	h, err := h5store.OpenFile(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	// No inlining: chunks stay ranges of the file, and are read to compare.
	res, err := kerchunk.FromHDF5(context.Background(), h, p, &kerchunk.Options{InlineThreshold: -1})
	if err != nil {
		t.Fatal(err)
	}
	return Input{Name: name, Refs: res.Set}
}

func scanAll(t *testing.T, names ...string) []Input {
	var out []Input
	for _, n := range names {
		out = append(out, scan(t, n))
	}
	return out
}

type truthArray struct {
	Shape  []int64   `json:"shape"`
	Values []float64 `json:"values"`
}

type truthSet struct {
	Files  []string              `json:"files"`
	Arrays map[string]truthArray `json:"arrays"`
}

// readValues reads an array of a set as float64s.
func readValues(t *testing.T, set kerchunk.Refs, p string) ([]int64, []float64) {
	t.Helper()
	ctx := context.Background()
	st, err := refstore.New(ctx, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, err := zarr.Open(ctx, st, p, nil)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	shape := a.Shape()
	n := int64(1)
	for _, s := range shape {
		n *= s
	}
	size := int(a.DataType().Size())
	buf := make([]byte, n*int64(size))
	if err := a.ReadRegion(ctx, region.Whole(shape), buf); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	var dt struct {
		DType string `json:"dtype"`
	}
	r, _, _ := set.Ref(ctx, p+"/.zarray")
	json.Unmarshal(r.Data, &dt)
	kind := dt.DType[1]
	out := make([]float64, n)
	for i := range out {
		e := buf[i*size : (i+1)*size]
		switch {
		case kind == 'f' && size == 4:
			out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(e)))
		case kind == 'f':
			out[i] = math.Float64frombits(binary.LittleEndian.Uint64(e))
		case kind == 'i':
			out[i] = float64(signed(e))
		default:
			out[i] = float64(unsigned(e))
		}
	}
	return shape, out
}

func loadTruth(t *testing.T) map[string]truthSet {
	b, err := os.ReadFile("../../../testdata/combine/truth.json")
	if err != nil {
		t.Fatal(err)
	}
	var truth map[string]truthSet
	if err := json.Unmarshal(b, &truth); err != nil {
		t.Fatal(err)
	}
	return truth
}

// TestCombineMatchesNetCDF combines the files of each case of truth.json
// and reads every array with the values netCDF4-python read from the
// files (times reconciled by cftime).
func TestCombineMatchesNetCDF(t *testing.T) {
	t.Parallel()
	for name, want := range loadTruth(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := Combine(context.Background(), scanAll(t, want.Files...), &Options{ConcatDim: "time", ReconcileTime: true})
			if err != nil {
				t.Fatal(err)
			}
			for p, w := range want.Arrays {
				shape, got := readValues(t, res.Set, p)
				if !equalInts(shape, w.Shape) || !equalFloats(got, w.Values) {
					t.Errorf("%s: %v %v, want %v %v", p, shape, got, w.Shape, w.Values)
				}
			}
			// time's chunks (512 values) do not divide the files: it is
			// rewritten; tas keeps its chunks where they lie.
			if !contains(res.Rewritten, "time") {
				t.Errorf("rewritten %v, want time among them", res.Rewritten)
			}
			r, ok, _ := res.Set.Ref(context.Background(), "tas/1.0.0")
			if !ok || r.Inline || !strings.HasSuffix(r.URL, want.Files[1]) {
				t.Errorf("tas/1.0.0: %+v, want a range of %s", r, want.Files[1])
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

func TestCombineRefuses(t *testing.T) {
	t.Parallel()
	missing := scan(t, "same_1.nc")
	set := missing.Refs.(*kerchunk.Set)
	for _, k := range set.SortedKeys() {
		if strings.HasPrefix(k, "lon/") {
			set.Delete(k)
		}
	}
	for _, c := range []struct {
		name   string
		inputs []Input
		opts   Options
		is     error
		want   []string
	}{
		{"scale_factor", scanAll(t, "scale_0.nc", "scale_1.nc"), Options{}, ErrConflict,
			[]string{"tas: the attribute scale_factor differs: 0.01 in scale_0.nc, 0.02 in scale_1.nc"}},
		{"calendar", scanAll(t, "same_0.nc", "calendar_1.nc"), Options{ReconcileTime: true}, ErrConflict,
			[]string{"time: the attribute calendar differs", "same_0.nc", "calendar_1.nc", "noleap"}},
		{"units without reconciling", scanAll(t, "units_0.nc", "units_1.nc"), Options{}, ErrConflict,
			[]string{"time: the attribute units differs", `"days since 2000-01-01" in units_0.nc`, "units_1.nc", "--reconcile-time"}},
		{"static values", scanAll(t, "same_0.nc", "lat_1.nc"), Options{}, ErrConflict,
			[]string{"lat: the stored bytes of chunk 0 differs", "same_0.nc", "lat_1.nc"}},
		{"inexact times", scanAll(t, "inexact_0.nc", "inexact_1.nc"), Options{ReconcileTime: true}, ErrConflict,
			[]string{"time: the attribute units differs", "cannot be reconciled exactly", "not an integer"}},
		{"a missing array", []Input{scan(t, "same_0.nc"), missing}, Options{}, ErrConflict,
			[]string{"lon: the node differs: an array in same_0.nc, none in same_1.nc"}},
		{"no rewriting", scanAll(t, "chunk3_0.nc", "chunk3_1.nc"), Options{MaxRewriteBytes: -1}, ErrIrregular,
			[]string{"chunk3_0.nc has 2 steps along time, not a multiple of the chunk length"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.opts.ConcatDim = "time"
			_, err := Combine(context.Background(), c.inputs, &c.opts)
			if !errors.Is(err, c.is) {
				t.Fatalf("error %v, want %v", err, c.is)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestCombineRewritesIrregular: files whose length is not a multiple of
// tas's chunk length have tas rewritten inline, with the values the files
// hold.
func TestCombineRewritesIrregular(t *testing.T) {
	t.Parallel()
	in := scanAll(t, "chunk3_0.nc", "chunk3_1.nc")
	res, err := Combine(context.Background(), in, &Options{ConcatDim: "time"})
	if err != nil {
		t.Fatal(err)
	}
	if !contains(res.Rewritten, "tas") {
		t.Errorf("rewritten %v", res.Rewritten)
	}
	_, got := readValues(t, res.Set, "tas")
	_, a := readValues(t, in[0].Refs, "tas")
	_, b := readValues(t, in[1].Refs, "tas")
	if !equalFloats(got, append(a, b...)) {
		t.Errorf("tas %v, want %v then %v", got, a, b)
	}
}

// TestCombineOfPartsIsTheSame: sets written as JSON and read back (parts
// scanned elsewhere) combine into the same set, byte for byte.
func TestCombineOfPartsIsTheSame(t *testing.T) {
	t.Parallel()
	direct := scanAll(t, "same_0.nc", "same_1.nc", "same_2.nc")
	var parts []Input
	for _, in := range direct {
		var b bytes.Buffer
		if err := in.Refs.(*kerchunk.Set).WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		s, err := kerchunk.ReadJSON(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, Input{Name: in.Name, Refs: s})
	}
	write := func(in []Input) []byte {
		res, err := Combine(context.Background(), in, &Options{ConcatDim: "time"})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		res.Set.WriteJSON(&b)
		return b.Bytes()
	}
	if a, b := write(direct), write(parts); !bytes.Equal(a, b) {
		t.Errorf("combined parts differ from the direct combination:\n%s\n%s", a, b)
	}
}

package h5store_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// truthFile is what testdata/hdf5files/generate.py recorded of one file
// with h5py (libhdf5 1.10.8) and netCDF4-python (netcdf-c 4.9.0).
type truthFile struct {
	File              string         `json:"file"`
	SuperblockVersion int            `json:"superblock_version"`
	Userblock         int64          `json:"userblock"`
	Datasets          []truthDataset `json:"datasets"`
	Groups            []struct {
		Path  string                     `json:"path"`
		Attrs map[string]json.RawMessage `json:"attrs"`
	} `json:"groups"`
	Links []struct {
		Path   string `json:"path"`
		Kind   string `json:"kind"`
		Target string `json:"target"`
	} `json:"links"`
}

type truthDataset struct {
	Path    string           `json:"path"`
	DType   string           `json:"dtype"`
	Shape   []int64          `json:"shape"`
	Layout  string           `json:"layout"`
	Chunks  []int            `json:"chunks"`
	Index   *string          `json:"index"`
	Filters []h5file.Filter  `json:"filters"`
	Refuse  string           `json:"refuse"`
	Hidden  bool             `json:"netcdf_hidden"`
	Dims    []string         `json:"dims"`
	Enum    map[string]int64 `json:"enum"`
	Fill    struct {
		Status string  `json:"status"`
		Hex    *string `json:"hex"`
		Time   string  `json:"time"`
	} `json:"fill"`
	Attrs map[string]struct {
		Value json.RawMessage `json:"value"`
		DType string          `json:"dtype"`
	} `json:"attrs"`
	Values struct {
		SHA256     string   `json:"sha256"`
		Hex        string   `json:"hex"`
		Strings    []string `json:"strings"`
		StringsB64 []string `json:"strings_b64"`
	} `json:"values"`
	ChunkTable []struct {
		Offset     []uint64 `json:"offset"`
		FilterMask uint32   `json:"filter_mask"`
		ByteOffset int64    `json:"byte_offset"`
		Size       uint64   `json:"size"`
	} `json:"chunk_table"`
}

func loadTruth(t *testing.T) map[string]truthFile {
	t.Helper()
	names, err := filepath.Glob("../../../testdata/hdf5files/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no truth files: %v", err)
	}
	out := map[string]truthFile{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		var tf truthFile
		if err := json.Unmarshal(b, &tf); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if tf.File == "" {
			continue
		}
		out[n] = tf
	}
	return out
}

// zarrPath is the Zarr path of an HDF5 path.
func zarrPath(p string) string { return strings.TrimPrefix(p, "/") }

// TestTruth opens every generated file through store.Open and checks
// every dataset against what libhdf5 read: refused datasets are refused
// with a reason, the others have h5py's shape, chunks, filters, chunk
// table, fill value, dimension names and values, bit for bit.
func TestTruth(t *testing.T) {
	for name, tf := range loadTruth(t) {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".json"), func(t *testing.T) {
			t.Parallel()
			checkTruthFile(t, filepath.Join("../../../testdata/hdf5files", tf.File), tf)
		})
	}
}

func checkTruthFile(t *testing.T, file string, tf truthFile) {
	ctx := context.Background()
	st, err := store.Open(ctx, file, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.(*h5store.Store).Close()
	h := st.(*h5store.Store)
	if v := h.File().Superblock().Version; v != tf.SuperblockVersion {
		t.Errorf("superblock version %d, want %d", v, tf.SuperblockVersion)
	}
	if off := h.File().Superblock().Offset; off != tf.Userblock {
		t.Errorf("superblock at %d, want after a user block of %d", off, tf.Userblock)
	}
	for _, d := range tf.Datasets {
		zp := zarrPath(d.Path)
		a, err := zarr.Open(ctx, st, zp, nil)
		switch {
		case d.Hidden && err != nil:
			// netCDF does not show it: a dimension without a variable,
			// which zcodec does not show either
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s: %v, want no array (a netCDF dimension without a variable)", d.Path, err)
			}
			continue
		case d.Refuse != "" || d.Shape == nil:
			if err == nil {
				t.Errorf("%s (%s): opened, want refused", d.Path, d.Refuse)
			} else if !errors.Is(err, store.ErrUnsupportedNode) {
				t.Errorf("%s (%s): %v, want a node that cannot be presented", d.Path, d.Refuse, err)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", d.Path, err)
			continue
		}
		checkDataset(t, ctx, h, a, d)
	}
}

func checkDataset(t *testing.T, ctx context.Context, h *h5store.Store, a *zarr.Array, d truthDataset) {
	t.Helper()
	shape := d.Shape
	if shape == nil {
		shape = []int64{}
	}
	if !slices.Equal(a.Shape(), shape) {
		t.Errorf("%s: shape %v, want %v", d.Path, a.Shape(), shape)
	}
	info, ok := h.Dataset(zarrPath(d.Path))
	if !ok {
		t.Fatalf("%s: no dataset info", d.Path)
	}
	if info.Layout != d.Layout {
		t.Errorf("%s: layout %s, want %s", d.Path, info.Layout, d.Layout)
	}
	if d.Index != nil && info.Index != *d.Index {
		t.Errorf("%s: index %s, want %s", d.Path, info.Index, *d.Index)
	}
	if d.Layout == "chunked" && !slices.Equal(a.ChunkShape(), d.Chunks) {
		t.Errorf("%s: chunks %v, want %v", d.Path, a.ChunkShape(), d.Chunks)
	}
	if len(info.Filters) != len(d.Filters) {
		t.Errorf("%s: %d filters, want %d", d.Path, len(info.Filters), len(d.Filters))
	} else {
		for i, f := range d.Filters {
			g := info.Filters[i]
			// h5py 3.7's get_filter returns its own buffer's bytes (the
			// filter's name) past the 16th value, where the file holds the
			// filter's own values: those are not compared.
			want, got := nonNilU32(f.CDValues), g.Params
			if len(want) > 16 && len(got) == len(want) {
				want, got = want[:16], got[:16]
			}
			if g.ID != f.ID || !slices.Equal(got, want) {
				t.Errorf("%s: filter %d is %d %v, want %d %v", d.Path, i, g.ID, g.Params, f.ID, f.CDValues)
			}
		}
	}
	if d.Dims != nil {
		var names []string
		if dn := a.Metadata().DimensionNames; dn != nil {
			if err := json.Unmarshal(dn, &names); err != nil {
				t.Errorf("%s: dimension_names %s: %v", d.Path, dn, err)
			}
		}
		if !slices.Equal(names, d.Dims) {
			t.Errorf("%s: dimension names %q, want netCDF's %q", d.Path, names, d.Dims)
		}
	}
	checkFill(t, a, d)
	checkValues(t, ctx, a, d)
	if d.Layout == "chunked" {
		checkChunkTable(t, ctx, h, d)
	}
	checkAttrs(t, a, d)
}

func nonNilU32(v []uint32) []uint32 {
	if v == nil {
		return []uint32{}
	}
	return v
}

// checkFill compares Zarr's fill_value with the header's fill (D32).
func checkFill(t *testing.T, a *zarr.Array, d truthDataset) {
	t.Helper()
	if d.Fill.Hex == nil || a.DataType().IsVariableLength() || strings.HasPrefix(d.DType, "|S") {
		return
	}
	if d.Fill.Time == "never" {
		// never written: unwritten chunks read as zeros (h5py's buffer)
		if !a.FillValue().Equal(numeric.Zero(a.DataType())) {
			t.Errorf("%s: fill value %v, want the type's zero (fill time never)", d.Path, a.FillValue())
		}
		return
	}
	want, _ := hex.DecodeString(*d.Fill.Hex)
	got := a.FillValue().Bytes()
	if strings.HasPrefix(d.DType, ">") {
		got = swapped(got, componentSize(d.DType))
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: fill value %x, want the header's %x", d.Path, got, want)
	}
}

func componentSize(dtype string) int {
	switch dtype[1:] {
	case "c8":
		return 4
	case "c16":
		return 8
	}
	n := 0
	for _, c := range dtype[2:] {
		n = n*10 + int(c-'0')
	}
	return n
}

func swapped(b []byte, w int) []byte {
	out := slices.Clone(b)
	for i := 0; i+w <= len(out); i += w {
		slices.Reverse(out[i : i+w])
	}
	return out
}

// checkValues reads the whole array and compares with what h5py read.
func checkValues(t *testing.T, ctx context.Context, a *zarr.Array, d truthDataset) {
	t.Helper()
	r := region.Whole(a.Shape())
	switch {
	case d.Values.Strings != nil && a.DataType().IsVariableLength():
		got, err := zarr.ReadStrings(ctx, a, r)
		if err != nil {
			t.Errorf("%s: %v", d.Path, err)
			return
		}
		if !slices.Equal(got, d.Values.Strings) {
			t.Errorf("%s: strings %q, want %q", d.Path, got, d.Values.Strings)
		}
		return
	case d.Values.StringsB64 != nil:
		got, err := zarr.ReadByteStrings(ctx, a, r)
		if err != nil {
			t.Errorf("%s: %v", d.Path, err)
			return
		}
		for i, s := range d.Values.StringsB64 {
			want, _ := base64.StdEncoding.DecodeString(s)
			if i >= len(got) || !bytes.Equal(got[i], want) {
				t.Errorf("%s: string %d is %q, want %q", d.Path, i, got, want)
				return
			}
		}
		return
	case d.Values.SHA256 == "":
		return
	}
	n := r.Size() * int64(a.DataType().Size())
	buf := make([]byte, n)
	if err := a.ReadRegion(ctx, r, buf); err != nil {
		t.Errorf("%s: %v", d.Path, err)
		return
	}
	sum := sha256.Sum256(buf)
	if hex.EncodeToString(sum[:]) != d.Values.SHA256 {
		if d.Values.Hex != "" {
			t.Errorf("%s: values\n got %x\nwant %s", d.Path, buf, d.Values.Hex)
		} else {
			t.Errorf("%s: values differ from h5py's (sha256)", d.Path)
		}
	}
}

// checkChunkTable compares the chunks the index lists with h5py's
// get_chunk_info.
func checkChunkTable(t *testing.T, ctx context.Context, h *h5store.Store, d truthDataset) {
	t.Helper()
	root, err := h.File().Root(ctx)
	if err != nil {
		t.Fatal(err)
	}
	obj := root
	for _, part := range strings.Split(zarrPath(d.Path), "/") {
		links, err := obj.Links(ctx)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(links, func(l h5file.Link) bool { return l.Name == part })
		if i < 0 || links[i].Kind != h5file.LinkHard {
			return // reached through a soft link: the target's table is checked
		}
		if obj, err = h.File().Object(ctx, links[i].Addr); err != nil {
			t.Fatal(err)
		}
	}
	ds, err := obj.Dataset(ctx)
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		off        int64
		size       uint64
		mask       uint32
		elementOff []uint64
	}
	var got []entry
	err = ds.Chunks(ctx, func(c h5file.Chunk) error {
		el := make([]uint64, len(c.Coords))
		for i, v := range c.Coords {
			el[i] = v * ds.Layout.Chunk[i]
		}
		got = append(got, entry{off: c.Offset, size: c.Size, mask: c.FilterMask, elementOff: el})
		return nil
	})
	if err != nil {
		t.Errorf("%s: chunks: %v", d.Path, err)
		return
	}
	slices.SortFunc(got, func(a, b entry) int { return slices.Compare(a.elementOff, b.elementOff) })
	if len(got) != len(d.ChunkTable) {
		t.Errorf("%s: %d chunks, h5py lists %d", d.Path, len(got), len(d.ChunkTable))
		return
	}
	base := h.File().Superblock().Offset
	for i, w := range d.ChunkTable {
		g := got[i]
		if !slices.Equal(g.elementOff, w.Offset) || g.size != w.Size || g.mask != w.FilterMask || (g.off != w.ByteOffset && g.off != w.ByteOffset+base) {
			t.Errorf("%s: chunk %d is %v (%d bytes at %d, mask %d), h5py says %v (%d bytes at %d, mask %d)",
				d.Path, i, g.elementOff, g.size, g.off, g.mask, w.Offset, w.Size, w.ByteOffset, w.FilterMask)
			return
		}
	}
}

// checkAttrs compares the attributes shown with h5py's values.
func checkAttrs(t *testing.T, a *zarr.Array, d truthDataset) {
	t.Helper()
	var got map[string]json.RawMessage
	if raw := a.Attributes(); len(raw) > 0 {
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatalf("%s: attributes: %v", d.Path, err)
		}
	}
	for name, w := range d.Attrs {
		switch {
		case name == "_FillValue", strings.HasPrefix(name, "_Netcdf4"), name == "DIMENSION_LIST", name == "REFERENCE_LIST", name == "CLASS", name == "NAME":
			continue
		case strings.Contains(w.DType, "V") || len(w.Value) == 0 || string(w.Value) == "null" && w.DType != "empty":
			continue // not shown (compound, references): a warning says so
		}
		g, ok := got[name]
		if !ok {
			t.Errorf("%s: attribute %q missing (h5py: %s)", d.Path, name, w.Value)
			continue
		}
		if !sameJSON(g, w.Value) {
			t.Errorf("%s: attribute %q is %s, h5py %s", d.Path, name, g, w.Value)
		}
	}
}

// sameJSON compares JSON values, numbers by value.
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return sameValue(x, y)
}

func sameValue(x, y any) bool {
	switch xv := x.(type) {
	case float64:
		if yv, ok := y.([]any); ok && len(yv) == 1 {
			// netCDF and zcodec show a one-element attribute as a
			// scalar, where h5py gives a one-element array
			return sameValue(x, yv[0])
		}
		yv, ok := y.(float64)
		return ok && (xv == yv || math.IsNaN(xv) && math.IsNaN(yv))
	case []any:
		yv, ok := y.([]any)
		if !ok {
			// h5py gives a one-element list where netCDF gives a scalar
			return len(xv) == 1 && sameValue(xv[0], y)
		}
		if len(xv) != len(yv) {
			return false
		}
		for i := range xv {
			if !sameValue(xv[i], yv[i]) {
				return false
			}
		}
		return true
	}
	if yv, ok := y.([]any); ok && len(yv) == 1 {
		return sameValue(x, yv[0])
	}
	if _, ok := y.([]any); ok {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

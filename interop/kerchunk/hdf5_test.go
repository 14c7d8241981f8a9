package kerchunk

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
)

// refsOf makes the set of a test file.
func refsOf(t *testing.T, file string, opts *Options) (*Result, *h5store.Store) {
	t.Helper()
	st, err := h5store.OpenFile(context.Background(), file, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	res, err := FromHDF5(context.Background(), st, "URL", opts)
	if err != nil {
		t.Fatal(err)
	}
	return res, st
}

// zarrayOf reads the .zarray of the array at p.
func zarrayOf(t *testing.T, s *Set, p string) zarray {
	t.Helper()
	r, ok, _ := s.Ref(context.Background(), p+"/.zarray")
	if !ok {
		t.Fatalf("%s: no .zarray", p)
	}
	var z zarray
	if err := json.Unmarshal(r.Data, &z); err != nil {
		t.Fatal(err)
	}
	return z
}

func chunkKeys(t *testing.T, s *Set, p string) []string {
	var ks []string
	s.Keys(context.Background(), p+"/", func(k string, _ int64) error {
		if !IsMetadataKey(k) {
			ks = append(ks, k)
		}
		return nil
	})
	return ks
}

func TestRefusedByName(t *testing.T) {
	res, _ := refsOf(t, "../../testdata/hdf5files/filters_sb0.h5", nil)
	var got []string
	for _, r := range res.Refused {
		got = append(got, r.Path)
		if !errors.Is(r, ErrRefused) || !strings.Contains(r.Reason, "numcodecs") {
			t.Errorf("%s: %v", r.Path, r)
		}
		if _, ok, _ := res.Set.Ref(context.Background(), r.Path+"/.zarray"); ok {
			t.Errorf("%s refused and in the set", r.Path)
		}
	}
	want := []string{"nbit_i4_precision12", "nbit_u2be_precision9_offset3", "scaleoffset_float_dscale2",
		"scaleoffset_float_dscale3_f4", "scaleoffset_int_auto", "scaleoffset_int_fill", "scaleoffset_int_minbits6",
		"szip_ec8_i4", "szip_nn16_f4", "szip_nn32_u2_2d"}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
	// Decoded and inlined, each as one chunk without filters.
	res, _ = refsOf(t, "../../testdata/hdf5files/filters_sb0.h5", &Options{InlineUnsupported: 1 << 20})
	if len(res.Refused) != 0 {
		t.Errorf("refused: %v", res.Refused)
	}
	for _, p := range want {
		z := zarrayOf(t, res.Set, p)
		if z.Filters != nil || !slices.Equal(z.Chunks, z.Shape) || len(chunkKeys(t, res.Set, p)) != 1 {
			t.Errorf("%s: %+v, keys %v", p, z, chunkKeys(t, res.Set, p))
		}
		if p == "nbit_u2be_precision9_offset3" && z.Dtype != ">u2" {
			t.Errorf("%s: dtype %s, want the stored byte order", p, z.Dtype)
		}
	}
	// Too small a bound refuses them, saying so.
	res, _ = refsOf(t, "../../testdata/hdf5files/filters_sb0.h5", &Options{InlineUnsupported: 8})
	if len(res.Refused) != 10 || !strings.Contains(res.Refused[0].Reason, "InlineUnsupported") {
		t.Errorf("refused: %v", res.Refused)
	}
}

func TestMaxInline(t *testing.T) {
	res, _ := refsOf(t, "../../testdata/hdf5files/dtypes_sb3.h5", &Options{MaxInlineBytes: 4})
	found := false
	for _, r := range res.Refused {
		if r.Path == "vlen_utf8" {
			found = strings.Contains(r.Reason, "--max-inline") && strings.Contains(r.Reason, "variable-length strings")
		}
	}
	if !found {
		t.Errorf("vlen_utf8 not refused for its inline bytes: %v", res.Refused)
	}
}

// TestFillValue: fill_value is _FillValue (null without one) once every
// chunk is in the set, absent chunks added filled with the header's fill;
// the header's fill value when they are too many.
func TestFillValue(t *testing.T) {
	const file = "../../testdata/kerchunk/cases.h5"
	res, _ := refsOf(t, file, nil)
	for p, want := range map[string]string{"fill_mask": "-9999", "sparse": "null", "contig_prime": "null"} {
		z := zarrayOf(t, res.Set, p)
		if string(z.FillValue) != want {
			t.Errorf("%s: fill_value %s, want %s", p, z.FillValue, want)
		}
	}
	if n := len(chunkKeys(t, res.Set, "fill_mask")); n != 5 {
		t.Errorf("fill_mask: %d chunk keys", n)
	}
	r, _, _ := res.Set.Ref(context.Background(), "fill_mask/1")
	if !r.Inline || !slices.Equal(r.Data, []byte{0, 0, 0, 0}) {
		t.Errorf("fill_mask/1, absent: %+v, want two zeros", r)
	}
	var attrs map[string]any
	a, _, _ := res.Set.Ref(context.Background(), "fill_mask/.zattrs")
	json.Unmarshal(a.Data, &attrs)
	if attrs["_FillValue"] != float64(-9999) {
		t.Errorf(".zattrs: %s", a.Data)
	}
	if n := len(chunkKeys(t, res.Set, "sparse")); n != 40 {
		t.Errorf("sparse: %d chunk keys", n)
	}
	res, _ = refsOf(t, file, &Options{MaxFillChunks: 36})
	if z := zarrayOf(t, res.Set, "sparse"); string(z.FillValue) != "1.5" || len(chunkKeys(t, res.Set, "sparse")) != 3 {
		t.Errorf("sparse, 37 absent chunks for 36 allowed: fill_value %s, keys %v", z.FillValue, chunkKeys(t, res.Set, "sparse"))
	}
}

// TestContiguous: a contiguous dataset is referenced in chunks of rows,
// each a range of the file, the last one padded and inlined when no
// number of rows divides the dataset.
func TestContiguous(t *testing.T) {
	res, st := refsOf(t, "../../testdata/kerchunk/cases.h5", &Options{ContiguousChunkBytes: 512, InlineThreshold: -1})
	z := zarrayOf(t, res.Set, "contig_prime")
	if !slices.Equal(z.Chunks, []int64{21, 3}) {
		t.Fatalf("chunks %v", z.Chunks)
	}
	obj, err := lookup(context.Background(), st.File(), "/contig_prime")
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := obj.Dataset(context.Background())
	if ds.Layout.Class != h5file.LayoutContiguous {
		t.Fatal("not contiguous")
	}
	base := st.File().Offset(ds.Layout.Address)
	r0, _, _ := res.Set.Ref(context.Background(), "contig_prime/0.0")
	if d := cmp.Diff(Ref{URL: "URL", Offset: base, Length: 21 * 24}, r0); d != "" {
		t.Error(d)
	}
	r1, _, _ := res.Set.Ref(context.Background(), "contig_prime/1.0")
	if !r1.Inline || len(r1.Data) != 21*24 {
		t.Errorf("the last chunk: %d bytes, inline %v", len(r1.Data), r1.Inline)
	}
	if z := zarrayOf(t, res.Set, "contig_be"); z.Dtype != ">i4" || !slices.Equal(z.Chunks, []int64{37}) {
		t.Errorf("contig_be: %+v", z)
	}
}

func TestContiguousChunks(t *testing.T) {
	for _, c := range []struct {
		shape       []int64
		elem, limit int64
		want        []int64
		cut         int
	}{
		{[]int64{37, 3}, 8, 4096, []int64{37, 3}, -1},
		{[]int64{37, 3}, 8, 512, []int64{21, 3}, 0}, // 37 is prime: padded
		{[]int64{40, 3}, 8, 512, []int64{20, 3}, 0}, // 20 divides 40
		{[]int64{4, 1000}, 8, 4096, []int64{1, 500}, 1},
		{[]int64{4, 1024}, 8, 4096, []int64{1, 512}, 1},
		{[]int64{7, 6, 5}, 4, 200, []int64{1, 6, 5}, 0},
		{[]int64{0, 9}, 4, 8, []int64{1, 9}, -1},
		{[]int64{}, 4, 8, []int64{}, -1},
		{[]int64{1 << 40}, 1, 1 << 20, []int64{1 << 20}, 0},
	} {
		got, cut := contiguousChunks(c.shape, c.elem, c.limit)
		if !slices.Equal(got, c.want) || cut != c.cut {
			t.Errorf("%v of %d bytes, target %d: %v cut %d, want %v cut %d", c.shape, c.elem, c.limit, got, cut, c.want, c.cut)
		}
	}
}

func TestFletcher32(t *testing.T) {
	const file = "../../testdata/hdf5files/filters_sb3.h5"
	res, _ := refsOf(t, file, &Options{InlineThreshold: -1})
	z := zarrayOf(t, res.Set, "shuffle_gzip_fletcher32")
	if len(z.Filters) != 2 || !strings.Contains(string(z.Filters[0]), `"shuffle"`) || !strings.Contains(string(z.Filters[1]), `"zlib"`) {
		t.Errorf("filters %s", z.Filters)
	}
	with, _ := refsOf(t, file, &Options{InlineThreshold: -1, Fletcher32Filter: true})
	zw := zarrayOf(t, with.Set, "shuffle_gzip_fletcher32")
	if len(zw.Filters) != 3 || string(zw.Filters[2]) != `{"id":"fletcher32"}` {
		t.Errorf("with Fletcher32Filter: %s", zw.Filters)
	}
	n := 0
	for _, k := range chunkKeys(t, res.Set, "shuffle_gzip_fletcher32") {
		a, _, _ := res.Set.Ref(context.Background(), k)
		b, _, _ := with.Set.Ref(context.Background(), k)
		if a.Inline || b.Inline || a.Offset != b.Offset || a.Length != b.Length-4 {
			t.Errorf("%s: %+v and %+v", k, a, b)
		}
		n++
	}
	if n == 0 {
		t.Error("no chunks")
	}
}

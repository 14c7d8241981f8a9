package convert_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/convert"
	_ "github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// h5File is an HDF5 file written by h5py 3.7 (HDF5 1.10.8) with every
// chunk index and layout: fixed and extensible arrays, version 2 B-trees,
// contiguous, compact and virtual datasets, with and without filters.
const h5File = "../testdata/hdf5files/layout_v4_sb3.h5"

// h5Truth is what h5py reads from each dataset of a file of
// testdata/hdf5files: its NumPy dtype and its elements in hexadecimal.
type h5Truth struct {
	Datasets []struct {
		Path   string `json:"path"`
		Dtype  string `json:"dtype"`
		Layout string `json:"layout"`
		Values struct {
			Hex string `json:"hex"`
		} `json:"values"`
	} `json:"datasets"`
}

// openH5 opens the HDF5 file as a store, through store.Open.
func openH5(t *testing.T, name string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), name, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := s.(io.Closer); ok {
		t.Cleanup(func() { c.Close() })
	}
	return s
}

// TestHDF5InParts converts an HDF5 file, presented as Zarr by h5store, in
// three parts run at once and finalized: the destination is what a
// conversion in one process writes, and every dataset reads back element
// for element as the source reads and as h5py read it. The virtual dataset,
// which h5store does not present, is left out and listed; Strict refuses
// the conversion for it.
func TestHDF5InParts(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile(strings.TrimSuffix(h5File, ".h5") + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var truth h5Truth
	if err := json.Unmarshal(b, &truth); err != nil {
		t.Fatal(err)
	}
	h5 := openH5(t, h5File)
	src := openSource(t, h5)
	dst := store.NewMemory()
	p, err := convert.WritePlan(ctx, src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	sk := p.Skipped()
	if len(sk) != 1 || sk[0].Path != "virtual" || !strings.Contains(sk[0].Reason, "virtual dataset") {
		t.Errorf("skipped %+v, want the virtual dataset", sk)
	}
	runParts(t, p, src, dst, 3)
	if err := convert.Finalize(ctx, p, dst, 3, nil); err != nil {
		t.Fatal(err)
	}
	whole := store.NewMemory()
	if _, err := convert.Convert(ctx, openSource(t, openH5(t, h5File)), whole, nil); err != nil {
		t.Fatal(err)
	}
	sameContents(t, "HDF5 in parts", contents(t, dst), contents(t, whole))

	planned := map[string]bool{}
	for _, a := range p.Arrays() {
		planned[a.Path] = true
	}
	checked := 0
	for _, ds := range truth.Datasets {
		path := strings.TrimPrefix(ds.Path, "/")
		if ds.Layout == "virtual" {
			if planned[path] {
				t.Errorf("%s: a virtual dataset was converted", path)
			}
			continue
		}
		if !planned[path] {
			t.Errorf("%s: not converted", path)
			continue
		}
		sameValues(t, h5, dst, path)
		a, err := zarr.Open(ctx, dst, path, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := region.Whole(a.Shape())
		got := make([]byte, r.Size()*int64(a.DataType().Size()))
		if err := a.ReadRegion(ctx, r, got); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(ds.Dtype, "<") {
			t.Fatalf("%s: dtype %s: the truth is not little-endian", path, ds.Dtype)
		}
		if hex.EncodeToString(got) != ds.Values.Hex {
			t.Errorf("%s: the converted elements are not those h5py read", path)
		}
		checked++
	}
	if checked != len(p.Arrays()) || checked < 20 {
		t.Errorf("%d datasets checked against h5py, %d converted", checked, len(p.Arrays()))
	}

	strict := store.NewMemory()
	_, err = convert.WritePlan(ctx, src, strict, &convert.Options{Strict: true})
	var se *convert.SkippedError
	if !errors.As(err, &se) || len(se.Skipped) != 1 || se.Skipped[0].Path != "virtual" || se.NoneConvertible {
		t.Errorf("Strict: %v, want a *SkippedError of the virtual dataset", err)
	}
	if n := len(contents(t, strict)); n != 0 {
		t.Errorf("Strict: %d keys written", n)
	}
}

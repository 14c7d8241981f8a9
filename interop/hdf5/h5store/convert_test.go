package h5store_test

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// TestConvertCopiesChunks converts every array of every generated file
// into Zarr v3 with the array's own metadata (what `zcodec convert` does
// without --codecs) and checks that the copy reads the same elements and
// that every chunk the file stores as it is was copied byte for byte: the
// converted store holds the file's chunk bytes, not a re-encoding.
func TestConvertCopiesChunks(t *testing.T) {
	names, _ := filepath.Glob("../../../testdata/hdf5files/*.h5")
	nc, _ := filepath.Glob("../../../testdata/hdf5files/*.nc")
	verbatim := 0
	for _, name := range append(names, nc...) {
		ctx := context.Background()
		src, err := store.Open(ctx, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := zarr.OpenGroup(ctx, src, "")
		if err != nil {
			t.Fatal(err)
		}
		members, _ := g.Members(ctx)
		dst := store.NewMemory()
		for _, m := range members {
			if m.Kind != "array" {
				continue
			}
			a, err := m.OpenArray(ctx, nil)
			if err != nil {
				continue // refused: checked by TestTruth
			}
			b, err := zarr.Create(ctx, dst, m.Path, a.Metadata().Definition(), nil)
			if err != nil {
				t.Fatalf("%s/%s: %v", filepath.Base(name), m.Path, err)
			}
			if err := zarr.Copy(ctx, b, a, nil); err != nil {
				t.Fatalf("%s/%s: %v", filepath.Base(name), m.Path, err)
			}
			sameElements(t, ctx, a, b, filepath.Base(name)+"/"+m.Path)
			// Chunks listed with their size are served as stored: the
			// copy holds those bytes.
			err = src.List(ctx, m.Path+"/c/", func(e store.Entry) error {
				if e.Err != nil || e.Size < 0 {
					return nil
				}
				want, err := src.Get(ctx, e.Key, -1)
				if err != nil {
					return err
				}
				got, err := dst.Get(ctx, e.Key, -1)
				if err != nil {
					return err
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: chunk %s was not copied as stored", filepath.Base(name), e.Key)
				}
				verbatim++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if verbatim < 500 {
		t.Errorf("only %d chunks copied as stored", verbatim)
	}
}

// sameElements compares two arrays element for element.
func sameElements(t *testing.T, ctx context.Context, a, b *zarr.Array, what string) {
	t.Helper()
	r := region.Whole(a.Shape())
	switch {
	case a.DataType() == numeric.String:
		x, err1 := zarr.ReadStrings(ctx, a, r)
		y, err2 := zarr.ReadStrings(ctx, b, r)
		if err1 != nil || err2 != nil || !slices.Equal(x, y) {
			t.Errorf("%s: the copy differs (%v, %v)", what, err1, err2)
		}
		return
	case a.DataType().IsVariableLength():
		x, err1 := zarr.ReadByteStrings(ctx, a, r)
		y, err2 := zarr.ReadByteStrings(ctx, b, r)
		if err1 != nil || err2 != nil || !slices.EqualFunc(x, y, bytes.Equal) {
			t.Errorf("%s: the copy differs (%v, %v)", what, err1, err2)
		}
		return
	}
	n := r.Size() * int64(a.DataType().Size())
	x, y := make([]byte, n), make([]byte, n)
	err1 := a.ReadRegion(ctx, r, x)
	err2 := b.ReadRegion(ctx, r, y)
	if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
		t.Errorf("%s: the copy differs (%v, %v)", what, err1, err2)
	}
}

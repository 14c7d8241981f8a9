package h5store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/zarr"
)

// bytesReader reads ranges of a byte slice.
type bytesReader []byte

func (b bytesReader) ReadRange(_ context.Context, r byterange.Range) ([]byte, error) {
	start, end, err := byterange.Bounds(r, int64(len(b)))
	if err != nil {
		return nil, err
	}
	return b[start:end:end], nil
}

// FuzzStore opens arbitrary bytes as an HDF5 store and reads every key
// it lists, then every array through zarr, chunk by chunk: nothing may
// panic or hang, and memory stays within the limits given.
func FuzzStore(f *testing.F) {
	names, _ := filepath.Glob("../../../testdata/hdf5files/*.h5")
	nc, _ := filepath.Glob("../../../testdata/hdf5files/*.nc")
	for _, n := range append(names, nc...) {
		if b, err := os.ReadFile(n); err == nil && len(b) <= 32<<10 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := context.Background()
		s, err := h5store.Open(ctx, bytesReader(data), int64(len(data)), &h5store.Options{File: &h5file.Options{MaxMetadataBytes: 16 << 20, BlockSize: 4096}})
		if err != nil {
			return
		}
		n := 0
		s.List(ctx, "", func(e store.Entry) error {
			n++
			if e.Err == nil && n < 2000 {
				s.Get(ctx, e.Key, 1<<20)
				s.GetRange(ctx, e.Key, byterange.Range{Offset: 0, Length: 1})
			}
			return nil
		})
		g, err := zarr.OpenGroup(ctx, s, "")
		if err != nil {
			return
		}
		members, _ := g.Members(ctx)
		for _, m := range members {
			a, err := m.OpenArray(ctx, &zarr.Options{Options: codec.Options{MaxChunkBytes: 1 << 20, Concurrency: 1}})
			if err != nil || a.DataType().IsVariableLength() {
				continue
			}
			whole := region.Whole(a.Shape())
			if whole.Size()*int64(a.DataType().Size()) <= 1<<20 {
				buf := make([]byte, whole.Size()*int64(a.DataType().Size()))
				a.ReadRegion(ctx, whole, buf)
			}
		}
		_ = bytes.MinRead
	})
}

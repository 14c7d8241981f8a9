package h5store

import (
	"context"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/store"
)

// HeadSize is the number of bytes store.Open reads from the start of a
// file to recognise HDF5: enough for a user block of up to 512 KiB before
// the signature, and the first block of metadata, which the store then
// does not read again.
const HeadSize = h5file.DefaultBlockSize

func init() {
	store.RegisterFormat(store.Format{
		Name:     "hdf5",
		HeadSize: HeadSize,
		Match:    func(head []byte, size int64) bool { return h5file.HasSignature(head) },
		Open:     openFormat,
	})
}

// openFormat opens a file store.Open recognised as HDF5.
func openFormat(ctx context.Context, f *store.File, inner string, opts *store.OpenOptions) (store.Store, error) {
	size, err := f.Size(ctx)
	if err != nil {
		return nil, err
	}
	s, err := open(ctx, f, size, &Options{Path: inner, Name: f.Location(), File: &h5file.Options{Head: f.Head()}})
	if err != nil {
		return nil, err
	}
	s.closer = f
	return s, nil
}

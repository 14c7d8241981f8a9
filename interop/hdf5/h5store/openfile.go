package h5store

import (
	"context"
	"io"
	"os"

	"github.com/zcodec/zcodec/store/byterange"
)

// fileReader reads ranges of an open file.
type fileReader struct {
	f    *os.File
	size int64
}

func (r *fileReader) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	start, end, err := byterange.Bounds(br, r.size)
	if err != nil {
		return nil, err
	}
	b := make([]byte, end-start)
	n, err := r.f.ReadAt(b, start)
	if n == len(b) {
		return b, nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return nil, err
}

func (r *fileReader) Size(context.Context) (int64, error) { return r.size, nil }

// OpenFile opens the HDF5 file at name on the local file system as a
// Store, as Open does; closing the store closes the file. opts.Name
// defaults to name.
func OpenFile(ctx context.Context, name string, opts *Options) (*Store, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Name == "" {
		o.Name = name
	}
	s, err := Open(ctx, &fileReader{f: f, size: st.Size()}, st.Size(), &o)
	if err != nil {
		f.Close()
		return nil, err
	}
	s.closer = f
	return s, nil
}

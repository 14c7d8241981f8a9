package store

import (
	"context"
	"fmt"

	"github.com/zcodec/zcodec/store/byterange"
)

// File is one stored file that Open recognised as a registered Format,
// opened for ranged reads by the format's store: a file in a directory, a
// value of an HTTP server, an object of an object store. It implements
// byterange.Reader and byterange.Sizer, and is safe for concurrent use.
type File struct {
	s        Store // reads the file, under key
	key      string
	size     int64
	head     []byte
	location string
	close    func() error // closes what the File holds; nil: nothing
}

// ReadRange reads the bytes of the file that r selects, with one request
// of the store holding it. A range that does not lie inside the file is
// an error matched by byterange.ErrRange, as Store.GetRange says.
func (f *File) ReadRange(ctx context.Context, r byterange.Range) ([]byte, error) {
	return f.s.GetRange(ctx, f.key, r)
}

// Size returns the file's length in bytes, as Open learnt it when it
// recognised the file: it sends no request.
func (f *File) Size(ctx context.Context) (int64, error) { return f.size, nil }

// Head returns the first bytes of the file, which Open read to recognise
// it: min(size, the largest Format.HeadSize) of them. The caller must not
// change them.
func (f *File) Head() []byte { return f.head }

// Location returns the file's location for messages: a path, or a URL
// without credentials (locations never hold any), quoted when it is not
// printable.
func (f *File) Location() string { return f.location }

// PreferredConcurrency returns the number of requests the store holding
// the file serves well at once (see ConcurrencyHint), or 0 for no
// preference (a directory).
func (f *File) PreferredConcurrency() int { return preferred(f.s) }

// Close closes what the File holds (the directory of a local file). The
// File must not be used afterwards; closing it again does nothing.
func (f *File) Close() error {
	c := f.close
	f.close = nil
	if c == nil {
		return nil
	}
	return c()
}

// String returns Location.
func (f *File) String() string { return f.location }

// HeadGetter is implemented by stores that read the start of a value and
// learn the value's size with one request: Dir, Memory, HTTP and the
// object store of store/s3store. Open uses it to recognise files of the
// registered formats (see RegisterFormat); a store without it holds no
// file Open recognises.
type HeadGetter interface {
	// GetHead returns the first min(n, size) bytes of key's value and
	// the value's size in bytes; n must be > 0. A value shorter than n
	// is not an error: the head is then the whole value. A key that holds
	// no value is an error matched by ErrNotFound, as Get says.
	GetHead(ctx context.Context, key string, n int64) (head []byte, size int64, err error)
}

// headBounds checks the n of GetHead.
func headBounds(op, key string, n int64) error {
	if n <= 0 {
		return &KeyError{Op: op, Key: key, Err: &byterange.RangeError{Range: byterange.Range{Offset: 0, Length: n}, Size: -1, Reason: "GetHead needs n > 0"}}
	}
	return nil
}

// GetHead reads the first min(n, size) bytes of key's file and returns
// them with the file's size.
func (d *Dir) GetHead(ctx context.Context, key string, n int64) ([]byte, int64, error) {
	if err := headBounds("get head", key, n); err != nil {
		return nil, 0, err
	}
	f, size, err := d.open(ctx, "get head", key)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	buf := make([]byte, min(n, size))
	if _, err := f.ReadAt(buf, 0); err != nil {
		return nil, 0, &KeyError{Op: "get head", Key: key, Err: fmt.Errorf("file shrank while reading: %w", err)}
	}
	return buf, size, nil
}

// GetHead returns a copy of the first min(n, size) bytes of key's value
// and the value's size.
func (m *Memory) GetHead(ctx context.Context, key string, n int64) ([]byte, int64, error) {
	if err := headBounds("get head", key, n); err != nil {
		return nil, 0, err
	}
	v, err := m.lookup(ctx, "get head", key)
	if err != nil {
		return nil, 0, err
	}
	return append([]byte{}, v[:min(n, int64(len(v)))]...), int64(len(v)), nil
}

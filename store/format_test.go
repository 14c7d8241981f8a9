package store

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

// withFormats makes fs the registered formats for the rest of the test,
// whatever the test binary registered (the package's examples register
// one), and restores the registry when the test ends.
func withFormats(t *testing.T, fs ...Format) {
	t.Helper()
	formats.Lock()
	saved := formats.list
	formats.list = nil
	formats.Unlock()
	t.Cleanup(func() {
		formats.Lock()
		formats.list = saved
		formats.Unlock()
	})
	for _, f := range fs {
		RegisterFormat(f)
	}
}

// toyStore is what the toy formats make of a file: a read-only store
// whose keys tell what Open handed the format.
type toyStore struct {
	format string
	f      *File
	inner  string
	opts   *OpenOptions
	closed bool
}

func (s *toyStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	switch key {
	case "format":
		return []byte(s.format), nil
	case "inner":
		return []byte(s.inner), nil
	case "data":
		return s.f.ReadRange(ctx, byterange.Whole)
	}
	return nil, &KeyError{Op: "get", Key: key, Err: ErrNotFound}
}

func (s *toyStore) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	return nil, &KeyError{Op: "get range", Key: key, Err: errors.ErrUnsupported}
}

func (s *toyStore) Set(ctx context.Context, key string, value []byte) error {
	return &KeyError{Op: "set", Key: key, Err: ErrReadOnly}
}

func (s *toyStore) Delete(ctx context.Context, key string) error {
	return &KeyError{Op: "delete", Key: key, Err: ErrReadOnly}
}

func (s *toyStore) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	return &KeyError{Op: "list", Key: prefix, Err: errors.ErrUnsupported}
}

func (s *toyStore) Close() error { s.closed = true; return s.f.Close() }

// toyAt returns a format recognised by magic at offset in the first
// headSize bytes; its Open fails with openErr when set.
func toyAt(name, magic string, offset, headSize int, openErr error) Format {
	return Format{
		Name:     name,
		HeadSize: headSize,
		Match: func(head []byte, size int64) bool {
			return len(head) >= offset+len(magic) && string(head[offset:offset+len(magic)]) == magic
		},
		Open: func(ctx context.Context, f *File, inner string, opts *OpenOptions) (Store, error) {
			if openErr != nil {
				return nil, openErr
			}
			return &toyStore{format: name, f: f, inner: inner, opts: opts}, nil
		},
	}
}

// toyFormats are a format recognised at offset 0 ("TOYF", reading 16
// bytes) and one at offset 512 ("T512", reading 1024), so that Match sees
// the largest HeadSize.
func toyFormats() []Format {
	return []Format{toyAt("toyf", "TOYF", 0, 16, nil), toyAt("toy512", "T512", 512, 1024, nil)}
}

// toyFile returns a file of the toy format at offset 0 (n bytes) or 512.
func toyFile(magicAt512 bool, n int) []byte {
	b := bytes.Repeat([]byte{'.'}, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	if magicAt512 {
		copy(b[512:], "T512")
	} else {
		copy(b, "TOYF")
	}
	return b
}

// checkToy checks that s is the toy format's store of a file holding
// data, with inner, and returns it.
func checkToy(t *testing.T, s Store, err error, format, inner string, data []byte) *toyStore {
	t.Helper()
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	ts, ok := s.(*toyStore)
	if !ok {
		t.Fatalf("Open returned %T, want the format's store as it is", s)
	}
	if ts.format != format || ts.inner != inner {
		t.Errorf("format %q inner %q, want %q %q", ts.format, ts.inner, format, inner)
	}
	ctx := context.Background()
	if n, err := ts.f.Size(ctx); err != nil || n != int64(len(data)) {
		t.Errorf("File.Size = %d, %v; want %d", n, err, len(data))
	}
	if h := ts.f.Head(); !bytes.Equal(h, data[:min(len(data), 1024)]) {
		t.Errorf("File.Head is %d bytes, want the first %d of the file", len(h), min(len(data), 1024))
	}
	if got, err := ts.f.ReadRange(ctx, byterange.Range{Offset: 1, Length: 3}); err != nil || !bytes.Equal(got, data[1:4]) {
		t.Errorf("File.ReadRange = %q, %v; want %q", got, err, data[1:4])
	}
	if _, err := ts.f.ReadRange(ctx, byterange.Range{Offset: int64(len(data)), Length: 1}); !errors.Is(err, byterange.ErrRange) {
		t.Errorf("File.ReadRange past the end: %v, want ErrRange", err)
	}
	if ts.opts == nil || ts.opts.Write {
		t.Errorf("the format's Open got options %+v, want read-only ones", ts.opts)
	}
	var _ byterange.Reader = ts.f
	var _ byterange.Sizer = ts.f
	return ts
}

func TestRegisterFormatPanics(t *testing.T) {
	withFormats(t, toyFormats()...)
	ok := toyAt("x", "X", 0, 1, nil)
	for _, c := range []struct {
		name string
		f    func(Format) Format
	}{
		{"a name registered twice", func(f Format) Format { f.Name = "toyf"; return f }},
		{"an empty name", func(f Format) Format { f.Name = ""; return f }},
		{"a nil Match", func(f Format) Format { f.Match = nil; return f }},
		{"a nil Open", func(f Format) Format { f.Open = nil; return f }},
		{"HeadSize 0", func(f Format) Format { f.HeadSize = 0; return f }},
		{"HeadSize -1", func(f Format) Format { f.HeadSize = -1; return f }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterFormat with %s did not panic", c.name)
				}
			}()
			RegisterFormat(c.f(ok))
		}()
	}
	list, head := registeredFormats()
	if names := []string{list[0].Name, list[1].Name}; len(list) != 2 || !slices.Equal(names, []string{"toy512", "toyf"}) || head != 1024 {
		t.Errorf("registered %v, largest head %d; want toy512 and toyf, 1024", names, head)
	}
}

func TestArticle(t *testing.T) {
	for name, want := range map[string]string{"hdf5": "an", "netcdf": "a", "toy": "a", "ome": "an", "": "a"} {
		if got := article(name); got != want {
			t.Errorf("article(%q) = %q, want %q", name, got, want)
		}
	}
}

var _ io.Closer = (*toyStore)(nil)

func TestSplitLast(t *testing.T) {
	for _, c := range []struct{ in, parent, base string }{
		{"a/b/c", "a/b", "c"},
		{"a/b//c/", "a/b", "c"},
		{"/c", "/", "c"},
		{"c", "", "c"},
		{"/", "/", ""},
		{"a//b", "a", "b"},
	} {
		p, b := splitLast(c.in)
		if p != c.parent || b != c.base {
			t.Errorf("splitLast(%q) = %q, %q; want %q, %q", c.in, p, b, c.parent, c.base)
		}
	}
}

package store

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

// withDirFormats makes fs the registered directory formats for the rest
// of the test, and restores the registry when the test ends.
func withDirFormats(t *testing.T, fs ...DirFormat) {
	t.Helper()
	dirFormats.Lock()
	saved := dirFormats.list
	dirFormats.list = nil
	dirFormats.Unlock()
	t.Cleanup(func() {
		dirFormats.Lock()
		dirFormats.list = saved
		dirFormats.Unlock()
	})
	for _, f := range fs {
		RegisterDirFormat(f)
	}
}

// toyDirStore is what the toy directory format makes of a directory: its
// keys "inner", "location", "head", "tail" tell what Open handed the
// format, and "dir/KEY" reads KEY of the directory.
type toyDirStore struct {
	d     *Directory
	inner string
	opts  *OpenOptions
}

func (s *toyDirStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	switch key {
	case "inner":
		return []byte(s.inner), nil
	case "location":
		return []byte(s.d.Location()), nil
	case "head":
		return s.d.Head(), nil
	case "tail":
		return s.d.Tail(), nil
	}
	if k, ok := strings.CutPrefix(key, "dir/"); ok {
		return s.d.Store().Get(ctx, k, limit)
	}
	return nil, &KeyError{Op: "get", Key: key, Err: ErrNotFound}
}

func (s *toyDirStore) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	return nil, &KeyError{Op: "get range", Key: key, Err: errors.ErrUnsupported}
}

func (s *toyDirStore) Set(ctx context.Context, key string, value []byte) error {
	return &KeyError{Op: "set", Key: key, Err: ErrReadOnly}
}

func (s *toyDirStore) Delete(ctx context.Context, key string) error {
	return &KeyError{Op: "delete", Key: key, Err: ErrReadOnly}
}

func (s *toyDirStore) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	return &KeyError{Op: "list", Key: prefix, Err: errors.ErrUnsupported}
}

func (s *toyDirStore) Close() error { return s.d.Close() }

// toyDir is a directory format recognised by a value of key "toy/marker"
// starting with "TOYDIR" and ending with "END" (which the tail shows).
func toyDir(headSize, tailSize int) DirFormat {
	return DirFormat{
		Name:     "toydir",
		Key:      "toy/marker",
		HeadSize: headSize,
		TailSize: tailSize,
		Match: func(head, tail []byte, size int64) bool {
			return bytes.HasPrefix(head, []byte("TOYDIR")) && bytes.HasSuffix(tail, []byte("END"))
		},
		Open: func(ctx context.Context, d *Directory, inner string, opts *OpenOptions) (Store, error) {
			if inner == "fail" {
				return nil, errors.New("the toy refuses")
			}
			return &toyDirStore{d: d, inner: inner, opts: opts}, nil
		},
	}
}

func getString(t *testing.T, s Store, key string) string {
	t.Helper()
	b, err := s.Get(context.Background(), key, NoLimit)
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	return string(b)
}

func TestDirFormatLocal(t *testing.T) {
	withFormats(t)
	withDirFormats(t, toyDir(16, 3))
	ctx := context.Background()
	root := t.TempDir()
	set := filepath.Join(root, "refs.toy")
	marker := "TOYDIR" + strings.Repeat("x", 100) + "END"
	for name, v := range map[string]string{
		"refs.toy/toy/marker": marker, "refs.toy/var/records": "R",
		"plain/toy/marker": "TOYDIR but not ending so", "plain/k": "v",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(v), 0o644)
	}
	for _, c := range []struct{ loc, inner string }{
		{set, ""},
		{set + "/var", "var"},         // an existing directory inside the set
		{set + "/grp/sub", "grp/sub"}, // a path that does not exist inside it
	} {
		s, err := Open(ctx, c.loc, nil)
		if err != nil {
			t.Fatalf("open %s: %v", c.loc, err)
		}
		ts, ok := s.(*toyDirStore)
		if !ok {
			t.Fatalf("open %s: %T, want the toy directory format's store", c.loc, s)
		}
		if got := getString(t, s, "inner"); got != c.inner {
			t.Errorf("open %s: inner %q, want %q", c.loc, got, c.inner)
		}
		if got := getString(t, s, "location"); got != set {
			t.Errorf("open %s: location %q, want %q", c.loc, got, set)
		}
		if got := getString(t, s, "head"); got != marker[:16] {
			t.Errorf("head %q, want the first 16 bytes", got)
		}
		if got := getString(t, s, "tail"); got != "END" {
			t.Errorf("tail %q, want the last 3 bytes", got)
		}
		if got := getString(t, s, "dir/var/records"); got != "R" {
			t.Errorf("the directory's store reads %q", got)
		}
		if err := ts.d.Store().Set(ctx, "k", nil); !errors.Is(err, ErrReadOnly) {
			t.Errorf("the directory's store: Set: %v, want ErrReadOnly", err)
		}
		s.(io.Closer).Close()
		s.(io.Closer).Close() // a second close does nothing
	}

	// Not of the format, opened for writing, or with NoFormats: a
	// directory store.
	for _, c := range []struct {
		loc  string
		opts *OpenOptions
	}{
		{filepath.Join(root, "plain"), nil},
		{set, &OpenOptions{Write: true}},
		{set, &OpenOptions{NoFormats: true}},
		{root, nil},
	} {
		s, err := Open(ctx, c.loc, c.opts)
		if err != nil {
			t.Fatalf("open %s: %v", c.loc, err)
		}
		if _, ok := s.(*toyDirStore); ok {
			t.Errorf("open %s %+v: the toy format took it", c.loc, c.opts)
		}
		closeStore(s)
	}
	// A path that does not exist under a directory of no format is the
	// error it was.
	if _, err := Open(ctx, filepath.Join(root, "plain", "nothing"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing path: %v, want not found", err)
	}
	// The format's failure names the format; the directory is closed.
	if _, err := Open(ctx, set+"/fail", nil); err == nil || !strings.Contains(err.Error(), "toydir: the toy refuses") {
		t.Errorf("a failing format: %v", err)
	}
}

func TestDirFormatHTTP(t *testing.T) {
	withFormats(t, toyAt("toyfile", "TOYFILE", 0, 8, nil))
	withDirFormats(t, toyDir(16, 3))
	ctx := context.Background()
	long := "TOYDIR" + strings.Repeat("x", 100) + "END"
	srv := newFileServer(t, map[string][]byte{
		"/data/refs.toy/toy/marker": []byte(long),
		"/data/short/toy/marker":    []byte("TOYDIR END"),
		"/toy/marker":               []byte("TOYDIR at the root END"),
		"/data/plain/zarr.json":     []byte("{}"),
	})
	srv.requests()

	s, err := Open(ctx, srv.URL+"/data/refs.toy/grp/var", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := getString(t, s, "inner"); got != "grp/var" {
		t.Errorf("inner %q", got)
	}
	if got := getString(t, s, "location"); got != srv.URL+"/data/refs.toy" {
		t.Errorf("location %q", got)
	}
	got := srv.requests()
	// Four file probes and four directory probes at once, then the tail
	// of the long marker (the only one found longer than its head).
	want := []string{
		"GET /data bytes=0-7", "GET /data/refs.toy bytes=0-7", "GET /data/refs.toy/grp bytes=0-7", "GET /data/refs.toy/grp/var bytes=0-7",
		"GET /data/refs.toy/grp/toy/marker bytes=0-15", "GET /data/refs.toy/grp/var/toy/marker bytes=0-15",
		"GET /data/refs.toy/toy/marker bytes=-3", "GET /data/refs.toy/toy/marker bytes=0-15", "GET /data/toy/marker bytes=0-15",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("requests:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := getString(t, s, "dir/toy/marker"); got != long {
		t.Errorf("the directory's store reads %q", got)
	}
	srv.requests()

	// A short marker: no tail request.
	s, err = Open(ctx, srv.URL+"/data/short", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := getString(t, s, "tail"); got != "END" {
		t.Errorf("tail %q", got)
	}
	if got := srv.requests(); len(got) != 4 {
		t.Errorf("a short marker cost %d requests, want 4 (two file probes, two directory probes): %q", len(got), got)
	}

	// The host's root, as the location itself.
	s, err = Open(ctx, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*toyDirStore); !ok {
		t.Errorf("the root: %T", s)
	}
	srv.requests()

	// Not of the format: the HTTP store of the location, after the probes.
	s, err = Open(ctx, srv.URL+"/data/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*HTTP); !ok {
		t.Errorf("a Zarr prefix: %T, want *HTTP", s)
	}
	srv.requests()
	// NoFormats: no request at all.
	if _, err := Open(ctx, srv.URL+"/data/refs.toy", &OpenOptions{NoFormats: true}); err != nil {
		t.Fatal(err)
	}
	if got := srv.requests(); len(got) != 0 {
		t.Errorf("NoFormats sent %q", got)
	}
}

// subMemory is a view of a Memory under a prefix, as an object store's
// prefix is of its bucket.
type subMemory struct {
	m      *Memory
	prefix string
}

func (s subMemory) k(key string) string { return Join(s.prefix, key) }
func (s subMemory) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	return s.m.Get(ctx, s.k(key), limit)
}
func (s subMemory) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	return s.m.GetRange(ctx, s.k(key), r)
}
func (s subMemory) GetHead(ctx context.Context, key string, n int64) ([]byte, int64, error) {
	return s.m.GetHead(ctx, s.k(key), n)
}
func (s subMemory) Set(ctx context.Context, key string, v []byte) error {
	return s.m.Set(ctx, s.k(key), v)
}
func (s subMemory) Delete(ctx context.Context, key string) error { return s.m.Delete(ctx, s.k(key)) }
func (s subMemory) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	return errors.ErrUnsupported
}

var registerDirObj sync.Once

func TestDirFormatObjectStore(t *testing.T) {
	withFormats(t)
	withDirFormats(t, toyDir(16, 3))
	ctx := context.Background()
	m := NewMemory()
	m.Set(ctx, "sets/refs.toy/toy/marker", []byte("TOYDIR"+strings.Repeat("y", 50)+"END"))
	m.Set(ctx, "sets/refs.toy/var/records", []byte("R"))
	var mu sync.Mutex
	var opened []string
	registerDirObj.Do(func() {
		RegisterScheme("dirfmttest", func(ctx context.Context, loc Location, opts *OpenOptions) (Store, error) {
			mu.Lock()
			opened = append(opened, loc.String())
			mu.Unlock()
			return subMemory{m: m, prefix: loc.Path}, nil
		})
	})
	s, err := Open(ctx, "dirfmttest://bkt/sets/refs.toy/var", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := getString(t, s, "inner"); got != "var" {
		t.Errorf("inner %q", got)
	}
	if got := getString(t, s, "dir/var/records"); got != "R" {
		t.Errorf("the directory's store reads %q", got)
	}
	if got := getString(t, s, "location"); got != "dirfmttest://bkt/sets/refs.toy" {
		t.Errorf("location %q", got)
	}
	want := []string{"dirfmttest://bkt", "dirfmttest://bkt/sets/refs.toy"}
	if !slices.Equal(opened, want) {
		t.Errorf("opened %q, want the bucket's root for the probes, then the directory", opened)
	}
	opened = nil
	// Opened for writing: no directory probe, the location's store.
	w, err := Open(ctx, "dirfmttest://bkt/sets/refs.toy", &OpenOptions{Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := w.(subMemory); !ok {
		t.Errorf("for writing: %T", w)
	}
}

func TestRegisterDirFormatPanics(t *testing.T) {
	withDirFormats(t, toyDir(4, 0))
	ok := toyDir(4, 0)
	for _, c := range []struct {
		name string
		f    func(DirFormat) DirFormat
	}{
		{"an empty name", func(f DirFormat) DirFormat { f.Name = ""; return f }},
		{"a name twice", func(f DirFormat) DirFormat { return f }},
		{"a key that is not one", func(f DirFormat) DirFormat { f.Name = "k"; f.Key = "../x"; return f }},
		{"nil Match", func(f DirFormat) DirFormat { f.Name = "m"; f.Match = nil; return f }},
		{"nil Open", func(f DirFormat) DirFormat { f.Name = "o"; f.Open = nil; return f }},
		{"HeadSize 0", func(f DirFormat) DirFormat { f.Name = "h"; f.HeadSize = 0; return f }},
		{"a negative TailSize", func(f DirFormat) DirFormat { f.Name = "t"; f.TailSize = -1; return f }},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterDirFormat with %s did not panic", c.name)
				}
			}()
			RegisterDirFormat(c.f(ok))
		})
	}
}

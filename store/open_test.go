package store

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenDirectory(t *testing.T) {
	withFormats(t) // no probing for files
	ctx := context.Background()
	root := t.TempDir()
	dir := filepath.Join(root, "new", "a.zarr")
	if _, err := Open(ctx, dir, nil); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Open of a missing directory: %v, want fs.ErrNotExist", err)
	}
	if _, err := Open(ctx, dir, &OpenOptions{Write: true}); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Open for writing of a missing directory without Create: %v, want fs.ErrNotExist", err)
	}
	if _, err := Open(ctx, dir, &OpenOptions{Create: true}); err == nil || !strings.Contains(err.Error(), "needs Write") {
		t.Fatalf("Create without Write: %v, want an error", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a refused Open created the directory: %v", err)
	}
	w, err := Open(ctx, dir, &OpenOptions{Write: true, Create: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Set(ctx, "zarr.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "zarr.json")); err != nil {
		t.Fatalf("Set through the opened store wrote no file: %v", err)
	}
	if err := w.(io.Closer).Close(); err != nil {
		t.Fatal(err)
	}
	for _, loc := range []string{dir, "file://" + filepath.ToSlash(dir)} {
		r, err := Open(ctx, loc, nil)
		if err != nil {
			t.Fatalf("Open(%q): %v", loc, err)
		}
		if v, err := r.Get(ctx, "zarr.json", NoLimit); err != nil || string(v) != "{}" {
			t.Errorf("Open(%q): Get: %q, %v", loc, v, err)
		}
		if err := r.Set(ctx, "x", nil); !errors.Is(err, ErrReadOnly) {
			t.Errorf("Open(%q) read-only: Set: %v, want ErrReadOnly", loc, err)
		}
		if err := r.(io.Closer).Close(); err != nil {
			t.Errorf("Open(%q): Close: %v", loc, err)
		}
		if _, err := r.Get(ctx, "zarr.json", NoLimit); err == nil {
			t.Errorf("Open(%q): Get after Close through ReadOnly succeeded: Close was not forwarded", loc)
		}
	}
	file := filepath.Join(dir, "zarr.json")
	if _, err := Open(ctx, file, nil); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Open of a file: %v, want \"not a directory\"", err)
	}
	if _, err := Open(ctx, file, &OpenOptions{Write: true, Create: true}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Open with Create of a file: %v, want \"not a directory\"", err)
	}
}

func TestOpenHTTP(t *testing.T) {
	withFormats(t) // no probing for files
	ctx := context.Background()
	s, err := Open(ctx, "http://127.0.0.1:1/a.zarr", &OpenOptions{HTTP: &HTTPOptions{MaxInFlight: 3}})
	if err != nil {
		t.Fatal(err)
	}
	h, ok := s.(*HTTP)
	if !ok || h.String() != "http://127.0.0.1:1/a.zarr" {
		t.Fatalf("Open of an http URL: %T %v, want *HTTP", s, s)
	}
	if n := h.PreferredConcurrency(); n != 3 {
		t.Errorf("PreferredConcurrency = %d, want MaxInFlight 3", n)
	}
	if s, _ := Open(ctx, "https://example.com", nil); s.(ConcurrencyHint).PreferredConcurrency() != 8 {
		t.Errorf("default PreferredConcurrency = %d, want 8", s.(ConcurrencyHint).PreferredConcurrency())
	}
	_, err = Open(ctx, "https://example.com/a", &OpenOptions{Write: true})
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "HTTP store cannot be written") {
		t.Errorf("Open of https for writing: %v, want ErrReadOnly", err)
	}
	// Options NewHTTP refuses: a *LocationError, as the documentation of
	// Open says of every error about the location.
	_, err = Open(ctx, "https://example.com/a", &OpenOptions{HTTP: &HTTPOptions{Redirects: 99}})
	var le *LocationError
	if !errors.As(err, &le) || le.Location != "https://example.com/a" {
		t.Errorf("Open with a bad redirect policy: %v, want a *LocationError", err)
	}
}

func TestOpenUnregisteredScheme(t *testing.T) {
	withFormats(t) // no probing for files
	ctx := context.Background()
	for _, c := range []struct{ loc, want string }{
		{"s3://bucket/a", `import _ "github.com/zcodec/zcodec/store/s3store"`},
		{"gs://bucket", `import _ "github.com/zcodec/zcodec/store/s3store"`},
		{"nosuch://bucket/a", "nosuch://"},
	} {
		_, err := Open(ctx, c.loc, nil)
		if !errors.Is(err, ErrUnknownScheme) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%q): %v, want ErrUnknownScheme saying %s", c.loc, err, c.want)
		}
	}
}

// hinted is a store with a concurrency hint and a Close that counts.
type hinted struct {
	*Memory
	closed int
}

func (h *hinted) PreferredConcurrency() int { return 17 }
func (h *hinted) Close() error              { h.closed++; return nil }

func TestOpenRegisteredScheme(t *testing.T) {
	withFormats(t) // no probing for files
	ctx := context.Background()
	var got []Location
	var gotOpts []*OpenOptions
	inner := &hinted{Memory: NewMemory()}
	RegisterScheme("opentest", func(ctx context.Context, loc Location, opts *OpenOptions) (Store, error) {
		got, gotOpts = append(got, loc), append(gotOpts, opts)
		return inner, nil
	})
	r, err := Open(ctx, "opentest://bkt/a/b/", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Location{Scheme: "opentest", Host: "bkt", Path: "a/b", Raw: "opentest://bkt/a/b/"}
	if len(got) != 1 || got[0] != want || gotOpts[0] == nil || gotOpts[0].Write {
		t.Fatalf("the opener got %+v, %+v; want %+v and read-only options", got, gotOpts, want)
	}
	if err := r.Set(ctx, "k", nil); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only Open: Set: %v, want ErrReadOnly", err)
	}
	if n := r.(ConcurrencyHint).PreferredConcurrency(); n != 17 {
		t.Errorf("ReadOnly's PreferredConcurrency = %d, want the wrapped store's 17", n)
	}
	r.(io.Closer).Close()
	if inner.closed != 1 {
		t.Errorf("ReadOnly's Close closed the wrapped store %d times, want 1", inner.closed)
	}
	obj := &ObjectOptions{Region: "eu-west-1", MaxInFlight: 5}
	w, err := Open(ctx, "opentest://bkt", &OpenOptions{Write: true, Create: true, Object: obj})
	if err != nil {
		t.Fatal(err)
	}
	if w != Store(inner) || gotOpts[1].Object != obj || !gotOpts[1].Write {
		t.Errorf("Open for writing: %T, options %+v; want the opener's store and options", w, gotOpts[1])
	}
	RegisterScheme("failtest", func(context.Context, Location, *OpenOptions) (Store, error) { return nil, ErrTooLarge })
	var le *LocationError
	if _, err := Open(ctx, "failtest://b/p", nil); !errors.As(err, &le) || le.Location != "failtest://b/p" || !errors.Is(err, ErrTooLarge) {
		t.Errorf("an Opener's error: %v, want it wrapped in a *LocationError naming the location", err)
	}
	c := NewCounting(inner)
	if c.PreferredConcurrency() != 17 || c.Close() != nil || inner.closed != 2 {
		t.Errorf("Counting does not forward PreferredConcurrency and Close")
	}
	m := NewCounting(NewMemory())
	if n := m.PreferredConcurrency(); n != 0 || m.Close() != nil {
		t.Errorf("Counting over a memory store: PreferredConcurrency %d, want 0 (no preference)", n)
	}
}

func TestRegisterSchemePanics(t *testing.T) {
	open := func(context.Context, Location, *OpenOptions) (Store, error) { return NewMemory(), nil }
	RegisterScheme("panictest", open)
	for _, c := range []struct {
		scheme string
		open   Opener
	}{
		{"panictest", open}, {"file", open}, {"https", open}, {"S3x", open}, {"", open}, {"a/b", open}, {"nilopener", nil},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterScheme(%q) did not panic", c.scheme)
				}
			}()
			RegisterScheme(c.scheme, c.open)
		}()
	}
}

func TestOpenCancelled(t *testing.T) {
	withFormats(t) // no probing for files
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Open(ctx, t.TempDir(), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Open with a cancelled context: %v, want context.Canceled", err)
	}
}

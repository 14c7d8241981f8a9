package store

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

func TestOpenFileInDirectory(t *testing.T) {
	ctx := context.Background()
	withFormats(t, toyFormats()...)
	root := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o666); err != nil {
			t.Fatal(err)
		}
		return p
	}
	toy := toyFile(false, 3000)
	at512 := toyFile(true, 700)
	short := []byte("TOYF")
	pToy := write("d/data.toy", toy)
	p512 := write("d/other.bin", at512)
	pShort := write("short.toy", short)
	pPlain := write("plain.txt", []byte("not a toy file at all"))
	write("z.zarr/zarr.json", []byte("{}"))

	s, err := Open(ctx, pToy, nil)
	ts := checkToy(t, s, err, "toyf", "", toy)
	if ts.f.Location() != pToy || ts.f.PreferredConcurrency() != 0 {
		t.Errorf("File.Location %q, PreferredConcurrency %d; want %q, 0", ts.f.Location(), ts.f.PreferredConcurrency(), pToy)
	}
	if v, err := s.Get(ctx, "data", NoLimit); err != nil || string(v) != string(toy) {
		t.Errorf("the whole file through the format's store: %d bytes, %v", len(v), err)
	}
	if err := s.(io.Closer).Close(); err != nil || !ts.closed {
		t.Fatalf("Close: %v", err)
	}
	if _, err := ts.f.ReadRange(ctx, byterange.Range{Offset: 0, Length: 1}); err == nil {
		t.Error("a closed File still reads")
	}

	s, err = Open(ctx, filepath.Join(pToy, "grp", "var"), nil)
	checkToy(t, s, err, "toyf", "grp/var", toy).Close()
	s, err = Open(ctx, "file://"+filepath.ToSlash(pToy)+"/grp", nil)
	checkToy(t, s, err, "toyf", "grp", toy).Close()
	s, err = Open(ctx, p512, nil)
	checkToy(t, s, err, "toy512", "", at512).Close()
	s, err = Open(ctx, pShort+"/a", nil)
	checkToy(t, s, err, "toyf", "a", short).Close()

	// A link to the file, from another directory, reads the file.
	link := filepath.Join(root, "link.toy")
	if err := os.Symlink(pToy, link); err == nil {
		s, err = Open(ctx, link, nil)
		ts := checkToy(t, s, err, "toyf", "", toy)
		if ts.f.Location() != link {
			t.Errorf("Location of a link: %q, want %q", ts.f.Location(), link)
		}
		ts.Close()
	}

	// Opening a file for writing is refused, whatever Create says.
	for _, o := range []*OpenOptions{{Write: true}, {Write: true, Create: true}} {
		_, err = Open(ctx, pToy+"/grp", o)
		var le *LocationError
		if !errors.As(err, &le) || !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), pToy+" is a toyf file: it opens read-only") {
			t.Errorf("Open %+v of a toy file: %v, want a *LocationError matching ErrReadOnly", o, err)
		}
	}

	// A file no format recognises, and paths inside it, fail as before.
	_, err = Open(ctx, pPlain, nil)
	if err == nil || !strings.Contains(err.Error(), "not a directory") || !strings.Contains(err.Error(), "no registered file format (toy512, toyf) recognises the file") {
		t.Errorf("Open of a plain file: %v", err)
	}
	if _, err = Open(ctx, pPlain+"/x", nil); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Open of a path inside a plain file: %v", err)
	}
	// A directory is a directory store, read-only as before.
	s, err = Open(ctx, filepath.Join(root, "z.zarr"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(readOnly); !ok {
		t.Errorf("Open of a directory: %T, want the read-only wrapper", s)
	}
	s.(io.Closer).Close()
	// A missing path under a directory is missing; with Create it is made.
	if _, err := Open(ctx, filepath.Join(root, "d", "nothing", "x"), nil); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open of a missing path: %v, want fs.ErrNotExist", err)
	}
	w, err := Open(ctx, filepath.Join(root, "new", "a.zarr"), &OpenOptions{Write: true, Create: true})
	if err != nil {
		t.Fatal(err)
	}
	w.(io.Closer).Close()

	// A format whose Open fails: the error, wrapped, and the file closed.
	boom := errors.New("boom")
	withFormats(t, toyAt("bad", "TOYF", 0, 4, boom))
	if _, err := Open(ctx, pToy, nil); !errors.Is(err, boom) || !strings.Contains(err.Error(), pToy+": bad: boom") {
		t.Errorf("a failing format's Open: %v", err)
	}
}

func TestGetHeadDirMemory(t *testing.T) {
	ctx := context.Background()
	d, err := OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	m := NewMemory()
	for _, s := range []interface {
		Store
		HeadGetter
	}{d, m} {
		for k, v := range map[string]string{"a/long": "0123456789", "empty": "", "four": "abcd"} {
			if err := s.Set(ctx, k, []byte(v)); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			key  string
			n    int64
			head string
			size int64
		}{
			{"a/long", 4, "0123", 10}, {"a/long", 10, "0123456789", 10}, {"a/long", 100, "0123456789", 10},
			{"empty", 8, "", 0}, {"four", 4, "abcd", 4},
		} {
			h, size, err := s.GetHead(ctx, c.key, c.n)
			if err != nil || string(h) != c.head || size != c.size {
				t.Errorf("%T.GetHead(%q, %d) = %q, %d, %v; want %q, %d", s, c.key, c.n, h, size, err, c.head, c.size)
			}
		}
		if _, _, err := s.GetHead(ctx, "missing", 4); !errors.Is(err, ErrNotFound) {
			t.Errorf("%T.GetHead of a missing key: %v", s, err)
		}
		if _, _, err := s.GetHead(ctx, "four", 0); err == nil {
			t.Errorf("%T.GetHead with n 0 succeeded", s)
		}
		if _, _, err := s.GetHead(ctx, "../x", 4); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("%T.GetHead of an invalid key: %v", s, err)
		}
	}
}

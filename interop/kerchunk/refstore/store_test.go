package refstore

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// opener routes the roots a Store opens to Memory stores (one per root,
// made on first use) and counts the opens.
type opener struct {
	mu     sync.Mutex
	stores map[string]*store.Memory
	opens  []string
	fail   error
}

func newOpener() *opener { return &opener{stores: map[string]*store.Memory{}} }

func (o *opener) mem(root string) *store.Memory {
	o.mu.Lock()
	defer o.mu.Unlock()
	m := o.stores[root]
	if m == nil {
		m = store.NewMemory()
		o.stores[root] = m
	}
	return m
}

func (o *opener) open(ctx context.Context, root string, opts *store.OpenOptions) (store.Store, error) {
	o.mu.Lock()
	o.opens = append(o.opens, root)
	fail := o.fail
	o.mu.Unlock()
	if fail != nil {
		return nil, fail
	}
	if !opts.NoFormats || opts.Write {
		return nil, errors.New("opened without NoFormats, or for writing")
	}
	return o.mem(root), nil
}

func (o *opener) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.opens)
}

// testSet is a set of inline values and ranges of s3://bkt/data/file.bin,
// whose bytes are 0, 1, 2, ... 255, 0, 1, ...
func testSet(t *testing.T, o *opener) (*kerchunk.Set, []byte) {
	t.Helper()
	file := make([]byte, 1000)
	for i := range file {
		file[i] = byte(i)
	}
	o.mem("s3://bkt").Set(context.Background(), "data/file.bin", file)
	s := kerchunk.NewSet()
	s.Put(".zgroup", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2}`)})
	s.Put("a/.zarray", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2,"shape":[10]}`)})
	s.Put("a/0", kerchunk.Ref{URL: "s3://bkt/data/file.bin", Offset: 100, Length: 50})
	s.Put("a/1", kerchunk.Ref{URL: "file.bin", Offset: 900, Length: 100}) // relative to the set
	s.Put("a/2", kerchunk.Ref{URL: "s3://bkt/data/file.bin", Offset: 0, Length: -1})
	s.Put("a/3", kerchunk.Ref{URL: "s3://bkt/data/file.bin", Offset: 990, Length: -1})
	return s, file
}

func TestGetAndRanges(t *testing.T) {
	ctx := context.Background()
	o := newOpener()
	set, file := testSet(t, o)
	s, err := New(ctx, set, &Options{Location: "s3://bkt/data/refs.json", OpenStore: o.open})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if o.count() != 0 {
		t.Fatalf("New opened %d stores", o.count())
	}
	for _, c := range []struct {
		key  string
		r    byterange.Range
		want []byte
	}{
		{".zgroup", byterange.Whole, []byte(`{"zarr_format":2}`)},
		{".zgroup", byterange.Range{Offset: 2, Length: 4}, []byte(`zarr`)},
		{".zgroup", byterange.Range{Offset: -2, Length: 2}, []byte(`2}`)},
		{"a/0", byterange.Whole, file[100:150]},
		{"a/0", byterange.Range{Offset: 10, Length: 5}, file[110:115]},
		{"a/0", byterange.Range{Offset: 45, Length: -1}, file[145:150]},
		{"a/0", byterange.Range{Offset: -3, Length: 3}, file[147:150]},
		{"a/1", byterange.Whole, file[900:1000]},
		{"a/2", byterange.Whole, file},
		{"a/2", byterange.Range{Offset: 5, Length: 2}, file[5:7]},
		{"a/2", byterange.Range{Offset: -4, Length: 4}, file[996:]},
		{"a/3", byterange.Whole, file[990:]},
		{"a/3", byterange.Range{Offset: 2, Length: 3}, file[992:995]},
		{"a/3", byterange.Range{Offset: -3, Length: 3}, file[997:]},
	} {
		var got []byte
		if c.r == byterange.Whole {
			got, err = s.Get(ctx, c.key, store.NoLimit)
		} else {
			got, err = s.GetRange(ctx, c.key, c.r)
		}
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s %v: %v, %q; want %q", c.key, c.r, err, got, c.want)
		}
	}
	if o.count() != 1 {
		t.Errorf("%d opens (%q), want 1: one store for the bucket", o.count(), o.opens)
	}
	// Ranges outside a value, limits.
	if _, err := s.GetRange(ctx, "a/0", byterange.Range{Offset: 40, Length: 20}); !errors.Is(err, byterange.ErrRange) {
		t.Errorf("a range past the reference's end: %v, want ErrRange", err)
	}
	if _, err := s.Get(ctx, "a/0", 49); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("limit 49 of 50 bytes: %v, want ErrTooLarge", err)
	}
	if _, err := s.Get(ctx, "a/2", 999); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("limit 999 of a whole file of 1000: %v, want ErrTooLarge", err)
	}
	if b, err := s.Get(ctx, "a/3", 10); err != nil || len(b) != 10 {
		t.Errorf("limit 10 of the last 10 bytes: %v, %d bytes", err, len(b))
	}
	if _, err := s.Get(ctx, "a/3", 9); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("limit 9 of the last 10 bytes: %v, want ErrTooLarge", err)
	}
	if _, err := s.Get(ctx, ".zgroup", 3); !errors.Is(err, store.ErrTooLarge) {
		t.Errorf("limit 3 of an inline value: %v, want ErrTooLarge", err)
	}
	if _, err := s.Get(ctx, "a/9", store.NoLimit); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an absent key: %v, want ErrNotFound", err)
	}
	if _, err := s.Get(ctx, "a//0", store.NoLimit); !errors.Is(err, store.ErrInvalidKey) {
		t.Errorf("an invalid key: %v, want ErrInvalidKey", err)
	}
	// The value returned is the caller's.
	b, _ := s.Get(ctx, ".zgroup", store.NoLimit)
	b[0] = 'X'
	if b, _ := s.Get(ctx, ".zgroup", store.NoLimit); b[0] != '{' {
		t.Errorf("changing a returned inline value changed the set")
	}
	if err := s.Set(ctx, "a/0", nil); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("Set: %v", err)
	}
	if err := s.Delete(ctx, "a/0"); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("Delete: %v", err)
	}
}

func TestList(t *testing.T) {
	ctx := context.Background()
	o := newOpener()
	set, _ := testSet(t, o)
	set.Put("a/bad//key", kerchunk.Ref{Inline: true, Data: []byte("x")})
	s, err := New(ctx, set, &Options{Location: "s3://bkt/data/refs.json", OpenStore: o.open})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var bad []store.Entry
	err = s.List(ctx, "a/", func(e store.Entry) error {
		if e.Err != nil {
			bad = append(bad, e)
			return nil
		}
		got = append(got, e.Key+":"+itoa(e.Size))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a/.zarray:30", "a/0:50", "a/1:100", "a/2:-1", "a/3:-1"}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("List a/: %q, want %q", got, want)
	}
	if len(bad) != 1 || !errors.Is(bad[0].Err, store.ErrInvalidKey) || bad[0].Key != "a/bad//key" {
		t.Errorf("the invalid key: %+v", bad)
	}
	if o.count() != 0 {
		t.Errorf("List opened %d stores", o.count())
	}
	stop := errors.New("stop")
	if err := s.List(ctx, "", func(store.Entry) error { return stop }); err != stop {
		t.Errorf("List returns %v, want fn's error", err)
	}
	if err := s.List(ctx, "a", func(store.Entry) error { return nil }); !errors.Is(err, store.ErrInvalidKey) {
		t.Errorf("List of a prefix without /: %v", err)
	}

	// A node inside the set at the root.
	sub, err := New(ctx, set, &Options{Location: "s3://bkt/data/refs.json", Path: "a", OpenStore: o.open})
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	sub.List(ctx, "", func(e store.Entry) error {
		if e.Err == nil {
			got = append(got, e.Key)
		}
		return nil
	})
	if want := []string{".zarray", "0", "1", "2", "3"}; !slices.Equal(got, want) {
		t.Errorf("List of the node a: %q, want %q", got, want)
	}
	if b, err := sub.Get(ctx, "0", store.NoLimit); err != nil || len(b) != 50 {
		t.Errorf("Get 0 of the node a: %v", err)
	}
	if _, err := New(ctx, set, &Options{Path: "nothing"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a node the set does not hold: %v", err)
	}
}

func itoa(n int64) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestLocalFiles reads references into local files: relative to the
// set's directory, absolute, through a link, with file:// URLs; one store
// for them all.
func TestLocalFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sets"), 0o755)
	os.MkdirAll(filepath.Join(dir, "data", "deep"), 0o755)
	os.WriteFile(filepath.Join(dir, "data", "a.bin"), []byte("0123456789"), 0o644)
	os.WriteFile(filepath.Join(dir, "data", "deep", "b.bin"), []byte("abcdefghij"), 0o644)
	os.Symlink(filepath.Join(dir, "data", "a.bin"), filepath.Join(dir, "sets", "link.bin"))
	set := kerchunk.NewSet()
	set.Put("rel", kerchunk.Ref{URL: "../data/a.bin", Offset: 2, Length: 3})
	set.Put("abs", kerchunk.Ref{URL: filepath.Join(dir, "data", "deep", "b.bin"), Offset: 0, Length: 4})
	set.Put("url", kerchunk.Ref{URL: "file://" + filepath.ToSlash(filepath.Join(dir, "data", "a.bin")), Offset: 8, Length: 2})
	set.Put("link", kerchunk.Ref{URL: "link.bin", Offset: 0, Length: -1})
	set.Put("missing", kerchunk.Ref{URL: "nothing.bin", Offset: 0, Length: 1})
	var opens []string
	s, err := New(ctx, set, &Options{Location: filepath.Join(dir, "sets", "refs.json"), OpenStore: func(ctx context.Context, root string, o *store.OpenOptions) (store.Store, error) {
		opens = append(opens, root)
		return store.Open(ctx, root, o)
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for key, want := range map[string]string{"rel": "234", "abs": "abcd", "url": "89", "link": "0123456789"} {
		b, err := s.Get(ctx, key, store.NoLimit)
		if err != nil || string(b) != want {
			t.Errorf("%s: %v, %q; want %q", key, err, b, want)
		}
	}
	if len(opens) != 1 || opens[0] != "/" {
		t.Errorf("opened %q, want the file system's root once", opens)
	}
	_, err = s.Get(ctx, "missing", store.NoLimit)
	if !errors.Is(err, ErrReference) || errors.Is(err, store.ErrNotFound) || !strings.Contains(err.Error(), "nothing.bin") || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing file: %v; want an ErrReference naming the key and the file, not ErrNotFound", err)
	}
}

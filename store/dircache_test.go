package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestDirGetDeep reads the metadata of every level of a tree 1500 groups
// deep, top down, as a walk of the tree does (zarr.json found, and a
// missing .zarray probed), and counts the path elements resolved: linear
// in the depth, where resolving every key from the root costs the square
// of the depth.
func TestDirGetDeep(t *testing.T) {
	const depth = 1500
	root := deepTree(t, depth, "g", func(r *os.Root, i int) error {
		if i == depth {
			return nil
		}
		return r.WriteFile("zarr.json", fmt.Appendf(nil, "%d", i), 0o666)
	})
	d, _ := OpenDir(root)
	defer d.Close()
	elems := countLookups(t)
	ctx := context.Background()
	p := ""
	for i := range depth {
		v, err := d.Get(ctx, Join(p, "zarr.json"), NoLimit)
		if err != nil || string(v) != fmt.Sprint(i) {
			t.Fatalf("level %d: %q, %v", i, v, err)
		}
		if _, err := d.GetRange(ctx, Join(p, ".zarray"), br(0, 1)); !errors.Is(err, ErrNotFound) {
			t.Fatalf("level %d: a missing key: %v", i, err)
		}
		p = Join(p, "g")
	}
	if limit := int64(8 * depth); elems.Load() > limit {
		t.Errorf("reading %d levels resolved %d path elements: want at most %d (linear)", depth, elems.Load(), limit)
	}
}

// TestDirCacheSymlinks: keys read through a held directory handle answer
// as keys resolved from the root do: links out of the store stay
// unreadable, links that go up out of a directory and back into the store
// still work.
func TestDirCacheSymlinks(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	os.WriteFile(filepath.Join(base, "secret"), []byte("outside"), 0o600)
	os.MkdirAll(filepath.Join(base, "outdir"), 0o777)
	os.WriteFile(filepath.Join(base, "outdir", "zarr.json"), []byte("outside"), 0o600)
	root := filepath.Join(base, "root")
	os.MkdirAll(filepath.Join(root, "a", "b", "c"), 0o777)
	os.MkdirAll(filepath.Join(root, "x", "y"), 0o777)
	os.WriteFile(filepath.Join(root, "a", "b", "zarr.json"), []byte("ab"), 0o666)
	os.WriteFile(filepath.Join(root, "a", "b", "c", "zarr.json"), []byte("abc"), 0o666)
	os.WriteFile(filepath.Join(root, "x", "y", "zarr.json"), []byte("xy"), 0o666)
	links := map[string]string{
		"a/b/out":      "../../../secret",
		"a/b/outdir":   "../../../outdir",
		"a/b/abs":      filepath.Join(base, "secret"),
		"a/b/absdir":   filepath.Join(base, "outdir"),
		"a/b/c/deep":   "../../../../secret",
		"a/b/upfile":   "../../x/y/zarr.json",
		"a/b/updir":    "../../x/y",
		"a/b/c/updir2": "../../../x",
		"a/b/same":     "c",
	}
	for k, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(k))); err != nil {
			t.Skipf("symbolic links: %v", err)
		}
	}
	unreadable := []string{"a/b/out", "a/b/outdir/zarr.json", "a/b/abs", "a/b/absdir/zarr.json", "a/b/c/deep"}
	good := map[string]string{
		"a/b/zarr.json":            "ab",
		"a/b/c/zarr.json":          "abc",
		"a/b/upfile":               "xy",
		"a/b/updir/zarr.json":      "xy",
		"a/b/c/updir2/y/zarr.json": "xy",
		"a/b/same/zarr.json":       "abc",
	}
	check := func(d *Dir) {
		t.Helper()
		for _, k := range unreadable {
			if _, err := d.Get(ctx, k, NoLimit); !errors.Is(err, ErrUnreadable) {
				t.Errorf("Get(%q) = %v, want ErrUnreadable", k, err)
			}
			if _, err := d.GetRange(ctx, k, br(0, 1)); !errors.Is(err, ErrUnreadable) {
				t.Errorf("GetRange(%q) = %v, want ErrUnreadable", k, err)
			}
		}
		for k, want := range good {
			if v, err := d.Get(ctx, k, NoLimit); err != nil || string(v) != want {
				t.Errorf("Get(%q) = %q, %v; want %q", k, v, err, want)
			}
		}
	}
	// Fresh: the links' directories are opened from the root; then again,
	// with the directories of every key held, in both orders.
	for range 2 {
		d, _ := OpenDir(root)
		check(d)
		check(d)
		d.Close()
		unreadable = append(unreadable[1:], unreadable[0])
	}
	// Directories held first, then the links read through them.
	d, _ := OpenDir(root)
	defer d.Close()
	for k := range good {
		d.Get(ctx, k, NoLimit)
	}
	check(d)
}

// TestDirCacheRemovedDirectory: a directory removed and made again, by
// another hand or through the store, is never answered for by the handle
// of the old one.
func TestDirCacheRemovedDirectory(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	dir := filepath.Join(root, "a", "b")
	write := func(v string) {
		t.Helper()
		if err := os.MkdirAll(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "zarr.json"), []byte(v), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	get := func(key, want string) {
		t.Helper()
		v, err := d(t, root).Get(ctx, key, NoLimit)
		if want == "" {
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("Get(%q) = %q, %v; want ErrNotFound", key, v, err)
			}
			return
		}
		if err != nil || string(v) != want {
			t.Errorf("Get(%q) = %q, %v; want %q", key, v, err, want)
		}
	}
	write("one")
	get("a/b/zarr.json", "one")
	os.RemoveAll(filepath.Join(root, "a"))
	get("a/b/zarr.json", "")
	write("two")
	get("a/b/zarr.json", "two")
	get("a/b/.zarray", "")
	os.RemoveAll(dir)
	write("three") // no read between
	os.WriteFile(filepath.Join(dir, ".zarray"), []byte("v2"), 0o666)
	get("a/b/.zarray", "v2")
	get("a/b/zarr.json", "three")

	// Through the store.
	s := d(t, root)
	if err := s.Delete(ctx, "a/b/zarr.json"); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(root, "a", "elsewhere"), 0o777)
	if err := os.Symlink("elsewhere", dir); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
	if err := s.Set(ctx, "a/b/zarr.json", []byte("four")); err != nil {
		t.Fatal(err)
	}
	get("a/b/zarr.json", "four")
	get("a/elsewhere/zarr.json", "four")

	// Replaced by a link out of the store while its handle is held.
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "zarr.json"), []byte("outside"), 0o666)
	get("a/elsewhere/zarr.json", "four")
	os.RemoveAll(filepath.Join(root, "a", "elsewhere"))
	os.Symlink(outside, filepath.Join(root, "a", "elsewhere"))
	if v, err := s.Get(ctx, "a/elsewhere/zarr.json", NoLimit); !errors.Is(err, ErrUnreadable) {
		t.Errorf("a directory replaced by a link out of the store: %q, %v; want ErrUnreadable", v, err)
	}
}

var (
	sharedMu  sync.Mutex
	sharedDir = map[string]*Dir{}
)

// d returns one Dir per root for the test, so that its cache lives across
// the test's reads.
func d(t *testing.T, root string) *Dir {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if s, ok := sharedDir[root]; ok {
		return s
	}
	s, err := OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	sharedDir[root] = s
	t.Cleanup(func() {
		sharedMu.Lock()
		delete(sharedDir, root)
		sharedMu.Unlock()
		s.Close()
	})
	return s
}

// TestDirCacheConcurrent reads the keys of more directories than the
// cache holds on many goroutines while others write and delete, so that
// handles are evicted and cleared while reads use them (run with -race).
func TestDirCacheConcurrent(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	const dirs = 3 * dirCacheSize
	key := func(i int) string { return fmt.Sprintf("t/%d/%d/%d/zarr.json", i%3, i%7, i) }
	s, _ := OpenDir(root)
	defer s.Close()
	for i := range dirs {
		if err := s.Set(ctx, key(i), []byte(key(i))); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for n := range 400 {
				i := (g*131 + n*17) % dirs
				v, err := s.Get(ctx, key(i), NoLimit)
				if err != nil || string(v) != key(i) {
					t.Errorf("Get(%q) = %q, %v", key(i), v, err)
					return
				}
				if _, err := s.Get(ctx, strings.Replace(key(i), "zarr.json", "absent", 1), NoLimit); !errors.Is(err, ErrNotFound) {
					t.Errorf("an absent key: %v", err)
					return
				}
			}
		})
	}
	for g := range 2 {
		wg.Go(func() {
			for n := range 200 {
				k := fmt.Sprintf("t/%d/%d/w/zarr.json", g, n%5)
				if err := s.Set(ctx, k, []byte("w")); err != nil {
					t.Error(err)
					return
				}
				if n%3 == 0 {
					if err := s.Delete(ctx, k); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestDirCacheClose: Close releases every handle the cache held.
func TestDirCacheClose(t *testing.T) {
	fds := func() int {
		des, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(des)
	}
	root := t.TempDir()
	for i := range 2 * dirCacheSize {
		p := filepath.Join(root, "a", fmt.Sprint(i), "b")
		os.MkdirAll(p, 0o777)
		os.WriteFile(filepath.Join(p, "k"), []byte("x"), 0o666)
	}
	before := fds()
	s, _ := OpenDir(root)
	for i := range 2 * dirCacheSize {
		if _, err := s.Get(context.Background(), fmt.Sprintf("a/%d/b/k", i), NoLimit); err != nil {
			t.Fatal(err)
		}
	}
	if n := fds() - before; n > dirCacheSize+1 {
		t.Errorf("%d files open with the store, want at most %d", n, dirCacheSize+1)
	}
	s.Close()
	if n := fds(); n != before {
		t.Errorf("%d files open after Close, %d before", n, before)
	}
}

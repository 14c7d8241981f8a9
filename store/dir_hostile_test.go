package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// listAll returns the entries List reports under prefix, by key.
func listAll(t *testing.T, s Store, prefix string) map[string]Entry {
	t.Helper()
	got := map[string]Entry{}
	err := s.List(context.Background(), prefix, func(e Entry) error {
		if _, dup := got[e.Key]; dup {
			t.Errorf("List reports %q twice", e.Key)
		}
		got[e.Key] = e
		return nil
	})
	if err != nil {
		t.Fatalf("List(%q): %v", prefix, err)
	}
	return got
}

// TestDirUnreadableKeys plants keys that exist but cannot be read: each is
// an error matched by ErrUnreadable (never ErrNotFound) for Get and
// GetRange, found without blocking, and List reports it with Err set.
func TestDirUnreadableKeys(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	os.WriteFile(filepath.Join(base, "secret"), []byte("outside"), 0o600)
	root := filepath.Join(base, "root")
	os.MkdirAll(filepath.Join(root, "c", "0", "dir"), 0o777)
	os.WriteFile(filepath.Join(root, "c", "0", "ok"), []byte("value"), 0o666)
	os.Symlink("../../../secret", filepath.Join(root, "c", "0", "out"))
	os.Symlink("/nonexistent/zcodec/target", filepath.Join(root, "c", "0", "dangling"))
	os.Symlink("loop", filepath.Join(root, "c", "0", "loop"))
	os.Symlink("../../..", filepath.Join(root, "c", "0", "outdir"))
	unreadable := []string{"c/0/out", "c/0/dangling", "c/0/loop", "c/0/dir", "c/0/outdir/secret"}
	if err := syscall.Mkfifo(filepath.Join(root, "c", "0", "fifo"), 0o666); err == nil {
		unreadable = append(unreadable, "c/0/fifo")
	}
	if syscall.Mknod(filepath.Join(root, "c", "0", "null"), syscall.S_IFCHR|0o666, 1<<8|3) == nil { // /dev/null's numbers
		unreadable = append(unreadable, "c/0/null")
	}
	if os.Geteuid() != 0 { // root reads anything
		os.WriteFile(filepath.Join(root, "c", "0", "private"), []byte("x"), 0o000)
		unreadable = append(unreadable, "c/0/private")
	}
	d, err := OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, k := range unreadable {
		for op, get := range map[string]func() error{
			"Get":      func() error { _, err := d.Get(ctx, k, NoLimit); return err },
			"GetRange": func() error { _, err := d.GetRange(ctx, k, br(0, 1)); return err },
		} {
			done := make(chan error, 1)
			go func() { done <- get() }()
			select {
			case err := <-done:
				var ue *UnreadableError
				if !errors.Is(err, ErrUnreadable) || !errors.As(err, &ue) || errors.Is(err, ErrNotFound) {
					t.Errorf("%s(%q) = %v, want an *UnreadableError", op, k, err)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s(%q) blocks", op, k)
			}
		}
	}
	if _, err := d.Get(ctx, "c/0/dir", NoLimit); !errors.Is(err, ErrIsDirectory) {
		t.Errorf("Get of a directory: %v, want ErrIsDirectory too", err)
	}
	if _, err := d.Get(ctx, "c/0/absent", NoLimit); !errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnreadable) {
		t.Errorf("Get of an absent key: %v, want ErrNotFound", err)
	}
	got := listAll(t, d, "")
	if e, ok := got["c/0/ok"]; !ok || e.Err != nil || e.Size != 5 {
		t.Errorf("List: the value: %+v", e)
	}
	for _, k := range unreadable {
		if k == "c/0/dir" || k == "c/0/private" || k == "c/0/outdir/secret" {
			continue // a directory is walked, not reported; a file without permission is listed; a link is reported, not what is beyond it
		}
		if e, ok := got[k]; !ok || !errors.Is(e.Err, ErrUnreadable) {
			t.Errorf("List: %q reported as %+v (present %v), want an ErrUnreadable entry", k, e, ok)
		}
	}
}

// TestDirListUnreadableDirectory: a directory List cannot read is
// reported, and the listing goes on.
func TestDirListUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "locked"), 0o777)
	os.WriteFile(filepath.Join(root, "locked", "k"), []byte("x"), 0o666)
	os.WriteFile(filepath.Join(root, "ok"), []byte("x"), 0o666)
	os.Chmod(filepath.Join(root, "locked"), 0o000)
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "locked"), 0o777) })
	d, _ := OpenDir(root)
	defer d.Close()
	got := listAll(t, d, "")
	if e := got["locked"]; !errors.Is(e.Err, ErrUnreadable) {
		t.Errorf("an unreadable directory: %+v", got)
	}
	if e, ok := got["ok"]; !ok || e.Err != nil {
		t.Errorf("the listing stopped: %+v", got)
	}
}

// TestDirListInvalidNames: names that are not valid keys are reported with
// an ErrInvalidKey error and a printable, never valid, Key; directories of
// such names are not descended into.
func TestDirListInvalidNames(t *testing.T) {
	root := t.TempDir()
	names := map[string]string{ // name on disk -> Key reported
		"bad\xff":       `bad\xff`,
		`back\slash`:    `back\\slash`,
		"dir\xfe":       `dir\xfe`,
		"ok/sub\x80":    `ok/sub\x80`,
		"ok/esc\x1b[2J": "",
	}
	for n := range names {
		p := filepath.Join(root, filepath.FromSlash(n))
		os.MkdirAll(filepath.Dir(p), 0o777)
		if err := os.WriteFile(p, []byte("x"), 0o666); err != nil {
			t.Skipf("this file system refuses the name %q: %v", n, err)
		}
	}
	os.Remove(filepath.Join(root, "dir\xfe"))
	os.MkdirAll(filepath.Join(root, "dir\xfe", "inner"), 0o777)
	os.WriteFile(filepath.Join(root, "dir\xfe", "inner", "k"), []byte("x"), 0o666)
	d, _ := OpenDir(root)
	defer d.Close()
	got := listAll(t, d, "")
	for n, key := range names {
		if key == "" {
			// a valid key (control characters are allowed): a value
			if e, ok := got[n]; !ok || e.Err != nil {
				t.Errorf("%q: %+v", n, e)
			}
			continue
		}
		e, ok := got[key]
		var ike *InvalidKeyError
		if !ok || !errors.As(e.Err, &ike) || ike.Key != n {
			t.Errorf("%q: reported as %+v (present %v), want an *InvalidKeyError holding the name", n, e, ok)
			continue
		}
		if !utf8.ValidString(e.Key) || ValidKey(e.Key) == nil || e.Size != -1 {
			t.Errorf("%q: Key %q, Size %d: want printable UTF-8 that is not a valid key, size -1", n, e.Key, e.Size)
		}
	}
	for k := range got {
		if strings.Contains(k, "inner") {
			t.Errorf("List descended into a directory whose name is not a key: %q", k)
		}
	}
	if len(got) != len(names) {
		t.Errorf("List reports %d entries, want %d: %v", len(got), len(names), got)
	}
}

// TestDirListDeep lists a tree 1500 directories deep and counts the path
// elements List resolves: linear in the number of directories, where
// resolving every directory from the root costs the square of the depth.
func TestDirListDeep(t *testing.T) {
	const depth = 1500
	root := deepTree(t, depth, "d", func(r *os.Root, i int) error {
		switch {
		case i == depth:
			return r.WriteFile("v", []byte("deep"), 0o666)
		case i%100 == 0:
			return r.WriteFile("v", []byte("x"), 0o666)
		}
		return nil
	})
	d, _ := OpenDir(root)
	defer d.Close()
	elems := countLookups(t)
	var (
		count   int
		deepest int
	)
	err := d.List(context.Background(), "", func(e Entry) error {
		if e.Err != nil {
			t.Errorf("%.40q...: %v", e.Key, e.Err)
		}
		count++
		deepest = max(deepest, strings.Count(e.Key, "/"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := depth/100 + 1; count != want || deepest != depth {
		t.Errorf("%d values, the deepest at depth %d; want %d and %d", count, deepest, want, depth)
	}
	if limit := int64(4 * (depth + count)); elems.Load() > limit {
		t.Errorf("List resolved %d path elements for %d directories: want at most %d (linear)", elems.Load(), depth+1, limit)
	}
}

// deepTree makes a tree of depth directories, each named name inside the
// one before, under a new temporary directory, and calls fill with the
// directory at each level i (0 is the root, depth the deepest) to put
// files in it. It returns the root's path.
func deepTree(t *testing.T, depth int, name string, fill func(r *os.Root, i int) error) string {
	t.Helper()
	root := t.TempDir()
	cur, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if err := fill(cur, i); err != nil {
			t.Fatal(err)
		}
		if i == depth {
			break
		}
		if err := cur.Mkdir(name, 0o777); err != nil {
			t.Fatal(err)
		}
		next, err := cur.OpenRoot(name)
		if err != nil {
			t.Fatal(err)
		}
		cur.Close()
		cur = next
	}
	cur.Close()
	return root
}

// countLookups counts the path elements the store resolves (walkHook)
// until the test ends.
func countLookups(t *testing.T) *atomic.Int64 {
	var n atomic.Int64
	walkHook = func(k int) { n.Add(int64(k)) }
	t.Cleanup(func() { walkHook = nil })
	return &n
}

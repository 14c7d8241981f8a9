package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOpenDirMissing(t *testing.T) {
	if _, err := OpenDir(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Fatal("OpenDir of a missing directory succeeded")
	}
}

// TestDirEscape plants files and links outside the root and checks that no
// key reaches them.
func TestDirEscape(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	secret := filepath.Join(base, "secret")
	os.WriteFile(secret, []byte("outside"), 0o600)
	root := filepath.Join(base, "root")
	os.MkdirAll(filepath.Join(root, "sub"), 0o777)
	os.Symlink("../secret", filepath.Join(root, "up"))             // relative, leads out
	os.Symlink(secret, filepath.Join(root, "abs"))                 // absolute
	os.Symlink("..", filepath.Join(root, "sub", "parent"))         // a directory link inside
	os.Symlink("../..", filepath.Join(root, "sub", "grandparent")) // leads out
	os.WriteFile(filepath.Join(root, "sub", "ok"), []byte("in"), 0o600)
	os.Symlink("sub/ok", filepath.Join(root, "inside"))
	d, err := OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, k := range []string{"up", "abs", "sub/grandparent/secret", "../secret", "sub/../../secret"} {
		if v, err := d.Get(ctx, k, NoLimit); err == nil || strings.Contains(string(v), "outside") {
			t.Errorf("Get(%q) = %q, %v: escaped the root", k, v, err)
		}
		if v, err := d.GetRange(ctx, k, br(0, 3)); err == nil {
			t.Errorf("GetRange(%q) = %q: escaped the root", k, v)
		}
		if err := d.Set(ctx, k, []byte("x")); err == nil {
			t.Errorf("Set(%q) succeeded", k)
		}
		if err := d.Delete(ctx, k); err == nil && k != "abs" && k != "up" {
			t.Errorf("Delete(%q) succeeded", k)
		}
	}
	if b, _ := os.ReadFile(secret); string(b) != "outside" {
		t.Fatalf("the file outside the root changed: %q", b)
	}
	if v, err := d.Get(ctx, "inside", NoLimit); err != nil || string(v) != "in" {
		t.Errorf("a link inside the root: %q, %v", v, err)
	}
	if v, err := d.Get(ctx, "sub/parent/sub/ok", NoLimit); err != nil || string(v) != "in" {
		t.Errorf("a directory link inside the root: %q, %v", v, err)
	}
	var keys []string
	if err := d.List(ctx, "", func(e Entry) error { keys = append(keys, e.Key); return nil }); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if k == "up" || k == "abs" {
			t.Errorf("List reports %q, a link out of the root", k)
		}
	}
}

func TestDirKeyIsDirectory(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "c", "0"), 0o777)
	d, _ := OpenDir(root)
	defer d.Close()
	if _, err := d.Get(ctx, "c/0", NoLimit); !errors.Is(err, ErrIsDirectory) {
		t.Errorf("Get of a directory: %v", err)
	}
	if _, err := d.GetRange(ctx, "c", br(-4, 4)); !errors.Is(err, ErrIsDirectory) {
		t.Errorf("GetRange of a directory: %v", err)
	}
	if err := d.Set(ctx, "c/0", []byte("x")); !errors.Is(err, ErrIsDirectory) {
		t.Errorf("Set over a directory: %v", err)
	}
	if err := d.Delete(ctx, "c/0"); !errors.Is(err, ErrIsDirectory) {
		t.Errorf("Delete of a directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "c", "0")); err != nil {
		t.Errorf("the directory is gone: %v", err)
	}
	// a key below a file is absent, not an error of another kind
	os.WriteFile(filepath.Join(root, "f"), []byte("x"), 0o666)
	if _, err := d.Get(ctx, "f/0", NoLimit); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get below a file: %v", err)
	}
	if err := d.Set(ctx, "f/0", []byte("x")); err == nil {
		t.Error("Set below a file succeeded")
	}
}

func TestDirFIFO(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o666); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	d, _ := OpenDir(root)
	defer d.Close()
	done := make(chan error, 1)
	go func() { _, err := d.Get(context.Background(), "fifo", NoLimit); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Get of a FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Get of a FIFO hangs")
	}
}

func TestDirAtomicSet(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	d, _ := OpenDir(root)
	defer d.Close()
	if err := d.Set(ctx, "a/b/c", []byte("one")); err != nil {
		t.Fatal(err)
	}
	// a write that fails (cancelled before the rename) leaves the old value
	// and no temporary file
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	d.Set(cctx, "a/b/c", []byte("two"))
	if v, _ := d.Get(ctx, "a/b/c", NoLimit); string(v) != "one" {
		t.Errorf("value after a cancelled write: %q", v)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "a", "b"))
	if len(entries) != 1 {
		t.Errorf("files left in the key's directory: %v", entries)
	}
	// a leftover temporary file of a killed writer is not listed
	os.WriteFile(filepath.Join(root, "a", "b", ".c"+tempMarker+"1234"), []byte("half"), 0o666)
	var keys []string
	d.List(ctx, "", func(e Entry) error { keys = append(keys, e.Key); return nil })
	if len(keys) != 1 || keys[0] != "a/b/c" {
		t.Errorf("List = %q", keys)
	}
	fi, _ := os.Stat(filepath.Join(root, "a", "b", "c"))
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	if want := os.FileMode(0o666 &^ umask); fi.Mode().Perm() != want {
		t.Errorf("mode %v, want %v (0666 less the umask)", fi.Mode().Perm(), want)
	}
}

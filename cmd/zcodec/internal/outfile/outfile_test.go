//go:build unix

package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// write creates path, writes data and commits.
func write(t *testing.T, path, data string) {
	t.Helper()
	f, err := Create(path)
	if err != nil {
		t.Fatalf("Create(%q): %v", path, err)
	}
	if _, err := io.WriteString(f, data); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatalf("Commit: %v", err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onlyFiles fails unless dir holds exactly the given names (no temporary
// files left behind).
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("directory holds %q, want %q", got, names)
	}
}

func TestNewFileGetsCreateMode(t *testing.T) {
	dir := t.TempDir()
	for _, mask := range []int{0o022, 0o077, 0o002} {
		old := syscall.Umask(mask)
		path := filepath.Join(dir, "new.bin")
		os.Remove(path)
		write(t, path, "data")
		syscall.Umask(old)
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := os.FileMode(0o666 &^ mask); fi.Mode().Perm() != want {
			t.Errorf("umask %03o: mode %v, want %v (what os.Create gives)", mask, fi.Mode().Perm(), want)
		}
	}
	onlyFiles(t, dir, "new.bin")
}

func TestOverwriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.bin")
	for _, mode := range []os.FileMode{0o644, 0o640, 0o600, 0o755} {
		if err := os.WriteFile(path, []byte("old contents"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		write(t, path, "new")
		fi, _ := os.Stat(path)
		if fi.Mode().Perm() != mode {
			t.Errorf("mode %v after overwrite, want %v kept", fi.Mode().Perm(), mode)
		}
		if got := read(t, path); got != "new" {
			t.Errorf("contents %q", got)
		}
	}
	onlyFiles(t, dir, "old.bin")
}

func TestOverwriteKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	write(t, a, "new contents")
	if got := read(t, b); got != "new contents" {
		t.Fatalf("the other link reads %q, want the new contents", got)
	}
	fa, _ := os.Stat(a)
	fb, _ := os.Stat(b)
	if !os.SameFile(fa, fb) {
		t.Fatal("a and b are no longer the same file")
	}
	onlyFiles(t, dir, "a", "b")
}

func TestSymlinkIsWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	target := filepath.Join(sub, "target.bin")
	os.WriteFile(target, []byte("old"), 0o640)
	link := filepath.Join(dir, "link.bin")
	if err := os.Symlink("sub/target.bin", link); err != nil {
		t.Fatal(err)
	}
	write(t, link, "through the link")
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the symlink was replaced: %v %v", fi.Mode(), err)
	}
	if got := read(t, target); got != "through the link" {
		t.Fatalf("target holds %q", got)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v, want 0640 kept", fi.Mode().Perm())
	}
	onlyFiles(t, dir, "link.bin", "sub")
	onlyFiles(t, sub, "target.bin")

	// a dangling link creates its target
	dangling := filepath.Join(dir, "dangling")
	os.Symlink("sub/created.bin", dangling)
	write(t, dangling, "created")
	if got := read(t, filepath.Join(sub, "created.bin")); got != "created" {
		t.Fatalf("created target holds %q", got)
	}
	if fi, _ := os.Lstat(dangling); fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the dangling symlink was replaced")
	}
}

func TestFIFOIsWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	write(t, fifo, "to the reader")
	if s := <-got; s != "to the reader" {
		t.Fatalf("reader got %q", s)
	}
	fi, _ := os.Lstat(fifo)
	if fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced by %v", fi.Mode())
	}
	onlyFiles(t, dir, "fifo")
}

func TestErrorsNameTheUsersPath(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		path  string
		is    error
		inMsg string
	}{
		{"", ErrEmptyPath, "empty"},
		{dir, ErrIsDirectory, "cannot write " + dir + ": it is a directory"},
		{filepath.Join(dir, "nonexistent", "x.bin"), nil, "cannot write " + filepath.Join(dir, "nonexistent", "x.bin") + ": directory " + filepath.Join(dir, "nonexistent") + " does not exist"},
	} {
		_, err := Create(c.path)
		var oe *Error
		if !errors.As(err, &oe) || oe.Path != c.path {
			t.Errorf("Create(%q) = %v, want an *Error naming the path", c.path, err)
			continue
		}
		if c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("Create(%q) = %v, want errors.Is %v", c.path, err, c.is)
		}
		if !strings.Contains(err.Error(), c.inMsg) || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("Create(%q) = %q, want %q and no temporary name", c.path, err, c.inMsg)
		}
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o500)
	defer os.Chmod(ro, 0o700)
	if os.Geteuid() != 0 {
		_, err := Create(filepath.Join(ro, "x"))
		if !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), filepath.Join(ro, "x")) || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("read-only directory: %v", err)
		}
	}
	onlyFiles(t, dir, "ro")
}

func TestAbortLeavesThePathAsItWas(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.bin")
	os.WriteFile(path, []byte("original"), 0o644)
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "half")
	f.Abort()
	if got := read(t, path); got != "original" {
		t.Fatalf("after Abort the file holds %q", got)
	}
	if _, err := f.Write([]byte("x")); !errors.Is(err, ErrFinished) {
		t.Fatalf("Write after Abort = %v", err)
	}
	if err := f.Commit(); !errors.Is(err, ErrFinished) {
		t.Fatalf("Commit after Abort = %v", err)
	}
	onlyFiles(t, dir, "keep.bin")
}

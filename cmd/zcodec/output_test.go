//go:build unix

package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// encodeTo runs `zcodec encode` of the int16 test chunk with -o out.
func encodeTo(t *testing.T, out string) (string, int) {
	t.Helper()
	decoded, err := os.ReadFile(meta + "int16_2x3.decoded")
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code := zcodec(t, decoded, "encode", "--metadata", meta+"valid_int16_big.json", "-o", out)
	return stderr, code
}

func wantEncoded(t *testing.T, path string) {
	t.Helper()
	want, _ := os.ReadFile(meta + "int16_2x3.encoded_big")
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s holds %x (%v), want %x", path, got, err, want)
	}
}

func dirHolds(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("%s holds %q, want %q", dir, got, names)
	}
}

func TestOutputModes(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	// a new file gets 0666 minus the umask, as os.Create gives
	fresh := filepath.Join(dir, "new.bin")
	if stderr, code := encodeTo(t, fresh); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantEncoded(t, fresh)
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", fi.Mode().Perm())
	}
	// an existing file keeps its mode
	kept := filepath.Join(dir, "kept.bin")
	os.WriteFile(kept, []byte("old"), 0o600)
	os.Chmod(kept, 0o640)
	if stderr, code := encodeTo(t, kept); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantEncoded(t, kept)
	if fi, _ := os.Stat(kept); fi.Mode().Perm() != 0o640 {
		t.Errorf("overwritten file mode %v, want 0640 kept", fi.Mode().Perm())
	}
	// a hard link still sees the new contents
	link := filepath.Join(dir, "link.bin")
	os.Link(kept, link)
	os.WriteFile(kept, []byte("old"), 0o640)
	if stderr, code := encodeTo(t, kept); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantEncoded(t, link)
	dirHolds(t, dir, "kept.bin", "link.bin", "new.bin")
}

func TestOutputSymlinkAndFIFO(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.bin")
	os.WriteFile(target, []byte("old"), 0o644)
	sym := filepath.Join(dir, "sym.bin")
	os.Symlink("target.bin", sym)
	if stderr, code := encodeTo(t, sym); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if fi, err := os.Lstat(sym); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the symlink was replaced: %v", err)
	}
	wantEncoded(t, target)

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	if stderr, code := encodeTo(t, fifo); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, _ := os.ReadFile(meta + "int16_2x3.encoded_big")
	if b := <-got; !bytes.Equal(b, want) {
		t.Fatalf("the FIFO's reader got %x, want %x", b, want)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced by %v", fi.Mode())
	}
	dirHolds(t, dir, "fifo", "sym.bin", "target.bin")
}

// TestOutputErrorsNameThePath: errors name the path as given, never a
// temporary file, and leave nothing behind.
func TestOutputErrorsNameThePath(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ out, want string }{
		{filepath.Join(dir, "nonexistent", "x.bin"), "cannot write " + filepath.Join(dir, "nonexistent", "x.bin") + ": directory " + filepath.Join(dir, "nonexistent") + " does not exist"},
		{dir, "cannot write " + dir + ": it is a directory"},
		{"", "-o: empty path"},
	} {
		stderr, code := encodeTo(t, c.out)
		want := 1
		if c.out == "" {
			want = 2 // a usage error
		}
		if code != want || !strings.Contains(stderr, c.want) || strings.Contains(stderr, ".tmp") {
			t.Errorf("-o %q: exit %d, stderr %q, want %q", c.out, code, stderr, c.want)
		}
	}
	dirHolds(t, dir)
}

// TestSignalRemovesTemporaryFile: SIGTERM or SIGINT while the command waits
// for its input cancels it: no temporary file is left behind, and the exit
// status is 143 or 130.
func TestSignalRemovesTemporaryFile(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		dir := t.TempDir()
		cmd := exec.Command(zcodecBin, "encode", "--metadata", meta+"valid_int16_big.json", "-o", filepath.Join(dir, "out.bin"))
		stdin, err := cmd.StdinPipe() // held open: the command waits for its input
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			entries, _ := os.ReadDir(dir)
			if len(entries) == 1 && strings.HasPrefix(entries[0].Name(), ".out.bin.tmp") {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("no temporary file appeared: %v", entries)
			}
			time.Sleep(5 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err = cmd.Wait()
		stdin.Close()
		if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) {
			t.Errorf("%v: the command ended with %v, want exit status %d", sig, err, 128+int(sig))
		}
		dirHolds(t, dir)
	}
}

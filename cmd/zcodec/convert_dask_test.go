//go:build linux

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zcodec/zcodec/convert"
)

// daskPython is the interpreter with Debian's python3-distributed.
const daskPython = "/usr/bin/python3"

// TestConvertOverDask runs deploy/dask/convert_parts.py over a LocalCluster
// of two worker processes, kills the worker running a part midway (its
// zcodec dies with it), lets Dask run the part again, and compares DST key
// by key with a one-process conversion of the same SRC.
func TestConvertOverDask(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Dask cluster")
	}
	t.Parallel() // mostly waiting: on Python, and on parts slowed down on purpose
	if out, err := exec.Command(daskPython, "-c", "import distributed").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import distributed (install python3-distributed): %v\n%s", daskPython, err, out)
	}
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 4)
	codecs := filepath.Join(dir, "codecs.json")
	os.WriteFile(codecs, []byte(`[{"name":"bytes","configuration":{"endian":"little"}},{"name":"zstd","configuration":{"level":3,"checksum":true}}]`), 0o666)
	one := filepath.Join(dir, "one")
	mustRun(t, 0, "convert", "--codecs", codecs, src, one)
	dst := filepath.Join(dir, "dst")

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	script, _ := filepath.Abs("../../deploy/dask/convert_parts.py")
	cmd := exec.CommandContext(ctx, daskPython, script, "--zcodec", zcodecBin, "--workers", "2", "--parts", "4",
		"--plan-flags", "--codecs "+codecs, src, dst)
	// Slow parts, so that one can be killed midway.
	cmd.Env = append(os.Environ(), unitDelayEnv+"=100ms")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}

	// Find a part at work, let it write some units, kill its worker.
	var part, worker int
	var partArgs string
	deadline := time.Now().Add(2 * time.Minute)
	for part == 0 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no part started within 2 minutes:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
		part, partArgs = findProcess(zcodecBin+" convert --part ", dst)
	}
	time.Sleep(500 * time.Millisecond)
	worker = parentOf(part)
	if wc := cmdline(worker); !strings.Contains(wc, "python") {
		t.Fatalf("the parent of the part (%s) is not a Python worker: %q", partArgs, wc)
	}
	i, n := partOf(t, partArgs)
	marker := filepath.Join(dst, convert.MarkerKey(i, n))
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("part %d/%d ended before it could be killed", i, n)
	}
	if err := syscall.Kill(worker, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// The part dies with its worker, before its marker.
	for k := 0; alive(part); k++ {
		if k == 250 {
			t.Fatalf("the part's zcodec (pid %d) outlived its killed worker", part)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("the killed part %d/%d wrote its marker", i, n)
	}
	t.Logf("killed worker %d running part %d/%d", worker, i, n)

	if err := cmd.Wait(); err != nil {
		t.Fatalf("convert_parts.py: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "4 parts checked, metadata published") {
		t.Errorf("convert_parts.py did not finalize:\n%s", out.String())
	}
	sameFiles(t, "Dask with a killed worker", storeFiles(t, dst), storeFiles(t, one))
}

// findProcess returns the pid and command line of a process whose command
// line starts with prefix and holds every one of words, or 0.
func findProcess(prefix string, words ...string) (int, string) {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		c := cmdline(pid)
		found := strings.HasPrefix(c, prefix)
		for _, w := range words {
			found = found && strings.Contains(c, w)
		}
		if found && alive(pid) {
			return pid, c
		}
	}
	return 0, ""
}

// cmdline returns the command line of pid, its arguments joined by spaces.
func cmdline(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " "))
}

// stat returns the fields of /proc/pid/stat after the command name.
func stat(pid int) []string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	s := string(b)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
}

// parentOf returns the parent pid of pid.
func parentOf(pid int) int {
	f := stat(pid)
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// alive reports whether pid runs (exists and is not a zombie).
func alive(pid int) bool {
	f := stat(pid)
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// partOf returns I and N of the --part I/N in a command line.
func partOf(t *testing.T, args string) (int, int) {
	t.Helper()
	f := strings.Fields(args)
	for k, a := range f {
		if a == "--part" && k+1 < len(f) {
			i, n, err := parsePart(f[k+1])
			if err != nil {
				t.Fatal(err)
			}
			return i, n
		}
	}
	t.Fatalf("no --part in %q", args)
	return 0, 0
}

//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// refsDaskFiles writes n netCDF-4 files f000.nc... into dir, in one
// Python process: time unlimited with 1 or 2 steps a file (hours since
// 2000-01-01 in the first half, minutes in the second), a static lat and
// lon, and tas(time, lat, lon) chunked by one step, shuffled and deflated.
// It returns the first global time step of each file.
const refsDaskFiles = `
import json, os, sys
import netCDF4, numpy as np
d, n = sys.argv[1], int(sys.argv[2])
starts, g = [], 0
for i in range(n):
    steps = 2 if i % 3 == 0 else 1
    starts.append(g)
    with netCDF4.Dataset(os.path.join(d, "f%03d.nc" % i), "w", format="NETCDF4") as ds:
        ds.title = "file %d" % i
        ds.createDimension("time", None)
        ds.createDimension("lat", 4)
        ds.createDimension("lon", 5)
        t = ds.createVariable("time", "f8", ("time",))
        minutes = i >= n // 2
        t.units = "minutes since 2000-01-01" if minutes else "hours since 2000-01-01"
        t.calendar = "standard"
        t[:] = np.arange(g, g + steps, dtype="f8") * (60 if minutes else 1)
        la = ds.createVariable("lat", "f4", ("lat",))
        la.units = "degrees_north"
        la[:] = np.linspace(-45, 45, 4, dtype="f4")
        lo = ds.createVariable("lon", "f4", ("lon",))
        lo.units = "degrees_east"
        lo[:] = np.arange(5, dtype="f4") * 10
        v = ds.createVariable("tas", "f4", ("time", "lat", "lon"), chunksizes=(1, 4, 5),
                              zlib=True, shuffle=True, fill_value=np.float32(-9999))
        v.units = "K"
        v[:] = 250 + (np.arange(steps * 20, dtype="f4").reshape(steps, 4, 5) + g * 20) * 0.25
    g += steps
print(json.dumps(starts))
`

// TestRefsOverDask scans 300 netCDF-4 files with deploy/dask/refs_parts.py
// over a LocalCluster of two worker processes, kills a worker while its
// zcodec scans a file (that zcodec dies with it, leaving no part), lets
// Dask run the task again, and compares the combined set byte for byte
// with one `zcodec refs --concat-dim time` over the same files. A rerun
// after parts were lost scans only those.
func TestRefsOverDask(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a Dask cluster")
	}
	if out, err := exec.Command(daskPython, "-c", "import distributed, netCDF4").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import distributed and netCDF4 (install python3-distributed and python3-netcdf4): %v\n%s", daskPython, err, out)
	}
	const n, batch = 300, 10
	dir := t.TempDir()
	out, err := exec.Command(daskPython, "-c", refsDaskFiles, dir, strconv.Itoa(n)).Output()
	if err != nil {
		t.Fatalf("writing the netCDF-4 files: %v", err)
	}
	var starts []int
	if err := json.Unmarshal(out, &starts); err != nil || len(starts) != n {
		t.Fatalf("the generator printed %q: %v", out, err)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("f%03d.nc", i)
	}
	// Relative names, from dir: the sets name the files by absolute path.
	scanFlags := []string{"--inline-threshold", "24"}
	direct := exec.Command(zcodecBin, append(append([]string{"refs", "--concat-dim", "time", "--reconcile-time"},
		scanFlags...), append(names, "-o", "direct.json")...)...)
	direct.Dir = dir
	if b, err := direct.CombinedOutput(); err != nil {
		t.Fatalf("zcodec refs --concat-dim time: %v\n%s", err, b)
	}
	want, err := os.ReadFile(filepath.Join(dir, "direct.json"))
	if err != nil {
		t.Fatal(err)
	}

	// Two files as operands, the rest (with blank lines) from a list.
	list := "\n" + strings.Join(names[2:150], "\n") + "\n\n" + strings.Join(names[150:], "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "list.txt"), []byte(list), 0o666); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs("../../deploy/dask/refs_parts.py")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	driver := func(outName string, operands []string, extra ...string) *exec.Cmd {
		args := append([]string{script, "--zcodec", zcodecBin, "--workers", "2", "--batch", strconv.Itoa(batch),
			"--concat-dim", "time", "--scan-flags", strings.Join(scanFlags, " "), "--combine-flags", "--reconcile-time",
			"--files-from", "list.txt", "-o", outName}, extra...)
		cmd := exec.CommandContext(ctx, daskPython, append(args, operands...)...)
		cmd.Dir = dir
		return cmd
	}
	partsDir := filepath.Join(dir, "all.json.parts")
	partName := regexp.MustCompile(`^\d{6}\.json$`)
	countParts := func() int {
		ents, _ := os.ReadDir(partsDir)
		c := 0
		for _, e := range ents {
			if partName.MatchString(e.Name()) {
				c++
			}
		}
		return c
	}

	cmd := driver("all.json", names[:2])
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	// Once some parts are written, stop a scan that is not the first of
	// its task's batch (so that the task, run again, finds parts of its
	// own complete) and kill its worker.
	var scan, worker, index int
	var part string
	for scan == 0 {
		select {
		case err := <-exited:
			t.Fatalf("refs_parts.py ended (%v) before a scan could be stopped:\n%s", err, log.String())
		case <-time.After(2 * time.Millisecond):
		}
		if countParts() < 20 {
			continue
		}
		pid, args := findProcess(zcodecBin+" refs ", " -o "+partsDir+"/")
		if pid == 0 {
			continue
		}
		part = args[strings.LastIndex(args, " -o ")+4:]
		index, _ = strconv.Atoi(strings.TrimSuffix(filepath.Base(part), ".json"))
		if index%batch == 0 || syscall.Kill(pid, syscall.SIGSTOP) != nil {
			continue
		}
		for k := 0; k < 100 && alive(pid) && !stopped(pid); k++ {
			time.Sleep(time.Millisecond)
		}
		if _, err := os.Stat(part); err == nil || !alive(pid) {
			syscall.Kill(pid, syscall.SIGCONT) // it wrote its part already
			continue
		}
		scan = pid
	}
	worker = parentOf(scan)
	if wc := cmdline(worker); !strings.Contains(wc, "python") {
		syscall.Kill(scan, syscall.SIGCONT)
		t.Fatalf("the parent of the scan of part %d is not a Python worker: %q", index, wc)
	}
	if err := syscall.Kill(worker, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for k := 0; alive(scan); k++ {
		if k == 250 {
			syscall.Kill(scan, syscall.SIGKILL)
			t.Fatalf("the scan's zcodec (pid %d) outlived its killed worker", scan)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := os.Stat(part); err == nil {
		t.Fatalf("the killed scan wrote part %d", index)
	}
	t.Logf("killed worker %d scanning file %d, with %d parts written", worker, index, countParts())

	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("refs_parts.py: %v\n%s", err, log.String())
		}
	case <-ctx.Done():
		t.Fatalf("refs_parts.py did not end:\n%s", log.String())
	}
	m := regexp.MustCompile(`(\d+) files: (\d+) scanned, (\d+) parts already complete`).FindStringSubmatch(log.String())
	if m == nil || m[1] != strconv.Itoa(n) {
		t.Fatalf("refs_parts.py did not report %d files:\n%s", n, log.String())
	}
	scanned, _ := strconv.Atoi(m[2])
	found, _ := strconv.Atoi(m[3])
	if scanned+found != n || found < 1 {
		t.Errorf("%d scanned and %d found complete: the task run again should find the parts its killed run wrote:\n%s",
			scanned, found, log.String())
	}
	sameSetBytes(t, filepath.Join(dir, "all.json"), want)

	s := readSet(t, filepath.Join(dir, "all.json"))
	u := urls(t, s)
	for _, name := range names {
		if !u[filepath.Join(dir, name)] {
			t.Errorf("no reference to %s (by its absolute path) in %d URLs", filepath.Join(dir, name), len(u))
			break
		}
	}
	// tas and time (hours; the file's are minutes) at the second step of
	// f201.nc, read back through the combined set and from the file.
	const file, step = 201, 1
	b, err := exec.Command(daskPython, "-c", `import json, sys, netCDF4
ds = netCDF4.Dataset(sys.argv[1])
print(json.dumps([float(ds["tas"][1, 2, 3]), float(ds["time"][1]), ds["time"].units]))`,
		filepath.Join(dir, names[file])).Output()
	if err != nil {
		t.Fatalf("reading %s with netCDF4: %v", names[file], err)
	}
	var fromFile []any
	if err := json.Unmarshal(b, &fromFile); err != nil || len(fromFile) != 3 || fromFile[2] != "minutes since 2000-01-01" {
		t.Fatalf("netCDF4 read %q: %v", b, err)
	}
	g := strconv.Itoa(starts[file] + step)
	tas := catOne(t, filepath.Join(dir, "all.json", "tas"), g+",2,3")
	hours := catOne(t, filepath.Join(dir, "all.json", "time"), g)
	if tas != fromFile[0].(float64) || hours*60 != fromFile[1].(float64) {
		t.Errorf("the combined set reads tas %v, time %v hours at step %s; %s holds %v, %v minutes",
			tas, hours, g, names[file], fromFile[0], fromFile[1])
	}

	// Parts lost (a driver killed before it scanned them): a rerun into a
	// new OUT scans only those.
	for _, i := range []int{5, 150, n - 1} {
		if err := os.Remove(filepath.Join(partsDir, fmt.Sprintf("%06d.json", i))); err != nil {
			t.Fatal(err)
		}
	}
	rerun := driver("again.json", names[:2], "--parts", partsDir)
	if b, err := rerun.CombinedOutput(); err != nil || !strings.Contains(string(b), fmt.Sprintf("%d files: 3 scanned, %d parts already complete", n, n-3)) {
		t.Fatalf("rerun: %v\n%s", err, b)
	}
	sameSetBytes(t, filepath.Join(dir, "again.json"), want)

	// Parts of other files are not taken for those of the files given.
	other := driver("other.json", nil, "--parts", partsDir)
	if b, err := other.CombinedOutput(); err == nil || !strings.Contains(string(b), "holds the parts of other files") {
		t.Errorf("other files into the same parts: %v\n%s", err, b)
	}
}

// sameSetBytes fails the test unless the file holds want, naming the first
// line that differs.
func sameSetBytes(t *testing.T, name string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			t.Fatalf("%s differs from the one-process set (%d and %d bytes) at line %d:\n%.300s\nwant\n%.300s",
				name, len(got), len(want), i+1, lineAt(g, i), lineAt(w, i))
		}
	}
}

// lineAt returns line i, or "(end)" past the last.
func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end)"
}

// catOne reads one value of the array at path with zcodec cat.
func catOne(t *testing.T, path, region string) float64 {
	t.Helper()
	out, errOut, code := runIn(t, nil, "cat", "--format", "csv", "--region", region, path)
	v, err := strconv.ParseFloat(strings.TrimSpace(out), 64)
	if code != 0 || err != nil {
		t.Fatalf("zcodec cat --region %s %s: exit %d, %q, %s", region, path, code, out, errOut)
	}
	return v
}

// stopped reports whether pid is stopped by a signal.
func stopped(pid int) bool {
	f := stat(pid)
	return len(f) > 0 && f[0] == "T"
}

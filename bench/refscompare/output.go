package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/zcodec/zcodec/bench"
)

// report is what the output says about the run.
type report struct {
	command            string
	start, end         time.Time
	loadStart, loadEnd string
	repeat             int
	mintime            time.Duration
	peer               *hello
	peerWhy            string
	data               *dataset
	server             string
}

// load is /proc/loadavg's 1, 5 and 15 minute averages, or "unknown".
func load() string {
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 2 {
			return f[0] + " " + f[1] + " " + f[2]
		}
	}
	return "unknown"
}

// header writes the lines above the table.
func (h *report) header(w io.Writer, md bool) {
	peer := "none: " + h.peerWhy
	if p := h.peer; p != nil {
		peer = fmt.Sprintf("/usr/bin/python3 %s, h5py %s (libhdf5 %s, one thread), fsspec %s, zarr %s, NumPy %s; HTTP: %s",
			p.Python, p.H5py, p.HDF5, p.Fsspec, p.Zarr, p.NumPy, p.HTTP)
		if len(p.Missing) > 0 {
			peer += "; lacking " + strings.Join(p.Missing, ", ")
		}
	}
	d := h.data
	var scanBytes int64
	for _, f := range d.files[:d.scan] {
		scanBytes += fileSize(f)
	}
	files := fmt.Sprintf("%d netCDF-4 files t0000.nc ... of 50 float32 variables (time %d, lat 32, lon 32; chunks (1, 32, 32), shuffle + deflate 1) and time, lat, lon, %s each on average, written by netCDF4-python %s (netcdf-c %s, libhdf5 %s) into %s, warm in the page cache; the scans read the first %d",
		len(d.files), d.steps, kb(scanBytes/int64(d.scan)), d.wrote["netcdf4"], d.wrote["netcdf_c"], d.wrote["hdf5"], d.dir, d.scan)
	for _, f := range d.single {
		files += fmt.Sprintf("; %s, %s: %s", filepath.Base(f.path), mb(fileSize(f.path)), f.what)
	}
	put := func(key, value string) {
		if md {
			key = "- " + key
		}
		fmt.Fprintf(w, "%s: %s\n", key, value)
	}
	put("command", "`"+h.command+"`")
	put("date", h.start.Format("2006-01-02, 15:04")+"-"+h.end.Format("15:04")+" UTC")
	put("machine", fmt.Sprintf("%s, %s, GOMAXPROCS %d", bench.CPU(), runtime.GOOS, runtime.GOMAXPROCS(0)))
	put("Go", runtime.Version())
	put("peer", peer)
	put("files", files)
	put("HTTP server", h.server+"; its CPU time counts in zcodec's process, whichever side asks")
	put("load average (1, 5, 15 min)", h.loadStart+" before, "+h.loadEnd+" after")
	put("method", fmt.Sprintf("each row checked once per side, untimed (the traffic columns are of that call), then %d times per side, zcodec and peer alternately, loops of at least %v (at least one call); best of %d, and the median of the paired CPU-time ratios",
		h.repeat, h.mintime, h.repeat))
	fmt.Fprintln(w)
}

var columns = []string{"row", "x peer (cpu)", "x median", "x (wall)", "zcodec cpu / wall", "peer cpu / wall", "unit",
	"ms per call, wall: zcodec / peer", "requests: zcodec / peer", "KB: zcodec / peer", "files read: zcodec / peer", "peer"}

// cells is the table row of res.
func (res *result) cells() []string {
	r := res.row
	pair := func(a, b string) string { return a + " / " + b }
	rates := func(s series) string {
		if len(s) == 0 {
			return "-"
		}
		return pair(figure(s.top(true)), figure(s.top(false)))
	}
	ms := func(s series) string { return figure(s.quickest() * 1e3) }
	io := func(f func(t *traffic) float64) string {
		side := func(t *traffic) string {
			if t == nil {
				return "-"
			}
			return figure(f(t))
		}
		if r.per == 0 {
			return "-"
		}
		return pair(side(res.oursIO), side(res.peerIO))
	}
	files := "-"
	if r.peer.Op == "refs_open" {
		files = io(func(t *traffic) float64 { return float64(t.Files) })
	}
	peer := r.describe
	if res.peerWhy != "" {
		peer += " (not run: " + res.peerWhy + ")"
	}
	if res.failed != "" {
		peer += " FAILED: " + res.failed
	}
	return []string{r.name,
		quotient(res.ours.top(true), res.peer.top(true)),
		quotient(medianRatio(res.ours, res.peer), 1),
		quotient(res.ours.top(false), res.peer.top(false)),
		rates(res.ours), rates(res.peer), r.unit,
		pair(ms(res.ours), ms(res.peer)),
		io(func(t *traffic) float64 { return float64(t.Requests) / r.per }),
		io(func(t *traffic) float64 { return float64(t.Bytes) / r.per / 1e3 }),
		files, peer}
}

// table writes the rows, as Markdown or as text in aligned columns.
func table(w io.Writer, results []*result, md bool) {
	if md {
		fmt.Fprintf(w, "| %s |\n|---%s|---|\n", strings.Join(columns, " | "), strings.Repeat("|--:", len(columns)-2))
		for _, res := range results {
			fmt.Fprintf(w, "| %s |\n", strings.Join(res.cells(), " | "))
		}
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(columns, "\t"))
	for _, res := range results {
		fmt.Fprintln(tw, strings.Join(res.cells(), "\t"))
	}
	tw.Flush()
}

// notes writes what the checks compared and how the files were made.
func notes(w io.Writer, results []*result, d *dataset) {
	fmt.Fprintln(w)
	for _, res := range results {
		if res.checked != "" {
			fmt.Fprintf(w, "Checked, %s: zcodec and the peer found %s.\n", res.row.name, res.checked)
		}
	}
	for _, n := range d.notes {
		fmt.Fprintf(w, "Note: %s.\n", n)
	}
}

// figure prints a rate or a count: "-" for none, two decimals below 10.
func figure(v float64) string {
	switch {
	case v == 0:
		return "-"
	case v < 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

// quotient is a/b to two decimals, "-" when either is missing.
func quotient(a, b float64) string {
	if a == 0 || b == 0 {
		return "-"
	}
	return strconv.FormatFloat(a/b, 'f', 2, 64)
}

package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/internal/hdf5bench"
)

// header is what the output says about the run.
type header struct {
	command            string
	start, end         time.Time
	loadStart, loadEnd string
	repeat             int
	mintime, capTime   time.Duration
	files              *hdf5bench.Manifest
	peer               peerHello
	peerWhy            string // why the peer columns are empty
}

// loadAvg returns the 1, 5 and 15 minute load averages of /proc/loadavg,
// or "unknown".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// print writes the header, as Markdown lines or plain text.
func (h *header) print(w io.Writer, md bool) {
	p := h.peer
	peer := fmt.Sprintf("/usr/bin/python3 %s, h5py %s (libhdf5 %s, one thread), NumPy %s, zarr %s, numcodecs %s, netCDF4 %s",
		p.Python, p.H5py, p.HDF5, p.NumPy, p.Zarr, p.Numcodecs, p.NetCDF4)
	if h.peerWhy != "" {
		peer = "none: " + h.peerWhy
	}
	wb := h.files.WrittenBy
	lines := [][2]string{
		{"command", "`" + h.command + "`"},
		{"date", fmt.Sprintf("%s, %s-%s UTC", h.start.Format("2006-01-02"), h.start.Format("15:04"), h.end.Format("15:04"))},
		{"machine", fmt.Sprintf("%s, %s, GOMAXPROCS %d", bench.CPU(), runtime.GOOS, runtime.GOMAXPROCS(0))},
		{"Go", runtime.Version()},
		{"peer", peer},
		{"files", fmt.Sprintf("internal/hdf5bench generator version %d, written by h5py %s (libhdf5 %s) and netCDF4 %s (netcdf-c %s) into %s, warm in the page cache",
			h.files.Version, wb["h5py"], wb["hdf5"], wb["netcdf4"], wb["netcdf_c"], h.files.Dir)},
		{"load average (1, 5, 15 min)", h.loadStart + " before, " + h.loadEnd + " after"},
		{"method", fmt.Sprintf("each row checked once per side, untimed, then %d times per side, zcodec and peer alternately, loops of at least %v (at least one call); best of %d, and the median of the paired ratios; a peer scan stops after %v",
			h.repeat, h.mintime, h.repeat, h.capTime)},
	}
	for _, l := range lines {
		if md {
			fmt.Fprintf(w, "- %s: %s\n", l[0], l[1])
		} else {
			fmt.Fprintf(w, "%s: %s\n", l[0], l[1])
		}
	}
	fmt.Fprintln(w)
}

var head = []string{"row", "x peer (cpu)", "x median", "x (wall)",
	"zcodec cpu / wall", "peer cpu / wall", "unit", "ms per call, wall: zcodec / peer", "peer"}

// cells returns the table row of res.
func (res *result) cells() []string {
	r := res.row
	side := func(ts []timing) string {
		if len(ts) == 0 {
			return "-"
		}
		return fmt.Sprintf("%s / %s", num(best(ts, true, r.scale)), num(best(ts, false, r.scale)))
	}
	ms := func(ts []timing) string {
		if len(ts) == 0 {
			return "-"
		}
		if v := fastest(ts) * 1e3; v < 100 {
			return fmt.Sprintf("%.3g", v)
		} else {
			return fmt.Sprintf("%.0f", v)
		}
	}
	peer := r.describe
	if res.partial {
		peer += fmt.Sprintf(" (stopped at -cap after %.0f of %d chunks)", minN(res.peer), r.total)
	}
	if res.peerErr != "" {
		peer += " (" + res.peerErr + ")"
	}
	if res.err != "" {
		peer += " FAILED: " + res.err
	}
	return []string{r.name,
		times(best(res.ours, true, 1), best(res.peer, true, 1)),
		ratio(pairedMedian(res.ours, res.peer)),
		times(best(res.ours, false, 1), best(res.peer, false, 1)),
		side(res.ours), side(res.peer), r.unit,
		ms(res.ours) + " / " + ms(res.peer),
		peer}
}

// printTable writes the rows as a Markdown table or as aligned text.
func printTable(w io.Writer, rows []*result, md bool) {
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = r.cells()
	}
	if md {
		fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
		fmt.Fprintln(w, "|---"+strings.Repeat("|--:", len(head)-4)+"|---|--:|---|")
		for _, c := range cells {
			fmt.Fprintln(w, "| "+strings.Join(c, " | ")+" |")
		}
		return
	}
	width := make([]int, len(head))
	for _, r := range append([][]string{head}, cells...) {
		for i, v := range r {
			width[i] = max(width[i], len(v))
		}
	}
	for _, r := range append([][]string{head}, cells...) {
		for i, v := range r {
			if i == len(r)-1 {
				fmt.Fprintf(w, "%s\n", v)
			} else {
				fmt.Fprintf(w, "%-*s  ", width[i], v)
			}
		}
	}
}

// printNotes writes what the checks found and how to read the scan rows.
func printNotes(w io.Writer, rows []*result, e *env, capTime time.Duration) {
	fmt.Fprintln(w)
	seen := map[string]bool{}
	for _, c := range e.checks {
		if !seen[c] {
			fmt.Fprintf(w, "Checked: %s.\n", c)
		}
		seen[c] = true
	}
	for _, r := range rows {
		if r.partial {
			fmt.Fprintf(w, "\nThe scan rows: h5py 3.7 lists chunks with DatasetID.get_chunk_info(i) (H5Dget_chunk_info), which is what its users have with libhdf5 1.10.8; libhdf5 finds the i-th chunk by walking the chunk index from its start, so a whole listing costs time quadratic in the chunks (h5py 3.8's DatasetID.chunk_iter, on H5Dchunk_iter of libhdf5 1.12.3 and 1.14, visits each chunk once; Debian's h5py 3.7 and libhdf5 1.10.8 have neither). A peer scan marked \"stopped\" ran out of -cap (%v) and its rate is over the chunks it listed by then, the fastest part: its whole listing is slower.\n", capTime)
			break
		}
	}
}

// minN returns the least N over ts.
func minN(ts []timing) float64 {
	var n float64
	for i, t := range ts {
		if i == 0 || t.N < n {
			n = t.N
		}
	}
	return n
}

func num(v float64) string {
	switch {
	case v == 0:
		return "-"
	case v < 10:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// times returns a/b to two decimals, "-" when either is missing.
func times(a, b float64) string {
	if a == 0 || b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", a/b)
}

func ratio(v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", v)
}

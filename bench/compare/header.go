package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/benchdata"
)

// header is what the output says about the run.
type header struct {
	command            string
	start, end         time.Time
	loadStart, loadEnd string
	repeat             int
	mintime            time.Duration
	copyMBps           float64
	peer               peerHello
	peerWhy            string // why the peer columns are empty
}

// zstdLine names the zstd engine of this build and the other one.
func zstdLine() string {
	if zstd.Engine == "libzstd" {
		return "libzstd through cgo (built with `-tags libzstd`)"
	}
	return zstd.Engine + ", pure Go (the default build; `-tags libzstd` runs zstd, in zstd rows and inside blosc, through libzstd with cgo: DataDog/zstd, which builds libzstd's own sources)"
}

// print writes the header, as Markdown lines or plain text.
func (h *header) print(w io.Writer, md bool) {
	peer := fmt.Sprintf("/usr/bin/python3 %s, numcodecs %s (c-blosc %s on one thread, libzstd %s), NumPy %s", h.peer.Python, h.peer.Numcodecs, h.peer.CBlosc, h.peer.LibZstd, h.peer.NumPy)
	if h.peerWhy != "" {
		peer = "none: " + h.peerWhy
	}
	lines := [][2]string{
		{"command", "`" + h.command + "`"},
		{"date", fmt.Sprintf("%s, %s-%s UTC", h.start.Format("2006-01-02"), h.start.Format("15:04"), h.end.Format("15:04"))},
		{"machine", machineLine()},
		{"vector kernels", kernelsLine()},
		{"Go", runtime.Version() + "; zstd engine " + zstdLine()},
		{"peer", peer},
		{"load average (1, 5, 15 min)", h.loadStart + " before, " + h.loadEnd + " after"},
		{"method", fmt.Sprintf("%d KiB chunks (benchdata.Chunk, seed %d; the demo codes rows: the 128 KiB of uint8 one makes); each row %d times per side, zcodec and peer alternately, loops of at least %v; best of %d, and the median of the paired ratios; copy() of a chunk: %.0f MB/s (CPU time)",
			benchdata.ChunkBytes>>10, benchdata.Seed, h.repeat, h.mintime, h.repeat, h.copyMBps)},
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

// Command compare times zcodec against numcodecs (or NumPy, where
// numcodecs has no equivalent) on the same chunks, row by row, and prints
// one table:
//
//	go run ./bench/compare [-set kernels|zstd|codecs|all] [-repeat 5] [-mintime 200ms] [-md] [-o FILE] [-only REGEXP]
//
// The rows: -set kernels has the array->array kernels, shuffle, shuffle
// with zlib, lz4 and zstd, and the demo chain (scale_offset + cast_value
// to uint8 + zstd level 3) on the project's data; -set zstd has zstd level
// 3 on a literal-heavy chunk (benchdata.NoisyKelvin: the project's field with
// noise of 1.4 quantisation steps) beside the project's data, alone on
// the demo chain's uint8 codes and in the demo chain; -set codecs has
// blosc with lz4, blosclz and zstd, each with shuffle and bitshuffle
// (against c-blosc through numcodecs, one thread both sides), numcodecs'
// filters (fixedscaleoffset, astype, delta, bitround, quantize, packbits)
// and transpose; -set all is the three. Every row is a codec chain over
// one 1 MiB chunk (benchdata.Chunk, seed 1) run through a resolved
// codec.Pipeline in this process (the zstd rows on the demo chain's codes
// run on the 128 KiB of uint8 its zstd step compresses); -only keeps the
// rows whose name matches (of all rows, unless -set is given).
//
// The peer is bench/compare.py, run by Debian's /usr/bin/python3 with
// python3-numcodecs and python3-numpy as one long-lived process that
// times one row per request, on the same bytes. Each row is measured
// -repeat times, zcodec and its peer alternately (ours, peer, ours,
// peer, ..., the order swapped every other time), each measurement a
// loop of at least -mintime of wall time per direction after a warm-up
// call. Each side reports seconds per call of wall time and of its own
// process's CPU time: zcodec's from getrusage in this process around the
// loop, the peer's from time.process_time in its process. On a shared
// machine wall time counts the waits for a core and CPU time does not, so
// the x columns compare CPU time: "x peer" divides zcodec's best MB/s by
// the peer's best, "median" is the median of the -repeat paired ratios
// (each run of ours against the peer's run beside it), and "(wall)"
// divides the best wall-time figures. MB/s count the decoded (array-side)
// bytes, 1 MB = 1e6 bytes, one goroutine or thread each side.
//
// The peer runs with glibc's MALLOC_MMAP_THRESHOLD_ and
// MALLOC_TRIM_THRESHOLD_ raised (and writes into reused output buffers
// where NumPy allows), so that its per-call temporaries are not mapped
// and faulted in anew each time; zcodec's destination buffers are
// allocated and written once before timing, and its codecs allocate
// nothing per call (internal/allocs).
//
// The header says when and where the table was measured: date, CPU model
// and count, the vector instruction sets the CPU allows and the one each
// kernel family chose (internal/cpufeat), Go version, zstd engine (the
// default build's klauspost/compress, or libzstd with -tags libzstd),
// the peer's versions, and the load average before and after. With -md
// the output is Markdown: the README's performance section is this
// output, spliced in by bench/readme. When /usr/bin/python3 or numcodecs
// is missing, the peer columns are empty and the header says why.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/benchdata"
)

func main() {
	set := flag.String("set", "kernels", "the rows: kernels, zstd, codecs or all")
	repeat := flag.Int("repeat", 5, "measurements per row and side, interleaved with the peer's")
	mintime := flag.Duration("mintime", 200*time.Millisecond, "minimum wall time of each measurement loop")
	md := flag.Bool("md", false, "print Markdown")
	outFile := flag.String("o", "", "write the output to this file instead of standard output, once complete")
	only := flag.String("only", "", "keep only the rows whose name matches this regular expression (of -set all unless -set is given)")
	flag.Parse()
	setGiven := false
	flag.Visit(func(f *flag.Flag) { setGiven = setGiven || f.Name == "set" })
	if *only != "" && !setGiven {
		*set = "all"
	}
	cases, ok := sets[*set]
	if !ok {
		fail(fmt.Errorf("-set %q: want kernels, zstd, codecs or all", *set))
	}
	keep, err := regexp.Compile(*only)
	if err != nil {
		fail(fmt.Errorf("-only: %v", err))
	}
	cases = slices.DeleteFunc(slices.Clone(cases), func(c benchCase) bool { return !keep.MatchString(c.name) })
	if *repeat < 1 || len(cases) == 0 {
		fail(fmt.Errorf("nothing to run: -repeat %d, %d rows", *repeat, len(cases)))
	}

	dir, err := os.MkdirTemp("", "zcodec-compare-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	runs := make([]*zcodecRun, len(cases))
	for i, c := range cases {
		if runs[i], err = prepare(c, dir); err != nil {
			fail(fmt.Errorf("%s: %v", c.name, err))
		}
	}

	h := header{command: commandLine(), start: time.Now().UTC(), loadStart: loadAvg(), repeat: *repeat, mintime: *mintime}
	h.copyMBps = timeCopy(*mintime)
	p, err := startPeer(dir)
	if err != nil {
		h.peerWhy = err.Error()
	} else {
		h.peer = p.hello
	}
	rows := make([]*row, len(cases))
	for i, c := range cases {
		r := &row{c: c, n: len(runs[i].data), oursRat: runs[i].ratio}
		rows[i] = r
		for k := range *repeat {
			if k%2 == 0 {
				r.ours.add(runs[i].time(*mintime))
			}
			if p != nil {
				rep, err := p.time(c, *mintime)
				switch {
				case err == nil:
					r.peer.add(rep.Encode, rep.Decode)
					r.peerRat = rep.Ratio
				case rep.Error != "": // this row only
					r.peerErr = rep.Error
				default:
					h.peerWhy, p = err.Error(), nil
				}
			}
			if k%2 == 1 {
				r.ours.add(runs[i].time(*mintime))
			}
		}
		fmt.Fprintf(os.Stderr, "%2d/%d %-42s %s\n", i+1, len(cases), c.name, strings.Join(r.cells()[1:7], " "))
	}
	if p != nil {
		p.close()
	}
	h.loadEnd = loadAvg()
	h.end = time.Now().UTC()

	var out bytes.Buffer
	h.print(&out, *md)
	printTable(&out, rows, *md)
	printBelow(&out, rows)
	if *outFile == "" {
		os.Stdout.Write(out.Bytes())
		return
	}
	if err := os.WriteFile(*outFile, out.Bytes(), 0o644); err != nil {
		fail(err)
	}
}

// commandLine is the command that made this output, from the flags set
// (-o left out: where the output went is not part of it). Build tags are
// not known at run time; the header's zstd engine and kernels say what
// the build had.
func commandLine() string {
	parts := []string{"go run ./bench/compare"}
	flag.Visit(func(f *flag.Flag) {
		switch {
		case f.Name == "o":
		case f.Value.String() == "true":
			parts = append(parts, "-"+f.Name)
		default:
			parts = append(parts, "-"+f.Name, f.Value.String())
		}
	})
	return strings.Join(parts, " ")
}

// timeCopy returns the MB/s (by CPU time) of copy() of one chunk into a
// written buffer, the ceiling of a codec that moves every byte once.
func timeCopy(mintime time.Duration) float64 {
	src, dst := make([]byte, benchdata.ChunkBytes), make([]byte, benchdata.ChunkBytes)
	for i := range src {
		src[i], dst[i] = byte(i), 1
	}
	return mbps(len(src), measure(mintime, func() { copy(dst, src) }).CPU)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "compare:", err)
	os.Exit(1)
}

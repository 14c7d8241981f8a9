// Command refscompare times zcodec's kerchunk reference sets against what a
// Python user of kerchunk has (h5py on libhdf5 1.10.8, fsspec 2022.11,
// zarr 2.13), row by row on the same files, and counts the HTTP requests
// each side makes:
//
//	go run ./bench/refscompare [-repeat 3] [-mintime 1s] [-files 200] [-only REGEXP] [-md] [-o FILE] [-dir DIR]
//
// The files are written by peer.py (netCDF4-python through /usr/bin/python3,
// deterministic) into a new temporary directory, removed at the end, or
// into DIR, kept and reused while its manifest names the same files: 1000
// netCDF-4 files t0000.nc ... of 50 float32 variables (time, lat, lon) of 2
// time steps, chunks (1, 32, 32) with shuffle + deflate, about 610 KB each
// (a minute to write); big.nc, the same 50 variables on a 256 x 256 grid of
// 4 steps (32 MB, its chunk indexes between the variables' data); and
// nc50.nc from testdata/hdf5remote (4.4 MB, 50 variables whose headers and
// chunk indexes lie across its first 4 MiB).
//
// The rows:
//
//   - local scan: the reference sets of the first -files files, files per
//     second. zcodec: h5store.OpenFile and kerchunk.FromHDF5 of each file,
//     one after the other on one goroutine, and GOMAXPROCS files at once
//     (internal/workpool; compare the wall time). The peer walks each file
//     as kerchunk's SingleHdf5ToZarr does (kerchunk itself is not
//     installed): h5py.File, visititems over every object, each object's
//     attributes, each dataset's layout, dtype, shape, chunks, filters,
//     fill value and dimension scales, the offset and size of every chunk
//     (get_chunk_info: h5py 3.7 has no chunk_iter) and the bytes of the
//     chunks below 500 bytes, which both sides inline. It opens files by
//     path (libhdf5's sec2 driver), faster than kerchunk's own fsspec file
//     object.
//   - HTTP scan: the same over HTTP, from the counting server below. zcodec
//     opens http://127.0.0.1:PORT/t0000.nc with store.Open (h5store
//     recognises it from its first MiB, and reads the rest of its metadata
//     in blocks of 1 MiB) and runs FromHDF5, one file at a time and 8 at
//     once; the peer hands an fsspec HTTP file object to h5py.File and
//     walks it as above, with fsspec's default cache ("bytes", read-ahead
//     of 5 MiB blocks) and with cache_type "first". The table gives the
//     requests and the kilobytes of body each file cost (of one untimed
//     call), and files per second; on the 200 small files, on big.nc and
//     on nc50.nc. Without aiohttp (Debian 12's python3-fsspec does not
//     pull it in), fsspec's HTTPFileSystem cannot be imported: the peer's
//     HTTP file is then fsspec's AbstractBufferedFile with HTTPFile's
//     defaults, fetching through requests (see peer.py), and the header
//     says so.
//   - combined sets: the reference sets of the first 10, 100 and 1000
//     files (scanned once at the start, their references naming the
//     server's URLs), combined along the unlimited "time" dimension with
//     combine.Combine and written as JSON (the time coordinate, chunked by
//     netCDF in 1024 values, is rewritten inline). A call opens the set
//     (store.Open of the JSON, which reads and parses it, and zarr.Open of
//     var07) and reads one chunk (of the middle file); the peer opens the
//     same JSON with fsspec's ReferenceFileSystem, zarr 2.13's open_array
//     on its mapper, and reads z[t]. The table counts the requests and the
//     distinct files read per call: one request, one file, whatever the
//     number of files in the set. Parsing the JSON (reading the file and
//     kerchunk.ReadJSON; json.loads in the peer) is the one cost that grows
//     with the set, and has rows of its own.
//
// Before a row is timed each side runs it once, untimed, and the two
// results are compared: the scans find the same arrays, chunks and chunk
// bytes; the chunk read from a combined set has the same SHA-256; the
// parsed sets hold the same number of references. A row whose sides
// disagree fails the run. The server's traffic during those calls is the
// table's requests, KB and files columns (per file for the scan rows, per
// call for the set rows).
//
// The counting server is in this process (net/http on 127.0.0.1,
// http.ServeContent of the files: Range GETs and HEADs), and both sides
// read from it; it counts requests, body bytes and the distinct files
// asked for. Its work is in zcodec's CPU time whichever side asks; the
// peer's CPU time is its own process's alone.
//
// The method is bench/hdf5compare's: each row is measured -repeat times per
// side, zcodec and its peer alternately (the order swapped every other
// time), each measurement a loop of at least -mintime of wall time and at
// least one call. Each side reports seconds per call of wall time and of
// its own process's CPU time (getrusage here, time.process_time in the
// peer). "x peer (cpu)" divides zcodec's best CPU-time rate by the peer's
// best, "x median" is the median of the paired per-run ratios, "x (wall)"
// divides the best wall-time rates. A peer row whose modules are missing
// is left out with a note. The header gives the date, the machine, the Go
// version, the peer's versions, the files and the load average before and
// after.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "refscompare:", err)
		os.Exit(1)
	}
}

// run is the command; its deferred calls remove the temporary files and
// stop the peer whatever happens.
func run() error {
	repeat := flag.Int("repeat", 3, "measurements per row and side, interleaved with the peer's")
	mintime := flag.Duration("mintime", time.Second, "minimum wall time of each measurement loop")
	nfiles := flag.Int("files", 200, "the files the scan rows read")
	only := flag.String("only", "", "keep only the rows whose name matches this regular expression")
	md := flag.Bool("md", false, "print Markdown")
	outFile := flag.String("o", "", "write the output to this file instead of standard output, once complete")
	dir := flag.String("dir", "", "write the files into this directory and keep them (reused while they are the same)")
	flag.Parse()
	keep, err := regexp.Compile(*only)
	if err != nil {
		return fmt.Errorf("-only: %v", err)
	}
	if *repeat < 1 || *nfiles < 1 {
		return fmt.Errorf("-repeat %d, -files %d: both must be at least 1", *repeat, *nfiles)
	}
	ctx := context.Background()
	work := *dir
	if work == "" {
		if work, err = os.MkdirTemp("", "refscompare-"); err != nil {
			return err
		}
		defer os.RemoveAll(work)
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	h := &report{command: commandLine(), start: time.Now().UTC(), loadStart: load(), repeat: *repeat, mintime: *mintime}
	p, err := startPyPeer(work)
	if err != nil {
		h.peerWhy = err.Error()
	} else {
		h.peer = &p.hello
		defer p.stop()
	}
	fmt.Fprintln(os.Stderr, "refscompare: writing the files (a minute or two the first time)")
	d, err := prepare(work, p, *nfiles, []int{10, 100, 1000})
	if err != nil {
		return err
	}
	h.data = d
	srv, err := startCounter(work)
	if err != nil {
		return err
	}
	defer srv.close()
	h.server = "in this process, " + srv.url + ", net/http http.ServeContent of the files (Range GETs, HEADs, keep-alive)"
	e := &env{data: d, srv: srv, peer: p}
	all, err := e.rows(ctx)
	if err != nil {
		return err
	}
	rows := slices.DeleteFunc(all, func(r *row) bool { return !keep.MatchString(r.name) })
	if len(rows) == 0 {
		return fmt.Errorf("no row matches -only %q", *only)
	}
	failed := false
	results := make([]*result, len(rows))
	for i, r := range rows {
		res := &result{row: r}
		results[i] = res
		if err := res.run(ctx, e, *repeat, *mintime); err != nil {
			res.failed, failed = err.Error(), true
		}
		c := res.cells()
		fmt.Fprintf(os.Stderr, "%2d/%d %-75s %s\n", i+1, len(rows), r.name, strings.Join(c[1:4], " "))
	}
	h.loadEnd, h.end = load(), time.Now().UTC()

	var out bytes.Buffer
	h.header(&out, *md)
	table(&out, results, *md)
	notes(&out, results, d)
	if *outFile == "" {
		os.Stdout.Write(out.Bytes())
	} else if err := os.WriteFile(*outFile, out.Bytes(), 0o644); err != nil {
		return err
	}
	if failed {
		return fmt.Errorf("a row failed (see the table)")
	}
	return nil
}

// commandLine is the command that made this output: its arguments, -o
// and its file left out, quoted for a shell where they need it.
func commandLine() string {
	words := []string{"go run ./bench/refscompare"}
	args := os.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		switch {
		case name == a:
		case name == "o":
			i++ // and its file
			continue
		case strings.HasPrefix(name, "o="):
			continue
		}
		if strings.ContainsAny(a, " |*?$'\"\\()[]") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// Command hdf5compare times zcodec's HDF5 reader against h5py (libhdf5
// 1.10.8, one thread) on the same files, row by row, and prints one
// table:
//
//	go run ./bench/hdf5compare [-repeat 3] [-mintime 1s] [-cap 20s] [-md] [-o FILE] [-only REGEXP]
//	go run ./bench/hdf5compare -gen    # (re)write the files only
//
// The files are written by internal/hdf5bench's generator (h5py and
// netCDF4-python through /usr/bin/python3) into its cache directory
// (os.UserCacheDir()/zcodec-bench/hdf5, about 200 MB, a minute or two)
// the first time, and reused while the generator's VERSION is unchanged.
//
// The rows:
//
//   - read: the whole of big.h5's dataset (float32 (96, 1024, 1024),
//     402.7 MB decoded, 384 chunks of 1 MiB, shuffle + deflate level 4)
//     into a buffer allocated once: store.Open of the file, zarr.Open of the
//     dataset and Array.ReadRegion, with a Concurrency of 1 in zarr.Options (one
//     goroutine, so that CPU time compares with libhdf5's one thread) and
//     with the default concurrency (GOMAXPROCS goroutines: compare the wall
//     time); the peer opens the file with h5py.File and calls
//     ds.read_direct(out). MB/s of decoded bytes.
//   - scan: open a file and list every chunk's offset and size, zcodec with
//     h5file.Open and Dataset.Chunks, h5py with dsid.get_num_chunks() and
//     dsid.get_chunk_info(i) for every i, which is what h5py 3.7 offers;
//     on big.h5 and on files of 10,000 and 100,000 chunks under a v1
//     B-tree, a fixed array and an extensible array. libhdf5 1.10.8 finds
//     the i-th chunk by walking the index from its start, so its listing
//     is quadratic in the chunks: a peer scan stops after -cap of wall
//     time and its rate is over the chunks it listed (the table says so);
//     its full listing is slower than that. Thousands of chunks per second.
//   - open: a netCDF-4 file of 50 variables, store.Open (which reads every
//     group's and dataset's header, attributes and dimension scales) and
//     zarr.OpenGroup + Group.Members of the root; the peer opens it with
//     h5py.File and visits it with visititems, reading every object's
//     attributes and every dataset's shape, dtype, chunks, compression and
//     fill value. Opens per second.
//   - convert: big.h5 into a new Zarr v3 directory store, in this process
//     as `zcodec convert FILE DIR` does (store.Open, the hierarchy's
//     metadata written, zarr.Copy of each array, which copies the stored
//     chunks verbatim since the chain maps), against io.Copy of the file's
//     bytes into a new file (the I/O floor, in this process), and against
//     h5py reading the dataset and zarr 2.13 writing it into a
//     DirectoryStore with numcodecs Shuffle and Zlib at the file's level
//     (what a Python user pays: a decode and a re-encode). MB/s of the
//     HDF5 file's size; nothing is synced to disk.
//
// Before a row is timed each side runs it once, untimed, which warms the
// files in the page cache, and the two results are compared: the read's
// bytes have the same SHA-256 as h5py's, the scan's offsets and sizes add
// up to h5py's (over the chunks h5py listed within -cap), the open finds
// as many nodes as visititems objects; a row whose sides disagree fails
// the run.
//
// The method is bench/compare's: each row is measured -repeat times per
// side, zcodec and its peer alternately (ours, peer, ours, peer, ..., the
// order swapped every other time), each measurement a loop of at least
// -mintime of wall time and at least one call. Each side reports seconds
// per call of wall time and of its own process's CPU time (getrusage
// around the loop here, time.process_time in the peer). On a shared
// machine wall time counts the waits for a core and CPU time does not, so
// "x peer (cpu)" divides zcodec's best CPU-time rate by the peer's best,
// "x median" is the median of the paired per-run ratios, "x (wall)"
// divides the best wall-time rates. The peer is bench/hdf5compare/peer.py
// (embedded, written beside the files), one long-lived /usr/bin/python3
// process with glibc's MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_ and
// MALLOC_TOP_PAD_ raised. When the peer cannot run, its columns are empty
// and the header says why.
//
// The header gives the date, the machine, the Go version, the peer's
// versions, the files and the load average before and after. -md prints
// Markdown.
//
// This is a command of its own rather than a -set of bench/compare: its
// rows are whole-file operations in one direction (read, list, open,
// convert) on files of hundreds of MB, measured in units of their own
// (MB/s, chunks/s, opens/s), against h5py rather than numcodecs, where
// bench/compare's rows are codec chains encoding and decoding one 1 MiB
// chunk in memory.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/hdf5bench"
)

func main() {
	repeat := flag.Int("repeat", 3, "measurements per row and side, interleaved with the peer's")
	mintime := flag.Duration("mintime", time.Second, "minimum wall time of each measurement loop")
	capTime := flag.Duration("cap", 20*time.Second, "the wall time after which a peer scan stops")
	md := flag.Bool("md", false, "print Markdown")
	outFile := flag.String("o", "", "write the output to this file instead of standard output, once complete")
	only := flag.String("only", "", "keep only the rows whose name matches this regular expression")
	gen := flag.Bool("gen", false, "write the files anew and exit")
	flag.Parse()
	ctx := context.Background()
	if *gen {
		if err := hdf5bench.Generate(ctx, os.Stderr); err != nil {
			fail(err)
		}
		if _, err := hdf5bench.Load(); err != nil {
			fail(err)
		}
		return
	}
	keep, err := regexp.Compile(*only)
	if err != nil {
		fail(fmt.Errorf("-only: %v", err))
	}
	files, err := hdf5bench.Ensure(ctx, os.Stderr)
	if err != nil {
		fail(err)
	}
	big, ok := files.Big()
	if !ok {
		fail(fmt.Errorf("%s: the manifest lists no big file", files.Dir))
	}
	e := &env{files: files, cap: capTime.Seconds(), out: filepath.Join(files.Dir, fmt.Sprintf("out-%d", os.Getpid()))}
	n := int64(4)
	for _, s := range big.Shape {
		n *= s
	}
	e.buf = make([]byte, n)
	for i := range e.buf {
		e.buf[i] = 1 // written once, so that no read pays for page faults
	}
	if err := os.MkdirAll(e.out, 0o755); err != nil {
		fail(err)
	}
	defer os.RemoveAll(e.out)
	rows := slices.DeleteFunc(e.rows(), func(r *benchRow) bool { return !keep.MatchString(r.name) })
	if *repeat < 1 || len(rows) == 0 {
		fail(fmt.Errorf("nothing to run: -repeat %d, %d rows", *repeat, len(rows)))
	}

	h := header{command: commandLine(), start: time.Now().UTC(), loadStart: loadAvg(), repeat: *repeat, mintime: *mintime, capTime: *capTime, files: files}
	p, err := startPeer(files.Dir)
	if err != nil {
		h.peerWhy = err.Error()
	} else {
		h.peer = p.hello
	}
	results := make([]*result, len(rows))
	failed := false
	for i, r := range rows {
		res := &result{row: r}
		results[i] = res
		if err := res.run(ctx, &p, &h, e, *repeat, *mintime); err != nil {
			res.err = err.Error()
			failed = true
		}
		fmt.Fprintf(os.Stderr, "%2d/%d %-70s %s\n", i+1, len(rows), r.name, strings.Join(res.cells()[1:4], " "))
	}
	if p != nil {
		p.close()
	}
	h.loadEnd = loadAvg()
	h.end = time.Now().UTC()

	var out bytes.Buffer
	h.print(&out, *md)
	printTable(&out, results, *md)
	printNotes(&out, results, e, h.capTime)
	if *outFile == "" {
		os.Stdout.Write(out.Bytes())
	} else if err := os.WriteFile(*outFile, out.Bytes(), 0o644); err != nil {
		fail(err)
	}
	if failed {
		os.RemoveAll(e.out)
		fail(fmt.Errorf("a row failed (see the table)"))
	}
}

// result is one row's measurements, both sides.
type result struct {
	row        *benchRow
	ours, peer []timing
	partial    bool   // a peer scan stopped at -cap
	peerErr    string // why the peer's side of this row is missing
	err        string // why the row failed
}

// run checks the row and measures it repeat times per side, alternately.
// A peer that stops is dropped (*pp set to nil, h.peerWhy says why).
func (res *result) run(ctx context.Context, pp **peer, h *header, e *env, repeat int, mintime time.Duration) error {
	r := res.row
	if r.check != nil {
		note, err := r.check(ctx, *pp)
		if err != nil {
			return fmt.Errorf("check: %v", err)
		}
		if note != "" {
			e.checks = append(e.checks, note)
		}
	}
	oursOnce := func() error {
		t, err := measure(mintime, func() (float64, error) { return r.ours(ctx) })
		if r.cleanup != nil {
			r.cleanup()
		}
		res.ours = append(res.ours, t)
		return err
	}
	peerOnce := func() error {
		switch {
		case r.peerGo != nil:
			t, err := measure(mintime, func() (float64, error) { return r.peerGo(ctx) })
			if r.cleanup != nil {
				r.cleanup()
			}
			res.peer = append(res.peer, t)
			return err
		case *pp == nil || res.peerErr != "":
			return nil
		}
		rep, err := (*pp).time(*r.peer, mintime)
		switch {
		case err != nil:
			h.peerWhy, *pp = err.Error(), nil
		case rep.Error != "":
			res.peerErr = rep.Error
		default:
			res.peer = append(res.peer, rep.Timing)
			res.partial = res.partial || rep.Partial
		}
		return nil
	}
	for k := range repeat {
		first, second := oursOnce, peerOnce
		if k%2 == 1 {
			first, second = peerOnce, oursOnce
		}
		if err := first(); err != nil {
			return err
		}
		if err := second(); err != nil {
			return err
		}
	}
	return nil
}

// commandLine is the command that made this output, from the flags set
// (-o left out).
func commandLine() string {
	parts := []string{"go run ./bench/hdf5compare"}
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

func fail(err error) {
	fmt.Fprintln(os.Stderr, "hdf5compare:", err)
	os.Exit(1)
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"time"

	"github.com/zcodec/zcodec/interop/kerchunk"
)

// row is one line of the table: an operation of zcodec's and its peer's
// on the same files.
type row struct {
	name, unit string
	// ours runs zcodec's side once and returns what it did (files, or 1);
	// check runs it once, untimed, and returns what it found, which must
	// be what the peer's check call finds (the same JSON members).
	ours  func(ctx context.Context) (float64, error)
	check func(ctx context.Context) (any, error)
	// peer is the peer's request; needs lists the modules it imports, and
	// without one of them the peer's side is left out.
	peer  request
	needs []string
	// describe names the peer's side for the table.
	describe string
	// per divides the server's traffic of one call: the files it scans
	// (1 for a call that opens a set); 0 for a row without HTTP.
	per float64
}

// result is one row's measurements and traffic, both sides.
type result struct {
	row             *row
	ours, peer      series
	oursIO, peerIO  *traffic // of one call (row.per units)
	checked         string   // what the check compared
	peerWhy, failed string   // why the peer's side is missing; why the row failed
}

// env is what the rows share.
type env struct {
	data *dataset
	srv  *counter
	peer *pyPeer // nil without a peer
}

// rows returns the table's rows.
func (e *env) rows(ctx context.Context) ([]*row, error) {
	d := e.data
	var rows []*row
	scanned := d.files[:d.scan]
	walk := "h5py walk of each file as kerchunk's SingleHdf5ToZarr does (visititems; attributes, dimension scales, filters, fill value; get_chunk_info of every chunk; bytes of chunks < 500 B)"
	scanRow := func(name string, locs, files []string, workers int, url, cache string) *row {
		r := &row{name: name, unit: "files/s",
			ours: func(ctx context.Context) (float64, error) {
				_, err := scanAll(ctx, locs, workers)
				return float64(len(locs)), err
			},
			check: func(ctx context.Context) (any, error) { return scanAll(ctx, locs, workers) },
			peer:  request{Op: "scan", Files: files, URL: url, Cache: cache},
			needs: []string{"h5py"},
		}
		if url == "" {
			r.describe = walk + ", h5py.File(path) (libhdf5's sec2 driver), one thread"
		} else {
			r.per = float64(len(locs))
			r.needs = append(r.needs, "fsspec", "aiohttp")
			r.describe = "the same walk, h5py.File(fsspec HTTP file: cache_type 'bytes', 5 MiB blocks, fsspec's defaults), one thread"
			if cache == "first" {
				r.describe = "the same walk, h5py.File(fsspec HTTP file, cache_type 'first': its first 5 MiB block kept, any other read a request of its own), one thread"
			}
		}
		return r
	}
	procs := runtime.GOMAXPROCS(0)
	n := len(scanned)
	rows = append(rows,
		scanRow(fmt.Sprintf("local scan, %d files, 1 goroutine", n), scanned, scanned, 1, "", ""),
		scanRow(fmt.Sprintf("local scan, %d files, %d at once (GOMAXPROCS): compare wall", n, procs), scanned, scanned, procs, "", ""))
	urls := make([]string, n)
	for i, f := range scanned {
		urls[i] = e.srv.url + "/" + filepath.Base(f)
	}
	rows = append(rows,
		scanRow(fmt.Sprintf("HTTP scan, %d files, 1 goroutine", n), urls, scanned, 1, e.srv.url, "bytes"),
		scanRow(fmt.Sprintf("HTTP scan, %d files, 8 at once: compare wall", n), urls, scanned, 8, e.srv.url, "bytes"),
		scanRow(fmt.Sprintf("HTTP scan, %d files, 1 goroutine, peer cache 'first'", n), urls, scanned, 1, e.srv.url, "first"))
	for _, f := range d.single {
		u := []string{e.srv.url + "/" + filepath.Base(f.path)}
		for _, cache := range []string{"bytes", "first"} {
			name := fmt.Sprintf("HTTP scan, %s (%s)", filepath.Base(f.path), mb(fileSize(f.path)))
			if cache == "first" {
				name += ", peer cache 'first'"
			}
			rows = append(rows, scanRow(name, u, []string{f.path}, 1, e.srv.url, cache))
		}
	}

	// The combined sets: scanned once, here, from the local files, their
	// references naming the files' URLs on the server.
	t0 := time.Now()
	sets := make([]*kerchunk.Set, len(d.files))
	for i, f := range d.files {
		res, err := scanOne(ctx, f, e.srv.url+"/"+filepath.Base(f))
		if err != nil {
			return nil, err
		}
		sets[i] = res.Set
	}
	d.notes = append(d.notes, fmt.Sprintf("the %d files scanned for the combined sets in %.1fs", len(d.files), time.Since(t0).Seconds()))
	for _, k := range d.combine {
		t1 := time.Now()
		path, refs, err := combined(ctx, sets, k, d.dir)
		if err != nil {
			return nil, fmt.Errorf("combining %d sets: %v", k, err)
		}
		e.srv.take() // Combine read the time coordinates
		d.notes = append(d.notes, fmt.Sprintf("%s: %d references, %s, combined in %.2fs", filepath.Base(path), refs, kb(fileSize(path)), time.Since(t1).Seconds()))
		index := int64(k/2) * int64(d.steps) // the first step of the middle file
		buf := make([]byte, 4*32*32)
		rows = append(rows, &row{
			name: fmt.Sprintf("combined set of %d files: store.Open + zarr.Open + read 1 chunk", k), unit: "opens/s",
			ours: func(ctx context.Context) (float64, error) {
				_, err := openRead(ctx, path, "var07", index, buf)
				return 1, err
			},
			check: func(ctx context.Context) (any, error) {
				sum, err := openRead(ctx, path, "var07", index, buf)
				return map[string]string{"sha256": sum}, err
			},
			peer:     request{Op: "refs_open", JSON: path, Var: "var07", Index: []int64{index}},
			needs:    []string{"fsspec", "zarr", "aiohttp"},
			describe: "fsspec ReferenceFileSystem(JSON) + zarr 2.13 open_array(mapper, path='var07') + z[t], one chunk over HTTP",
			per:      1,
		}, &row{
			name: fmt.Sprintf("combined set of %d files: read + parse the JSON only", k), unit: "parses/s",
			ours: func(ctx context.Context) (float64, error) {
				_, err := parseSet(path)
				return 1, err
			},
			check: func(ctx context.Context) (any, error) {
				n, err := parseSet(path)
				return map[string]int{"refs": n}, err
			},
			peer:     request{Op: "refs_parse", JSON: path},
			describe: "json.loads of the file's text (what ReferenceFileSystem does first; no ujson here); counts the refs",
		})
	}
	return rows, nil
}

// run checks the row, each side once, untimed (which warms the files and
// the connections, and takes the traffic of one call), then measures it
// repeat times per side, alternately, the order swapped every other run.
func (res *result) run(ctx context.Context, e *env, repeat int, mintime time.Duration) error {
	r := res.row
	if e.peer == nil {
		res.peerWhy = "no peer"
	} else if why := e.peer.hello.lacks(r.needs...); why != "" {
		res.peerWhy = why
	}
	e.srv.take()
	got, err := r.check(ctx)
	if err != nil {
		return fmt.Errorf("check: %v", err)
	}
	res.oursIO = e.io(r.per)
	if res.peerWhy == "" {
		var theirs map[string]any
		if err := e.peer.checkOnce(r.peer, &theirs); err != nil {
			return fmt.Errorf("peer check: %v", err)
		}
		res.peerIO = e.io(r.per)
		if err := agree(got, theirs); err != nil {
			return err
		}
		b, _ := json.Marshal(got)
		res.checked = string(b)
	}
	ours := func() error {
		t, err := loop(mintime, func() (float64, error) { return r.ours(ctx) })
		res.ours = append(res.ours, t)
		return err
	}
	peer := func() error {
		if res.peerWhy != "" {
			return nil
		}
		t, err := e.peer.measure(r.peer, mintime)
		if err != nil {
			var pe *errPeer
			if errors.As(err, &pe) {
				res.peerWhy = err.Error()
				return nil
			}
			return err
		}
		res.peer = append(res.peer, t)
		return nil
	}
	// ours, peer, peer, ours, ours, peer, ...
	sides := [2]func() error{ours, peer}
	for k := range 2 * repeat {
		if err := sides[(k+k/2)%2](); err != nil {
			return err
		}
	}
	e.srv.take()
	return nil
}

// io is the server's traffic since the last take; nil for a row without
// HTTP (per 0).
func (e *env) io(per float64) *traffic {
	t := e.srv.take()
	if per == 0 {
		return nil
	}
	return &t
}

// agree compares what zcodec's check found with the peer's, member by
// member of ours.
func agree(ours any, theirs map[string]any) error {
	b, err := json.Marshal(ours)
	if err != nil {
		return err
	}
	var mine map[string]any
	if err := json.Unmarshal(b, &mine); err != nil {
		return err
	}
	for k, v := range mine {
		if !reflect.DeepEqual(v, theirs[k]) {
			return fmt.Errorf("the sides disagree: zcodec %s, the peer %v", b, theirs)
		}
	}
	return nil
}

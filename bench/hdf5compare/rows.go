package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/hdf5bench"
	"github.com/zcodec/zcodec/zarr"
)

// benchRow is one row of the table: an operation of zcodec's and its
// peer's, on the same file.
type benchRow struct {
	name string
	// unit names the rates, scale divides them (MB/s: 1e6 for bytes).
	unit  string
	scale float64
	// ours runs zcodec's side once and returns what it did (bytes,
	// chunks, opens).
	ours func(ctx context.Context) (float64, error)
	// peer is the request that times the peer's side, or, when nil,
	// peerGo is the peer, run in this process (the I/O floor).
	peer   *peerRequest
	peerGo func(ctx context.Context) (float64, error)
	// describe names the peer's side for the table.
	describe string
	// check runs each side once, untimed (which warms the files), and
	// says whether they agree; nil when there is nothing to compare.
	check func(ctx context.Context, p *peer) (string, error)
	// cleanup runs after every measurement of either side.
	cleanup func()
	// total is the chunks of a scan row.
	total int64
}

// env is what the rows share.
type env struct {
	files  *hdf5bench.Manifest
	out    string   // the directory conversions write into
	cap    float64  // the peer's scan time limit, seconds
	buf    []byte   // the big dataset, read into by zcodec
	checks []string // what the checks found, for the notes
}

// rows returns the table's rows on the generated files.
func (e *env) rows() []*benchRow {
	big, _ := e.files.Big()
	bigPath := e.files.Path(big)
	decoded := int64(4)
	for _, s := range big.Shape {
		decoded *= s
	}
	var rows []*benchRow
	readCheck := func(opts *zarr.Options) func(ctx context.Context, p *peer) (string, error) {
		return func(ctx context.Context, p *peer) (string, error) {
			if _, err := readWhole(ctx, bigPath, big.Dataset, opts, e.buf); err != nil {
				return "", err
			}
			ours := digest(e.buf)
			if p == nil {
				return "", nil
			}
			var theirs struct{ SHA256 string }
			if err := p.check(peerRequest{Op: "read", File: bigPath, Dataset: big.Dataset}, &theirs); err != nil {
				return "", err
			}
			if theirs.SHA256 != ours {
				return "", fmt.Errorf("the values differ: SHA-256 %s, h5py's %s", ours, theirs.SHA256)
			}
			return fmt.Sprintf("%s: the %d decoded bytes have the SHA-256 of h5py's", big.Name, decoded), nil
		}
	}
	bigShape := fmt.Sprintf("%s %v float32, %.1f MB in %d chunks of %v, shuffle+deflate(4), %.1f MB stored", big.Name, big.Shape, float64(decoded)/1e6, big.Chunks, big.ChunkShape, float64(big.Bytes)/1e6)
	for _, c := range []struct {
		name string
		opts *zarr.Options
	}{
		{"read whole, 1 goroutine (Concurrency 1)", &zarr.Options{Options: codec.Options{Concurrency: 1}}},
		{fmt.Sprintf("read whole, default concurrency (%d): compare wall", runtime.GOMAXPROCS(0)), nil},
	} {
		rows = append(rows, &benchRow{
			name: c.name, unit: "MB/s", scale: 1e6,
			ours: func(ctx context.Context) (float64, error) {
				return readWhole(ctx, bigPath, big.Dataset, c.opts, e.buf)
			},
			peer:     &peerRequest{Op: "read", File: bigPath, Dataset: big.Dataset},
			describe: "h5py File + ds.read_direct(out), out allocated once; MB/s of decoded bytes; " + bigShape,
			check:    readCheck(c.opts),
		})
	}

	scanFiles := []hdf5bench.File{big}
	for _, size := range hdf5bench.Sizes {
		for _, index := range hdf5bench.Indexes {
			if f, ok := e.files.Listing(size, index); ok {
				scanFiles = append(scanFiles, f)
			}
		}
	}
	for _, f := range scanFiles {
		path := e.files.Path(f)
		req := &peerRequest{Op: "scan", File: path, Dataset: f.Dataset, Cap: e.cap}
		rows = append(rows, &benchRow{
			name: fmt.Sprintf("scan %s: %d chunks, %s", f.Name, f.Chunks, indexName(f.Index)),
			unit: "k chunks/s", scale: 1e3,
			ours: func(ctx context.Context) (float64, error) {
				r, err := scan(ctx, path, f.Dataset, 0)
				return float64(r.Chunks), err
			},
			peer: req, total: f.Chunks,
			describe: "h5py File + dsid.get_num_chunks() + get_chunk_info(i) for every i",
			check: func(ctx context.Context, p *peer) (string, error) {
				all, err := scan(ctx, path, f.Dataset, 0)
				if err != nil {
					return "", err
				}
				if all.Chunks != f.Chunks {
					return "", fmt.Errorf("%d chunks listed, the file has %d", all.Chunks, f.Chunks)
				}
				if p == nil {
					return "", nil
				}
				var theirs scanResult
				if err := p.check(*req, &theirs); err != nil {
					return "", err
				}
				ours, err := scan(ctx, path, f.Dataset, theirs.Chunks)
				if err != nil {
					return "", err
				}
				ours.Partial = theirs.Partial
				if ours != theirs {
					return "", fmt.Errorf("the listings differ: ours %+v, h5py's %+v", ours, theirs)
				}
				what := "every chunk's"
				if theirs.Partial {
					what = fmt.Sprintf("the first %d chunks' (all h5py listed in %gs)", theirs.Chunks, e.cap)
				}
				return fmt.Sprintf("%s: %s offsets and sizes add up to h5py's", f.Name, what), nil
			},
		})
	}

	if nc, ok := e.files.NetCDF(); ok {
		path := e.files.Path(nc)
		rows = append(rows, &benchRow{
			name: fmt.Sprintf("open %s (netCDF-4, %d variables) + list the hierarchy", nc.Name, nc.Variables),
			unit: "opens/s", scale: 1,
			ours: func(ctx context.Context) (float64, error) {
				_, err := openAll(ctx, path)
				return 1, err
			},
			peer:     &peerRequest{Op: "open", File: path},
			describe: "h5py File + visititems reading every object's attributes and every dataset's shape, dtype, chunks, compression, fill value",
			check: func(ctx context.Context, p *peer) (string, error) {
				n, err := openAll(ctx, path)
				if err != nil || p == nil {
					return "", err
				}
				var theirs struct{ Objects int }
				if err := p.check(peerRequest{Op: "open", File: path}, &theirs); err != nil {
					return "", err
				}
				if n != theirs.Objects {
					return "", fmt.Errorf("%d nodes below the root, h5py visits %d objects", n, theirs.Objects)
				}
				return fmt.Sprintf("%s: %d nodes below the root, as h5py's visititems finds", nc.Name, n), nil
			},
		})
	}

	clean := func() { cleanDir(e.out) }
	convertOurs := func(ctx context.Context) (float64, error) { return convert(ctx, bigPath, e.out, big.Bytes) }
	convertCheck := func(ctx context.Context, p *peer) (string, error) {
		defer clean()
		if _, err := copyFile(bigPath, e.out); err != nil {
			return "", err
		}
		if _, err := convert(ctx, bigPath, e.out, big.Bytes); err != nil {
			return "", err
		}
		ents, err := os.ReadDir(e.out)
		if err != nil {
			return "", err
		}
		var dir string
		for _, ent := range ents {
			if ent.IsDir() {
				dir = filepath.Join(e.out, ent.Name())
			}
		}
		if _, err := readWhole(ctx, dir, big.Dataset, nil, e.buf); err != nil {
			return "", fmt.Errorf("reading the converted array: %v", err)
		}
		got := digest(e.buf)
		want, from := "", "the HDF5 file's through zcodec"
		if p != nil {
			var theirs struct{ SHA256 string }
			if err := p.check(peerRequest{Op: "read", File: bigPath, Dataset: big.Dataset}, &theirs); err != nil {
				return "", err
			}
			want, from = theirs.SHA256, "h5py's of the HDF5 file"
		} else {
			if _, err := readWhole(ctx, bigPath, big.Dataset, nil, e.buf); err != nil {
				return "", err
			}
			want = digest(e.buf)
		}
		if got != want {
			return "", fmt.Errorf("the converted array's values differ: SHA-256 %s, %s %s", got, from, want)
		}
		return fmt.Sprintf("the Zarr v3 array converted from %s reads back with the SHA-256 of %s", big.Name, from), nil
	}
	rows = append(rows,
		&benchRow{
			name: "convert to Zarr v3 (chunks copied verbatim) vs io.Copy of the file",
			unit: "MB/s", scale: 1e6, ours: convertOurs,
			peerGo:   func(ctx context.Context) (float64, error) { return copyFile(bigPath, e.out) },
			describe: "Go io.Copy of the file into a new file (copy_file_range on Linux: the kernel copies, nothing passes through the process), the I/O floor; MB/s of the file's size, " + big.Name,
			check:    convertCheck, cleanup: clean,
		},
		&benchRow{
			name: "convert to Zarr v3 (chunks copied verbatim) vs h5py + zarr 2.13",
			unit: "MB/s", scale: 1e6, ours: convertOurs,
			peer:     &peerRequest{Op: "convert", File: bigPath, Dataset: big.Dataset, Out: e.out},
			describe: "h5py read_direct + zarr.open_array(DirectoryStore, zarr_version=2, Shuffle(4), Zlib(4)), z[...] = out; MB/s of the HDF5 file's size",
			check:    convertCheck, cleanup: clean,
		})
	return rows
}

// check asks the peer for one untimed call of req and decodes what it
// found into v.
func (p *peer) check(req peerRequest, v any) error {
	req.Check = true
	r, err := p.ask(req)
	if err != nil {
		return err
	}
	if r.Error != "" {
		return fmt.Errorf("peer.py: %s", r.Error)
	}
	return json.NewDecoder(bytes.NewReader(r.Check)).Decode(v)
}

// indexName describes an index kind of the manifest.
func indexName(kind string) string {
	switch kind {
	case "btree1":
		return "v1 B-tree"
	case "farray":
		return "fixed array"
	case "earray":
		return "extensible array"
	}
	return kind
}

// cleanDir removes what dir holds, keeping dir.
func cleanDir(dir string) {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		os.RemoveAll(dir + string(os.PathSeparator) + e.Name())
	}
}

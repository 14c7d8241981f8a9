package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// genVersion names the files peer.py's generate op writes: a directory
// given with -dir whose manifest names another is written anew.
const genVersion = 2

// dataset is the files the rows read.
type dataset struct {
	dir     string
	files   []string // t0000.nc, t0001.nc, ...: absolute paths
	scan    int      // the scan rows read the first scan files
	steps   int      // time steps per file
	combine []int    // the sizes of the combined sets
	single  []single // the files of one-file HTTP rows
	wrote   map[string]string
	notes   []string
}

// single is a file of its own for the HTTP rows.
type single struct{ path, what string }

// manifest is what dir/manifest.json records of the generated files.
type manifest struct {
	Version int               `json:"version"`
	Count   int               `json:"count"`
	Steps   int               `json:"steps"`
	Wrote   map[string]string `json:"wrote"`
}

// nc50 is the committed netCDF-4 file of 50 variables whose metadata lie
// across its first 4 MiB, relative to the repository's root.
const nc50 = "testdata/hdf5remote/nc50.nc.gz"

// prepare writes the files into dir, unless its manifest says they are
// there: count files of 50 variables and big.nc through the peer, and
// nc50.nc from the repository.
func prepare(dir string, p *pyPeer, scan int, combine []int) (*dataset, error) {
	want := manifest{Version: genVersion, Count: max(scan, slices.Max(combine)), Steps: 2}
	d := &dataset{dir: dir, scan: scan, steps: want.Steps, combine: combine}
	mpath := filepath.Join(dir, "manifest.json")
	var have manifest
	if b, err := os.ReadFile(mpath); err == nil && json.Unmarshal(b, &have) == nil &&
		have.Version == want.Version && have.Count == want.Count && have.Steps == want.Steps {
		want.Wrote = have.Wrote
		d.notes = append(d.notes, "the files of "+mpath+" reused")
	} else {
		if p == nil {
			return nil, fmt.Errorf("the files are written by %s's netCDF4, which did not start", "peer.py")
		}
		if why := p.hello.lacks("numpy", "netCDF4"); why != "" {
			return nil, fmt.Errorf("the files are written by netCDF4-python: %s", why)
		}
		os.Remove(mpath)
		req := request{Op: "generate", Dir: dir, Count: want.Count, Steps: want.Steps, Big: true}
		if err := p.checkOnce(req, &want.Wrote); err != nil {
			return nil, err
		}
		b, _ := json.Marshal(want)
		if err := os.WriteFile(mpath, b, 0o644); err != nil {
			return nil, err
		}
	}
	d.wrote = want.Wrote
	for i := range want.Count {
		d.files = append(d.files, filepath.Join(dir, fmt.Sprintf("t%04d.nc", i)))
	}
	big := filepath.Join(dir, "big.nc")
	d.single = append(d.single, single{big, "50 variables of 4 x 256 x 256 in chunks of (1, 256, 256), shuffle + deflate 1, written one after the other: their headers and chunk indexes lie between their data"})
	if gz, err := os.ReadFile(nc50); err != nil {
		d.notes = append(d.notes, fmt.Sprintf("no nc50.nc rows: %v (run from the repository's root)", err))
	} else {
		z, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			return nil, err
		}
		raw, err := io.ReadAll(z)
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, "nc50.nc")
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			return nil, err
		}
		d.single = append(d.single, single{path, nc50 + " unpacked: 50 float32 variables of 20 x 32 x 32 in chunks of (5, 32, 32), uncompressed, their headers and chunk indexes across the file's first 4 MiB"})
	}
	return d, nil
}

// fileSize is the size of the file at path, 0 when it cannot say.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
func kb(n int64) string { return fmt.Sprintf("%.0f KB", float64(n)/1e3) }

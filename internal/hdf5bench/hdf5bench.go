// Package hdf5bench locates the HDF5 and netCDF-4 files that zcodec's HDF5
// benchmarks read (bench/hdf5compare and the go test benchmarks of
// interop/hdf5/h5file and interop/hdf5/h5store), and writes them.
//
// The files are not in the repository: generate.py (embedded here as
// Generator) writes them with h5py 3.7 (libhdf5 1.10.8) and netCDF4-python
// through Debian's /usr/bin/python3 into Dir(), by default
// os.UserCacheDir()/zcodec-bench/hdf5 ($ZCODEC_BENCH_DIR/hdf5 when that is
// set), about 200 MB in all and a minute or two to write. They are reused
// while the manifest.json there names the generator's VERSION, and written
// anew when it names another (Ensure). Load only reads: the go test
// benchmarks call it and skip, saying how to write the files, when they
// are absent or stale.
//
// The files (see generate.py for the details):
//
//   - big.h5: one float32 dataset (96, 1024, 1024), 402.7 MB decoded, in
//     384 chunks of 1 MiB with shuffle + deflate level 4 (a v1 B-tree of
//     chunks), a smooth field plus noise that compresses about 3.4 times;
//   - chunks10k_* and chunks100k_*: 10,000 and 100,000 chunks of 256 bytes
//     (float32, (8, 8), shuffle + deflate) under each index kind: btree1
//     (libver "earliest", a v1 B-tree), farray (libver "latest", a fixed
//     array) and earray (libver "latest", one unlimited dimension: an
//     extensible array);
//   - vars50.nc: a netCDF-4 file of 50 variables with CF attributes, six in
//     a group.
package hdf5bench

import (
	"context"
	_ "embed" // the generator
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
)

// Generator is generate.py, the script that writes the files.
//
//go:embed generate.py
var Generator []byte

// Python is the interpreter that runs Generator: Debian's, with
// python3-h5py, python3-netcdf4 and python3-numpy.
const Python = "/usr/bin/python3"

// Version is the VERSION that Generator declares: the manifest of files
// it wrote names it.
var Version = func() int {
	m := regexp.MustCompile(`(?m)^VERSION = (\d+)$`).FindSubmatch(Generator)
	if m == nil {
		panic("hdf5bench: generate.py declares no VERSION")
	}
	v, _ := strconv.Atoi(string(m[1]))
	return v
}()

// File is one generated file, as the manifest describes it.
type File struct {
	Name string `json:"name"`
	// Role is "big", "listing" or "netcdf".
	Role string `json:"role"`
	// Dataset is the path of the dataset in the file (big and listing).
	Dataset string `json:"dataset"`
	// Index is the chunk index: "btree1", "farray" or "earray".
	Index string `json:"index"`
	// Size is "10k" or "100k" for a listing file.
	Size       string  `json:"size"`
	Shape      []int64 `json:"shape"`
	ChunkShape []int   `json:"chunk_shape"`
	// Chunks is the number of stored chunks.
	Chunks int64 `json:"chunks"`
	// Variables is the number of variables of the netCDF-4 file.
	Variables int `json:"variables"`
	// Bytes is the file's size.
	Bytes int64 `json:"bytes"`
}

// Manifest lists the files of one generation.
type Manifest struct {
	Version int    `json:"version"`
	Files   []File `json:"files"`
	// WrittenBy names the versions of h5py, libhdf5, netCDF4-python,
	// netcdf-c and NumPy that wrote them.
	WrittenBy map[string]string `json:"written_by"`
	// Dir is the directory that holds them (not in the JSON).
	Dir string `json:"-"`
}

// ErrAbsent is matched by Load's error when the files are missing or were
// written by another version of the generator.
var ErrAbsent = errors.New("the HDF5 benchmark files are absent")

// Dir returns the directory of the files: $ZCODEC_BENCH_DIR/hdf5, or
// os.UserCacheDir()/zcodec-bench/hdf5.
func Dir() (string, error) {
	if d := os.Getenv("ZCODEC_BENCH_DIR"); d != "" {
		return filepath.Join(d, "hdf5"), nil
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(c, "zcodec-bench", "hdf5"), nil
}

// Hint says how to write the files, for a benchmark that skips.
const Hint = "write them with `go run ./bench/hdf5compare -gen` (needs /usr/bin/python3 with python3-h5py, python3-netcdf4)"

// Load reads the manifest of the files in Dir() and checks that every
// file it lists is there with its size. Its error matches ErrAbsent when
// there is no manifest, it names another version or a file is missing.
func Load() (*Manifest, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: no %s", ErrAbsent, filepath.Join(dir, "manifest.json"))
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "manifest.json"), err)
	}
	if m.Version != Version {
		return nil, fmt.Errorf("%w: %s was written by generator version %d, this is version %d", ErrAbsent, dir, m.Version, Version)
	}
	m.Dir = dir
	for _, f := range m.Files {
		st, err := os.Stat(m.Path(f))
		if err != nil || st.Size() != f.Bytes {
			return nil, fmt.Errorf("%w: %s is missing or changed", ErrAbsent, m.Path(f))
		}
	}
	return &m, nil
}

// Path returns the path of f.
func (m *Manifest) Path(f File) string { return filepath.Join(m.Dir, f.Name) }

// Big returns the big file.
func (m *Manifest) Big() (File, bool) { return m.find(func(f File) bool { return f.Role == "big" }) }

// NetCDF returns the netCDF-4 file.
func (m *Manifest) NetCDF() (File, bool) {
	return m.find(func(f File) bool { return f.Role == "netcdf" })
}

// Listing returns the listing file of size ("10k", "100k") and index kind
// ("btree1", "farray", "earray").
func (m *Manifest) Listing(size, index string) (File, bool) {
	return m.find(func(f File) bool { return f.Role == "listing" && f.Size == size && f.Index == index })
}

func (m *Manifest) find(ok func(File) bool) (File, bool) {
	for _, f := range m.Files {
		if ok(f) {
			return f, true
		}
	}
	return File{}, false
}

// Sizes and Indexes are the listing files' sizes and index kinds, in the
// order the benchmarks run them.
var (
	Sizes   = []string{"10k", "100k"}
	Indexes = []string{"btree1", "farray", "earray"}
)

// Ensure returns the files' manifest, writing them first with Generator
// (run by Python, its output to log) when Load finds them absent or
// stale.
func Ensure(ctx context.Context, log io.Writer) (*Manifest, error) {
	m, err := Load()
	if err == nil || !errors.Is(err, ErrAbsent) {
		return m, err
	}
	fmt.Fprintf(log, "hdf5bench: %v; writing them (a minute or two)\n", err)
	if err := Generate(ctx, log); err != nil {
		return nil, err
	}
	return Load()
}

// Generate writes the files into Dir() with Generator, whatever is there.
func Generate(ctx context.Context, log io.Writer) error {
	dir, err := Dir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	script := filepath.Join(dir, "generate.py")
	if err := os.WriteFile(script, Generator, 0o644); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, Python, script, dir)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v (are python3-h5py, python3-netcdf4 and python3-numpy installed?)", Python, script, err)
	}
	return nil
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
)

// refsReport is the machine-readable account of one reference set
// (--report): what was left out and why, the notes, and the counts.
type refsReport struct {
	File     string                   `json:"file"`
	URL      string                   `json:"url"`
	Output   string                   `json:"output"`
	Format   string                   `json:"format"`
	Refused  []*kerchunk.RefusedError `json:"refused"`
	Warnings []kerchunk.Warning       `json:"warnings"`
	Stats    kerchunk.Stats           `json:"stats"`
}

func runRefs(env *environment, args []string) int {
	fs := newFlags(env, "refs", "zcodec refs [flags] FILE... -o OUT",
		"Writes the kerchunk reference set of an HDF5 or netCDF-4 FILE (a local path, an http(s)\n"+
			"URL, s3:// or gs://): Zarr v2 metadata for its groups and datasets and, for every chunk,\n"+
			"[url, offset, length] of its bytes in FILE, or the bytes inline, so that fsspec's\n"+
			"ReferenceFileSystem and zarr read the file's chunks where they lie. The URL written is\n"+
			"FILE as given, or with --url-prefix P the file's name appended to P (a \"/\" between\n"+
			"them unless P ends with one). Datasets that cannot be referenced are left out, each named\n"+
			"with its reason on standard error and in --report; the rest is written, and the exit\n"+
			"status is 0. --format json (the default) writes kerchunk JSON version 1 to OUT (- for\n"+
			"standard output); --format parquet writes fsspec's Parquet layout into the new directory\n"+
			"OUT. With several FILEs, OUT must be an existing directory, and each FILE's set is\n"+
			"written in it as NAME.json (or NAME.parq/); combining files into one set is not done here.")
	out := fs.String("o", "", "the output: a JSON file (- for standard output), a new directory for --format parquet, or an existing directory for several FILEs")
	format := fs.String("format", "json", "the output format: json (kerchunk version 1) or parquet (fsspec's LazyReferenceMapper layout)")
	urlPrefix := fs.String("url-prefix", "", "write each chunk's URL as `P` followed by the file's name (a \"/\" between unless P ends with one), in place of FILE as given")
	inlineThreshold := fs.Int("inline-threshold", kerchunk.DefaultInlineThreshold, "inline stored chunks smaller than this many bytes (0: none)")
	maxInline := byteSize(kerchunk.DefaultMaxInlineBytes)
	fs.Var(&maxInline, "max-inline", "refuse a dataset whose chunks that cannot be referenced (filter-masked, variable-length strings, compact, a padded last contiguous chunk) add up to more than this, inlined")
	var inlineUnsupported byteSize
	fs.Var(&inlineUnsupported, "inline-unsupported", "decode and inline, as raw little-endian values, datasets whose filters numcodecs cannot read (szip, n-bit, scale-offset, LZF, LZ4, bitshuffle) when they hold at most this many decoded bytes (default: refuse them)")
	maxFill := fs.Int64("max-fill-chunks", kerchunk.DefaultMaxFillChunks, "add at most this many absent chunks of a dataset, filled with its header's fill value, so that fill_value can be _FillValue (or null) and fsspec before 2023 reads it (0: none)")
	recordSize := fs.Int("record-size", kerchunk.DefaultRecordSize, "--format parquet: references per refs.N.parq file")
	contig := byteSize(kerchunk.DefaultContiguousChunkBytes)
	fs.Var(&contig, "contiguous-chunk", "the target size of the chunks a contiguous dataset is referenced in")
	fletcher := fs.Bool("fletcher32-filter", false, "write HDF5's fletcher32 checksum as numcodecs' fletcher32 filter (numcodecs 0.12 or later) instead of leaving a final checksum out of the references")
	report := fs.String("report", "", "write a JSON report to `FILE`: refused datasets and their reasons, warnings, counts (- for standard output)")
	sf := fs.storeFlags(false)
	fs.operands = []string{"FILE"}
	files, code, stop := fs.parse(args)
	if stop {
		return code
	}
	switch {
	case len(files) == 0:
		return fs.fail("no FILE given")
	case *out == "":
		return fs.fail("-o OUT is required")
	case *format != "json" && *format != "parquet":
		return fs.fail("--format %s: want json or parquet", shown(*format))
	case *maxFill < 0:
		return fs.fail("--max-fill-chunks %d: want 0 or more", *maxFill)
	case *inlineThreshold < 0:
		return fs.fail("--inline-threshold %d: want 0 or more", *inlineThreshold)
	case *recordSize < 1 || *recordSize > kerchunk.MaxRecordSize:
		return fs.fail("--record-size %d: want 1 to %d", *recordSize, kerchunk.MaxRecordSize)
	case *report != "" && *report == *out:
		return fs.fail("--report and -o name the same file")
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	intoDir := false
	if fi, err := os.Stat(*out); err == nil && fi.IsDir() && (len(files) > 1 || *format == "json") {
		intoDir = true
	}
	if len(files) > 1 && !intoDir {
		return fs.fail("%d FILEs make %d reference sets: give -o an existing directory to write one set per file there (combining files into one set is not supported yet)", len(files), len(files))
	}
	if *out == "-" && *format == "parquet" {
		return fs.fail("--format parquet writes a directory: -o - is not one")
	}
	opts := &kerchunk.Options{
		InlineThreshold:      *inlineThreshold,
		MaxInlineBytes:       int64(maxInline),
		InlineUnsupported:    int64(inlineUnsupported),
		ContiguousChunkBytes: int64(contig),
		Fletcher32Filter:     *fletcher,
		MaxFillChunks:        *maxFill,
	}
	if *maxFill == 0 {
		opts.MaxFillChunks = -1
	}
	if *inlineThreshold == 0 {
		opts.InlineThreshold = -1
	}
	ctx := env.context()
	var reports []refsReport
	status := 0
	for _, file := range files {
		dst := *out
		if intoDir {
			ext := ".json"
			if *format == "parquet" {
				ext = ".parq"
			}
			dst = filepath.Join(*out, baseName(file)+ext)
		}
		url := file
		if *urlPrefix != "" {
			url = *urlPrefix
			if !strings.HasSuffix(url, "/") {
				url += "/"
			}
			url += baseName(file)
		}
		rep, err := refsOne(ctx, env, file, url, dst, *format, *recordSize, opts, sf)
		if err != nil {
			status = failf(env.stderr, "refs", "%s: %v", shown(file), err)
			continue
		}
		for _, r := range rep.Refused {
			p := r.Path
			if p == "" {
				p = "/"
			}
			fmt.Fprintf(env.stderr, "zcodec refs: %s: %s not referenced: %s\n", shown(file), shown(p), r.Reason)
		}
		reports = append(reports, *rep)
	}
	if *report != "" && len(reports) > 0 {
		o, err := createOutput(env, *report)
		if err != nil {
			return failf(env.stderr, "refs", "--report: %v", err)
		}
		var doc any = reports
		if len(files) == 1 {
			doc = reports[0]
		}
		b, _ := json.MarshalIndent(doc, "", "  ")
		if _, err := o.Write(append(b, '\n')); err != nil {
			o.Abort()
			return failf(env.stderr, "refs", "--report: %v", err)
		}
		if err := o.Commit(); err != nil {
			return failf(env.stderr, "refs", "--report: %v", err)
		}
	}
	return status
}

// baseName is the last element of a path or URL, without a query.
func baseName(file string) string {
	if i := strings.IndexAny(file, "?#"); i >= 0 && strings.Contains(file, "://") {
		file = file[:i]
	}
	return path.Base(filepath.ToSlash(file))
}

// refsOne writes the reference set of one file to dst.
func refsOne(ctx context.Context, env *environment, file, url, dst, format string, recordSize int, opts *kerchunk.Options, sf *storeFlags) (*refsReport, error) {
	var h5 *h5store.Store
	if strings.Contains(file, "://") {
		st, closeStore, err := openStore(ctx, file, false, sf)
		if err != nil {
			return nil, err
		}
		defer closeStore()
		var ok bool
		if h5, ok = st.(*h5store.Store); !ok {
			return nil, errors.New("not an HDF5 or netCDF-4 file")
		}
	} else {
		var err error
		if h5, err = h5store.OpenFile(ctx, file, nil); err != nil {
			return nil, err
		}
		defer h5.Close()
	}
	res, err := kerchunk.FromHDF5(ctx, h5, url, opts)
	if err != nil {
		return nil, err
	}
	rep := &refsReport{File: file, URL: url, Output: dst, Format: format,
		Refused: res.Refused, Warnings: res.Warnings, Stats: res.Stats}
	if rep.Refused == nil {
		rep.Refused = []*kerchunk.RefusedError{}
	}
	if rep.Warnings == nil {
		rep.Warnings = []kerchunk.Warning{}
	}
	if format == "parquet" {
		return rep, writeParquetDir(ctx, dst, res.Set, recordSize)
	}
	o, err := createOutput(env, dst)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := res.Set.WriteJSON(&buf); err != nil {
		o.Abort()
		return nil, err
	}
	if _, err := o.Write(buf.Bytes()); err != nil {
		o.Abort()
		return nil, err
	}
	return rep, o.Commit()
}

// writeParquetDir writes the set in fsspec's Parquet layout into the new
// directory dst: into a temporary directory beside it, renamed to dst
// when complete, so that an error leaves nothing at dst.
func writeParquetDir(ctx context.Context, dst string, s *kerchunk.Set, recordSize int) error {
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("%s exists: --format parquet writes a new directory", shown(dst))
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-")
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	d, err := store.OpenDir(tmp)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := kerchunk.WriteParquet(ctx, d, s, recordSize); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := os.Rename(tmp, dst); err != nil {
		return err
	}
	ok = true
	return nil
}

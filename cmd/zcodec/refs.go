package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/zcodec/zcodec/internal/workpool"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/interop/kerchunk/combine"
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

// refsFlags are the values of refs' flags that shape what is written.
type refsFlags struct {
	out, format, urlPrefix, report string
	recordSize                     int
	inFlight                       int
	opts                           *kerchunk.Options
	sf                             *storeFlags
}

// scanOnlyFlags shape a scan: with --combine, which reads sets already
// written, they are usage errors.
var scanOnlyFlags = []string{"url-prefix", "inline-threshold", "max-inline", "inline-unsupported", "max-fill-chunks", "contiguous-chunk", "fletcher32-filter"}

func runRefs(env *environment, args []string) int {
	fs := newFlags(env, "refs", "zcodec refs [flags] FILE... -o OUT\n       zcodec refs --concat-dim DIM [flags] FILE... -o OUT\n       zcodec refs --combine --concat-dim DIM [flags] SET... -o OUT",
		"Writes the kerchunk reference set of an HDF5 or netCDF-4 FILE (a local path, an http(s)\n"+
			"URL, s3:// or gs://): Zarr v2 metadata for its groups and datasets and, for every chunk,\n"+
			"[url, offset, length] of its bytes in FILE, or the bytes inline, so that fsspec's\n"+
			"ReferenceFileSystem and zarr read the file's chunks where they lie. The URL written is\n"+
			"FILE as given (a relative local path made absolute: fsspec would resolve it from where it\n"+
			"runs, zcodec from where the set lies), or with --url-prefix P the file's name appended to\n"+
			"P (a \"/\" between them unless P ends with one). Datasets that cannot be referenced are\n"+
			"left out, each named with its reason on standard error and in --report; the rest is\n"+
			"written, and the exit status is 0. --format json (the default) writes kerchunk JSON\n"+
			"version 1 to OUT (- for standard output); --format parquet writes fsspec's Parquet layout\n"+
			"into the new directory OUT. With several FILEs, OUT must be an existing directory, and\n"+
			"each FILE's set is written in it as NAME.json (or NAME.parq/).\n\n"+
			"With --concat-dim DIM the FILEs, which follow each other along the dimension DIM (daily\n"+
			"files along \"time\"), are combined into one set at OUT. Every file must hold the same\n"+
			"variables, with the same data type, chunks, codecs and encoding attributes\n"+
			"(scale_factor, add_offset, _FillValue, missing_value, _Unsigned, units, calendar);\n"+
			"variables without DIM must be identical in every file, and are taken once. A conflict is\n"+
			"an error naming both files and values, and nothing is written. CF time coordinates\n"+
			"whose units differ in the same calendar are rewritten exactly into the first file's\n"+
			"units with --reconcile-time. Along DIM, every file but the last must hold a multiple of\n"+
			"each variable's chunk length; small variables that do not (a time coordinate) are\n"+
			"rewritten inline, up to --max-rewrite bytes. With --combine the operands are reference\n"+
			"sets already written (JSON files or Parquet directories, one per file or batch, from\n"+
			"jobs run anywhere), combined in the order given: the result is the same set, byte for\n"+
			"byte, as one --concat-dim run over the files with the same flags. --files-from LIST\n"+
			"adds the operands listed in LIST, one per line (- for standard input), after those given.\n"+
			"Files are scanned --files-in-flight at a time.")
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
	concatDim := fs.String("concat-dim", "", "combine the FILEs (or SETs) along the dimension `DIM` into one set at OUT")
	combineSets := fs.Bool("combine", false, "the operands are reference sets already written (JSON files or Parquet directories), to combine along --concat-dim")
	filesFrom := fs.String("files-from", "", "add the operands listed in `LIST`, one per line (blank lines ignored; - for standard input), after those given")
	reconcile := fs.Bool("reconcile-time", false, "--concat-dim: rewrite, exactly, CF time coordinates whose units differ between files in the same calendar into the first file's units (default: refuse them)")
	maxRewrite := byteSize(combine.DefaultMaxRewriteBytes)
	fs.Var(&maxRewrite, "max-rewrite", "--concat-dim: refuse to rewrite inline a variable along DIM (a reconciled or unevenly chunked time coordinate) of more than this many decoded bytes")
	inFlight := fs.Int("files-in-flight", defaultFilesInFlight, "scan (or, with --combine, read) at most `N` files at once")
	sf := fs.storeFlags(false)
	fs.operands = []string{"FILE"}
	files, code, stop := fs.parse(args)
	if stop {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *filesFrom != "" {
		listed, err := readOperandList(env, *filesFrom)
		if err != nil {
			return fs.fail("--files-from: %v", err)
		}
		files = append(files, listed...)
	}
	switch {
	case len(files) == 0 && *combineSets:
		return fs.fail("no SET given")
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
	case *inFlight < 1:
		return fs.fail("--files-in-flight %d: want 1 or more", *inFlight)
	case *report != "" && *report == *out:
		return fs.fail("--report and -o name the same file")
	case *out == "-" && *format == "parquet":
		return fs.fail("--format parquet writes a directory: -o - is not one")
	case *concatDim == "" && (*combineSets || set["reconcile-time"] || set["max-rewrite"]):
		for _, name := range []string{"combine", "reconcile-time", "max-rewrite"} {
			if set[name] {
				return fs.fail("--%s combines files: give --concat-dim DIM", name)
			}
		}
	case *combineSets:
		for _, name := range scanOnlyFlags {
			if set[name] {
				return fs.fail("--%s shapes a scan: --combine reads sets already scanned", name)
			}
		}
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
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
	rf := &refsFlags{out: *out, format: *format, urlPrefix: *urlPrefix, report: *report,
		recordSize: *recordSize, inFlight: *inFlight, opts: opts, sf: sf}
	if *concatDim != "" {
		co := &combine.Options{ConcatDim: *concatDim, ReconcileTime: *reconcile,
			MaxRewriteBytes: int64(maxRewrite), Open: sf.openOptions(false)}
		return refsCombined(env, fs, rf, co, files, *combineSets)
	}
	return refsEach(env, fs, rf, files)
}

// refsEach writes the set of each file: to OUT for one, into the
// directory OUT as NAME.json (NAME.parq) for several.
func refsEach(env *environment, fs *flags, rf *refsFlags, files []string) int {
	intoDir := false
	if fi, err := os.Stat(rf.out); err == nil && fi.IsDir() && (len(files) > 1 || rf.format == "json") {
		intoDir = true
	}
	if len(files) > 1 && !intoDir {
		return fs.fail("%d FILEs make %d reference sets: give -o an existing directory to write one set per file there, or --concat-dim DIM to combine them into one", len(files), len(files))
	}
	dsts := make([]string, len(files))
	byDst := map[string]string{}
	for i, file := range files {
		dsts[i] = rf.out
		if intoDir {
			ext := ".json"
			if rf.format == "parquet" {
				ext = ".parq"
			}
			dsts[i] = filepath.Join(rf.out, baseName(file)+ext)
		}
		if prev, ok := byDst[dsts[i]]; ok && intoDir {
			return fs.fail("%s and %s would both be written to %s", shown(prev), shown(file), shown(dsts[i]))
		}
		byDst[dsts[i]] = file
	}
	ctx := env.context()
	reports := make([]*refsReport, len(files))
	errs := make([]error, len(files))
	// Each file's outcome is its own: one that fails does not stop the rest.
	workpool.Run(ctx, len(files), rf.inFlight, func(i int) error {
		res, url, err := scanFile(ctx, files[i], rf)
		if err == nil {
			err = writeSet(ctx, env, dsts[i], rf, res.Set)
		}
		if err != nil {
			errs[i] = err
			return nil
		}
		reports[i] = newRefsReport(files[i], url, dsts[i], rf.format, res)
		return nil
	})
	status := 0
	var done []refsReport
	for i, file := range files {
		if errs[i] != nil {
			status = failf(env.stderr, "refs", "%v", fileError(file, errs[i]))
			continue
		}
		printRefused(env, []*refsReport{reports[i]})
		done = append(done, *reports[i])
	}
	if rf.report != "" && len(done) > 0 {
		var doc any = done
		if len(files) == 1 {
			doc = done[0]
		}
		if err := writeReport(env, rf.report, doc); err != nil {
			return failf(env.stderr, "refs", "--report: %v", err)
		}
	}
	return status
}

// newRefsReport is the report of one file's scan.
func newRefsReport(file, url, dst, format string, res *kerchunk.Result) *refsReport {
	rep := &refsReport{File: file, URL: url, Output: dst, Format: format,
		Refused: res.Refused, Warnings: res.Warnings, Stats: res.Stats}
	if rep.Refused == nil {
		rep.Refused = []*kerchunk.RefusedError{}
	}
	if rep.Warnings == nil {
		rep.Warnings = []kerchunk.Warning{}
	}
	return rep
}

// writeReport writes doc, indented, to name.
func writeReport(env *environment, name string, doc any) error {
	o, err := createOutput(env, name)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		o.Abort()
		return err
	}
	if _, err := o.Write(append(b, '\n')); err != nil {
		o.Abort()
		return err
	}
	return o.Commit()
}

// baseName is the last element of a path or URL, without a query.
func baseName(file string) string {
	if i := strings.IndexAny(file, "?#"); i >= 0 && strings.Contains(file, "://") {
		file = file[:i]
	}
	return path.Base(filepath.ToSlash(file))
}

// scanFile returns the reference set of one file and the URL its
// ranges name.
func scanFile(ctx context.Context, file string, rf *refsFlags) (*kerchunk.Result, string, error) {
	url, err := refsURL(file, rf.urlPrefix)
	if err != nil {
		return nil, "", err
	}
	var h5 *h5store.Store
	if strings.Contains(file, "://") {
		st, closeStore, err := openStore(ctx, file, false, rf.sf)
		if err != nil {
			return nil, "", err
		}
		defer closeStore()
		var ok bool
		if h5, ok = st.(*h5store.Store); !ok {
			return nil, "", errors.New("not an HDF5 or netCDF-4 file")
		}
	} else {
		if h5, err = h5store.OpenFile(ctx, file, nil); err != nil {
			return nil, "", err
		}
		defer h5.Close()
	}
	res, err := kerchunk.FromHDF5(ctx, h5, url, rf.opts)
	if err != nil {
		return nil, "", err
	}
	return res, url, nil
}

// refsURL is the URL a file's ranges name: the file as given, a relative
// local path made absolute, or the file's name after prefix.
func refsURL(file, prefix string) (string, error) {
	if prefix != "" {
		if !strings.HasSuffix(prefix, "/") {
			prefix += "/"
		}
		return prefix + baseName(file), nil
	}
	if strings.Contains(file, "://") || filepath.IsAbs(file) {
		return file, nil
	}
	return filepath.Abs(file)
}

// writeSet writes s to dst in the format of the flags.
func writeSet(ctx context.Context, env *environment, dst string, rf *refsFlags, s *kerchunk.Set) error {
	if rf.format == "parquet" {
		return writeParquetDir(ctx, dst, s, rf.recordSize)
	}
	o, err := createOutput(env, dst)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := s.WriteJSON(&buf); err != nil {
		o.Abort()
		return err
	}
	if _, err := o.Write(buf.Bytes()); err != nil {
		o.Abort()
		return err
	}
	return o.Commit()
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

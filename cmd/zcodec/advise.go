package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/advisor"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// adviseFlags holds the options of zcodec advise.
type adviseFlags struct {
	*flags
	absTol, relTol  *float64
	sigDigits       *int
	lossless        *bool
	dtypes, comps   *string
	metadata        *string
	encoded, full   *bool
	asJSON          *bool
	top             *int
	out             *string
	sample          *int
	maxSampleBytes  byteSize
	apply           *string
	strongest       *bool
	objective       *string
	minDecode       *float64
	plot, errorMap  *string
	store           *storeFlags
	tolerance       advisor.Tolerance
	targets         []numeric.DataType
	compressorNames []string
}

func newAdviseFlags(env *environment) *adviseFlags {
	fs := newFlags(env, "advise",
		"zcodec advise PATH (--abs-tol X | --rel-tol X | --sig-digits N | --lossless) [flags]\n"+
			"       zcodec advise CHUNK... --metadata FILE (--abs-tol X | ...) [flags]",
		"Finds the codec chain to store an array with under a stated error on its values. It builds\n"+
			"candidate chains (scale_offset + cast_value into integer codes, at the values' own grid\n"+
			"step when they sit on one, numcodecs.bitround and quantize, lossless) from the values'\n"+
			"range, NaN and infinities and the fill value, runs each through the real codecs on a\n"+
			"sample of chunks, decodes them back and compares every element exactly, and prints the\n"+
			"chains measured, smallest first: + marks the Pareto front of bytes, decode and encode\n"+
			"speed among those that meet the tolerance, * the one --objective picks, with why, the\n"+
			"clients that read it and its \"codecs\" array ready for zarr.json. --objective balanced\n"+
			"(the default) picks, among the chains every client reads, the smallest that decodes at\n"+
			"1 GB/s and encodes at 100 MB/s or more on one core (zstd's speeds; a quarter and a tenth of\n"+
			"the fastest compressed chain's where that is slower), or one up to 10% larger that decodes\n"+
			"twice as fast; size the smallest; speed the fastest decoding of those at most 5 times the\n"+
			"smallest. go doc github.com/zcodec/zcodec/advisor gives the rule and its measurements.\n"+
			"\n"+
			"PATH is an array in a store (a directory, or an http(s) URL; Zarr v3 or v2). The sample\n"+
			fmt.Sprintf("is --sample chunks spread evenly over the array (default: as many as make up %d MiB\n", defaultSampleBytes>>20)+
			fmt.Sprintf("decoded, from 1 to %d), or every chunk with --full (held in memory). Edge chunks are\n", defaultSampleChunks)+
			"encoded whole, as stored, and measured on their part inside the array. A sample whose\n"+
			"chunks would hold more than --max-sample-bytes is refused before any is read. --apply DST then\n"+
			"writes a new array at DST with the chosen chain (as convert does: DST appears only when\n"+
			"everything was written) and, before DST appears, reads it back and compares every element\n"+
			"of the whole array with PATH: a broken bound is an error and leaves nothing at DST.\n"+
			"\n"+
			"CHUNK files hold decoded chunks of the array --metadata describes (C order, little-endian,\n"+
			"as decode writes), or stored chunks with --encoded.\n"+
			"\n"+
			"Sizes are the encoded bytes of the sample's chunks; speeds are measured (MB/s of decoded\n"+
			"bytes, in the CPU time of one thread where the system gives it), each chain on one\n"+
			"goroutine, several chains at once. Exit status 1 when no chain meets the tolerance (or\n"+
			"--min-decode-mbps), or --apply finds an element beyond it.")
	fs.operands = []string{"PATH"}
	f := &adviseFlags{flags: fs}
	f.absTol = fs.Float64("abs-tol", 0, "largest absolute error: |decoded - original| <= X")
	f.relTol = fs.Float64("rel-tol", 0, "largest relative error: |decoded - original| <= X |original|")
	f.sigDigits = fs.Int("sig-digits", 0, "keep N significant digits: error <= half a unit in the N-th digit")
	f.lossless = fs.Bool("lossless", false, "look for the smallest lossless chain")
	f.dtypes = fs.String("dtypes", "", "integer types codes may be stored as, such as uint8,uint16,int16 (default: the narrowest\nunsigned type that holds them)")
	f.comps = fs.String("compressors", "", "compressor families to try: "+strings.Join(advisor.CompressorFamilies, ",")+"\n(default "+strings.Join(advisor.DefaultCompressors, ",")+"; none for uncompressed chains only)")
	f.metadata = fs.String("metadata", "", "the array's zarr.json (data type, chunk shape, fill value)")
	f.encoded = fs.Bool("encoded", false, "the CHUNK files are stored chunks: decode them with the zarr.json's chain first")
	f.full = fs.Bool("full", false, "read every chunk of PATH (or: the CHUNK files are every chunk of the array)")
	f.strongest = fs.Bool("strongest", false, "also try zstd 19 and blosc zstd 9 (slow; their encoders hold about 38 MB per core)")
	f.sample = fs.Int("sample", 0, fmt.Sprintf("chunks of PATH to read, spread over the array (default: %d MiB of them, 1 to %d)", defaultSampleBytes>>20, defaultSampleChunks))
	f.maxSampleBytes = byteSize(defaultMaxSampleBytes)
	fs.Var(&f.maxSampleBytes, "max-sample-bytes", "refuse a sample (--full, --sample N, CHUNK files) whose chunks decode to more than this in all,\nbefore reading any")
	f.apply = fs.String("apply", "", "write PATH with the chosen chain to this new directory, then verify every element")
	objectives := make([]string, len(advisor.Objectives))
	for i, o := range advisor.Objectives {
		objectives[i] = string(o)
	}
	f.objective = fs.String("objective", string(advisor.ObjectiveBalanced), "how to pick among the chains that meet the tolerance: "+strings.Join(objectives, ", "))
	f.minDecode = fs.Float64("min-decode-mbps", 0, "pick only a chain that decodes at N MB/s or faster on one core")
	f.plot = fs.String("plot", "", "draw bytes against decode speed of every chain, the front and the pick, to this SVG file")
	f.errorMap = fs.String("error-map", "", "draw where the picked chain's error sits on one chunk of the sample, to this PNG file")
	f.asJSON = fs.Bool("json", false, "print the report as a JSON document")
	f.top = fs.Int("top", 15, "chains shown in the table, smallest first (0 for all)")
	f.out = fs.String("out", "", "write the chosen chain's \"codecs\" array to this file")
	f.store = fs.storeFlags(true)
	return f
}

// check validates the flags after parsing, and returns the exit status of
// a usage error, or 0.
func (f *adviseFlags) check() int {
	// A bound given as 0 is no bound: say so, rather than ask for one.
	for _, z := range []struct {
		name string
		zero bool
		want string
	}{
		{"abs-tol", *f.absTol == 0, "a positive absolute error"},
		{"rel-tol", *f.relTol == 0, "a relative error in (0, 1)"},
		{"sig-digits", *f.sigDigits == 0, "1 to 17 significant digits"},
	} {
		if z.zero && f.isSet(z.name) {
			return f.fail("--%s 0: want %s (for no error at all, --lossless)", z.name, z.want)
		}
	}
	set := 0
	if *f.absTol != 0 {
		set++
		f.tolerance.Abs = *f.absTol
	}
	if *f.relTol != 0 {
		set++
		f.tolerance.Rel = *f.relTol
	}
	if *f.sigDigits != 0 {
		set++
		f.tolerance.SigDigits = *f.sigDigits
	}
	switch {
	case set == 0 && !*f.lossless:
		return f.fail("give the error allowed: --abs-tol, --rel-tol or --sig-digits (or --lossless)")
	case set > 0 && *f.lossless:
		return f.fail("--lossless cannot be combined with a tolerance")
	}
	if err := f.tolerance.Validate(); err != nil {
		var te *advisor.ToleranceError
		errors.As(err, &te)
		return f.fail("%s: %s", map[string]string{"Abs": "--abs-tol", "Rel": "--rel-tol", "SigDigits": "--sig-digits"}[te.Field], te.Reason)
	}
	if *f.dtypes != "" {
		for _, name := range strings.Split(*f.dtypes, ",") {
			dt, err := numeric.ParseDataType(strings.TrimSpace(name))
			if err != nil || !dt.IsInteger() || dt.Size() > 4 {
				return f.fail("--dtypes: %s is not an 8-, 16- or 32-bit integer type", shorten.Quote(name))
			}
			f.targets = append(f.targets, dt)
		}
	}
	if *f.comps != "" {
		f.compressorNames = []string{}
		if *f.comps != "none" {
			f.compressorNames = strings.Split(*f.comps, ",")
		}
	}
	if !slices.Contains(advisor.Objectives, advisor.Objective(*f.objective)) {
		return f.fail("--objective: %s is not one of balanced, size, speed", shorten.Quote(*f.objective))
	}
	if !(*f.minDecode >= 0) || math.IsInf(*f.minDecode, 1) {
		return f.fail("--min-decode-mbps: want a speed of 0 or more")
	}
	if *f.top < 0 {
		return f.fail("--top: want 0 or more")
	}
	if *f.sample < 0 {
		return f.fail("--sample: want 1 or more chunks")
	}
	if *f.sample > 0 && *f.full {
		return f.fail("--sample and --full cannot be combined")
	}
	return 0
}

func runAdvise(env *environment, args []string) int {
	f := newAdviseFlags(env)
	operands, code, stop := f.parse(args)
	if stop {
		return code
	}
	if code := f.check(); code != 0 {
		return code
	}
	storeMode := *f.metadata == ""
	switch {
	case storeMode && len(operands) != 1:
		return f.fail("want one PATH (an array in a store), or CHUNK files with --metadata")
	case storeMode && *f.encoded:
		return f.fail("--encoded applies to CHUNK files (with --metadata)")
	case !storeMode && len(operands) == 0:
		return f.fail("want at least one CHUNK file")
	case !storeMode && *f.apply != "":
		return f.fail("--apply needs PATH, an array in a store (not CHUNK files)")
	case !storeMode && *f.sample != 0:
		return f.fail("--sample applies to PATH (with CHUNK files, the sample is the files given)")
	}
	if err := f.store.check(); err != nil {
		return f.fail("%v", err)
	}
	if *f.apply != "" {
		if err := checkDisjoint(operands[0], *f.apply, "--apply"); err != nil {
			return f.fail("%v", err)
		}
	}
	fail := func(err error) int {
		if storeMode {
			err = namedErr(operands[0], err)
		}
		return failf(env.stderr, "advise", "%v", err)
	}
	if *f.apply != "" {
		if _, err := os.Lstat(*f.apply); err == nil {
			return fail(fmt.Errorf("%s already exists; give a new directory to --apply", *f.apply))
		}
	}
	var out output
	if *f.out != "" {
		var err error
		if out, err = createOutput(env, *f.out); err != nil {
			return fail(err)
		}
		defer out.Abort()
	}
	ctx := env.context()
	var sample *advisor.Sample
	var src *zarr.Array
	if storeMode {
		s, closeStore, err := openStore(ctx, operands[0], false, f.store)
		if err != nil {
			return fail(err)
		}
		defer closeStore()
		if src, sample, err = storeSample(ctx, env, f, s, operands[0]); err != nil {
			return fail(err)
		}
	} else if sample, code = readRawSample(env, f, operands); sample == nil {
		return code
	}
	workers := adviseWorkers(sample.Spec.Size(), int64(f.store.maxChunkBytes))
	limitAdviseHeap(sample, workers)
	rep, err := advisor.Advise(ctx, sample, &advisor.Options{Concurrency: workers,
		Tolerance: f.tolerance, Targets: f.targets, Compressors: f.compressorNames, Strongest: *f.strongest,
		Objective: advisor.Objective(*f.objective), MinDecodeMBps: *f.minDecode})
	if err != nil {
		var oe *advisor.OptionError
		if errors.As(err, &oe) {
			return f.fail("%s: %s", map[string]string{"Compressors": "--compressors", "Targets": "--dtypes",
				"Objective": "--objective", "MinDecodeMBps": "--min-decode-mbps"}[oe.Option], oe.Reason)
		}
		return fail(err)
	}
	return finishAdvise(ctx, env, f, rep, sample, src, out)
}

// storeSample opens the array at PATH and reads its sample.
func storeSample(ctx context.Context, env *environment, f *adviseFlags, s store.Store, path string) (*zarr.Array, *advisor.Sample, error) {
	a, err := openArrayAt(ctx, s, path, f.store.arrayOptions())
	if err != nil {
		return nil, nil, err
	}
	for _, w := range arrayWarnings(a) {
		fmt.Fprintf(env.stderr, "zcodec advise: warning: %s\n", w)
	}
	chunkBytes := a.Pipeline().DecodedSize()
	if int64(chunkBytes) > int64(f.store.maxChunkBytes) {
		return nil, nil, fmt.Errorf("a chunk of this array (%v) decodes to %d bytes, more than --max-chunk-bytes %v", a.Pipeline().Spec(), chunkBytes, &f.store.maxChunkBytes)
	}
	n := *f.sample
	what, hint := fmt.Sprintf("--sample %d", n), "give a smaller --sample"
	switch {
	case *f.full:
		n = -1
		what, hint = "--full", "give --sample N for fewer chunks"
	case n == 0:
		n = sampleChunks(chunkBytes, int64(f.maxSampleBytes))
		what, hint = "the sample", "a sample holds at least one chunk; raise --max-sample-bytes"
	}
	held := a.NumChunks()
	if n >= 0 && int64(n) < held {
		held = int64(n)
	}
	if err := f.checkSampleBytes(what, held, chunkBytes, hint); err != nil {
		return nil, nil, err
	}
	sample, err := readStoreSample(ctx, a, n)
	if err != nil {
		return nil, nil, err
	}
	return a, sample, nil
}

// defaultMaxSampleBytes is the default of --max-sample-bytes: 1 GiB.
const defaultMaxSampleBytes = 1 << 30

// checkSampleBytes refuses, before any is read, a sample of n chunks of
// chunkBytes decoded bytes each that would hold more than
// --max-sample-bytes: the advisor holds every chunk of its sample, decoded
// and whole (edge chunks too), for the whole run. what names the sample in
// the message ("--full"), hint says how to make it smaller.
func (f *adviseFlags) checkSampleBytes(what string, n int64, chunkBytes int, hint string) error {
	limit, size := int64(f.maxSampleBytes), int64(max(chunkBytes, 1))
	if n <= limit/size {
		return nil
	}
	total := int64(math.MaxInt64)
	if n <= math.MaxInt64/size {
		total = n * size
	}
	chunks := "chunks"
	if n == 1 {
		chunks = "chunk"
	}
	if !strings.HasSuffix(hint, "--max-sample-bytes") {
		hint += ", or raise --max-sample-bytes"
	}
	return fmt.Errorf("%s would hold %d %s of %s (%s), more than --max-sample-bytes %v: %s", what, n, chunks, sizeText(int64(chunkBytes)), sizeText(total), &f.maxSampleBytes, hint)
}

// readRawSample reads the CHUNK files of raw mode as a sample of the array
// --metadata describes.
func readRawSample(env *environment, f *adviseFlags, files []string) (*advisor.Sample, int) {
	mdata, err := readMetadata(env, *f.metadata)
	if err != nil {
		return nil, failf(env.stderr, "advise", "%v", err)
	}
	// The array exists: its own chain only decodes (docs/decisions.md#d17).
	a, code := parseArray(env, "advise", *f.metadata, mdata, &metadata.Options{Options: codec.Options{FillMode: codec.FillWarn}})
	if a == nil {
		return nil, code
	}
	p := a.Pipeline
	if n := p.DecodedSize(); int64(n) > int64(f.store.maxChunkBytes) {
		return nil, failf(env.stderr, "advise", "a chunk of this array (%v) decodes to %d bytes, more than --max-chunk-bytes %v", p.Spec(), n, &f.store.maxChunkBytes)
	}
	if err := f.checkSampleBytes(fmt.Sprintf("%d CHUNK files", len(files)), int64(len(files)), p.DecodedSize(), "give fewer CHUNK files"); err != nil {
		return nil, failf(env.stderr, "advise", "%v", err)
	}
	s := &advisor.Sample{Spec: a.ChunkSpec(), Complete: *f.full}
	if n := numChunks(a.Shape, a.ChunkShape); n > 0 {
		s.ArrayChunks = n
		if n == 1 && len(files) == 1 {
			s.Complete = true
		}
	}
	for _, name := range files {
		limit := p.DecodedSize()
		if *f.encoded {
			limit = p.Encoded().MaxSize
		}
		b, err := readInput(env, name, int64(limit))
		if err == nil && b == nil {
			err = &inputError{name, fmt.Errorf("holds more than the %d bytes a chunk of this array can have", limit)}
		}
		if err != nil {
			return nil, failf(env.stderr, "advise", "%v", err)
		}
		if *f.encoded {
			dec := make([]byte, p.DecodedSize())
			if err := p.Decode(dec, b); err != nil {
				return nil, failf(env.stderr, "advise", "%s: %v", displayName(name), err)
			}
			b = dec
		} else if len(b) != p.DecodedSize() {
			return nil, failf(env.stderr, "advise", "%s: %d bytes, but a decoded chunk of this array (%v) has %d; give stored chunks with --encoded", displayName(name), len(b), p.Spec(), p.DecodedSize())
		}
		s.Chunks = append(s.Chunks, b)
	}
	return s, 0
}

// numChunks returns the number of chunks of a regular grid, or 0 when it
// does not fit an int64.
func numChunks(shape []int64, chunk []int) int64 {
	n := int64(1)
	for i, d := range shape {
		c := (d + int64(chunk[i]) - 1) / int64(chunk[i])
		if c > 0 && n > math.MaxInt64/c {
			return 0
		}
		n *= c
	}
	return n
}

// finishAdvise prints the report, draws --plot and --error-map, applies
// the chosen chain to src with --apply and writes --out.
func finishAdvise(ctx context.Context, env *environment, f *adviseFlags, rep *advisor.Report, sample *advisor.Sample, src *zarr.Array, out output) int {
	best := rep.Chosen()
	fail := func(err error) int { return failf(env.stderr, "advise", "%v", err) }
	var app *applied
	var appErr error
	if best != nil && *f.apply != "" && *f.asJSON {
		app, appErr = applyChain(ctx, env, src, *f.apply, best.Codecs, rep.Tolerance, rep.Complete)
	}
	var err error
	if *f.asJSON {
		doc := adviseJSON(rep)
		if app != nil {
			if appErr != nil {
				app.Error = appErr.Error()
			}
			doc.Applied = app
		}
		err = writeJSON(env.stdout, doc, true)
	} else {
		err = printAdvice(env.stdout, rep, *f.top)
	}
	if err != nil {
		return fail(err)
	}
	if *f.plot != "" || *f.errorMap != "" {
		if err := writeAdvicePictures(ctx, env, rep, sample, *f.plot, *f.errorMap); err != nil {
			return fail(err)
		}
	}
	if best == nil {
		if rep.MinDecodeMBps > 0 && len(rep.Front) > 0 {
			return fail(fmt.Errorf("%s (--min-decode-mbps %g)", rep.Why, rep.MinDecodeMBps))
		}
		return fail(fmt.Errorf("no chain meets %v on the sample", rep.Tolerance))
	}
	if *f.apply != "" && !*f.asJSON {
		app, appErr = applyChain(ctx, env, src, *f.apply, best.Codecs, rep.Tolerance, rep.Complete)
		if appErr == nil {
			printApplied(env.stdout, app)
		}
	}
	if appErr != nil {
		// --full helps only where a value the sample did not hold broke a
		// codec; a broken bound says so itself; a full disk, a missing
		// directory or Ctrl-C have nothing to do with the sample.
		hint := ""
		var se *codec.StepError
		if !rep.Complete && !isBoundError(appErr) && errors.As(appErr, &se) {
			hint = " (the sample may not show every value of the array: --full measures every chunk)"
		}
		return fail(fmt.Errorf("--apply: %w; nothing was written to %s%s", appErr, *f.apply, hint))
	}
	if out != nil {
		if _, err := io.WriteString(out, codecsText(best.Codecs)+"\n"); err != nil {
			return fail(err)
		}
		if err := out.Commit(); err != nil {
			return fail(err)
		}
	}
	return 0
}

// printApplied writes what --apply wrote and measured.
func printApplied(w io.Writer, app *applied) {
	e := app.errs
	nan := ""
	if e.NaNLost == 0 && e.NaNMade == 0 {
		nan = ", every NaN kept"
	}
	fmt.Fprintf(w, "\napplied: wrote %s, %d bytes of chunks (ratio %.2f)\n", app.Path, app.StoredBytes, app.ratio)
	fmt.Fprintf(w, "  read back every element (%d): max abs error %.6g, max rel error %.6g%s: within the tolerance\n", e.Elements, e.MaxAbs, e.MaxRel, nan)
}

// codecsText writes a codecs array one codec to a line.
func codecsText(codecs json.RawMessage) string {
	var list []json.RawMessage
	if err := json.Unmarshal(codecs, &list); err != nil {
		return string(codecs)
	}
	lines := make([]string, len(list))
	for i, c := range list {
		lines[i] = "  " + string(c)
	}
	return "[\n" + strings.Join(lines, ",\n") + "\n]"
}

// printAdvice writes the report as text: the sample, the values, the table
// of chains and the chosen chain's codecs.
func printAdvice(w io.Writer, rep *advisor.Report, top int) error {
	var b strings.Builder
	what := "a sample"
	if rep.Complete {
		what = "every chunk"
	}
	of := ""
	if rep.ArrayChunks > 0 {
		of = fmt.Sprintf(" of %d", rep.ArrayChunks)
	}
	fmt.Fprintf(&b, "array: %v chunks of %v, fill value %s\n", rep.Spec.DataType, rep.Spec.Shape, numeric.FormatFillValue(rep.Spec.FillValue))
	fmt.Fprintf(&b, "sample: %d chunk(s)%s, %s, %s\n", rep.SampleChunks, of, sizeText(rep.SampleBytes), what)
	if st := rep.Stats; st.Elements > 0 {
		fmt.Fprintf(&b, "values: %.7g to %.7g; NaN %d, +Inf %d, -Inf %d of %d\n", st.Min, st.Max, st.NaN, st.PosInf, st.NegInf, st.Elements)
	}
	fmt.Fprintf(&b, "tolerance: %v\n", rep.Tolerance)
	fmt.Fprintf(&b, "measured on the sample: bytes are its chunks encoded; MB/s of decoded bytes on one core, one goroutine per chain, %d chains at a time\n\n", rep.Concurrency)
	fmt.Fprintf(&b, "  %10s %7s %11s %11s %4s %8s %8s %7s  %s\n", "bytes", "ratio", "max abs err", "max rel err", "fill", "enc MB/s", "dec MB/s", "readers", "chain")
	onFront := map[int]bool{}
	for _, i := range rep.Front {
		onFront[i] = true
	}
	shown := 0
	for i, c := range rep.Candidates {
		if top > 0 && shown >= top {
			break
		}
		if c.Err != nil {
			if top == 0 {
				fmt.Fprintf(&b, "! %s: %v\n", c.Label, c.Err)
			}
			continue
		}
		mark := " "
		switch {
		case i == rep.Best:
			mark = "*"
		case onFront[i]:
			mark = "+"
		case !c.Errors.Within():
			mark = "x"
		case !c.FillRoundTrip:
			mark = "f"
		}
		fill := "yes"
		if !c.FillRoundTrip {
			fill = "no"
		}
		fmt.Fprintf(&b, "%s %10d %7.2f %11.4g %11.4g %4s %8s %8s %7s  %s\n", mark, c.EncodedBytes, c.Ratio(), c.Errors.MaxAbs, c.Errors.MaxRel, fill, speedText(c.EncodeMBps()), speedText(c.DecodeMBps()), readerLetters(c.Readers), c.Label)
		shown++
	}
	if shown < len(rep.Candidates) {
		fmt.Fprintf(&b, "(%d of %d chains shown; --top 0 shows all)\n", shown, len(rep.Candidates))
	}
	b.WriteString("* picked (" + string(rep.Objective) + ")   + on the Pareto front   x exceeds the tolerance   f the fill value does not survive\n")
	b.WriteString("readers: p zarr-python 3.2+   n numcodecs alone   z zarrita.js\n")
	if len(rep.Notes) > 0 {
		b.WriteString("\nleft out:\n")
		for _, n := range rep.Notes {
			fmt.Fprintf(&b, "  %s\n", n)
		}
	}
	if rep.Why != "" {
		fmt.Fprintf(&b, "\nwhy: %s\n", rep.Why)
	}
	if best := rep.Chosen(); best != nil {
		fmt.Fprintf(&b, "chosen: %s\n", best.Label)
		fmt.Fprintf(&b, "  read by: %s\n", readersText(best.Readers))
		fmt.Fprintf(&b, "  %d bytes for %s of the sample (ratio %.2f); max abs error %.4g, max rel error %.4g\n",
			best.EncodedBytes, sizeText(best.DecodedBytes), best.Ratio(), best.Errors.MaxAbs, best.Errors.MaxRel)
		if best.Family == advisor.FamilyScaleOffset {
			fmt.Fprintf(&b, "  keeps the tolerance for values from %.7g to %.7g\n", best.Carried[0], best.Carried[1])
		}
		for _, n := range best.Notes {
			fmt.Fprintf(&b, "  %s\n", n)
		}
		fmt.Fprintf(&b, "codecs (for zarr.json):\n%s\n", codecsText(best.Codecs))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// readerLetters writes the clients that read a chain as the table's
// column: p zarr-python, n numcodecs, z zarrita, - where one does not.
func readerLetters(readers []string) string {
	out := []byte("---")
	for i, r := range []string{advisor.ReaderZarrPython, advisor.ReaderNumcodecs, advisor.ReaderZarrita} {
		if slices.Contains(readers, r) {
			out[i] = "pnz"[i]
		}
	}
	return string(out)
}

// readersText writes the clients that read a chain, or says none does.
func readersText(readers []string) string {
	if len(readers) == 0 {
		return "none of zarr-python, numcodecs, zarrita"
	}
	return strings.Join(readers, ", ")
}

// speedText writes MB/s with two significant digits below 10.
func speedText(v float64) string {
	if v < 10 {
		return fmt.Sprintf("%.2g", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// adviceReport is the --json form of a report.
type adviceReport struct {
	Array struct {
		DataType   string          `json:"data_type"`
		ChunkShape []int           `json:"chunk_shape"`
		FillValue  json.RawMessage `json:"fill_value"`
	} `json:"array"`
	Sample struct {
		Chunks      int   `json:"chunks"`
		Bytes       int64 `json:"bytes"`
		Complete    bool  `json:"complete"`
		ArrayChunks int64 `json:"array_chunks,omitempty"`
	} `json:"sample"`
	Stats       *statsReport      `json:"stats,omitempty"`
	Tolerance   toleranceReport   `json:"tolerance"`
	Concurrency int               `json:"concurrency"`
	Candidates  []candidateReport `json:"candidates"`
	// Objective, MinDecodeMBps, Front, Chosen (the pick) and Why: see
	// advisor.Report.
	Objective     string          `json:"objective"`
	MinDecodeMBps float64         `json:"min_decode_mb_per_s,omitempty"`
	Front         []int           `json:"front"`
	Chosen        *int            `json:"chosen"`
	Why           string          `json:"why"`
	Readers       []string        `json:"readers"`
	Codecs        json.RawMessage `json:"codecs"`
	Notes         []string        `json:"notes"`
	Applied       *applied        `json:"applied,omitempty"`
}

type statsReport struct {
	Elements int64 `json:"elements"`
	Finite   int64 `json:"finite"`
	NaN      int64 `json:"nan"`
	PosInf   int64 `json:"pos_inf"`
	NegInf   int64 `json:"neg_inf"`
	Min      any   `json:"min"`
	Max      any   `json:"max"`
}

type toleranceReport struct {
	Abs       float64 `json:"abs,omitempty"`
	Rel       float64 `json:"rel,omitempty"`
	SigDigits int     `json:"sig_digits,omitempty"`
}

type candidateReport struct {
	Label         string          `json:"label"`
	Family        string          `json:"family"`
	StoredAs      string          `json:"stored_as"`
	Step          float64         `json:"step,omitempty"`
	Carried       []any           `json:"carried,omitempty"`
	DecodedBytes  int64           `json:"decoded_bytes"`
	EncodedBytes  int64           `json:"encoded_bytes"`
	Ratio         float64         `json:"ratio"`
	MaxAbsError   any             `json:"max_abs_error"`
	MaxRelError   any             `json:"max_rel_error"`
	Exceeding     int64           `json:"exceeding"`
	NaNLost       int64           `json:"nan_lost"`
	NaNMade       int64           `json:"nan_made"`
	FillRoundTrip bool            `json:"fill_round_trip"`
	FillWarning   string          `json:"fill_warning,omitempty"`
	EncodeMBps    float64         `json:"encode_mb_per_s"`
	DecodeMBps    float64         `json:"decode_mb_per_s"`
	Meets         bool            `json:"meets"`
	OnFront       bool            `json:"on_front"`
	Readers       []string        `json:"readers"`
	Notes         []string        `json:"notes,omitempty"`
	Error         string          `json:"error,omitempty"`
	Codecs        json.RawMessage `json:"codecs,omitempty"`
}

// jsonNumber returns f for JSON: null for NaN, "Infinity" or "-Infinity"
// as strings (the Zarr fill-value spellings).
func jsonNumber(f float64) any {
	switch {
	case math.IsNaN(f):
		return nil
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return f
}

func adviseJSON(rep *advisor.Report) *adviceReport {
	r := &adviceReport{Concurrency: rep.Concurrency, Notes: rep.Notes}
	if r.Notes == nil {
		r.Notes = []string{}
	}
	r.Array.DataType = rep.Spec.DataType.String()
	r.Array.ChunkShape = rep.Spec.Shape
	r.Array.FillValue = json.RawMessage(numeric.FormatFillValue(rep.Spec.FillValue))
	r.Sample.Chunks, r.Sample.Bytes, r.Sample.Complete, r.Sample.ArrayChunks = rep.SampleChunks, rep.SampleBytes, rep.Complete, rep.ArrayChunks
	if st := rep.Stats; st.Elements > 0 {
		r.Stats = &statsReport{Elements: st.Elements, Finite: st.Finite, NaN: st.NaN, PosInf: st.PosInf, NegInf: st.NegInf, Min: jsonNumber(st.Min), Max: jsonNumber(st.Max)}
	}
	r.Tolerance = toleranceReport{Abs: rep.Tolerance.Abs, Rel: rep.Tolerance.Rel, SigDigits: rep.Tolerance.SigDigits}
	r.Candidates = []candidateReport{}
	r.Objective, r.MinDecodeMBps, r.Why = string(rep.Objective), rep.MinDecodeMBps, rep.Why
	r.Front = rep.Front
	if r.Front == nil {
		r.Front = []int{}
	}
	r.Readers = []string{}
	for i, c := range rep.Candidates {
		cr := candidateReport{Label: c.Label, Family: c.Family, StoredAs: c.StoredAs.String(), Step: c.Step,
			DecodedBytes: c.DecodedBytes, EncodedBytes: c.EncodedBytes, Ratio: c.Ratio(),
			MaxAbsError: jsonNumber(c.Errors.MaxAbs), MaxRelError: jsonNumber(c.Errors.MaxRel), Exceeding: c.Errors.Exceeding,
			NaNLost: c.Errors.NaNLost, NaNMade: c.Errors.NaNMade, FillRoundTrip: c.FillRoundTrip, FillWarning: warningText(c.FillWarning),
			EncodeMBps: c.EncodeMBps(), DecodeMBps: c.DecodeMBps(), Meets: c.Meets(), Notes: c.Notes, Codecs: c.Codecs,
			OnFront: slices.Contains(rep.Front, i), Readers: c.Readers}
		if cr.Readers == nil {
			cr.Readers = []string{}
		}
		if c.Family == advisor.FamilyScaleOffset {
			cr.Carried = []any{jsonNumber(c.Carried[0]), jsonNumber(c.Carried[1])}
		}
		if c.Err != nil {
			cr.Error = c.Err.Error()
		}
		r.Candidates = append(r.Candidates, cr)
	}
	if best := rep.Chosen(); best != nil {
		r.Chosen = &rep.Best
		r.Codecs = best.Codecs
		if best.Readers != nil {
			r.Readers = best.Readers
		}
	} else {
		r.Codecs = json.RawMessage("null")
	}
	return r
}

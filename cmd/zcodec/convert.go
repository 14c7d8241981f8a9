package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

func runConvert(env *environment, args []string) int {
	fs := newFlags(env, "convert", "zcodec convert [--codecs FILE] [--chunks N,N,...] [--shards N,N,...] [--consolidate] [--strict] [--max-chunk-bytes N] SRC DST\n"+
		"       zcodec convert [--codecs FILE] [--chunks ...] [--shards ...] [--consolidate] [--strict] --plan SRC DST\n"+
		"       zcodec convert --part I/N SRC DST\n"+
		"       zcodec convert --finalize --parts N [--consolidate] DST\n"+
		"       zcodec convert --status --parts N DST",
		"Re-encodes the array (or every array of the group) at SRC into a new Zarr v3 store at DST:\n"+
			"a new codec chain, new chunks, sharding, or simply Zarr v2 to Zarr v3. It streams chunk\n"+
			"by chunk, holding a bounded slab of elements, and shows a progress bar on a terminal (a\n"+
			"line every few seconds otherwise). DST is a directory that must not exist, or an empty\n"+
			"s3:// or gs:// location. A directory is written into a temporary directory beside DST\n"+
			"and renamed at the end; in an object store the metadata is written last. Either way, on\n"+
			"any failure, or Ctrl-C, nothing is left at DST. Into an object store a convert that was\n"+
			"killed (SIGKILL, a lost machine) leaves its plan and steps under .zcodec/convert/: the\n"+
			"same command run again resumes it. DST may not be SRC, nor lie inside it,\n"+
			"nor hold it. --consolidate also writes the hierarchy's consolidated metadata.\n"+
			"A SRC group with consolidated metadata is read with it; where the store can list, a node\n"+
			"whose own metadata disagrees with it is a warning naming the fields.\n"+
			"\n"+
			"A group is converted with every array that can be: an array zcodec cannot convert (a\n"+
			"codec, data type or fill value it does not support, metadata it cannot read) is left\n"+
			"out and listed on standard error with the reason, and the exit status is still 0.\n"+
			"With --strict such an array refuses the whole conversion instead: all of them are\n"+
			"listed, nothing is written and the exit status is 1. A group none of whose arrays can\n"+
			"be converted is refused either way; the arrays converted are byte-identical either way.\n"+
			"\n"+
			"Split across processes or machines (an engine such as Dask, a Kubernetes Indexed Job\n"+
			"or a Slurm job array runs the parts): --plan writes the plan into DST (under\n"+
			".zcodec/convert/; no array is visible yet) and prints the number of units, a unit\n"+
			"being one stored key of DST (a shard when sharded, else a chunk), numbered in C order,\n"+
			"arrays in sorted path order. --part I/N (I from 0) writes units floor(I*U/N) to\n"+
			"floor((I+1)*U/N), each whole, then its marker; a part run again rewrites the same\n"+
			"bytes. --finalize --parts N checks every part's marker, publishes the metadata (the\n"+
			"root's last) and removes the plan. --status --parts N lists the parts not done and\n"+
			"exits 1 until every part is. The source's deploy/ directory runs this on Dask, as a\n"+
			"Kubernetes Indexed Job and as a Slurm job array.")
	codecsFile := fs.String("codecs", "", "the new chain: a JSON list of codecs, or a zarr.json whose \"codecs\" to take")
	chunksText := fs.String("chunks", "", "the new chunk shape, e.g. 1,512,512 (with --shards: the inner chunks)")
	shardsText := fs.String("shards", "", "store the chunks in shards of this shape (sharding_indexed, index checked by crc32c)")
	consolidate := fs.Bool("consolidate", false, "write the consolidated metadata of the hierarchy into DST's root group, so that opening it costs one read")
	planMode := fs.Bool("plan", false, "write the plan of a conversion in parts into DST and print its number of units")
	partText := fs.String("part", "", "write part `I/N` of the plan in DST (I from 0 to N-1)")
	finalizeMode := fs.Bool("finalize", false, "check the markers of the --parts N parts and publish the metadata")
	statusMode := fs.Bool("status", false, "list the parts of --parts N that are not done; exit 1 until every part is")
	parts := fs.Int("parts", 0, "the number of parts the conversion runs in (with --finalize, --status)")
	strict := fs.Bool("strict", false, "refuse to convert a group any of whose arrays cannot be converted, rather than leave those out")
	sf := fs.storeFlags(true)
	fs.operands = []string{"SRC", "DST"}
	ops, code, stop := fs.parse(args)
	if stop {
		return code
	}
	modes := 0
	for _, m := range []bool{*planMode, *partText != "" || fs.isSet("part"), *finalizeMode, *statusMode} {
		if m {
			modes++
		}
	}
	if modes > 1 {
		return fs.fail("give one of --plan, --part, --finalize and --status")
	}
	if err := sf.check(); err != nil {
		return fs.fail("%v", err)
	}
	layoutFlags := fs.isSet("codecs") || fs.isSet("chunks") || fs.isSet("shards")
	if *finalizeMode || *statusMode {
		mode := "--finalize"
		if *statusMode {
			mode = "--status"
		}
		switch {
		case !fs.isSet("parts"):
			return fs.fail("%s needs --parts N, the number of parts the conversion ran in", mode)
		case *parts < 1 || *parts > maxParts:
			return fs.fail("--parts %d: want a number of parts from 1 to %d", *parts, maxParts)
		case len(ops) != 1:
			return fs.fail("%s takes DST only", mode)
		case layoutFlags:
			return fs.fail("%s: --codecs, --chunks and --shards go with --plan; the plan holds them", mode)
		case *statusMode && *consolidate:
			return fs.fail("--status writes nothing: --consolidate goes with --finalize or --plan")
		case *strict:
			return fs.fail("%s: --strict goes with --plan; the plan holds the arrays it converts", mode)
		}
		if *statusMode {
			return convertStatus(env, fs, sf, ops[0], *parts)
		}
		return convertFinalize(env, fs, sf, ops[0], *parts, *consolidate)
	}
	if fs.isSet("parts") {
		return fs.fail("--parts goes with --finalize and --status; a part is given as --part I/N")
	}
	if len(ops) != 2 {
		return fs.fail("want SRC and DST")
	}
	src, dst := ops[0], ops[1]
	loc, err := parseDestination(dst)
	if err != nil {
		return fs.fail("%v", err)
	}
	if fs.isSet("part") {
		i, n, err := parsePart(*partText)
		switch {
		case err != nil:
			return fs.fail("%v", err)
		case layoutFlags || *consolidate || *strict:
			return fs.fail("--part: --codecs, --chunks, --shards, --consolidate and --strict go with --plan; the plan holds them")
		}
		return convertPart(env, fs, sf, src, dst, i, n)
	}
	plan := convertPlan{consolidate: *consolidate, strict: *strict, src: src}
	if plan.chunks, err = parseShape(*chunksText, "--chunks"); err != nil {
		return fs.fail("%v", err)
	}
	if plan.shards, err = parseShape(*shardsText, "--shards"); err != nil {
		return fs.fail("%v", err)
	}
	if err := checkDisjoint(src, dst, "DST"); err != nil {
		return fs.fail("%v", err)
	}
	if *codecsFile != "" {
		if plan.codecs, err = readCodecsFile(env, *codecsFile); err != nil {
			return failf(env.stderr, "convert", "%v", err)
		}
	}
	if loc.Scheme == "file" && !*planMode {
		if _, err := os.Lstat(loc.Path); err == nil {
			return failf(env.stderr, "convert", "%s already exists; give a new directory", dst)
		}
		if f := fileAbove(loc.Path); f != "" {
			return failf(env.stderr, "convert", "%s lies inside the file %s (a reference set or an HDF5 file opens read-only); give a new directory", dst, shown(f))
		}
	}
	ctx := env.context()
	t, closeStore, code, ok := openSource(ctx, env, src, sf, plan.strict)
	if !ok {
		return code
	}
	defer closeStore()
	for _, line := range t.consolidatedMismatches(ctx) {
		fmt.Fprintf(env.stderr, "zcodec convert: warning: %s\n", line)
	}
	if t.group == nil && plan.consolidate {
		return fs.fail("--consolidate: %s is an array; consolidated metadata is written into a group", shown(src))
	}
	if t.group != nil && (plan.chunks != nil || plan.shards != nil) {
		return failf(env.stderr, "convert", "%s is a group: --chunks and --shards apply to one array; give its path", shown(src))
	}
	switch {
	case *planMode:
		err = convertPlanOnly(ctx, env, sf, t, dst, plan)
	case loc.Scheme == "file":
		err = convertInto(ctx, env, t, loc.Path, plan)
	default:
		err = convertToObjectStore(ctx, env, sf, t, dst, plan)
	}
	if err != nil {
		return failf(env.stderr, "convert", "%v", convertErr(src, dst, err))
	}
	return 0
}

// convertPlan is what changes between SRC and DST; nil fields keep SRC's.
type convertPlan struct {
	codecs []codec.Codec
	chunks []int
	shards []int
	// consolidate writes the consolidated metadata of DST's hierarchy.
	consolidate bool
	// strict refuses to convert a group with arrays that cannot be
	// converted, rather than leaving them out.
	strict bool
	// src is SRC as the user gave it, to name its nodes.
	src string
	// check, when not nil, runs on the written store before it is renamed
	// to DST: an error leaves nothing at DST.
	check func(ctx context.Context, d store.Store) error
	// arrayOptions open the arrays of DST (nil: the library's defaults).
	arrayOptions *zarr.Options
}

// options returns the library's options for the plan.
func (plan convertPlan) options() *convert.Options {
	return &convert.Options{Codecs: plan.codecs, Chunks: plan.chunks, Shards: plan.shards, Consolidate: plan.consolidate, Strict: plan.strict,
		ArrayOptions: plan.arrayOptions}
}

// convertInto writes the converted hierarchy into a temporary directory
// beside dst and renames it to dst when everything succeeded; on failure,
// including the cancellation of ctx (SIGINT, SIGTERM), the writes stop at
// their next chunk and the temporary directory is removed.
func convertInto(ctx context.Context, env *environment, t *target, dst string, plan convertPlan) error {
	// A convert that was killed (SIGKILL) left its temporary directory:
	// the conversion starts again from nothing, and says what to remove.
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".zcodec-tmp-*")); len(left) > 0 {
		for _, l := range left {
			fmt.Fprintf(env.stderr, "zcodec convert: note: %s is the temporary directory of a convert into DST that was killed, or is still running; remove it once no convert into DST runs\n", shown(l))
		}
	}
	tmp := filepath.Join(filepath.Dir(dst), fmt.Sprintf(".%s.zcodec-tmp-%08x", filepath.Base(dst), rand.Uint32()))
	d, err := store.CreateDir(tmp)
	if err == nil {
		err = writeConverted(ctx, env, d, t, plan)
		if err == nil && plan.check != nil {
			err = plan.check(ctx, d)
		}
		d.Close()
	}
	if err == nil {
		err = ctx.Err() // a signal during the check: do not rename
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.RemoveAll(tmp)
	}
	return err
}

// writeConverted converts t into d, an empty store, in one process
// (convert.Convert): the chunks first, the metadata last. It lists on
// standard error the arrays it left out, and each array's warnings, and
// shows the progress in bytes.
func writeConverted(ctx context.Context, env *environment, d store.Store, t *target, plan convertPlan) error {
	prog := newProgress(env.stderr)
	defer prog.finish()
	opts := plan.options()
	opts.Progress = prog.set
	largest := 0
	opts.BeforeArray = func(src, out *zarr.Array) {
		// The working set is a slab and, per goroutine, a few chunks of
		// the source.
		largest = max(largest, src.Pipeline().DecodedSize())
		limitHeap(largest)
		for _, w := range arrayWarnings(src) {
			prog.note(fmt.Sprintf("warning: %s: %s", nodeName(t.path, src.Path()), w))
		}
		if w := privateCodecs(out); w != "" {
			prog.note(fmt.Sprintf("note: %s: %s", nodeName(t.path, src.Path()), w))
		}
	}
	p, err := convert.Convert(ctx, t.convertSource(), d, opts)
	if p != nil {
		printSkipped(env.stderr, plan.src, p.Skipped())
	}
	return err
}

// readCodecsFile reads a JSON list of codecs, or the "codecs" of a
// zarr.json.
func readCodecsFile(env *environment, name string) ([]codec.Codec, error) {
	b, err := readMetadata(env, name)
	if err != nil {
		return nil, err
	}
	raw := json.RawMessage(b)
	var doc struct {
		Codecs json.RawMessage `json:"codecs"`
	}
	if t := strings.TrimSpace(string(b)); strings.HasPrefix(t, "{") {
		if err := json.Unmarshal(b, &doc); err != nil || doc.Codecs == nil {
			return nil, fmt.Errorf("%s: want a JSON list of codecs, or a zarr.json with \"codecs\"", name)
		}
		raw = doc.Codecs
	}
	chain, err := registry.Default().ParseCodecs(raw, "/codecs")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return chain.Codecs, nil
}

// parseShape reads "N,N,..." (positive integers); "" gives nil.
func parseShape(text, flagName string) ([]int, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	parts := strings.Split(text, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseInt(strings.TrimSpace(p), 10, 32)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%s %q: want positive integers separated by commas", flagName, shorten.String(text))
		}
		out[i] = int(v)
	}
	return out, nil
}

// progress shows convert's progress: a bar on a terminal; otherwise a
// line at most every few seconds, so logs stay short. The total comes
// with the first count.
type progress struct {
	w     io.Writer
	what  string // what is counted: "bytes", "units"
	bar   *progressbar.ProgressBar
	total int64
	done  int64
	last  time.Time // of the last line printed, without a terminal
}

// progressEvery is the least time between two plain progress lines.
const progressEvery = 5 * time.Second

// newProgress is a progress that counts bytes (of a whole conversion).
func newProgress(w io.Writer) *progress {
	return newCounter(w, "bytes")
}

// newUnitProgress is a progress that counts units (of a part).
func newUnitProgress(w io.Writer) *progress {
	return newCounter(w, "units")
}

func newCounter(w io.Writer, what string) *progress {
	return &progress{w: w, last: time.Now(), what: what}
}

// set counts done of total.
func (p *progress) set(done, total int64) {
	p.done = done
	if total != p.total {
		p.total = total
		if p.bar != nil {
			p.bar.ChangeMax64(total)
		} else {
			p.startBar()
		}
	}
	if p.bar != nil {
		p.bar.Set64(done)
		return
	}
	if p.total > 0 && time.Since(p.last) >= progressEvery {
		p.last = time.Now()
		fmt.Fprintf(p.w, "zcodec convert: %d%% (%d of %d %s)\n", done*100/p.total, done, p.total, p.what)
	}
}

// startBar starts the bar, when p writes to a terminal.
func (p *progress) startBar() {
	f, ok := rawWriter(p.w).(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("converting"),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
	}
	if p.what == "bytes" {
		opts = append(opts, progressbar.OptionShowBytes(true))
	} else {
		opts = append(opts, progressbar.OptionShowCount())
	}
	p.bar = progressbar.NewOptions64(p.total, opts...)
}

func (p *progress) note(msg string) {
	if p.bar != nil {
		p.bar.Clear()
	}
	fmt.Fprintf(p.w, "zcodec convert: %s\n", msg)
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

// privateCodecs says which codecs of a converted array's chain only zcodec
// reads (the zcodec.* codecs, HDF5's own formats), or "" when there are
// none: other clients cannot read the array, and --codecs re-encodes it.
func privateCodecs(a *zarr.Array) string {
	var names []string
	for _, c := range a.Metadata().Codecs {
		if strings.HasPrefix(c.Name(), "zcodec.") {
			names = append(names, c.Name())
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("its chain keeps %s, which zcodec alone reads: give --codecs to re-encode it for other Zarr clients", strings.Join(names, ", "))
}

// fileAbove returns the nearest existing parent of p that is not a
// directory (a reference set, an HDF5 file: a DST inside one cannot be
// written), or "" when the nearest existing parent is a directory.
func fileAbove(p string) string {
	for dir := filepath.Dir(filepath.Clean(p)); ; dir = filepath.Dir(dir) {
		if fi, err := os.Stat(dir); err == nil {
			if fi.IsDir() {
				return ""
			}
			return dir
		}
		if parent := filepath.Dir(dir); parent == dir {
			return ""
		}
	}
}

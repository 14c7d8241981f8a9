package advisor

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/npdtype"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Options says what to look for. A nil *Options gives the defaults, as does
// the zero value of each field.
type Options struct {
	// Tolerance is the error allowed on every element; the zero Tolerance
	// looks for the smallest lossless chain.
	Tolerance Tolerance
	// Targets are the integer types scale_offset + cast_value may store
	// codes as: 8-, 16- and 32-bit integer types. nil means uint8, uint16
	// and uint32, and for a relative or significant-digit bound on a float
	// array int8, int16 and int32 too (an offset of zero keeps zeros
	// exact, and negative data then need signed codes); the narrowest type
	// of each signedness that holds the codes is tried.
	Targets []numeric.DataType
	// Compressors names the compressor families to try
	// (CompressorFamilies); nil means DefaultCompressors, and an empty
	// list tries uncompressed chains only.
	Compressors []string
	// Finalists is, for each compressor family, how many of the best
	// layouts (quantiser, delta or not, byte or bit shuffle or neither),
	// ranked by the family's strongest setting on a part of the sample,
	// run with every setting of the family on the whole sample (those
	// within 5% of the best); 0 means 2.
	Finalists int
	// Strongest adds the strongest zstd settings: zstd 19 and blosc zstd
	// 9. They compress a few percent better than zstd 9 and blosc zstd 5
	// at a fraction of the speed, and klauspost/compress's best encoder,
	// which both use, keeps about 38 MB per core for the life of the
	// process (measured), which would take the advisor past the memory it
	// otherwise needs.
	Strongest bool
	// Concurrency is how many chains run at once; 0 means GOMAXPROCS.
	// Speeds are measured per chain, so a value above the number of idle
	// cores lowers them.
	Concurrency int
	// Objective says how to pick among the chains that meet the
	// tolerance; "" means ObjectiveBalanced.
	Objective Objective
	// MinDecodeMBps, when not 0, leaves out of the pick the chains that
	// decode slower than this many MB/s (of decoded data, on one core).
	MinDecodeMBps float64
	// Registry builds the codecs of the candidate chains; nil means
	// registry.Default(), which holds the standard codec set once the
	// program imports github.com/zcodec/zcodec/codecs (the advisor does
	// not import it). Advise returns an *OptionError naming the codecs the
	// asked search needs that the registry does not have.
	Registry *registry.Registry
}

// Report is the advisor's result.
type Report struct {
	// Spec is the sample's chunk spec, and SampleChunks, SampleBytes,
	// Complete and ArrayChunks describe the sample.
	Spec         codec.ChunkSpec
	SampleChunks int
	SampleBytes  int64
	Complete     bool
	ArrayChunks  int64
	// Stats describes the sample's values (float arrays only).
	Stats     ValueStats
	Tolerance Tolerance
	// Candidates are every chain run, smallest first; those that failed
	// (Err set) come last.
	Candidates []*Candidate
	// Front holds the indexes in Candidates, in increasing order, of the
	// chains that meet the tolerance and that no other such chain beats on
	// encoded bytes, decode speed and encode speed together (the Pareto
	// front; speeds within 15% count as equal).
	Front []int
	// Best is the index in Candidates of the chain the objective picks,
	// one of Front, or -1 when no chain meets the tolerance (or none
	// decodes at MinDecodeMBps).
	Best int
	// Objective is the objective the pick followed, MinDecodeMBps the
	// decode speed asked for (0 for none), and Why says in one sentence
	// why Best was picked, or why none was.
	Objective     Objective
	MinDecodeMBps float64
	Why           string
	// Notes say which families of chains were left out, and why.
	Notes []string
	// Concurrency is how many chains ran at once.
	Concurrency int
}

// Chosen returns the chosen candidate, or nil.
func (r *Report) Chosen() *Candidate {
	if r.Best < 0 {
		return nil
	}
	return r.Candidates[r.Best]
}

// advice is the state of one Advise call.
type advice struct {
	spec     codec.ChunkSpec
	complete bool
	tol      Tolerance
	stats    ValueStats
	targets  []numeric.DataType
	// explicitTargets says the targets were given: every one that holds
	// the codes is tried, not only the narrowest.
	explicitTargets bool
	families        []string
	reg             *registry.Registry
	workers         int
	strongest       bool
	objective       Objective
	minDecode       float64
	notes           []string
	// sample holds the sample's chunks and the chains run on them, probe
	// the smaller set that ranks layouts; order lists the candidates run
	// on the sample in the order they ran.
	sample, probe *chunkSet
	order         []*Candidate
}

func (a *advice) note(format string, args ...any) {
	a.notes = append(a.notes, fmt.Sprintf(format, args...))
}

// Advise runs candidate chains on the sample and returns them measured,
// smallest first, with their Pareto front and the one the objective picks
// among those that keep the tolerance. See
// the package documentation for the candidates and how they are measured.
// It returns an error only for unusable input (*SampleError,
// *ToleranceError, *OptionError, *UnsupportedError) or when ctx is done;
// a chain that fails is a Candidate with Err set. A nil opts gives the
// defaults of every field: the smallest lossless chain.
func Advise(ctx context.Context, s *Sample, opts *Options) (*Report, error) {
	if ctx == nil {
		return nil, codec.ErrNilContext
	}
	if opts == nil {
		opts = &Options{}
	}
	if s == nil {
		return nil, &SampleError{Chunk: -1, Reason: "no sample"}
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	if err := opts.Tolerance.Validate(); err != nil {
		return nil, err
	}
	if dt := s.Spec.DataType; (!dt.IsReal() || isSmallType(dt)) && !opts.Tolerance.Exact() {
		return nil, &UnsupportedError{DataType: s.Spec.DataType, Reason: "lossy advice needs a tolerance the advisor can measure; only lossless chains are advised for this type"}
	}
	objective, err := checkObjective(opts.Objective, opts.MinDecodeMBps)
	if err != nil {
		return nil, err
	}
	a := &advice{spec: s.Spec.Clone(), complete: s.Complete, tol: opts.Tolerance,
		reg: opts.Registry, workers: opts.Concurrency, strongest: opts.Strongest,
		objective: objective, minDecode: opts.MinDecodeMBps}
	if a.reg == nil {
		a.reg = registry.Default()
	}
	if a.workers <= 0 {
		a.workers = runtime.GOMAXPROCS(0)
	}
	if a.families, err = checkFamilies(opts.Compressors); err != nil {
		return nil, err
	}
	if a.targets, err = a.checkTargets(opts.Targets); err != nil {
		return nil, err
	}
	a.explicitTargets = opts.Targets != nil
	if err := a.checkRegistry(); err != nil {
		return nil, err
	}
	finalists := opts.Finalists
	if finalists <= 0 {
		finalists = 2
	}

	a.sample = &chunkSet{spec: a.spec, chunks: s.Chunks, extents: s.Extents, ran: map[string]*Candidate{}, record: true}
	if a.spec.DataType.IsFloat() {
		a.stats = valueStatsOf(a.sample)
	}
	a.probe = a.probeSet()
	good, err := a.measureQuantizers(ctx)
	if err != nil {
		return nil, err
	}
	good, err = a.rankQuantizers(ctx, good)
	if err != nil {
		return nil, err
	}
	finals, err := a.probeLayouts(ctx, good, finalists)
	if err != nil {
		return nil, err
	}
	if _, err := a.run(ctx, a.sample, finals); err != nil {
		return nil, err
	}
	if err := a.retime(ctx, a.sample, a.order); err != nil {
		return nil, err
	}
	return a.report(s), nil
}

// measureQuantizers runs every quantiser on the sample with no compressor,
// replacing one whose measured error exceeds the tolerance by a tighter
// one, and returns those that meet it.
func (a *advice) measureQuantizers(ctx context.Context) ([]*quantizer, error) {
	qs := a.withGrid(a.quantizers())
	var good []*quantizer
	for len(qs) > 0 {
		var plain []chain
		for _, q := range qs {
			plain = append(plain, chain{q: q})
		}
		results, err := a.run(ctx, a.sample, plain)
		if err != nil {
			return nil, err
		}
		var retry []*quantizer
		for i, c := range results {
			switch {
			case c == nil:
			case c.Meets():
				good = append(good, qs[i])
			case c.Err == nil && !c.Errors.Within() && qs[i].tighter != nil:
				if t := qs[i].tighter(); t != nil {
					retry = append(retry, t)
				}
			}
		}
		qs = retry
	}
	return good, nil
}

// quantizerSlack is how much larger than the best a quantiser's output may
// be under the fast compressor for its layouts to be probed further.
const quantizerSlack = 1.5

// rankQuantizers compresses each quantiser's output with the fastest
// setting (byte shuffled, with and without delta) on the probe set, and
// keeps those within quantizerSlack of the smallest: a lossless chain next
// to a quantised one, typically.
func (a *advice) rankQuantizers(ctx context.Context, qs []*quantizer) ([]*quantizer, error) {
	fast := a.fastCompressor()
	if fast == nil || len(qs) < 2 {
		return qs, nil
	}
	var chains []chain
	var owner []int
	for i, q := range qs {
		l := layoutShuffle
		if q.storedAs.Size() == 1 {
			l = layoutPlain
		}
		for _, delta := range []bool{false, true} {
			if delta && !q.storedAs.IsInteger() {
				continue
			}
			chains = append(chains, chain{q: q, delta: delta, layout: l, comp: fast})
			owner = append(owner, i)
		}
	}
	results, err := a.run(ctx, a.probe, chains)
	if err != nil {
		return nil, err
	}
	size := make([]int64, len(qs))
	for k, c := range results {
		if c == nil || !c.Meets() {
			continue
		}
		if i := owner[k]; size[i] == 0 || c.EncodedBytes < size[i] {
			size[i] = c.EncodedBytes
		}
	}
	best := int64(0)
	for _, n := range size {
		if n > 0 && (best == 0 || n < best) {
			best = n
		}
	}
	var kept []*quantizer
	for i, q := range qs {
		if size[i] > 0 && float64(size[i]) <= quantizerSlack*float64(best) {
			kept = append(kept, q)
		}
	}
	return kept, nil
}

// layoutSlack is how much larger than a family's best probe another layout
// may be to run with every setting of the family too.
const layoutSlack = 1.05

// probeLayouts compresses every layout of every quantiser (delta or not;
// byte shuffle, bit shuffle or neither) with the strongest setting of each
// compressor family on the probe set, and returns the chains to run on the
// sample: for each family, every setting on its best layout and on up to
// finalists-1 more within layoutSlack of it.
func (a *advice) probeLayouts(ctx context.Context, qs []*quantizer, finalists int) ([]chain, error) {
	type probe struct {
		ch   chain
		size int64
	}
	var finals []chain
	for _, fam := range a.families {
		settings := compressorSettings(fam, a.strongest)
		strongest := settings[len(settings)-1]
		var chains []chain
		for _, q := range qs {
			for _, delta := range []bool{false, true} {
				if delta && !q.storedAs.IsInteger() {
					continue
				}
				for _, l := range []layout{layoutPlain, layoutShuffle, layoutBitShuffle} {
					if l != layoutPlain && q.storedAs.Size() == 1 && fam != "blosc" {
						continue // nothing to shuffle
					}
					chains = append(chains, chain{q: q, delta: delta, layout: l, comp: strongest})
				}
			}
		}
		results, err := a.run(ctx, a.probe, chains)
		if err != nil {
			return nil, err
		}
		var probes []probe
		for i, c := range results {
			if c != nil && c.Meets() {
				probes = append(probes, probe{chains[i], c.EncodedBytes})
			}
		}
		slices.SortStableFunc(probes, func(x, y probe) int { return cmp.Compare(x.size, y.size) })
		for k, p := range probes {
			if k >= finalists || float64(p.size) > layoutSlack*float64(probes[0].size) {
				break
			}
			for _, c := range settings {
				ch := p.ch
				ch.comp = c
				finals = append(finals, ch)
			}
		}
	}
	return finals, nil
}

// probeBytes bounds the decoded size of the probe set.
const probeBytes = 1 << 20

// probeSet returns the chunks that rank layouts: the sample's first chunks
// up to probeBytes, or, when a chunk alone is larger, a slab of one (its
// leading indices along the first dimension), as a chunk of that smaller
// shape; whole chunks are preferred to edge chunks.
func (a *advice) probeSet() *chunkSet {
	set := &chunkSet{spec: a.spec, ran: map[string]*Candidate{}}
	size := a.spec.Size()
	if size <= probeBytes || len(a.spec.Shape) == 0 {
		for i, c := range a.sample.chunks {
			if len(set.chunks) > 0 && (len(set.chunks)+1)*size > probeBytes {
				break
			}
			set.chunks = append(set.chunks, c)
			set.extents = append(set.extents, a.sample.extent(i))
		}
		return set
	}
	pick := 0
	for i := range a.sample.chunks {
		if a.sample.extent(i) == nil {
			pick = i
			break
		}
	}
	rowBytes := size / a.spec.Shape[0]
	rows := max(1, probeBytes/rowBytes)
	set.spec = a.spec.Clone()
	set.spec.Shape[0] = rows
	set.chunks = [][]byte{a.sample.chunks[pick][:rows*rowBytes]}
	if e := a.sample.extent(pick); e != nil {
		e = slices.Clone(e)
		e[0] = min(e[0], rows)
		set.extents = [][]int{e}
	}
	return set
}

// fastCompressor returns the fastest setting of the first family in
// probeOrder that is allowed, or nil.
func (a *advice) fastCompressor() *compressor {
	for _, fam := range probeOrder {
		if slices.Contains(a.families, fam) {
			return compressorSettings(fam, a.strongest)[0]
		}
	}
	return nil
}

// checkTargets validates Options.Targets, or gives the default.
func (a *advice) checkTargets(ts []numeric.DataType) ([]numeric.DataType, error) {
	if ts == nil {
		ts = []numeric.DataType{numeric.Uint8, numeric.Uint16, numeric.Uint32}
		if (a.tol.Rel != 0 || a.tol.SigDigits != 0) && a.spec.DataType.IsFloat() {
			// zeros stay exact only with an offset of zero: negative data
			// then need signed codes.
			ts = append(ts, numeric.Int8, numeric.Int16, numeric.Int32)
		}
		return ts, nil
	}
	var out []numeric.DataType
	for _, t := range ts {
		if !t.IsInteger() || t.Size() > 4 {
			return nil, &OptionError{Option: "Targets", Reason: fmt.Sprintf("%v is not an 8-, 16- or 32-bit integer type", t)}
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(x, y numeric.DataType) int { return cmp.Compare(x.Size(), y.Size()) })
	return out, nil
}

// familyCodecs names the codec each compressor family's settings use.
var familyCodecs = map[string]string{
	"zstd": "zstd", "blosc": "blosc", "gzip": "gzip",
	"zlib": "numcodecs.zlib", "bz2": "numcodecs.bz2", "lz4": "numcodecs.lz4",
}

// neededCodecs returns the names of the codecs the candidate chains of this
// call may use, sorted.
func (a *advice) neededCodecs() []string {
	need := []string{"bytes"}
	if a.spec.DataType.IsFloat() && !a.tol.Exact() {
		need = append(need, "scale_offset", "cast_value", "numcodecs.bitround", "numcodecs.quantize")
	}
	for _, fam := range a.families {
		need = append(need, familyCodecs[fam], "numcodecs.delta")
		if fam != "blosc" {
			need = append(need, "numcodecs.shuffle")
		}
	}
	slices.Sort(need)
	return slices.Compact(need)
}

// checkRegistry returns an *OptionError when the registry lacks a codec
// the candidate chains of this call may use.
func (a *advice) checkRegistry() error {
	var missing []string
	for _, name := range a.neededCodecs() {
		if _, ok := a.reg.Lookup(name); !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return &OptionError{Option: "Registry", Reason: "no codec " + strings.Join(missing, ", ") +
		" (import github.com/zcodec/zcodec/codecs to register the standard codec set, or leave out the compressor families that need them)"}
}

// report sorts what ran and chooses.
func (a *advice) report(s *Sample) *Report {
	r := &Report{Spec: a.spec, SampleChunks: len(a.sample.chunks), SampleBytes: s.Bytes(), Complete: a.complete,
		ArrayChunks: s.ArrayChunks, Stats: a.stats, Tolerance: a.tol, Notes: a.notes, Concurrency: a.workers, Best: -1}
	r.Candidates = slices.Clone(a.order)
	slices.SortStableFunc(r.Candidates, func(x, y *Candidate) int {
		if (x.Err == nil) != (y.Err == nil) {
			if x.Err == nil {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(x.EncodedBytes, y.EncodedBytes); c != 0 {
			return c
		}
		// Ties go to the shorter chain, then by label: speeds measured on
		// a busy machine would make the choice change from run to run.
		if c := cmp.Compare(strings.Count(x.Label, "|"), strings.Count(y.Label, "|")); c != 0 {
			return c
		}
		return strings.Compare(x.Label, y.Label)
	})
	for _, c := range r.Candidates {
		c.Readers = readersOf(c.Codecs, a.spec.DataType)
	}
	ch := choose(r.Candidates, a.objective, a.minDecode)
	r.Front, r.Best, r.Why = ch.front, ch.best, ch.why
	r.Objective, r.MinDecodeMBps = a.objective, a.minDecode
	return r
}

// numpyType returns the little-endian NumPy type string of dt ("<u2").
func numpyType(dt numeric.DataType) string { return npdtype.Format(dt, numeric.LittleEndian) }

// stopped wraps ctx's error.
func stopped(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("advisor: %w", err)
	}
	return nil
}

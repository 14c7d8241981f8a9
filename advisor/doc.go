// Package advisor finds the codec chain to store an array with under a
// stated error on its values: it builds candidate chains from the array's
// range, grid, NaN and infinity content and fill value, runs each one
// through a real resolved codec.Pipeline on a sample of the array's
// chunks, measures the error of every element exactly and the speeds, and
// reports them all, smallest first, with the Pareto front of those that
// meet the tolerance and the one an Objective picks on it.
//
//	s, _ := advisor.NewSample(spec, chunk1, chunk2) // []float32 chunks of one spec
//	r, _ := advisor.Advise(ctx, s, &advisor.Options{Tolerance: advisor.Tolerance{Abs: 0.05}})
//	best := r.Chosen() // best.Codecs is the "codecs" array for zarr.json
//
// A chosen chain looks like this (a float32 temperature field, absolute
// tolerance 0.05 K):
//
//	[{"name": "scale_offset", "configuration": {"offset": 197.15625, "scale": 10.0625}},
//	 {"name": "cast_value", "configuration": {"data_type": "uint16", "rounding": "nearest-even",
//	   "scalar_map": {"encode": [["NaN", 65535]], "decode": [[65535, "NaN"]]}}},
//	 {"name": "numcodecs.delta", "configuration": {"dtype": "<u2", "astype": "<u2"}},
//	 {"name": "bytes", "configuration": {"endian": "little"}},
//	 {"name": "numcodecs.bz2", "configuration": {"level": 9}}]
//
// The codecs follow their own specifications (scale_offset and cast_value
// from zarr-extensions, the numcodecs filters as zarr-python 3 names them,
// the Zarr v3 core codecs); the advisor only chooses their parameters.
// It builds them from Options.Registry, by default registry.Default(), and
// registers nothing itself: a program imports github.com/zcodec/zcodec/codecs
// (or the codec packages it wants) to fill the default registry, and Advise
// reports the codecs its search needs that the registry lacks as an
// *OptionError. The context is an argument of Advise only: nothing keeps it.
//
// # Tolerance
//
// Tolerance.Abs bounds |decoded - original|, Tolerance.Rel bounds it by
// Rel * |original|, and Tolerance.SigDigits by half a unit in the
// SigDigits-th significant decimal digit of the original (the guarantee
// NCO's precision-preserving compression states for its number of
// significant digits). Every bound that is set must hold for every finite
// element; a NaN must decode to a NaN and an infinity to itself; under a
// relative or digit bound a zero must decode to zero. The zero Tolerance
// asks for lossless chains.
//
// # Measured, never assumed
//
// Every candidate runs through codec.NewPipeline in the strict fill mode
// (docs/decisions.md#d17), so a chain through which the fill value does not
// survive scale_offset or cast_value (docs/decisions.md#d1) fails to
// resolve and is reported as such; the numcodecs filters only warn
// (docs/decisions.md#d17), and a candidate with such a warning does not
// count as meeting the tolerance. Each candidate encodes every chunk of the
// sample, decodes it back and compares every element with its original
// (Meter). The comparison is exact: a float64 fast path decides all but
// the elements within a relative 2^-48 of their bound, which are decided
// in rational arithmetic. Sizes are the sum of the encoded chunks, and
// speeds the time of encoding and decoding the sample on one goroutine per
// candidate locked to its thread, several candidates at once
// (Options.Concurrency): the thread's CPU time where the system gives it
// (Linux), which leaves out the time the thread waited for a core, else
// wall time; the fastest of the passes of its trial (more than one until
// they took 50 ms, at most five) and, for each chain that meets the
// tolerance and took at most 100 ms a pass (a longer pass spans the
// machine's moments of contention), of two more passes, in rounds over
// all of them at the end, each round after
// a garbage collection (a chain's own passes run back to back, and a
// moment of contention on a shared machine, or the collector's assists
// charged to it, can slow them all).
//
// # Candidates
//
// For float arrays (float16, bfloat16, float32, float64):
//
//   - scale_offset + cast_value into the narrowest integer type of
//     Options.Targets that holds the codes (uint8, uint16, uint32 by
//     default; every listed type that holds them when the targets are
//     given), at the step the tolerance allows with nearest-even rounding.
//     An absolute bound applies as it is; a relative or digit bound is
//     turned into the absolute bound it implies at the smallest magnitude,
//     only on a complete sample, and with an offset of zero when there are
//     zeros so that they stay exact.
//   - numcodecs.bitround, floats kept: the fewest kept mantissa bits whose
//     error bound holds at every magnitude for a relative or digit bound;
//     for an absolute bound only on a complete sample, since its error grows
//     with the magnitude.
//   - numcodecs.quantize, floats kept, for an absolute bound: the fewest
//     digits whose power-of-two step keeps it.
//   - scale_offset + cast_value at the step of a grid the values sit on
//     (below).
//   - the lossless chain, as a reference.
//
// Each scale_offset quantiser comes with variants that change only what
// the compressor sees: one with a second numcodecs.delta on the codes (with
// the layouts' optional delta, a second difference along the fastest axis:
// on smooth fields its residuals carry about half the entropy of a single
// delta's), and, for codes of more than one byte, both of these with a
// big-endian bytes codec (under a bit shuffle the high-order planes then
// come first, which measured 2-17% smaller; under a byte shuffle the order
// only swaps two planes, so the little-endian chain stands for it). The
// filters before a big-endian bytes codec name big-endian dtypes (">u2"),
// since zarr-python's bytes codec hands them an array in the stored order
// and numcodecs' Delta views its input as its dtype. There is no 2-D
// predictor (a delta, a transpose and a delta): zarr-python decodes the
// transpose to a view and numcodecs' Delta flattens in memory order, so it
// would undo the first delta along the wrong axis. docs/advise-anchors.md
// has the measurements and the information bound they are judged by.
//
// Each quantiser runs first with no compressor; one whose measured error
// exceeds the tolerance is replaced by a tighter one (a smaller step, one
// more kept bit or digit) up to twice. The compressors then run in two
// rounds, so that the cost of ranking does not grow with the sample. On a
// probe of at most 1 MiB of the sample (its first chunks, or the leading
// rows of one chunk), quantisers whose output is more than 1.5 times the
// best under the fastest setting are dropped, and every layout of those
// left — numcodecs.delta on integer codes or not, followed by a byte
// shuffle, a bit shuffle (blosc) or neither — is ranked, for each
// compressor family, by the family's strongest setting. For each family,
// the best layout and up to Options.Finalists-1 more within 5% of it then
// run with every setting of the family on the whole sample. The report
// lists the runs on the whole sample: these and the quantisers without a
// compressor. Arrays of other types get the lossless chains only.
//
// # Choosing
//
// The front (Report.Front) holds the candidates that meet the tolerance
// and that no other such candidate beats on encoded bytes, decode speed
// and encode speed together: one dominates another when it is no larger,
// no slower beyond the noise at either, and smaller or faster beyond the
// noise at one. Speeds within 25% count as equal, since measured speeds
// vary by that much on a busy machine (below). The pick (Report.Best, with
// Report.Why saying why in one sentence) is on the front, among the chains
// that decode at Options.MinDecodeMBps or more when it is set (none: Best
// is -1). Each objective reads only bytes, speeds and readers:
//
//   - ObjectiveSize: the smallest chain.
//   - ObjectiveBalanced, the default: among the chains every client reads
//     (zarr-python and zarrita) when there are such, the smallest that
//     decodes at 1 GB/s and encodes at 100 MB/s or more on one core, the
//     speeds of zstd, the compressor zarr-python writes by default (where
//     the fastest compressed chain on the front decodes slower than 4 GB/s
//     or encodes slower than 1 GB/s, the bars are a quarter and a tenth of
//     its speeds instead); a chain at most 10% larger that decodes twice
//     as fast is taken instead. When none is that fast, the speed
//     objective's pick.
//   - ObjectiveSpeed: among the chains every client reads when there are
//     such, the fastest decoding of those at most 5 times the size of the
//     smallest of them.
//
// Ties (speeds within 25%, equal bytes) go to fewer bytes, then the chain
// of fewer codecs, then by label, never by the order the chains ran in.
// The bars of the balanced objective follow the run's own speeds where
// they are low, so that they hold on a slow machine and with a sample of
// small chunks, whose per-chunk costs lower every speed (the bar of 1
// GB/s alone made the advice on the 3500-element array of the command's
// tests the uncompressed chain); they are capped, so that a compressor
// much faster than the rest (lz4 on noisy data, 10 GB/s) does not raise
// them past a chain half as fast and smaller (the shares alone, tried
// next, put blosc zstd 5 bitshuffle on a noisy field at 1.3-1.9 GB/s
// under a bar of 2.7 GB/s).
//
// Why balanced is the default, measured on the demo store (zcodec demo;
// float64 1024x1024 on a 0.25 K grid, every chunk, abs 0.125; AMD EPYC,
// 2 cores shared with other work, load average 8-10; MB/s of decoded data
// on one core in CPU time, the range over 9 runs of zcodec advise --json,
// 3 per objective):
//
//	bytes   chain (all: scale_offset+cast_value uint8 step 0.25)  enc MB/s    dec MB/s    readers
//	 51009  delta | bz2 9                                            90-140    376-600     zarr-python
//	111637  delta | zstd 9                                          883-1592  3049-5747    zarr-python, zarrita
//	111829  delta | blosc zstd 5                                    965-1656  3566-5590    zarr-python, zarrita
//	133209  delta | zstd 3                                         1380-2205  3620-5441    zarr-python, zarrita
//	305510  lz4                                                    2936-4014  9749-13128   zarr-python, zarrita
//
// The smallest, bz2 9, decodes and encodes about ten times slower than
// zstd 9, and zarrita does not read numcodecs.bz2: a reader fetching the
// sample at 100 MB/s spends 0.5 ms on bz2 9's bytes and 19 ms decoding
// them (at the median 442 MB/s), against 1.1 ms and 1.8 ms for zstd 9's
// (4717 MB/s); twice the storage for a tenth of the read time, and a
// chain every client reads, is the trade a data engineer makes. Balanced
// picked zstd 9 in every run, size bz2 9 and speed lz4. A chain's speeds
// varied by up to 90% between its slowest and fastest run (zstd 9
// decoding), so speeds within 25% count as equal and a larger chain must
// decode twice as fast to be preferred: with "faster beyond 15%" instead,
// balanced picked blosc zstd 5 once in three runs (5518 against zstd 9's
// 4628 MB/s in that run). The speeds are those of zcodec's own codecs;
// other clients' implementations (C libraries under zarr-python) differ,
// mostly keeping the order of the compressors.
//
// Where the candidates differ by less than the noise the pick may change
// between runs among them: on a 720x1440 float32 field with white noise
// (abs 0.05, six runs) balanced picked blosc zstd 5 bitshuffle (800273
// bytes, decoding at 1.0-2.0 GB/s) three times and blosc lz4 9 bitshuffle
// (833318 bytes, 4% larger, decoding at 2.2-4.1 GB/s) three times: their
// speeds differ by a factor near two, the rule's own threshold. On the
// same field without noise it picked blosc zstd 5 bitshuffle (32861
// bytes) in all six, and on the demo store zstd 9 in all.
//
// # Readers
//
// Candidate.Readers names the clients that decode a chain:
// ReaderZarrPython (zarr-python 3.2 or later, the first with scale_offset
// and cast_value, with the numcodecs.* codecs of numcodecs 0.14 or later),
// ReaderNumcodecs (numcodecs alone decodes every codec of the chain, so
// no scale_offset or cast_value) and ReaderZarrita (zarrita.js 0.7.5,
// whose registry has neither numcodecs.bz2 nor numcodecs.quantize). The
// lists are of codec names, as each client registers them, narrowed by the
// array's data type: zarrita.js opens arrays of bool, the integers,
// float16, float32, float64 and string only (no complex, dates or
// fixed-length types), and neither Python client has bfloat16, sub-byte
// integers or floats of 8 bits and fewer.
//
// # Values on a grid
//
// Values stored from integers, or from codes of an earlier scale and
// offset, sit on a grid: each is offset + k*step for an integer k, up to
// the rounding of the array's type. With an absolute bound, the advisor
// looks for one on up to 65536 of the sample's finite values spread over
// it (NaN, infinities and the padding of edge chunks left out): the
// distinct values, sorted, give the smallest gap; the step is that gap
// (or a fraction of it, up to an eighth) refined on each value from the
// first, each within twice the noise of the grid, the noise being 8 units
// of roundoff of the array's type at the largest magnitude. The step
// is then the simplest that every value of the sample confirms within
// the noise: 1/N or N for an integer N, a decimal of one to four
// significant digits, within 10^-3 of the fitted step, else the fitted
// step. No grid is found for fewer than three distinct values, or a step
// below 16 times the noise: a float type's own spacing of values in one
// binade is a grid of that kind, and noisy data fit one at about twice
// the noise.
//
// The grid chain stores scale_offset + cast_value at the grid's step,
// or at the largest odd multiple of it whose half-multiple keeps the
// tolerance (an odd multiple, so that no grid value falls halfway between
// codes), into each integer type a chain planned from the tolerance alone
// uses, with the same headroom rules. Its offset is a grid value a whole
// number of steps below the data: of those within four codes and a unit
// in the last place of the planned position, the one that reproduces the
// probe values best in the array's arithmetic, exactly when one does (on
// the demo store every value decodes to itself). When the grid step is at
// least the tolerance's own step the grid chain replaces the planned one,
// which returns only if the grid chain's measured error exceeds the
// tolerance; otherwise both run and the measurements decide. On the demo
// store at abs 0.125 the step becomes 0.25 instead of 0.2481, the maximum
// error 0 instead of 0.1234, and the sizes shrink: bz2 9 from 69231 to
// 51009 bytes, zstd 9 from 115927 to 111637. On a sample (not Complete)
// the grid is assumed to hold in the rest of the array; a chain whose
// half-step exceeds the tolerance says in its Notes that a value off the
// grid would decode beyond it, which zcodec advise --apply catches.
// Relative and significant-digit bounds do not use grids.
//
// # Samples and edge chunks
//
// A Sample holds whole chunks. The edge chunks of an array are stored whole
// with the fill value beyond the array's end; Sample.Extents gives the part
// of each inside the array, so that the padding is encoded as it would be
// stored (its size counts) but stays out of the ValueStats and of the errors.
// SpreadChunks chooses chunks spread evenly over a chunk grid.
//
// # Choices in scale_offset + cast_value
//
// Float rounding never breaks the tolerance. With the codes q =
// rint(fl(fl(x-offset)*scale)) and the decoded y = fl(fl(q/scale)+offset)
// computed in the array's type (docs/decisions.md#d10), the error is at
// most 0.5/scale plus a rounding term bounded from the type's unit
// roundoff and the magnitudes over the carried range; the scale is the
// smallest value of at most 10 significant bits (fewer when that costs at
// most 1%) with the two together below the tolerance. A scale of exactly
// 1/(2 tol) would not do: in float32 it gives errors such as 0.0500031 for
// 0.05. The offset is a multiple of the largest power of two not above half
// a step, so that both parameters are exact in the array's type and short
// in JSON, and the measurement confirms the bound.
//
//   - Reserved codes: the top codes of the integer type carry NaN (always,
//     unless a complete sample has no NaN and the fill is not NaN), +Inf
//     and -Inf (when the sample or the fill has them) and the fill value's
//     encoding when it is not already a code, through cast_value's
//     scalar_map in both directions.
//   - Headroom: the data's codes sit above the lowest code with spare codes
//     on each side (up to the data's own span), so that values a sample did
//     not show still encode; the Candidate's Carried range is where the
//     bound is guaranteed. On a sample (not Complete) a type that leaves
//     less than 10% of the span on each side is not used. A value beyond
//     the codes fails to encode, loudly; one that lands on a reserved code
//     (within one step of the type's top) would decode as NaN, an infinity
//     or the fill value, so converting an array with an advised chain
//     should be verified over every element (zcodec advise --apply does).
//   - No clamp: the codes hold the carried range by construction, so
//     clamping could never act on the data measured; without it a value
//     outside the range is an encoding error instead of a value silently
//     moved to the end of the range.
//   - The fill value must survive scale_offset on its own
//     (docs/decisions.md#d1): when it does not at the chosen parameters,
//     the offset is moved by a few units in its last place, then a
//     power-of-two scale (exact division) is tried, then an offset equal to
//     the fill value.
package advisor

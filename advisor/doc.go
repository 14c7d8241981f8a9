// Package advisor finds the smallest codec chain that keeps a stated error
// on an array's values: it builds candidate chains from the array's range,
// NaN and infinity content and fill value, runs each one through a real
// resolved codec.Pipeline on a sample of the array's chunks, measures the
// error of every element exactly, and reports them all, smallest first,
// with the smallest one that meets the tolerance chosen.
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
// speeds the wall time of encoding and decoding the sample on one
// goroutine per candidate, several candidates at once (Options.Concurrency).
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
// # Samples and edge chunks
//
// A Sample holds whole chunks. The edge chunks of an array are stored whole
// with the fill value beyond the array's end; Sample.Extents gives the part
// of each inside the array, so that the padding is encoded as it would be
// stored (its size counts) but stays out of the Stats and of the errors.
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

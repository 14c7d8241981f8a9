// Package numeric is the value model of zcodec: the Zarr v3 data types
// (bool, int8..int64, uint8..uint64, float16, float32, float64, complex64,
// complex128 and the bfloat16 extension), a typed Scalar, the Zarr v3
// fill-value JSON encoding, and the exact conversion core (rounding modes,
// float16/bfloat16 bits, narrowing of float64).
//
// Specification: Zarr v3 core, data types and fill values,
// https://zarr-specs.readthedocs.io/en/latest/v3/core/index.html#data-types
// and #fill-value; bfloat16 from the zarr-extensions data-type registry.
//
// # Fill-value JSON
//
// ParseFillValue reads and FormatFillValue writes the JSON of one value:
//
//	true                   bool
//	-128                   int8 (no fraction, no exponent; exact to 64 bits)
//	0.1                    float16 0x2e66 (decimals round once, ties to even)
//	"NaN"                  the canonical quiet NaN of any float type
//	"0x7ff8000000000001"   float64 NaN with a payload (2*size hex digits)
//	[1.5, "-Infinity"]     complex64
//
// Where the specification leaves a choice, this package decides:
//
//   - Float strings are "NaN", "Infinity", "-Infinity" and "0x" (lower-case
//     x) hex of exactly the type's width; "+Infinity" is read with a
//     warning and never written. Anything else is an error.
//   - A decimal is rounded once, from its exact value, to nearest with ties
//     to even (no double rounding through float64 for float16/bfloat16); a
//     decimal whose rounded magnitude exceeds the largest finite value is an
//     error; one that rounds to zero reads as a zero of its sign.
//   - Writers are canonical: integers exactly; floats as the shortest
//     decimal that reads back to the same bits (with an exponent where
//     strconv's 'g' format uses one, "-0" for negative zero); "NaN" only for
//     the canonical NaN (positive, quiet, no other payload bit), hex for
//     every other NaN; complex values as "[re, im]".
//   - Only JSON whitespace (space, tab, CR, LF) may surround a value.
//   - Scalar.Equal compares numerically: every NaN equals every NaN, -0
//     equals +0; == on Scalars compares bits.
//
// # Narrowing
//
// NarrowFloat64 rounds the exact value in one of the five cast_value
// rounding modes as if the exponent were unbounded above, with subnormals
// at their own precision, and reports overflow when the rounded magnitude
// exceeds the largest finite value (so 3.4028235e38 narrows to float32's
// maximum and 1e39 overflows). NaN keeps its sign and leading payload bits
// and becomes quiet; signed zeros and infinities are kept.
//
// # Casting
//
// Caster and Cast convert whole slices between two real data types with
// the semantics of the cast_value codec (rounding, out_of_range,
// scalar_map); the kernel for a (source, target, rounding, out_of_range)
// combination is chosen once, when the Caster or Cast is made. Built with
// GOEXPERIMENT=simd on amd64, a CPU with AVX2 runs float64/float32 to 8-,
// 16- and 32-bit integers (every rounding mode) and float64 to float32
// (nearest-even) as AVX2 loops over groups of 16 elements; a group with a
// value off the fast path (NaN, an infinity, out of range) is done by the
// scalar kernel, so results and errors are bit-identical in every build.
package numeric

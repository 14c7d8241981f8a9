// Package scaleoffset implements the Zarr v3 "scale_offset" array->array
// codec. numcodecs' FixedScaleOffset, which computes differently, is in
// package github.com/zcodec/zcodec/codecs/numcodecs.
//
// Importing the package registers the codec with the default registry
// (import github.com/zcodec/zcodec/codecs for the whole set).
//
// # scale_offset
//
// Specification: https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/scale_offset
//
//	{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}}
//
// Encoding computes (x - offset) * scale and decoding (x / scale) + offset,
// element by element, in the arithmetic of the array's data type, which the
// codec does not change. Supported data types are int8 to int64, uint8 to
// uint64, float16, bfloat16, float32 and float64, and the zarr-extensions
// sub-byte integers (int2, int4, uint2, uint4: integer arithmetic within
// their ranges) and floats of 8 bits and fewer (each operation computed in
// float64 and rounded once to nearest-even, as for float16; an element is
// one byte, so both directions are tables of the 256 results; a result the
// type cannot hold from a finite element, including zero or a negative
// value for float8_e8m0fnu, is an error); any other is a configuration
// error at resolution.
//
// The configuration and both of its keys are optional; unknown keys are
// errors. offset and scale are written in the Zarr v3 fill-value JSON of
// the array's data type, so they are read only when the codec is resolved
// against that type: integer arrays need in-range JSON integers (scale 0.1
// or a negative offset on a uint array is an error), float arrays accept
// numbers, "NaN", "Infinity", "-Infinity" and "0x" hex of the type's width.
// A zero scale is an error in every spelling: 0, -0.0, "0x0000",
// "0x8000000000000000", and numbers that round to zero in the array's type
// (1e-50 for float32).
//
// Choices where the specification is silent (docs/decisions.md#d9 to #d11):
//
//   - An absent parameter is skipped, not applied as 0 or 1: with neither,
//     the codec copies bits (-0.0 and NaN payloads survive), and with only
//     a scale, decoding does not add +0 (which would turn -0.0 into +0.0),
//     so -0.0 survives wherever the written operation keeps it
//     (docs/decisions.md#d18). A parameter that is written is always
//     applied.
//   - Float arithmetic stays in the array's type and rounds twice, once per
//     operation, to nearest-even; Go's explicit conversions keep the
//     compiler from fusing operations into an FMA. A power-of-two scale is
//     divided by multiplying with its exact reciprocal, which gives the
//     same result. float16 and bfloat16 compute each operation in float64
//     and round once to the 16-bit type, which gives the correctly rounded
//     16-bit result (see the exactness argument in halfkernel.go; tests
//     check it against math/big).
//   - A finite element whose result is not finite (overflow to ±Infinity,
//     or NaN from a NaN or infinite parameter) is an error; NaN and
//     ±Infinity elements propagate as IEEE arithmetic gives them.
//   - Integer arithmetic is exact: an intermediate or result outside the
//     data type, a negative intermediate on an unsigned type and a division
//     with a remainder are errors.
//   - The fill value is encoded at resolution and becomes the encoded
//     spec's fill value; a fill value the codec cannot encode is a
//     *codec.ConfigError wrapping a *codec.ElementError. The pipeline checks
//     that it decodes back (docs/decisions.md#d1).
//   - MarshalJSON writes offset and scale as they were given (compacted):
//     their canonical form depends on the array's data type, which an
//     unbound codec does not know.
//
// Errors on data are *codec.ElementError values naming the element index, its
// value and the rule it breaks; they match ErrValue, and when decoding also
// codec.ErrCorrupt.
//
// # float32 arithmetic and clients that compute in float64
//
// (docs/decisions.md#d20) The specification leaves the arithmetic of float scale_offset open.
// zcodec computes in the array's type (docs/decisions.md#d10): for float32, offset and scale
// are float32 values and each operation rounds to float32. zarrita.js
// (0.7.5, which only decodes) computes x / scale + offset in float64 with
// the parameters as float64 values and rounds once when it stores the
// float32 result. The two readings of the same stored chunk differ by one
// float32 unit in the last place for a fraction of the values. With
// {"offset": 273.15, "scale": 100}, the stored value -27313 decodes to
// 0.019989014 (0x3ca3c000) here and to 0.02 (0x3ca3d70a) in zarrita, since
// 273.15 as a float32 is 273.1499939. Over the 100000 values that encoding
// 0.00, 0.01, ..., 999.99 stores, zarrita's reading (measured through its
// public API) differs from zcodec's for 20991 values, by at most 6.1e-5
// (one unit in the last place at 1000), and equals the exact quotient plus
// offset rounded once to float32 for all but one. zcodec keeps the
// specification's reading in the array's type: it is the arithmetic every
// encoder following the specification uses, and it treats float16, float32
// and float64 arrays alike (a wider type has no counterpart for float64).
//
// # Fusion with cast_value
//
// scale_offset is usually followed by cast_value. A resolved scale_offset
// is a codec.Fuser: a pipeline runs it and the codec after it in one pass
// over the chunk when that codec converts elements one by one (a
// codec.ElementCaster, as cast_value is), with the results, fill value and
// errors of the two run in turn; the fused pass's StepOf says which of the
// two an error belongs to. The package does not know cast_value: it works
// from the numeric.Cast the next codec describes. float32/float64 data cast
// to integers of up to 32 bits with rounding "nearest-even", out_of_range
// absent or "clamp" and at most a "NaN" scalar_map entry run as a single
// loop; other pairs run block by block through a cache-sized buffer.
//
// # Speed
//
// The float loops and the common fused chains (float32 or float64 to 8-,
// 16- and 32-bit integers, nearest-even, clamp or no out_of_range) are
// written to run without bounds checks and without math.RoundToEven's
// per-element CPU-feature test. On amd64 they run as Go assembly vector
// loops (AVX2, or AVX-512 where the CPU has it and it measured faster),
// generated by tools/asmgen and chosen when the codec is resolved; a
// group of 16 elements the vector loop cannot finish exactly (a non-finite
// result, a value out of range without clamp, a NaN, a scalar_map key) is
// redone by the scalar loop, so results and errors are bit-identical in
// every build, which the tests check on adversarial inputs. Clamping stays
// in the vector loop, and results are checked for overflow once per group.
// Decoding 8-bit data (the usual quantised chain) looks each element up in
// a 256-entry table of the scalar loop's results, built at resolution:
// exact by construction, and with finite parameters no 8-bit value can
// fail, which the table settles once. The build tag noasm leaves the
// assembly out; the assembly replaces the earlier GOEXPERIMENT=simd loops,
// so each kernel has one vector implementation beside its pure-Go twin.
package scaleoffset

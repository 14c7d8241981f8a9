// Package scaleoffset implements the Zarr v3 "scale_offset" array->array
// codec and, beside it, numcodecs' FixedScaleOffset and AsType filters
// ("numcodecs.fixedscaleoffset", "numcodecs.astype").
//
// Importing the package registers the three codecs with the default
// registry (import github.com/zcodec/zcodec/codecs for the whole set).
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
// uint64, float16, bfloat16, float32 and float64; any other is a
// configuration error at resolution.
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
// Choices where the specification is silent (decisions D9-D11):
//
//   - An absent parameter is skipped, not applied as 0 or 1: with neither,
//     the codec copies bits (-0.0 and NaN payloads survive), and with only
//     a scale, decoding does not add +0 (which would turn -0.0 into +0.0).
//     A parameter that is written is always applied.
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
//     *codec.ConfigError wrapping an *ElementError. The pipeline checks
//     that it decodes back (decision D1).
//   - MarshalJSON writes offset and scale as they were given (compacted):
//     their canonical form depends on the array's data type, which an
//     unbound codec does not know.
//
// Errors on data are *ElementError values naming the element index, its
// value and the rule it breaks; they match ErrValue, and when decoding also
// codec.ErrCorrupt.
//
// # Fusion with cast_value
//
// scale_offset is usually followed by cast_value. Fuse resolves the pair
// as one array->array codec that passes over a chunk once, with the
// results, fill value and errors of the two run in turn; a resolved
// scale_offset also offers it as FuseNext(next codec.ArrayToArray)
// (codec.BoundArrayToArray, bool), for a pipeline to discover by interface
// assertion; the fused codec's StepOf(err) int says which of the two (0 or
// 1) an error belongs to. float32/float64 data cast to integers of up to 32 bits with
// rounding "nearest-even", out_of_range absent or "clamp" and at most a
// "NaN" scalar_map entry run as a single loop; other pairs run block by
// block through a cache-sized buffer.
//
// # Speed
//
// The float loops and the common fused chains (float64 to 8-, 16- and 32-bit
// integers, float32 to 16-bit integers, nearest-even, clamp or no
// out_of_range) are written to run without bounds checks and without
// math.RoundToEven's per-element CPU-feature test. Built with
// GOEXPERIMENT=simd on amd64, a CPU with AVX2 runs them as AVX2 vector
// loops instead, chosen when the codec is resolved; a group of elements the
// vector loop cannot finish exactly (a non-finite result, a value out of
// range, a NaN, a scalar_map key) is redone by the scalar loop, so results
// and errors are bit-identical in every build.
//
// # numcodecs.fixedscaleoffset
//
// Alias: "fixedscaleoffset". Configuration as numcodecs writes it (offset,
// scale and dtype required, astype optional and defaulting to dtype):
//
//	{"name": "numcodecs.fixedscaleoffset",
//	 "configuration": {"offset": 1000, "scale": 10, "dtype": "<f8", "astype": "|u1"}}
//
// The codec does what numcodecs 0.11 does with NumPy 1.24 (decision D14),
// so that chunks numcodecs wrote decode to the same numbers and numcodecs
// decodes the chunks written here; vectors made by numcodecs check it
// bit for bit. Encoding is np.around((x - offset) * scale).astype(astype)
// and decoding (enc / scale + offset).astype(dtype), where
//
//   - offset and scale are Python numbers: a JSON integer is a Python int,
//     any other JSON number a float. Integers outside [-2^63, 2^64-1] (for
//     which NumPy falls back to Python objects) and a zero scale are
//     configuration errors.
//   - Each operation is computed in the type NumPy's value-based promotion
//     gives an array and a Python scalar: float32 - 70000 computes in
//     float64, float16 - 1000 in float32, int8 - 200 in int16, any integer
//     array with a float in float64; integer arithmetic wraps. Division of
//     an integer array is float64 division.
//   - np.around rounds half to even, also when astype is a float type.
//   - astype performs NumPy's casts as compiled for x86-64, whose
//     out-of-range results C leaves undefined: float to int8, int16, int32,
//     uint8 and uint16 truncates to int32 and keeps the low bits, so values
//     within int32 wrap and others (NaN, ±Infinity included) give the low
//     bits of -2^31 (0 for the narrow types); float to uint32 splits at 2^31
//     as NumPy's vectorised loop does (its scalar loop differs outside
//     [-2^31, 2^32), so NumPy's own output there depends on the element's
//     position); float to int64 gives -2^63 out of range; float to uint64
//     splits at 2^63. Integer to integer wraps; conversions to floats round
//     to nearest-even, overflowing to ±Infinity.
//   - dtype and astype are Zarr v2 type strings ("<f8", "|u1", ">i2"; kinds
//     i, u, f); their byte order is ignored, since the bytes codec decides
//     the order of stored bytes. dtype must be the array's data type.
//   - The fill value is encoded like an element. Quantisation is lossy, so
//     the pipeline's round-trip check (D1) rejects fill values that do not
//     come back, such as NaN stored as an integer.
//
// Common cases (a float32 or float64 array kept in its own type, stored as
// integers, and decoding such arrays) run as whole-chunk loops; everything
// else runs element by element through the NumPy model.
//
// # numcodecs.astype
//
// Alias: "astype".
//
//	{"name": "numcodecs.astype", "configuration": {"encode_dtype": "<i2", "decode_dtype": "<f8"}}
//
// Encoding is x.astype(encode_dtype) and decoding enc.astype(decode_dtype),
// with the casts described above (floats to integers truncate toward zero);
// decode_dtype must be the array's data type.
package scaleoffset

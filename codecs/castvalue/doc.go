// Package castvalue implements the Zarr v3 "cast_value" array->array codec,
// which converts every element to another data type by value (not by
// reinterpreting bits), as specified in
// https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/cast_value.
//
// Importing the package registers the codec under the name "cast_value"
// (no aliases) with the default registry; importing
// github.com/zcodec/zcodec/codecs does so too.
//
//	{
//	  "name": "cast_value",
//	  "configuration": {
//	    "data_type": "uint8",
//	    "rounding": "nearest-even",
//	    "out_of_range": "clamp",
//	    "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}
//	  }
//	}
//
// # Configuration
//
//   - data_type (required): the encoded data type, a Zarr v3 name.
//   - rounding: "nearest-even" (default), "towards-zero",
//     "towards-positive", "towards-negative" or "nearest-away".
//   - out_of_range: absent (a value beyond the target's range is an
//     error), "clamp" or "wrap". "wrap" requires an integer data_type.
//   - scalar_map: {"encode": [[in, out], ...], "decode": [[in, out], ...]},
//     both optional. Each side of an entry is written in the fill-value JSON
//     of its own data type: for encode the input side is the array's data
//     type and the output side data_type; for decode the reverse.
//
// Any other key is an error, and so is every value that is not valid for
// its data type (999 or 1.5 for int8, "NaN" for an integer).
//
// Supported types on either side: int8..int64, uint8..uint64, float16,
// bfloat16, float32 and float64, every pair. bool, complex64, complex128
// and any other type are configuration errors naming the type (data_type
// when the codec is read, the array's type when it is resolved).
//
// # Per element
//
// Encoding converts from the array's data type to data_type with the
// encode map; decoding runs the same procedure from data_type back to the
// array's data type with the decode map. Rounding and out_of_range apply
// in both directions. For each element, in this order (see
// numeric.Caster):
//
//  1. scalar_map: the first entry whose input equals the element gives the
//     result, which is final.
//  2. A value the target represents exactly is kept.
//  3. Otherwise the exact value is rounded, then a result beyond the
//     target's range follows out_of_range.
//  4. Anything else is an error: a *codec.ElementError naming the element's index
//     (C order) and its value, whose Err, a *CastError, holds both types and
//     the rule (docs/decisions.md#d8).
//
// NaN and the infinities into an integer type are errors unless mapped,
// whatever out_of_range says. Between float types NaN propagates (payloads
// are not guaranteed) and the sign of zero is kept.
//
// # Choices where the specification is silent (docs/decisions.md#d2, #d5 to #d8)
//
//   - scalar_map keys match by numeric value: a "NaN" key matches every
//     NaN (any payload or sign) and a 0 key matches both -0.0 and +0.0.
//     Duplicate keys are allowed; the first wins. A mapped value is never
//     mapped again (no chaining). (docs/decisions.md#d2)
//   - Float narrowing rounds the exact value in the configured mode as if
//     the exponent were unbounded; the result is out of range iff its
//     magnitude exceeds the target's largest finite value. So float64
//     3.4028235e38 -> float32 (nearest-even) is float32's maximum, and 1e39
//     is an error unless clamped, which gives +Infinity. Every supported
//     float type has infinities, so "clamp" into a float type always means
//     +/-Infinity. (docs/decisions.md#d5)
//   - "wrap" is valid only when data_type is an integer type. Decoding into
//     a float array under "wrap" (from that integer type) rejects a value
//     beyond the float's range, e.g. int32 70000 -> float16. (docs/decisions.md#d6)
//   - Integer <-> float conversions are exact: (u)int64 -> float32/float64
//     rounds the exact integer in the configured mode, and the bounds of
//     float -> integer checks are exact powers of two (2^63 is out of range
//     for int64). nearest-away is exact (0.49999999999999994 -> 0). (docs/decisions.md#d7)
//   - The fill value is cast with the same semantics when the codec is
//     resolved; a fill that cannot be cast is a resolution error, and the
//     pipeline checks that it decodes back to an equal value (docs/decisions.md#d1), so a
//     float64 fill of 1.5 with data_type int32 fails there.
//   - "+Infinity" (used by one example of the specification) is accepted in
//     scalar_map as "Infinity" and written back as "Infinity" (docs/decisions.md#d3).
//   - data_type given as a JSON object (an extension data type) is not
//     supported and is a configuration error.
//   - On an error, the destination chunk is zeroed: no partly converted
//     chunk is ever left behind looking valid.
//
// # Speed
//
// The conversion kernel for (source type, target type, rounding,
// out_of_range) is chosen once at resolution; it runs over the chunk's
// memory as typed slices with no per-element interface call, map lookup or
// allocation. A scalar_map whose keys the conversion would reject anyway
// (NaN or an infinity into an integer type, values out of range without
// clamp or wrap) costs nothing until a key is met; other maps add a few
// comparisons per element. On little-endian hosts with element-aligned
// buffers (as the pipeline allocates them) encoding and decoding allocate
// nothing; other hosts and misaligned buffers go through small aligned
// blocks with explicit little-endian loads and stores.
package castvalue

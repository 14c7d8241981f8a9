// Package numeric is the value model of zcodec: the Zarr v3 data types
// (bool, int8..int64, uint8..uint64, float16, float32, float64, complex64,
// complex128, and the extensions bfloat16, the sub-byte integers, the
// floats of 8 bits and fewer, numpy.datetime64/timedelta64 and the text and
// byte-string types), a typed Scalar, the Zarr v3
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
// # Dates and durations
//
// numpy.datetime64 and numpy.timedelta64 elements are int64 counts of the
// type's unit times its scale factor (since 1970-01-01T00:00:00 for
// dates); NaT (-2^63) is Not a Time. Their fill values are JSON integers
// or "NaT". FormatTime gives NumPy's own text of a count (str() of the
// scalar in NumPy 1.24: ISO 8601 for dates, "10 seconds" for durations,
// including NumPy's 64-bit wrap-around for counts far out of range, so
// that output agrees with NumPy's value for value); ToTime and ToDuration
// convert exactly to time.Time and time.Duration and refuse what those
// cannot hold.
//
// # Text and byte strings
//
// The zarr-extensions types string (variable-length UTF-8), bytes
// (variable-length bytes), fixed_length_utf32 {"length_bytes": 4n},
// null_terminated_bytes {"length_bytes": n} and the core r<8n> raw bytes.
// The variable-length ones have Size 0 (IsVariableLength); their chunks
// are in the vlen form described in package codec. Elements of
// fixed_length_utf32 are little-endian UTF-32 code units, U+0000-padded
// (PutUTF32 writes one, AppendUTF32Text reads one as UTF-8, trailing
// U+0000 stripped as NumPy strips them). TextScalar and ByteStringScalar
// build scalars; Scalar.Text and Scalar.ByteString read them. Fill values:
// a JSON string for the text types; base64 (standard, padded) or an array
// of integers in [0, 255] for bytes and null_terminated_bytes, written as
// base64 (as zarr-python 3 writes them); an array of exactly n integers
// for r<8n> (Zarr v3 core), base64 of n bytes also read.
//
// # Sub-byte integers and small floats
//
// The zarr-extensions data-type registry
// (https://github.com/zarr-developers/zarr-extensions, data-types/<name>/README.md)
// defines int2 [-2, 1], int4 [-8, 7], uint2 [0, 3], uint4 [0, 15] and the
// floats below. Each element is one byte in memory: the integers
// sign-extended (int2, int4: Go int8) or zero-extended (uint2, uint4:
// uint8), the floats as the format's bits in the low bits with zeros
// above (uint8). The registry says the upper bits of a stored byte are
// ignored: ScalarFromBits, ScalarFromBytes and CanonicalizeBytes drop them.
//
//	type                 exp mant bias  infinity  NaN ("NaN" =)   -0   largest
//	float8_e3m4           3   4    3    yes       0x78            yes  15.5
//	float8_e4m3           4   3    7    yes       0x7c            yes  240
//	float8_e4m3b11fnuz    4   3   11    no        0x80 only       no   30
//	float8_e4m3fnuz       4   3    8    no        0x80 only       no   240
//	float8_e5m2           5   2   15    yes       0x7e            yes  57344
//	float8_e5m2fnuz       5   2   16    no        0x80 only       no   57344
//	float8_e8m0fnu        8   0  127    no        0xff only       no zero, no sign: 2^-127..2^127
//	float6_e2m3fn         2   3    1    no        none            yes  7.5
//	float6_e3m2fn         3   2    3    no        none            yes  28
//	float4_e2m1fn         2   1    1    no        none            yes  6
//
// The IEEE types (e3m4, e4m3, e5m2) encode infinities and NaNs at the
// largest exponent as IEEE 754 does; FloatFormat describes them, and
// FloatLayout describes every float type. Fill values follow the registry:
// "NaN" is the pattern listed, "NaN", "Infinity" and "-Infinity" are
// refused where the type has none, hex is "0x" and two digits with no bit
// set beyond the type's width, and a decimal is rounded once to
// nearest-even (an error beyond the largest finite value; for e8m0 also
// zero and negative values). Values are written as the shortest decimal
// that is the exact value as a float64 ("0.25", "240"), not the shortest
// that rounds back ("0.2" also reads as float8_e8m0fnu 0.25).
//
// Casting follows cast_value: rounding as if the exponent had no upper
// bound (subnormals at their own precision), then out_of_range. Where the
// registry leaves room, this package decides:
//
//   - clamp gives the signed infinity where the type has one, otherwise
//     the largest finite value of that sign; for float8_e8m0fnu, values
//     above 2^127 clamp to 2^127 and every value below 2^-127 (zero and
//     negative values included) to 2^-127.
//   - NaN into a type without NaN and an infinity into a type without
//     infinities fail whatever out_of_range says (cast_value: "MUST
//     error unless explicitly overridden by scalar_map").
//   - NaN into an IEEE small float keeps its sign and leading payload bits
//     (quiet); into the fnuz and e8m0 types it is their one NaN. -0 into a
//     type without -0 is +0.
//   - float8_e8m0fnu has one bit of precision: every value's significand
//     is odd, so nearest-even cannot pick an even neighbour, and a tie
//     (1.5 * 2^k) rounds away from zero, to 2^(k+1), as nearest-away does.
//
// Conversions from these types are a table of their 256 results; into
// them, each element is rounded once from its exact value (integers above
// 2^53 through a float64 rounded to odd, which keeps every mode exact).
// float32 into a small float is a look-up on the float32's sign, exponent,
// leading mantissa bits, rounding bit and sticky bit (convert_small_f32.go
// says why that is exact). Caster has no Go element types for them: use
// Cast. The tests check every value of every type, and the rounding of
// float32 and float64 inputs at every boundary in every mode and policy,
// against tables that testdata/smallfloat/gen.py writes from the registry
// definitions with exact rational arithmetic.
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
// combination is chosen once, when the Caster or Cast is made.
//
// # Speed
//
// On amd64 the common casts run as Go assembly loops over groups of 16
// elements, generated by tools/asmgen with avo and chosen when the
// Caster or Cast is made from the CPU's features (AVX2, or AVX-512 F, BW,
// DQ and VL where present and measured faster): float64/float32 to 8-, 16-
// and 32-bit integers in every rounding mode and policy, clamping inside
// the loop; int8 to int32 to float64/float32 where exact (int32 to float32
// rounds to nearest-even, as Go does); float64 to float32 in nearest-even
// (AVX-512 also towards zero, positive and negative, by embedded rounding);
// float32 to float64. A group with a value off the fast path (NaN, an
// infinity, out of range without clamp) is done by the pure-Go kernel, so
// results and errors are bit-identical in every build; the tests compare
// every loop with its pure-Go twin on adversarial inputs. Conversions from
// int8 and uint8 other than plain widenings to float look each element up
// in a ByteTable of the 256 results of the pure-Go kernel, built once.
// CPUFeatures says what this build uses. The build tag noasm leaves the
// assembly out; GODEBUG=cpu.avx512f=off (AVX2 only) or cpu.avx2=off (no
// vector loops) narrows the choice for one run. The assembly replaces the
// earlier GOEXPERIMENT=simd kernels: each kernel has one vector
// implementation beside its twin.
package numeric

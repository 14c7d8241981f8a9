// Package numcodecs implements numcodecs' array->array filters as Zarr v3
// codecs, under the names zarr-python 3 writes: "numcodecs.fixedscaleoffset",
// "numcodecs.astype", "numcodecs.delta", "numcodecs.bitround",
// "numcodecs.quantize" and "numcodecs.packbits" (each also read under its
// bare numcodecs id, such as "delta"). Each computes what numcodecs 0.11
// computes with NumPy 1.24, so that chunks numcodecs wrote decode to the
// same values and numcodecs decodes the chunks written here; vectors made
// by Debian's numcodecs 0.11 check it bit for bit (testdata/numcodecs_fso
// and testdata/numcodecs_filters, with the scripts that made them).
//
// Importing the package registers the codecs with the default registry
// (import github.com/zcodec/zcodec/codecs for the whole set).
//
// The configuration of each codec is numcodecs' own configuration object
// without "id", and MarshalJSON writes it as numcodecs' get_config() does.
// Type strings ("<f8", "|u1", ">i2", "|b1", "<c16") are NumPy's; their byte
// order is read but not used, since the bytes codec decides the order of
// the stored bytes. Every other spelling np.dtype() accepts for the same
// type and that means the same on every platform is read too: names
// ("int32", as zarr-python 3 writes for v3 arrays; "float64", "double")
// and one-character codes ("i", "d"); MarshalJSON writes the explicit type
// string ("<i4") (docs/decisions.md#d22). A dtype key names the array's
// data type and must equal it.
//
// # The NumPy model
//
// The filters are NumPy expressions, and NumPy's results depend on its
// type rules and on how its casts are compiled. The package models NumPy
// 1.24 on x86-64 (docs/decisions.md#d14):
//
//   - Python numbers (offset, scale) combine with an array by value-based
//     promotion: float32 - 70000 computes in float64, float16 - 1000 in
//     float32, int8 - 200 in int16, an integer array with a float in
//     float64; a float scalar too small for the array's type becomes 0 in
//     it. Integer arithmetic wraps; float arithmetic rounds once per
//     operation (float16 through float32, which gives the same correctly
//     rounded result); complex arithmetic is done part by part; bool "+"
//     is logical or. Division of an integer array is float64 division.
//   - np.around rounds half to even.
//   - astype, and the casts NumPy makes inside an operation: float to
//     int8, int16, int32, uint8 and uint16 truncates to int32 and keeps the
//     low bits, so values within int32 wrap and others (NaN, ±Infinity
//     included) give the low bits of -2^31 (0 for the narrow types); float
//     to uint32 splits at 2^31 as NumPy's vectorised loop does (its scalar
//     loop differs outside [-2^31, 2^32), so NumPy's own output there
//     depends on the element's position in the array); float to int64
//     gives -2^63 out of range; float to uint64 splits at 2^63. Integer to
//     integer wraps; conversions to floats round to nearest-even,
//     overflowing to ±Infinity. Anything non-zero (NaN included) is true
//     as a bool, and a bool is 0 or 1 as a number; a complex value converts
//     to a real type through its real part.
//   - Assigning a NumPy scalar into an array (Delta's first element) goes
//     through Python's int() when the array is of a signed integer type:
//     the value is truncated toward zero and wrapped to the type's width,
//     and NaN, ±Infinity and values beyond int64 make NumPy raise. Other
//     targets convert as astype.
//
// Where numcodecs' encode raises, EncodeArray returns a *codec.ElementError
// (matching ErrValue); decoding never fails except on corrupt packbits
// chunks.
//
// # Fill values
//
// (docs/decisions.md#d17) In Zarr v2 a fill value never passed through filters, so an array
// written with one of these codecs may have a fill value the filter cannot
// carry (the usual NaN with an integer fixedscaleoffset). The encoded fill
// value of each codec is what numcodecs' encode gives a chunk of fill
// values, element by element (for Delta its first element, for PackBits the
// byte eight fill values pack into); where numcodecs' encode raises for the
// fill, it is NumPy's astype of the fill. The pipeline still checks the
// round trip and reports it, but every codec here is a
// codec.FillRoundTripAdvisor whose FillRoundTripAdvisory returns true, so a
// failure is a warning in every mode: a reader fills missing chunks with the array's own fill
// value and never needs the encoded one.
//
// # numcodecs.fixedscaleoffset
//
// Alias "fixedscaleoffset". offset, scale and dtype are required, astype is
// optional and defaults to dtype; dtype and astype are integer or float
// types:
//
//	{"name": "numcodecs.fixedscaleoffset",
//	 "configuration": {"offset": 1000, "scale": 10, "dtype": "<f8", "astype": "|u1"}}
//
// Encoding is np.around((x - offset) * scale).astype(astype) and decoding
// (enc / scale + offset).astype(dtype). offset and scale are Python
// numbers: a JSON integer is a Python int, any other JSON number a float.
// Integers outside [-2^63, 2^64-1] (for which NumPy falls back to Python
// objects) and a zero scale are configuration errors. Common cases run
// as whole-chunk loops: encoding a float32 or float64 array kept in its
// own type into integers (blocks of (x - offset) * scale cast by numeric,
// nearest-even, with the elements whose NumPy result is not a rounding,
// NaN, infinities and values beyond the stored type, redone by the NumPy
// model), decoding any array from |u1 or |i1 (a table of the model's 256
// results), and decoding other integers into float32 or float64 arrays;
// everything else runs element by element through the NumPy model.
//
// # numcodecs.astype
//
// Alias "astype". Both keys are required integer or float types:
//
//	{"name": "numcodecs.astype", "configuration": {"encode_dtype": "<i2", "decode_dtype": "<f8"}}
//
// Encoding is x.astype(encode_dtype) and decoding enc.astype(decode_dtype)
// (floats to integers truncate toward zero); decode_dtype must be the
// array's data type. Every pair of types converts as a whole-chunk loop
// (numeric's vector casts), which hands the values whose NumPy result is
// not a plain rounding (NaN, infinities and values beyond an integer
// target) to the NumPy model; equal types copy the bytes, as NumPy does,
// signalling NaNs included.
//
// # numcodecs.delta
//
// Alias "delta". dtype is required and astype defaults to it; both may be
// bool, integer, float or complex types:
//
//	{"name": "numcodecs.delta", "configuration": {"dtype": "<i4", "astype": "<i4"}}
//
// Over the chunk in C order, encoding stores the first element (assigned,
// see above) and then each element minus the one before, computed in dtype
// (wrapping for integers; for bools np.diff's not_equal) and cast to
// astype. Decoding is np.cumsum(enc, out=dec): the running sum is kept in
// the type NumPy promotes astype and dtype to (float64 for an int16 array
// stored as float64, so stored fractions accumulate before the cast) and
// each partial sum is cast to dtype. For bools the sum is logical or, so
// numcodecs' Delta does not invert its own encoding of a bool array; this
// codec reproduces that. The encoded data type is astype. zarr-python 3
// keeps the array's data type as the encoded type even when astype
// differs, and so cannot read back such arrays; this codec stores astype
// elements, as numcodecs does. When dtype and astype are the same integer,
// float32 or float64 type, whole-chunk loops run; other pairs go element by
// element through the NumPy model.
//
// # numcodecs.bitround
//
// Alias "bitround". keepbits, a non-negative integer, is required:
//
//	{"name": "numcodecs.bitround", "configuration": {"keepbits": 7}}
//
// The array must be float16, float32 or float64 with at least keepbits
// mantissa bits (10, 23, 52); keepbits equal to that is the identity.
// Encoding rounds each element's mantissa to keepbits bits, half to even,
// on the element's bits as a signed integer of its width, exactly as
// numcodecs does: so a value can round up to ±Infinity, and a NaN's bits
// can round into an infinity or (float16, keepbits 0) into -0.0. The data
// type does not change and decoding is the identity.
//
// # numcodecs.quantize
//
// Alias "quantize". digits (an integer) and dtype are required, astype
// defaults to dtype; both are float types:
//
//	{"name": "numcodecs.quantize", "configuration": {"digits": 2, "dtype": "<f8"}}
//
// Encoding is (np.around(scale * x) / scale).astype(astype), where scale is
// the power of two 2^ceil(log2(10^digits)) (128 for two digits); the
// product computes in the type NumPy gives the array and that Python float,
// which is float64 when the scale is beyond the array's type. Decoding is
// enc.astype(dtype), a copy of the bytes when the types are equal (as
// NumPy copies) and astype's loop otherwise. digits for which numcodecs'
// encode raises, outside [-308, 307], are a configuration error. float32
// and float64 arrays computed in their own type encode as whole-chunk
// loops; the rest goes through the NumPy model.
//
// # numcodecs.packbits
//
// Read only under this name: "packbits" is the zarr-extensions codec of
// package codecs/packbits, whose bit order differs (docs/decisions.md#d26).
// The configuration is empty:
//
//	{"name": "numcodecs.packbits", "configuration": {}}
//
// The array must be bool. A chunk of n elements encodes to 1 + ceil(n/8)
// uint8 elements (a one-dimensional encoded shape, as zarr-python 3
// declares it): the number of padding bits in the last byte, then the
// elements in C order eight to a byte, the first in the most significant
// bit, as np.packbits; padding bits are zero. Any non-zero byte of the
// decoded chunk is true. Decoding gives bytes 0 and 1 and ignores the
// padding bits, as numcodecs does; a padding count other than the one the
// chunk shape gives is a *codec.CorruptError. Zarr chunks have at least
// one element, so the empty chunk numcodecs also handles does not arise.
//
// # Vector loops
//
// The encode loops of delta (same dtype and astype: every integer type,
// float32, float64), bitround (float16, float32, float64) and packbits, and
// the decode loops of packbits and of delta over integers (a running sum
// in vectors; float sums stay sequential, in NumPy's order), run
// in Go assembly (vec_amd64.s, generated by tools/asmgen with avo) on
// AVX2 and AVX-512 CPUs, chosen at run time by internal/cpufeat: the
// compiler does not vectorise these loops, and NumPy's SIMD loops ran up to
// 1.4x ahead of the Go ones. Every assembly loop has its Go twin, which the
// noasm build tag and other CPUs run, and the tests compare the two bit for
// bit on adversarial inputs (NaN payloads, infinities, wrap-around, every
// maskbits, bytes other than 0 and 1). TestPeerSpeed, opt-in with
// ZCODEC_PEER_SPEED, times the three filters against numcodecs 0.11 in
// process CPU time, interleaved.
package numcodecs

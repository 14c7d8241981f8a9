// Package numcodecs implements numcodecs' array->array filters as Zarr v3
// codecs, under the names zarr-python 3 writes: "numcodecs.fixedscaleoffset"
// and "numcodecs.astype". Each computes what numcodecs 0.11 computes with
// NumPy 1.24, so that chunks numcodecs wrote decode to the same values and
// numcodecs decodes the chunks written here; vectors made by numcodecs check
// it bit for bit. The NumPy model they share (value-based type promotion of
// an array with a Python scalar, arithmetic that wraps, np.around, astype
// casts as compiled for x86-64) lives in this package.
//
// Importing the package registers the codecs with the default registry
// (import github.com/zcodec/zcodec/codecs for the whole set).
//
// The configuration of each codec is numcodecs' own configuration object
// without "id". Type strings ("<f8", "|u1", ">i2") are NumPy's; their byte
// order is read but not used, since the bytes codec decides the order of
// the stored bytes.
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
package numcodecs

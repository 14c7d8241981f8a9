// Package cf encodes and decodes the CF / xarray `_FillValue` attribute of
// a Zarr v3 array and consolidates an HDF5 or netCDF dataset's fill values
// into Zarr's two fill concepts.
//
// Spec: the `_FillValue` attribute extension of zarr-extensions
// (https://github.com/zarr-developers/zarr-extensions, attributes/_FillValue,
// open PR #24), which documents xarray's FillValueCoder. Zarr's
// `fill_value` is what an unwritten chunk reads as; the `_FillValue`
// attribute is the sentinel that CF readers mask as missing inside written
// chunks. The two are independent and often differ.
//
// # Attribute encoding (Encode, Decode)
//
//   - float16, bfloat16, float32, float64: the value widened exactly to
//     float64, its 8 little-endian bytes in standard Base64 with padding
//     (float32 max 3.4028234663852886e38 -> "AAAA4P//70c=", 1.5 ->
//     "AAAAAAAA+D8=", NaN -> "AAAAAAAA+H8=").
//   - complex64, complex128: [Base64(real), Base64(imaginary)], each part as
//     a float.
//   - integers: a JSON integer (64-bit values exactly).
//   - bool: true or false.
//   - byte strings and text strings (EncodeBytes, EncodeString): Base64 of
//     the bytes, and the string itself.
//
// For example, the `_FillValue` of an ICESat-2 ATL06 float32 variable
// (3.4028235e38, float32 max) is stored as
//
//	{"data_type": "float32", "fill_value": 3.4028234663852886e+38,
//	 "attributes": {"_FillValue": "AAAA4P//70c="}}
//
// The async-hdf5 fill-value note gives "AAAAAn9/f0A=" for this value; those
// bytes are the float64 503.96850776672363, so the note is wrong and this
// package follows the rule (checked with Python's struct and base64 in
// testdata/cf).
//
// Decode is strict where the convention is: a float attribute must be a
// Base64 string of exactly 8 bytes (a plain JSON number is an error that
// says so; use Cast for plain values), an integer attribute a JSON integer
// in range. A decoded float64 is rounded to the array's float type with
// ties to even, as NumPy's astype does; a finite value beyond the type's
// range is an error rather than Infinity.
//
// # Casting plain values (Cast)
//
// HDF5 and netCDF store `_FillValue` as a plain typed value, sometimes of
// another type than the variable. Cast converts such a value, written as a
// JSON number, true/false, "NaN", "Infinity", "-Infinity", "0x..." hex or
// [re, im], to the array's data type by value: integers must be integral
// and in range (3.0 is 3; 1.5 and -9999 for uint8 are *RangeError values,
// where NumPy would truncate or wrap), floats round to nearest even and a
// finite value beyond the largest finite one is a *RangeError (NumPy gives
// Infinity).
//
// # Consolidation (Consolidate)
//
// Following async-hdf5's rules: the Zarr fill_value is the header fill
// value when the dataset defines one, otherwise the data type's zero; the
// `_FillValue` attribute never overrides it. The `_FillValue` attribute is
// cast to the data type and encoded as above; one that does not fit is
// dropped with a warning (a codec.Warning at "/attributes/_FillValue"; the
// data stay readable, masking is lost).
// `missing_value` is kept as the plain value it was (xarray does not decode
// it). Every other attribute passes through unchanged.
package cf

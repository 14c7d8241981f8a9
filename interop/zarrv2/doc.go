// Package zarrv2 converts Zarr v2 array metadata (.zarray) to Zarr v3
// (zarr.json) whose codec chain decodes the array's existing chunks
// unchanged.
//
// Specs: Zarr v2 (https://zarr-specs.readthedocs.io/en/latest/v2/v2.0.html),
// Zarr v3 core, the numcodecs codec names of zarr-extensions, the
// `_FillValue` attribute extension, and netcdf-c's NCZarr spelling of
// codec parameters. Checked against arrays written by zarr 2.13 with
// numcodecs 0.11 (testdata/zarrv2).
//
// # Mapping
//
//	.zarray                       zarr.json
//	dtype "<f4" / ">i2" / "|u1"   data_type float32 / int16 / uint8, and the bytes
//	                              codec's endian (none for one-byte types)
//	shape, chunks                 shape, regular chunk_grid
//	dimension_separator (".")     chunk_key_encoding {"name": "v2", "configuration": {"separator": ...}}
//	order "C"                     nothing
//	order "F"                     transpose {"order": [n-1, ..., 0]} first (needs a transpose codec)
//	filters[...] then compressor  codecs after bytes, in that order
//	zlib {level}                  numcodecs.zlib {level}
//	gzip {level}                  gzip {level} (the core codec: the same RFC 1952 format)
//	bz2 {level}                   numcodecs.bz2 {level}
//	lz4 {acceleration}            numcodecs.lz4 {acceleration}
//	zstd {level[, checksum]}      zstd {level, checksum}
//	shuffle {elementsize}         numcodecs.shuffle {elementsize}; 0 means the dtype's size
//	fixedscaleoffset {...}        numcodecs.fixedscaleoffset, before bytes, whose
//	                              endian then follows astype
//	blosc, delta, quantize, ...   an *Error naming the codec
//
// Codec parameters may be JSON numbers or JSON strings holding numbers, as
// netcdf-c writes them ({"id": "zlib", "level": "5"}, {"id": "shuffle",
// "elementsize": "0"}). Any key a codec does not define is an error, as is
// any unknown .zarray key.
//
// Example: the .zarray
//
//	{"chunks": [4, 4], "compressor": {"id": "zlib", "level": 5}, "dtype": "<f4",
//	 "fill_value": "NaN", "filters": [{"elementsize": 4, "id": "shuffle"}],
//	 "order": "C", "shape": [10, 7], "zarr_format": 2}
//
// becomes a float32 array with fill_value "NaN" and the codecs
//
//	[{"name": "bytes", "configuration": {"endian": "little"}},
//	 {"name": "numcodecs.shuffle", "configuration": {"elementsize": 4}},
//	 {"name": "numcodecs.zlib", "configuration": {"level": 5}}]
//
// # Fill values
//
// fill_value is read by value for the dtype (v2 writes "NaN", "Infinity",
// "-Infinity", numbers, booleans and [re, im]). A null fill_value is an
// error unless Options.FillValue supplies one: Zarr v3 requires a fill value
// and the `_FillValue` convention recommends asking the user rather than
// guessing. With Options.Xarray (arrays written by xarray, which used
// fill_value as the CF `_FillValue`), a non-null fill_value is also written
// as the `_FillValue` attribute in xarray's encoding, as the convention
// recommends; fill_value is kept as well, so unwritten chunks read the same
// values as before.
package zarrv2

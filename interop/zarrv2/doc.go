// Package zarrv2 converts Zarr v2 array metadata (.zarray, and the
// attributes of .zattrs) to Zarr v3 array metadata whose codec chain
// decodes the array's existing chunks unchanged.
//
// Specs: Zarr v2 (https://zarr-specs.readthedocs.io/en/latest/v2/v2.0.html),
// Zarr v3 core, the numcodecs codec names of zarr-extensions
// (numcodecs.<id>, as zarr-python 3 writes them), the `_FillValue`
// attribute extension, and netcdf-c's NCZarr spelling of codec parameters.
// Checked against arrays written by zarr 2.13 with numcodecs 0.11 and by
// netcdf-c 4.9.0 (testdata/zarrv2).
//
// Convert returns a *metadata.Array of typed codecs built by a registry
// (Options.Registry, or registry.Default(), which holds the standard set
// once the program imports github.com/zcodec/zcodec/codecs, as this package
// does not) with its pipeline resolved; Array.MarshalJSON writes the
// zarr.json. A codec the registry does not know is an *Error wrapping the
// registry's error, so errors.Is(err, codec.ErrUnknownCodec) tells a codec
// missing from the registry.
//
// # Mapping
//
//	.zarray                       zarr.json
//	dtype "<f4" / ">i2" / "|u1"   data_type float32 / int16 / uint8 (NumPy type strings
//	                              as internal/npdtype reads them), and the bytes codec's
//	                              endian (none for one-byte types)
//	dtype "<M8[ns]" / ">m8[10s]"  numpy.datetime64 / numpy.timedelta64 with that unit and
//	                              scale_factor ("<M8" alone: unit "generic"); endian as above
//	dtype "<U n" / ">U n"         fixed_length_utf32 {"length_bytes": 4n} and the bytes
//	                              codec's endian (fill_value: the string)
//	dtype "|S n", "|V n"          null_terminated_bytes {"length_bytes": n}, r<8n> (fill_value:
//	                              base64, as zarr 2 writes it; null: the empty string, with a
//	                              warning, docs/decisions.md#d29)
//	dtype "<U1" with              null_terminated_bytes {"length_bytes": 1}, with a warning:
//	  _NCZARR_ARRAY               netcdf-c 4.9 stores its char data one byte per element
//	dtype "|O", filters[0] the    the object codec is the array->bytes codec (in place of
//	  object codec                bytes): vlen-utf8 -> string + vlen-utf8, vlen-bytes -> bytes +
//	                              vlen-bytes, vlen-array -> bytes + numcodecs.vlen-array, json2
//	                              and msgpack2 -> string + numcodecs.json2 / .msgpack2
//	                              (msgpack2 -> bytes with "raw": true or Options.MsgPackBytes),
//	                              categorize -> string + numcodecs.categorize; the
//	                              other filters follow it as bytes->bytes codecs. fill_value 0
//	                              or null (zarr 2's defaults, stored as empty by numcodecs)
//	                              reads as the empty value, with a warning; pickle is refused
//	dtype "<U n" + categorize     fixed_length_utf32 + numcodecs.categorize (the first filter,
//	  first filter                the array->bytes codec); fill_value read as for any <U n
//	shape, chunks                 shape, regular chunk_grid
//	dimension_separator (".")     chunk_key_encoding {"name": "v2", "configuration": {"separator": ...}}
//	order "C"                     nothing
//	order "F"                     transpose {"order": [n-1, ..., 0]} first (rank 1: nothing),
//	                              object arrays too: zarr 2 stores each chunk's elements in
//	                              Fortran order; json2 and msgpack2 chunks are read as zarr 2.13
//	                              reads them (their nested lists' elements in Fortran order, though
//	                              zarr wrote them in C order) and written with the nesting of the
//	                              transposed chunk, which zarr 2.13 reads the same
//	filters[...] then compressor  in that order: array->array codecs before bytes,
//	                              bytes->bytes codecs after it
//	{"id": X, params...}          numcodecs.X with params as its configuration, except:
//	blosc                         the core blosc codec: cname, clevel, blocksize as given,
//	                              shuffle 0/1/2 as "noshuffle"/"shuffle"/"bitshuffle", -1
//	                              (AUTOSHUFFLE) as "bitshuffle" for one-byte items and
//	                              "shuffle" otherwise (numcodecs' rule), typesize the item
//	                              size of the data it compresses; any other shuffle value
//	                              stays numcodecs.blosc
//	zstd                          the core zstd codec {level[, checksum]}
//	gzip {level 0..9}             the core gzip codec (the same RFC 1952 format); another
//	                              level stays numcodecs.gzip
//
// This is zarr-python 3's migration mapping (zarr.metadata.migrate_v3),
// with typesize taken after the filters, where numcodecs takes it.
// Whether a numcodecs codec is an array->array filter or a bytes->bytes
// one is what the registered codec says. The bytes codec stores the data
// type the array->array filters produce; its byte order is that of the
// last filter's output type ("astype", or numcodecs.astype's
// "encode_dtype") when it names one, the dtype's otherwise. An
// array->array filter after a bytes->bytes one has no Zarr v3 chain and
// is an error.
//
// Codec parameters may be JSON numbers or JSON strings holding numbers, as
// netcdf-c writes them ({"id": "zlib", "level": "5"}); such strings become
// numbers. netcdf-c's shuffle "elementsize": "0" means the type's size and
// becomes it; numcodecs' own numeric 0 copies the bytes, as
// numcodecs.Shuffle(0) does, and stays 0. Any key a codec does not define
// is an error (the registry's), as is any unknown .zarray key.
//
// netcdf-c's NCZarr metadata in .zarray (_NCZARR_ARRAY, or any key starting
// with _nczarr_ in any case) is kept as an attribute of the same name with
// a note in Result.Warnings at the key's pointer ("/_NCZARR_ARRAY");
// zcodec does not use it
// (docs/decisions.md#d19). Its .zattrs keys pass through with the other
// attributes.
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
// "-Infinity", numbers, booleans and [re, im]; for datetime64 and
// timedelta64 the int64 count, NaT as -9223372036854775808, written as
// "NaT" in v3). A null fill_value is an
// error unless Options.FillValue supplies one: Zarr v3 requires a fill value
// and the `_FillValue` convention recommends asking the user rather than
// guessing. With Options.Xarray (arrays written by xarray, which used
// fill_value as the CF `_FillValue`), a non-null fill_value is also written
// as the `_FillValue` attribute in xarray's encoding, as the convention
// recommends (for dates and durations, the count as a JSON integer);
// fill_value is kept as well, so unwritten chunks read the same
// values as before (a `_FillValue` among Options.Attributes is replaced, with
// a warning at "/fill_value").
//
// # Warnings
//
// Result.Warnings are codec.Warning values whose Pointer, like Error's, is
// into the .zarray. The chain is resolved for reading existing chunks, so
// a fill value that does not survive it is a warning
// (docs/decisions.md#d17) at the entry of the codec concerned:
//
//	/filters/0: numcodecs.fixedscaleoffset: fill value "NaN" (float64) encodes to 0 (uint8) but decodes back to 100
package zarrv2

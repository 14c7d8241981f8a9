// Package hdf5 maps HDF5 chunked datasets to Zarr v3: a dataset's filter
// pipeline to a codec chain that decodes its stored chunks unchanged
// (Codecs, Translate), and a resolved Zarr codec chain back to an HDF5
// filter pipeline (FiltersFromPipeline).
//
// References: HDF5's filter pipeline (H5Pset_filter, H5Z), the registered
// filter list (https://github.com/HDFGroup/hdf5_plugins/blob/master/docs/RegisteredFilterPlugins.md),
// NCZarr's HDF5 id <-> codec JSON proposal, HDF5's blosc filter
// (https://github.com/Blosc/hdf5-blosc), and the byte formats observed
// with h5py 3.7 / HDF5 1.10.8 / hdf5-filter-plugin / the blosc plugin on
// c-blosc 1.21 (testdata/hdf5).
// Both directions work on typed codecs: Codecs builds each codec through
// the default registry (the codec's own factory checks its
// configuration), and FiltersFromPipeline reads the codecs of a resolved
// pipeline, so what it maps is what the chain does to the bytes.
//
// # Dataset description
//
// ParseDescription reads a JSON object with exactly these keys:
//
//	{
//	  "data_type": "<f4",
//	  "shape": [20, 30],
//	  "chunks": [8, 16],
//	  "filters": [
//	    {"id": 2, "flags": 1, "cd_values": [4], "name": "shuffle"},
//	    {"id": 1, "flags": 1, "cd_values": [4], "name": "deflate"}
//	  ],
//	  "fill_value": "ffff7f7f",
//	  "attributes": {"_FillValue": 3.4028234663852886e+38, "units": "m"}
//	}
//
// data_type is a Zarr v3 name (elements stored little-endian) or a NumPy
// type string ("<f4", ">i2", "|u1"; read by internal/npdtype). shape
// and chunks have the same rank, 1 to 32; a chunk holds at most 16 GiB.
// filters are in pipeline (writing) order, at most 32; "flags" defaults to
// 0 and "name" is optional. fill_value is the header fill value as hex of
// its raw bytes in the dataset's byte order, or null/absent when the
// header defines none. attributes are JSON values; write NaN and infinities
// as the strings "NaN", "Infinity", "-Infinity" (bare NaN is not JSON). Any
// other key, a duplicate key, or a value of the wrong type is a
// *DescriptionError naming the JSON pointer.
//
// # Filters
//
// The chain is the bytes codec with the dataset's byte order, then one codec
// per filter in pipeline order:
//
//	id     HDF5 filter   zcodec
//	1      deflate       numcodecs.zlib {level: cd_values[0]}
//	2      shuffle       numcodecs.shuffle {elementsize: cd_values[0], or the type size}
//	3      fletcher32    numcodecs.fletcher32 (HDF5's checksum, see package codecs/checksum32)
//	4      szip          zcodec.hdf5_szip {options_mask, pixels_per_block, bits_per_pixel, pixels_per_scanline: cd_values[0..3]} (see package codecs/hdf5szip)
//	5      nbit          zcodec.hdf5_nbit (integer types; see package codecs/hdf5nbit)
//	6      scaleoffset   zcodec.hdf5_scaleoffset (see package codecs/hdf5scaleoffset; not Zarr's scale_offset)
//	307    bzip2         numcodecs.bz2 {level: cd_values[0], default 9}
//	32000  lzf           zcodec.hdf5_lzf (see package codecs/hdf5lzf)
//	32001  blosc         blosc {cname, clevel, shuffle, typesize: cd_values[2], blocksize: 0} (see below)
//	32004  lz4           zcodec.hdf5_lz4 {blocksize: cd_values[0]} (HDF5's framing, see package codecs/hdf5lz4)
//	32008  bitshuffle    zcodec.hdf5_bitshuffle {elementsize, blocksize, compression, level} (see package codecs/hdf5bitshuffle)
//	32015  zstd          zstd {level: int32(cd_values[0]), checksum: false}
//	32013  zfp           error: no ZFP codec yet
//	other                error naming the filter
//
// The zcodec.hdf5_* codecs are HDF5's own formats, read and written by
// zcodec alone: a conversion that copies such chunks unchanged writes an
// array only zcodec reads (convert --codecs re-encodes it for other
// clients).
//
// HDF5's shuffle copies the bytes after the last whole element unchanged
// where numcodecs.shuffle rejects such a length, so a shuffle that does not
// see a whole number of elements (after a compressor, or after fletcher32
// with 8- or 16-byte elements) is an error rather than a chain that would
// fail on every chunk. HDF5 itself keeps the order it was given: h5py puts
// fletcher32 last, netCDF-4 first; both orders are mapped as given.
//
// # Blosc
//
// HDF5's blosc filter stores each chunk as one c-blosc 1.x frame, read by
// package codecs/blosc. Its cd_values are [filter revision, Blosc format
// version, type size, chunk bytes, clevel, shuffle, compressor code]: the
// filter fills in the first four itself when a dataset is created (the
// type size is the element size of the dataset, or 1 above 255; the chunk
// bytes are the chunk's size before any filter), and the last three are
// optional, with defaults clevel 5, shuffle 1 and compressor 0. They map
// to the blosc codec with cname by c-blosc's compressor code (0 blosclz,
// 1 lz4, 2 lz4hc, 3 snappy, 4 zlib, 5 zstd), clevel as given (0 to 9),
// shuffle 0 "noshuffle", 1 "shuffle", 2 "bitshuffle", typesize
// cd_values[2], and blocksize 0, as the filter lets c-blosc choose the
// block size. The revision, the format version and the chunk bytes are not
// read (every frame records its own version and sizes); fewer than 4 or
// more than 7 values, a type size of 0, and a clevel, shuffle or
// compressor code outside those ranges are a *FilterError.
//
// The filter gives c-blosc an output buffer no larger than the chunk: a
// chunk that does not compress fails the filter, and every chunk does at
// clevel 0. h5py marks the filter optional, so HDF5 then stores the chunk
// without it and sets its filter_mask bit (see below).
//
// # Optional filters
//
// A filter with flags bit 0 (H5Z_FLAG_OPTIONAL; h5py and netCDF set it on
// deflate and shuffle) may be skipped for a chunk, which the chunk's
// filter_mask records (bit i: filter i skipped). A Zarr array has one chain
// for every chunk, so Translate writes the chain of filter_mask 0 and warns
// about each optional filter (a codec.Warning in Translation.Warnings at
// its pointer in the description, "/filters/i"); a chunk with another mask decodes with
// Codecs(dt, endian, filters, mask), which leaves the skipped filters out.
// HDF5 honours the mask for mandatory filters too, and so does Codecs.
//
// # Fill values and attributes
//
// Translate consolidates fill values as package cf does: Zarr's fill_value
// is the header fill value (the type's zero when there is none), the
// `_FillValue` attribute is cast to the data type and encoded for xarray
// (or dropped with a warning at "/attributes/_FillValue" when it does not
// fit), `missing_value` and
// all other attributes pass through.
//
// # Reverse mapping
//
// FiltersFromPipeline maps the bytes->bytes codecs of a resolved chain
// back: numcodecs.zlib -> 1 (level -1, zlib's default, becomes 6),
// numcodecs.shuffle -> 2, numcodecs.fletcher32 and zcodec.hdf5_fletcher32 -> 3,
// zcodec.hdf5_szip -> 4, zcodec.hdf5_nbit -> 5, zcodec.hdf5_scaleoffset -> 6,
// zcodec.hdf5_lzf -> 32000, zcodec.hdf5_bitshuffle -> 32008 (each with the
// cd_values it records), numcodecs.bz2 -> 307
// (the codec's own level, 1 by default), zstd -> 32015 (a checksum is noted:
// HDF5 writes frames without one, which the chain reads), zcodec.hdf5_lz4 ->
// 32004, blosc and numcodecs.blosc -> 32001. The bytes codec gives the
// dataset's byte order. Every filter is written mandatory (flags 0) so that
// every chunk runs it.
//
// blosc and numcodecs.blosc map by the settings they resolved to in the
// chain (a shuffle or typesize left to the array filled in), to the
// cd_values HDF5 records: [2, 2, the element size (1 above 255), the chunk
// bytes, clevel, shuffle, compressor code]. HDF5's filter always shuffles
// with the dataset's element size and lets c-blosc choose the block size,
// so a typesize other than the element size, or a blocksize, is noted: the
// frames then differ from the chain's, and each side reads the other's.
// clevel 0 is a *FilterError, since the filter writes no chunk at clevel 0.
// A mandatory blosc filter also fails HDF5's write of a chunk that does not
// compress, where the chain stores it in a frame 16 bytes longer; an
// optional one would store such a chunk unfiltered, which the chain does
// not read, so the filter stays mandatory and the failure stays loud.
//
// numcodecs.shuffle maps by the element size it resolved to: the dataset's
// element size gives shuffle with that size; a size of 0 or 1 copies the
// bytes, which HDF5's shuffle does only for one-byte types, so for wider
// types the pipeline gets no shuffle filter and a note says why; any other
// size, or a shuffle after a compressor, is a *FilterError. gzip,
// numcodecs.lz4, crc32c, sharding and every array->array codec
// (scale_offset, cast_value, transpose, numcodecs.fixedscaleoffset, ...)
// are a *FilterError that says why. Codec names the registry does not know
// never reach this function: reading the zarr.json (metadata.Parse) refuses
// them with the registry's error.
//
// For every filter id mapped here, HDF5 filters -> Translate -> zarr.json ->
// FiltersFromPipeline gives the original pipeline back (flags aside, blosc's
// defaulted cd_values written out, and blosc at clevel 0, a *FilterError,
// excepted), and a chain of these
// codecs -> filters -> Codecs gives an equal chain (tested on random
// pipelines, and on the pipelines of the blosc vectors written by HDF5).
package hdf5

// Package hdf5lz4 is the zcodec.hdf5_lz4 codec: the framing of HDF5's LZ4 filter
// plugin (HDF5 filter id 32004, hdf5-filter-plugin's libh5lz4) as a Zarr v3
// bytes->bytes codec, so that chunks written by HDF5 with that filter decode
// unchanged.
//
// Spec: the HDF5 LZ4 filter (https://github.com/HDFGroup/hdf5_plugins,
// LZ4/src/H5Zlz4.c, registered as filter 32004). There is no Zarr
// specification for this framing, hence the name in zcodec's own namespace.
// It is not numcodecs.lz4, which is a 4-byte little-endian length and one
// block.
//
// Name: "zcodec.hdf5_lz4". Aliases: none.
// Configuration: {"blocksize": N}, optional: the uncompressed size of each
// block in bytes, 1 to 2113929216 (LZ4's largest input); absent or 0 means
// the filter's default of 1 GiB. It is HDF5's cd_values[0] and matters only
// when encoding: a decoder reads the block size from each chunk.
//
//	{"name": "zcodec.hdf5_lz4", "configuration": {"blocksize": 65536}}
//
// # Format
//
// A chunk is an 8-byte big-endian total decoded size, a 4-byte big-endian
// block size (the configured size, or the total when that is smaller), then
// for each block of that size (the last one may be shorter) a 4-byte
// big-endian length and that many bytes: one raw LZ4 block, or the block's
// bytes stored as they are when the length equals the block's size (the
// filter stores a block raw when LZ4 does not shrink it).
//
// Decoding checks the total against the size the chunk must have before
// allocating anything, and every block length against the bytes left; a
// block that does not decode to exactly its size is a *codec.CorruptError.
// Bytes after the last block are ignored, as the HDF5 filter ignores them.
// Encoding uses pierrec/lz4's block compressor; its blocks are valid LZ4
// that the HDF5 filter decodes, though not necessarily byte-identical to
// what the C library writes.
package hdf5lz4

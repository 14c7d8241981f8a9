// Package hdf5bitshuffle is the zcodec.hdf5_bitshuffle codec: the bitshuffle
// HDF5 filter (HDF5 filter id 32008, the bitshuffle library's
// bshuf_h5filter; hdf5plugin.Bitshuffle in Python) as a Zarr v3
// bytes->bytes codec, so that chunks HDF5 stored with it decode unchanged.
// It is pure Go: LZ4 blocks through pierrec/lz4, zstd frames through
// package codecs/zstd.
//
// Spec: the bitshuffle library, https://github.com/kiyo-masui/bitshuffle
// (src/bshuf_h5filter.c for the chunk format, src/bitshuffle.c and
// src/bitshuffle_core.c for the blocks and the bit transpose). There is no
// Zarr specification for the codec, hence the name in zcodec's own
// namespace. It is not blosc's bit shuffle, which blosc applies inside its
// own frames.
//
// Name: "zcodec.hdf5_bitshuffle". Aliases: none. Configuration:
//
//	{"name": "zcodec.hdf5_bitshuffle",
//	 "configuration": {"elementsize": 4, "blocksize": 0, "compression": "lz4"}}
//
// The keys:
//
//   - "compression" (required): "none", "lz4" or "zstd"; the filter's
//     cd_values[4] (0, 2, 3).
//   - "elementsize" (optional): the element size in bytes, 1 to 2^20; absent
//     or 0 means the size of the chain's data type. The filter's
//     cd_values[2].
//   - "blocksize" (optional): elements per block, a multiple of 8; absent or
//     0 means the filter's default, DefaultBlockSize: 8192 bytes' worth of
//     elements rounded down to a multiple of 8, at least 128. The filter's
//     cd_values[3].
//   - "level" (optional, zstd only): libzstd's level, -131072 to 22; absent
//     or 0 means 3. The filter's cd_values[5].
//
// MarshalJSON writes the compression and the other keys that are not 0.
//
// # Format
//
// The n elements of a chunk (es bytes each) split into blocks of the block
// size, then one shorter block of the largest multiple of 8 elements left,
// then fewer than 8 trailing elements. Each block is bit-transposed: for a
// block of m elements, 8*es bit planes of m/8 bytes, plane 8*b+k holding
// bit k (least significant first) of byte b of every element, element i in
// bit i%8 of byte i/8. The trailing elements are stored as they are.
//
//   - "none": the transposed blocks, then the trailing elements: a chunk of
//     the decoded size, with no header. Decoding depends on the configured
//     block size, which nothing in the chunk records.
//   - "lz4" and "zstd": a 12-byte big-endian header, the decoded size (8
//     bytes) and the block size in bytes (4 bytes: elements times es); then
//     for each block a 4-byte big-endian length and that many bytes, one
//     raw LZ4 block (LZ4_compress_default's) or one zstd frame
//     (ZSTD_compress's) holding the transposed block; then the trailing
//     elements. Blocks are always compressed, never stored raw.
//
// # Choices
//
//   - Decoding reads the block size from the header as the filter does:
//     whole elements of the recorded bytes, 0 meaning the default, and any
//     count that is not a multiple of 8 a *codec.CorruptError. The decoded
//     size in the header must be the size the chain expects (at most the
//     chain's maximum when that is variable) and a whole number of
//     elements, checked before anything is allocated; then each block must
//     fit the bytes left and decompress to exactly its size. Bytes after
//     the trailing elements are ignored, as the filter ignores them.
//     Decoding allocates the chunk and one block of scratch, which is
//     pooled.
//   - Encoding writes the bytes the filter writes for none and lz4 (its LZ4
//     blocks come from pierrec/lz4's port of LZ4_compress_default; the
//     tests hold this against chunks HDF5 wrote). zstd frames come from
//     codecs/zstd's engine (klauspost/compress by default) at the
//     configured level: valid frames with the content size, not libzstd's
//     bytes. The header records the configured block size even when the
//     chunk is smaller, as the filter does.
//   - FromCDValues takes cd_values as stored in a file. The filter reads
//     neither version number but one case needs them: bitshuffle before 0.4
//     had no zstd and wrote compression 3 as bit shuffle alone (no header),
//     so cd_values with version 0.3 or older and compression 3 give the
//     codec without compression. A compression other than 0, 2 or 3 is an
//     error (the filter would silently treat it as none); a zstd level
//     outside libzstd's range is clamped, as libzstd clamps it.
//   - A chunk that is not a whole number of elements is an error, as it is
//     for the filter: at resolution when its size is fixed, otherwise when
//     encoding (a *codec.SizeError) or decoding (a *codec.CorruptError).
//   - Blocks run one after another on the calling goroutine; the filter
//     runs them on OpenMP threads.
package hdf5bitshuffle

// Package blosc implements the Blosc bytes->bytes codec under two names:
// "blosc", the Zarr v3 core codec
// (https://zarr-specs.readthedocs.io/en/latest/v3/codecs/blosc/index.html),
// and "numcodecs.blosc", numcodecs' Blosc with numcodecs' configuration, as
// zarr-python 3 names it. Both read and write the frames of c-blosc 1.x
// (https://github.com/Blosc/c-blosc/blob/main/README_CHUNK_FORMAT.rst), the
// library behind numcodecs, zarr-python 2 and the HDF5 blosc filter.
//
//	{"name": "blosc", "configuration": {"cname": "lz4", "clevel": 5, "shuffle": "shuffle", "typesize": 4, "blocksize": 0}}
//	{"name": "numcodecs.blosc", "configuration": {"cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0}}
//
// # Configuration
//
// "blosc": "cname" (blosclz, lz4, lz4hc, snappy, zlib, zstd) and "clevel"
// (0 to 9) are required; the spec gives no default and writers disagree
// (zarr-python uses zstd, tensorstore lz4). "shuffle" is "noshuffle",
// "shuffle" or "bitshuffle". "typesize" (1 or more) and "shuffle" may be
// left out, as the spec allows and zarr-python does when the array should
// decide: typesize is then the array data type's size and shuffle is
// "bitshuffle" for 1-byte types and "shuffle" otherwise (what zarr-python
// chooses). The bound codec's ResolvedCodec method gives the codec with
// both filled in, for writers that must record them. "blocksize" (bytes, 0
// for automatic) defaults to 0.
//
// "numcodecs.blosc": every key is optional with numcodecs' defaults:
// "cname" "lz4", "clevel" 5, "shuffle" 1, "blocksize" 0. "shuffle" is an
// integer: 0 none, 1 byte, 2 bit, and -1 for bit shuffle with 1-byte
// elements and byte shuffle otherwise. numcodecs takes the type size from
// the array it compresses; zcodec takes the array data type's size, or
// "typesize" (1 or more) when given, which numcodecs 0.16 and later accept.
//
// Type sizes above 255 compress the chunk as bytes (type size 1), as
// c-blosc does.
//
// # Decoding
//
// Every frame c-blosc 1.x writes decodes: header format versions 2 and 1
// (pre-1.0 Blosc, the same layout; c-blosc 1.x itself now refuses 1 while
// c-blosc 2 reads it), the memcpy flag, split and unsplit blocks (frames
// without the "don't split" flag split as c-blosc before the flag did:
// types up to 16 bytes, blocks of at least 128 elements, never the last
// block), byte shuffle and bit shuffle of any type size 1 to 255 (the
// bytes after the last whole element are not shuffled; bit shuffle leaves
// a block whose element count is not a multiple of 8 as it is), and the
// inner formats blosclz, lz4 (lz4 and lz4hc), snappy, zlib and zstd. A
// split stream as long as its data is stored as it is. The configuration
// plays no part: a frame describes itself.
//
// Decoding is bounded (docs/decisions.md#d15, #d16). The header's decoded
// size must equal
// the chunk size the pipeline expects (or not exceed the bound after a
// variable-length codec), checked before anything is allocated; block
// offsets and stream sizes are checked against the frame before they are
// read; every stream must decode to exactly its share of the block; the
// only scratch space is one block, never larger than the chunk. Forged
// sizes, offsets, type sizes, flags and versions are *codec.CorruptError
// values (codec.ErrCorrupt).
//
// Where c-blosc is lenient, zcodec is too (as docs/decisions.md#d12 has it
// for numcodecs), and says so here: bytes after
// the frame's own size (its header's cbytes) are ignored, as numcodecs
// ignores them; a block size larger than the data is read as one block
// (c-blosc 2 does; c-blosc 1.x never writes one); zlib streams may be
// followed by unread bytes inside their split, as zlib's uncompress
// allows; snappy streams are read by klauspost's decoder, which also takes
// the S2 repeat-offset form. The empty chunk (a 16-byte header of nbytes
// 0), which numcodecs writes but cannot decode, decodes to nothing.
//
// # Encoding
//
// Frames are laid out as c-blosc 1.21 lays them out for the same settings
// (header version 2): the same block size (from clevel, compressor, type
// size and chunk size, or the requested "blocksize" under c-blosc's rules),
// the same choice of split or unsplit blocks (split for every compressor
// but zstd), the same shuffle, and the memcpy flag for clevel 0, chunks
// under 128 bytes and chunks that do not compress. The streams inside come
// from Go compressors, so the bytes differ from c-blosc's, but c-blosc
// decodes every frame (numcodecs 0.11 does, on the committed vectors):
//
//   - blosclz: this package's own encoder (internal/blosclz), greedy with a
//     hash table whose size follows clevel as c-blosc's does.
//   - lz4: github.com/pierrec/lz4/v4 with c-blosc's acceleration 10-clevel.
//   - lz4hc: pierrec/lz4's HC compressor, searching 2^(clevel-1) candidates
//     as LZ4_compress_HC does at levels 1 to 9.
//   - snappy: github.com/klauspost/compress/snappy.
//   - zlib: github.com/klauspost/compress/zlib at level clevel.
//   - zstd: package zstd's engine (github.com/klauspost/compress/zstd, or
//     libzstd in the libzstd build) at the level c-blosc asks of libzstd
//     (2*clevel-1, 20 at 8, 22 at 9; klauspost/compress maps it to its four
//     levels); frames carry their content size and no checksum, as
//     c-blosc's do.
//
// Every compressor has an encoder; none is missing. Compression ratios are
// near c-blosc's: over the committed vectors of noisy data, frames are 0.96
// times c-blosc's size with blosclz, identical with lz4, 1.01 times with
// lz4hc, 0.76 with snappy, 1.13 with zlib and 1.02 with zstd. On highly
// repetitive data libzstd's lazy matching is far ahead of klauspost's
// levels (a 1 MiB sawtooth: 33 kB against c-blosc's 1.6 kB). Decoding
// zstd streams of shuffled data is slower than c-blosc in the pure-Go
// build: klauspost/compress copies matches that overlap themselves at
// offsets below 16 bytes, which fill the exponent byte streams, one byte at
// a time; the libzstd build decodes them faster than c-blosc
// (docs/zstd.md).
//
// The bit shuffle (internal/bitshuffle) transposes each element size to
// byte planes and their bits with amd64 vector kernels generated by
// tools/asmgen, AVX-512 (F, BW) where internal/cpufeat allows it, else
// AVX2, and Go kernels otherwise (and with the noasm build tag); the two
// write the same bytes, which for lz4 frames are c-blosc's (committed
// SHA-256 of its frames for element sizes 1 to 64). TestPeerTimes times
// this package beside c-blosc through numcodecs in interleaved rounds.
//
// Chunks above 2^31-17 bytes do not fit a frame's 32-bit sizes: resolving
// the codec for one is an error. The encoded spec is variable-length,
// bounded by the chunk size plus 16. Bound codecs are safe for concurrent
// use; their scratch space and compressors are pooled, so encoding and
// decoding allocate nothing in the steady state.
package blosc

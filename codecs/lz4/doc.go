// Package lz4 implements numcodecs.lz4, the LZ4 bytes->bytes codec of
// numcodecs (numcodecs.lz4.LZ4), registered for Zarr v3 in zarr-extensions:
// https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/numcodecs.lz4
//
// Name: "numcodecs.lz4" (no aliases). Configuration: "acceleration", an
// integer >= 1, optional with numcodecs' default 1; larger values compress
// faster and less, with the meaning of LZ4_compress_fast's acceleration.
//
//	{"name": "numcodecs.lz4", "configuration": {"acceleration": 1}}
//
// Format: the decoded length as a 4-byte little-endian unsigned integer,
// then one raw LZ4 block (no LZ4 frame). Encoding uses
// github.com/pierrec/lz4/v4's CompressorCCompat, which produces the bytes of
// the reference LZ4_compress_fast, so zcodec's output is byte-identical to
// numcodecs 0.11 at the same acceleration.
//
// Decoding (docs/decisions.md#d12, docs/decisions.md#d15):
//   - The length header must equal the chunk size the pipeline expects (or
//     not exceed the bound after a variable-length codec); a header that
//     claims more is an error found before anything is allocated.
//   - The block must decode to exactly the header's length with no bytes
//     left over.
//   - The empty chunk is "00000000 00" (header 0, then an empty block made
//     of one zero token), which numcodecs writes but cannot itself decode;
//     zcodec decodes it to the empty chunk. A bare 4-byte zero header is
//     also accepted as the empty chunk.
//
// numcodecs refuses chunks above 0x7E000000 bytes; zcodec encodes and
// decodes any chunk whose length fits the 4-byte header. The encoded spec
// is variable-length, bounded by n + n/64 + 1024 for n input bytes.
// Compressors are pooled; bound codecs are safe for concurrent use.
package lz4

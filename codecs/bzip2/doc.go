// Package bzip2 implements numcodecs.bz2, the bzip2 bytes->bytes codec of
// numcodecs (numcodecs.bz2.BZ2), registered for Zarr v3 in zarr-extensions:
// https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/numcodecs.bz2
//
// Name: "numcodecs.bz2" (no aliases). Configuration: "level", an integer 1
// to 9 (the block size in units of 100 kB), optional with numcodecs'
// default 1.
//
//	{"name": "numcodecs.bz2", "configuration": {"level": 9}}
//
// Encoding writes one bzip2 stream with github.com/dsnet/compress/bzip2;
// numcodecs, Python's bz2 module and HDF5's bzip2 filter (id 307) decode it.
// The bytes may differ from libbzip2's, which makes other choices.
//
// Decoding (docs/decisions.md#d12, docs/decisions.md#d15):
//   - Concatenated streams are accepted, as Python's bz2.decompress does.
//   - Bytes after the last complete stream that do not start another stream
//     header ("BZh1" to "BZh9") are ignored, as Python's bz2.decompress
//     ignores them. zcodec is stricter in two corners where numcodecs is
//     lenient: trailing bytes that begin a stream header but are not a
//     valid stream, and one to three trailing bytes (too short to be a
//     header), are errors.
//   - Block and stream CRCs are verified.
//   - The decoded length must equal the chunk size the pipeline expects (or
//     not exceed the bound after a variable-length codec); decoding stops as
//     soon as a stream goes past it.
//   - An empty byte string is not a valid stream.
//
// The encoded spec is variable-length, bounded by n + n/64 + 1024 for n
// input bytes. Encoders and decoders are pooled; bound codecs are safe for
// concurrent use.
package bzip2

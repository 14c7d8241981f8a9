// Package deflate implements the deflate-based bytes->bytes codecs:
//
//   - "gzip": RFC 1952 gzip, the Zarr v3 core codec
//     https://zarr-specs.readthedocs.io/en/latest/v3/codecs/gzip/index.html
//   - "numcodecs.gzip": the same format as numcodecs.gzip.GZip
//     (https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/numcodecs.gzip).
//     It is registered under its own name rather than as an alias of gzip
//     because its configuration differs (level optional, -1 allowed); a
//     codec read under one name is written back under the same name.
//   - "numcodecs.zlib": RFC 1950 zlib, numcodecs.zlib.Zlib
//     (https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/numcodecs.zlib).
//
// All use github.com/klauspost/compress; encoders and decoders are pooled
// and every bound codec is safe for concurrent use.
//
//	{"name": "gzip", "configuration": {"level": 5}}
//	{"name": "numcodecs.zlib", "configuration": {"level": 1}}
//
// Configuration:
//   - gzip: "level", an integer 0-9, required (as in the Zarr v3 spec). 0
//     stores the data uncompressed.
//   - numcodecs.gzip and numcodecs.zlib: "level", an integer -1 to 9,
//     optional with numcodecs' default 1; -1 is zlib's default level (6).
//     (The zarr-extensions schema of numcodecs.zlib stops at 0; -1, which
//     numcodecs and Python's zlib accept, is read too.)
//
// At every level but 0, when klauspost/compress's stream barely shrinks the
// data (it stores data in which its fast matchers find no repeated strings,
// typically unshuffled floating-point data, where zlib still gains 10-25%
// from Huffman coding), the encoder also tries Huffman-only coding and keeps
// the smaller stream.
//
// Reading (docs/decisions.md#d12 and docs/decisions.md#d15):
//   - The decoded length must equal the chunk size the pipeline expects (or
//     not exceed the bound after a variable-length codec). Decoding stops as
//     soon as a stream inflates past it: nothing is allocated beyond the
//     expected size, whatever the stream holds.
//   - gzip accepts several members one after the other and zero bytes
//     between or after members, as Python's gzip module (and so numcodecs)
//     does; other trailing bytes are an error, as they are in numcodecs.
//   - numcodecs.zlib ignores bytes after the end of the zlib stream, as
//     Python's zlib.decompress (and so numcodecs) does.
//   - Checksums (CRC-32 for gzip, Adler-32 for zlib) are always verified.
//   - An empty byte string is an empty gzip chunk (zero members), as
//     numcodecs reads it; for numcodecs.zlib it is an error, as in numcodecs.
//
// Writing: gzip members carry MTIME 0 and OS 255 (unknown), so the output
// is deterministic; numcodecs writes the wall clock there, so its gzip bytes
// differ from run to run and compare only after decoding. zlib output at a
// given level is a valid RFC 1950 stream that numcodecs decodes, but it is
// not byte-identical to Python's zlib: klauspost/compress makes different
// (faster) matching choices.
//
// The encoded spec of all three is variable-length, bounded by
// n + n/64 + 1024 for n input bytes.
package deflate

// Package lzma implements numcodecs.lzma, the LZMA/XZ bytes->bytes codec of
// numcodecs (numcodecs.lzma.LZMA, which calls Python's lzma module). There
// is no Zarr specification beyond numcodecs' code and Python's lzma
// documentation (https://docs.python.org/3/library/lzma.html).
//
// Name: "numcodecs.lzma"; a Zarr v2 compressor or filter {"id": "lzma"}
// maps to it. Configuration, as numcodecs writes it (every key optional):
//
//   - format: 1 (FORMAT_XZ, the default), 2 (FORMAT_ALONE, the legacy .lzma
//     format), 3 (FORMAT_RAW: a bare LZMA2 stream, which needs filters) or
//     0 (FORMAT_AUTO: decoding detects xz or .lzma; numcodecs cannot encode
//     with it, and neither can zcodec).
//   - check: the xz integrity check, -1 (the format's default: CRC-64 for
//     xz), 0 (none), 1 (CRC-32), 4 (CRC-64) or 10 (SHA-256). Only xz has one.
//   - preset: null (Python's default, 6) or 0 to 9, optionally with
//     PRESET_EXTREME (1<<31) set; it sets the encoder's dictionary size as
//     liblzma's presets do (256 KiB for 0 up to 64 MiB for 9).
//   - filters: null, or a filter chain of one filter: for xz and raw,
//     LZMA2 ({"id": 33, ...}); for .lzma, LZMA1 ({"id": 4611686018427387905,
//     ...}). Its "dict_size" sets the encoder's dictionary, "lc", "lp", "pb"
//     the literal and position bits; "preset", "mode", "nice_len", "mf" and
//     "depth" tune liblzma's match finder and are accepted and ignored.
//
// The defaults, written out:
//
//	{"name": "numcodecs.lzma", "configuration": {"format": 1, "check": -1, "preset": null, "filters": null}}
//
// What github.com/ulikunitz/xz (the encoder and LZMA2 decoder used here)
// cannot do is refused when the codec is built, naming the feature: the
// BCJ filters (x86, ARM, ...), the delta filter, filter chains of more than
// one filter, raw LZMA1 streams. The configuration is written back as it
// was read (numcodecs' form, all four keys).
//
// The encoded bytes are not liblzma's (another encoder makes other
// choices), but numcodecs decodes them and zcodec decodes numcodecs': both
// directions are tested (testdata/numcodecs_extra). One difference is on
// the reading side: numcodecs cannot decode an xz chunk when filters are
// given (Python's decompressor takes filters only for FORMAT_RAW); zcodec
// can, since the xz container names its filter.
//
// # Decoding
//
// Decoding never trusts a size from the data (docs/decisions.md#d15). The
// xz container is read here: one stream of one block (what liblzma's
// single-call encoder, and so numcodecs, write; more blocks or streams are
// refused, naming the feature), its index and footer checked, the block's
// uncompressed size compared with the chunk size before anything is
// decoded, and the check verified. The dictionary an LZMA2 or LZMA header
// claims is not allocated: no match can reach further back than the
// decoded size, so the decoder's dictionary is the smaller of the claim and
// the decoded size (at least 4 KiB), whatever the header says. Bytes after
// the stream are an error, as in Python.
//
// Bound codecs are safe for concurrent use.
package lzma

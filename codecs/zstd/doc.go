// Package zstd implements the Zarr v3 core "zstd" bytes->bytes codec:
// https://zarr-specs.readthedocs.io/en/latest/v3/codecs/zstd/index.html
// (also numcodecs.zstd.Zstd's format, and HDF5 filter 32015).
//
// Name: "zstd" (no aliases). Configuration, as in the spec's schema:
// "level", an integer -131072 to 22, required, and "checksum", a boolean
// that adds the frame's content checksum (XXH64), optional with default
// false. Both are always written.
//
//	{"name": "zstd", "configuration": {"level": 3, "checksum": false}}
//
// Encoding uses github.com/klauspost/compress/zstd, which has four
// compression levels; Zarr levels map to them as zstd.EncoderLevelFromZstd
// does (below 3 fastest, 3-5 default, 6-9 better, 10 and above best),
// except that level 0 means libzstd's default, 3. The bytes therefore differ
// from libzstd's at the same level, but every frame is a standard zstd
// frame. Literals are entropy-coded even in blocks where the encoder finds
// no matches (klauspost's fastest and default levels would store such
// blocks raw): on unshuffled floating-point data that is the difference
// between a ratio of 1.00 and libzstd's 1.23, for about a third less
// encoding speed there. klauspost/compress keeps Huffman-coded literals
// only when they save at least 1/16 of their size (libzstd: 1/64), so
// nearly random bytes are stored raw where libzstd saves a few percent
// (docs/zstd.md). Every frame header carries the content size (numcodecs 0.11's
// decoder requires it). An empty chunk still encodes to one frame, with
// content size 0; numcodecs 0.11 cannot decode that frame (nor its own
// empty frames), while zcodec does.
//
// Decoding (docs/decisions.md#d15): the frames are decoded into a buffer
// capped at the chunk size the pipeline expects (or the bound after a
// variable-length codec, Options.MaxChunkBytes). When every frame header
// declares its content size, the chunk is decoded in one call into one
// buffer of their sum, and a sum beyond the bound is refused before
// anything is allocated: for a variable-length chunk with a
// *codec.LimitError (valid frames may declare that much; a larger limit
// reads them), for a fixed-size one with a *codec.CorruptError. Frames
// without a content size are read as a stream into the capped buffer. A
// frame that inflates past the cap is an error found without allocating
// beyond it, and the decoded length must equal the expected chunk size.
// Several concatenated frames are accepted (as libzstd does); trailing
// bytes that are not a frame, an empty byte string, and checksum
// mismatches are errors. Window sizes are limited to 128 MiB.
//
// # libzstd
//
// Built with the tag libzstd (and cgo), the codec encodes and decodes with
// libzstd through github.com/DataDog/zstd, which bundles libzstd's C
// sources, so a C compiler is all it needs; Engine says which build runs.
// Levels are then libzstd's own, and its frames are byte-compatible with
// the pure-Go build's both ways: each decodes the other's frames (tested),
// and frames still declare their content size. Frames with checksum true
// are written by the pure-Go encoder in that build too (the bound libzstd
// API has no switch for the checksum); libzstd decodes and verifies them.
// Decoding writes into a buffer of the expected size, so the limits above
// hold.
//
// The encoded spec is variable-length, bounded by n + n/64 + 1024 for n
// input bytes. Bound codecs are safe for concurrent use.
//
// # Encoders, decoders and their memory
//
// The pure-Go engine keeps, per klauspost level, checksum setting and
// input class (up to 1 KiB, or more), a pool of klauspost encoders made
// with concurrency 1, and one pool of decoders made likewise. A call takes
// the encoder (decoder) put back last and returns it when done, so a
// goroutine that encodes chunk after chunk gets back the one whose tables
// are still in its core's caches (klauspost's own shared encoder hands out
// its internal ones first-in-first-out, so that successive calls
// alternate between cold ones); the bytes written do not depend on which
// encoder writes them. A pool holds at most GOMAXPROCS encoders
// (decoders), in use or idle, the number klauspost's shared ones hold by
// default: when they are all in use a call waits for one, as calls to a
// shared klauspost encoder do, so that memory stays bounded however many
// goroutines encode at once. In steady state an encode or a decode into a
// buffer with room allocates nothing.
//
// Heap held by one encoder after it has encoded a chunk, measured with
// runtime.MemStats (klauspost/compress v1.20.3, the codec's options):
//
//	zstd level      klauspost level   128 KiB chunk   1 MiB chunk
//	below 3         fastest               4.7 MiB       4.7 MiB
//	0, 3-5          default               1.6 MiB      10.0 MiB
//	6-9             better               12.6 MiB      12.7 MiB
//	10 and above    best                 42.6 MiB      42.8 MiB
//
// A decoder holds about 150 KiB besides the caller's output buffer. The
// memory the encoders of a process hold is therefore at most GOMAXPROCS
// times the figure of each level class (and checksum setting) it encodes
// with.
package zstd

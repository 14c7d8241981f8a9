// Package hdf5lzf is the zcodec.hdf5_lzf codec: HDF5's LZF filter (HDF5
// filter id 32000, the filter h5py registers and writes for
// compression="lzf", also in PyTables) as a Zarr v3 bytes->bytes codec, so
// that chunks HDF5 stored with it decode unchanged. It is pure Go: LZF
// (Marc Lehmann's liblzf format) is implemented here.
//
// Spec: h5py's filter (lzf/lzf_filter.c in h5py) and liblzf's decompressor
// (lzf_d.c, liblzf 3.x), which define the format; there is no written
// specification of either, and no Zarr specification for the codec, hence
// the name in zcodec's own namespace.
//
// Name: "zcodec.hdf5_lzf". Aliases: none. Configuration: none (an empty
// object is accepted and written back without one):
//
//	{"name": "zcodec.hdf5_lzf"}
//
// # Format
//
// A chunk is one LZF stream and nothing else: no header, no length. The
// stream is a sequence of items, each starting with a control byte c:
//
//   - c < 32: a literal run; the next c+1 bytes are the output.
//   - c >= 32: a back reference. Its length field is c>>5; when that is 7,
//     the next byte is added to it. The byte after that is the low byte of
//     the offset, whose high bits are c&31. The item copies length+2 bytes
//     (3 to 264) from offset+1 bytes back (1 to 8192) in the output, one
//     byte at a time, so that it may repeat bytes it has just written.
//
// h5py writes cd_values [filter version 4, liblzf version 0x105, chunk size
// in bytes]. The filter's decoder uses the chunk size only as the first
// guess of its output buffer; nothing else reads them. FromCDValues checks
// them against the dataset's element size and builds the codec.
//
// # Choices
//
//   - The decoded size comes from the chain. Decoding fills exactly the
//     chunk the chain expects, allocating that and nothing more, and checks
//     each item against the bytes left on both sides: a stream that
//     decodes to more or to fewer bytes, ends inside an item, or refers
//     before the start of the chunk is a *codec.CorruptError. After a
//     codec that leaves the size variable, the stream is walked once to
//     learn its decoded length (bounded by the chain's maximum) before
//     anything is allocated.
//   - Incompressible chunks: h5py's filter gives its compressor an output
//     buffer of the chunk's size and fails when the stream would not fit;
//     the filter is optional (flags 1), so HDF5 then stores the chunk
//     unfiltered and sets bit 0 of the chunk's filter_mask. Such chunks
//     never reach this codec: a reader uses the chain without it for them
//     (see package interop/hdf5). This codec's encoder, which cannot skip
//     itself, always writes a stream, at most MaxEncodedLen(n) = n +
//     ceil(n/32) bytes; HDF5 decodes a longer-than-chunk stream as well,
//     since its output still fits the chunk.
//   - An empty chunk encodes to an empty stream and back (HDF5 has no empty
//     chunks).
//   - The encoder is a greedy compressor of zcodec's own with a hash table
//     of 2^14 three-byte sequences, which steps faster through long literal
//     runs: its streams are valid LZF that h5py's filter decodes (the tests
//     hold this against HDF5), of about liblzf's size, but not
//     byte-identical to liblzf's.
package hdf5lzf

// Package checksum32 implements numcodecs' 32-bit checksum codecs as Zarr
// v3 bytes->bytes codecs, under the names zarr-python 3 gives them:
// "numcodecs.crc32" (numcodecs.checksum32.CRC32), "numcodecs.adler32"
// (numcodecs.checksum32.Adler32), "numcodecs.crc32c"
// (numcodecs.checksum32.CRC32C) and "numcodecs.fletcher32"
// (numcodecs.fletcher32.Fletcher32). A Zarr v2 compressor or filter
// {"id": "crc32c"} is numcodecs' CRC32C and maps to "numcodecs.crc32c", not
// to the Zarr v3 core crc32c codec (package codecs/crc32c), though their
// bytes are the same when the location is "end". There is no Zarr specification for
// them beyond numcodecs' own code and documentation
// (https://numcodecs.readthedocs.io/en/stable/checksum32.html).
//
//	{"name": "numcodecs.crc32"}
//	{"name": "numcodecs.adler32", "configuration": {"location": "end"}}
//	{"name": "numcodecs.fletcher32"}
//	{"name": "numcodecs.crc32c", "configuration": {"location": "end"}}
//
// # Formats
//
// numcodecs.crc32 and numcodecs.adler32 put the checksum of the data, 4
// bytes little-endian, in front of it: CRC-32 (IEEE, zlib's crc32) and
// Adler-32 (zlib's adler32). That is numcodecs 0.11's format and still its
// default. numcodecs 0.14 added the optional "location", "start" (the
// default) or "end" (the checksum after the data); zcodec reads and writes
// both, and writes "location" only when it is "end".
//
// numcodecs.crc32c (numcodecs 0.13 and later) puts the CRC-32C
// (Castagnoli) of the data, 4 bytes little-endian, after it by default
// ("location": "end"), or before it with "location": "start"; zcodec
// writes the location always, as numcodecs' configuration does. numcodecs
// 0.11 has no CRC32C: its test vectors are built by the generator with a
// CRC-32C computed from the polynomial (testdata/numcodecs_extra).
//
// numcodecs.fletcher32 puts the checksum after the data, 4 bytes
// little-endian. The checksum is the Fletcher-32 variant of HDF5 and
// netCDF (16-bit big-endian words, sums folded every 360 words, an odd last
// byte as the high byte of a final word), computed by the same function as
// the zcodec.hdf5_fletcher32 codec: numcodecs' Fletcher32 is a port of
// that code and its frames are HDF5's (without HDF5's acceptance of a
// byte-swapped checksum, which numcodecs does not have either). It has no
// configuration. numcodecs 0.11 (Debian bookworm) has no Fletcher32; the
// test vectors come from h5py writing HDF5's fletcher32 filter, which
// produces the same bytes.
//
// Decoding checks the checksum and the length (the chunk size the pipeline
// expects, or at most its bound) and fails with a *codec.CorruptError for a
// mismatch or a byte string shorter than 4 bytes. The empty chunk encodes to
// the 4-byte checksum alone; numcodecs' Fletcher32 cannot checksum an empty
// buffer, zcodec can (its Fletcher-32 is 0). The checksums use hash/crc32
// and hash/adler32. The codecs are stateless and safe for concurrent use.
package checksum32

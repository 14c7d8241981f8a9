// Package codecs registers zcodec's standard codec set with the default
// registry. Import it for its side effect:
//
//	import _ "github.com/zcodec/zcodec/codecs"
//
// Every codec lives in a package below this one (codecs/zstd; the bytes codec
// in codecs/bytescodec, so as not to shadow the standard library's bytes),
// and each of those registers its codecs in its init function; importing one
// of them alone registers just its codecs.
package codecs

import (
	_ "github.com/zcodec/zcodec/codecs/base64"          // numcodecs.base64
	_ "github.com/zcodec/zcodec/codecs/blosc"           // blosc, numcodecs.blosc
	_ "github.com/zcodec/zcodec/codecs/bytescodec"      // bytes (alias endian)
	_ "github.com/zcodec/zcodec/codecs/bzip2"           // numcodecs.bz2
	_ "github.com/zcodec/zcodec/codecs/castvalue"       // cast_value
	_ "github.com/zcodec/zcodec/codecs/checksum32"      // numcodecs.crc32, .adler32, .crc32c, .fletcher32
	_ "github.com/zcodec/zcodec/codecs/crc32c"          // crc32c
	_ "github.com/zcodec/zcodec/codecs/deflate"         // gzip, numcodecs.gzip, numcodecs.zlib
	_ "github.com/zcodec/zcodec/codecs/hdf5bitshuffle"  // zcodec.hdf5_bitshuffle
	_ "github.com/zcodec/zcodec/codecs/hdf5fletcher32"  // zcodec.hdf5_fletcher32
	_ "github.com/zcodec/zcodec/codecs/hdf5lz4"         // zcodec.hdf5_lz4
	_ "github.com/zcodec/zcodec/codecs/hdf5lzf"         // zcodec.hdf5_lzf
	_ "github.com/zcodec/zcodec/codecs/hdf5nbit"        // zcodec.hdf5_nbit
	_ "github.com/zcodec/zcodec/codecs/hdf5scaleoffset" // zcodec.hdf5_scaleoffset
	_ "github.com/zcodec/zcodec/codecs/hdf5szip"        // zcodec.hdf5_szip
	_ "github.com/zcodec/zcodec/codecs/lz4"             // numcodecs.lz4
	_ "github.com/zcodec/zcodec/codecs/lzma"            // numcodecs.lzma
	_ "github.com/zcodec/zcodec/codecs/numcodecs"       // numcodecs.fixedscaleoffset, .astype, .delta, .bitround, .quantize, .packbits
	_ "github.com/zcodec/zcodec/codecs/packbits"        // packbits
	_ "github.com/zcodec/zcodec/codecs/scaleoffset"     // scale_offset
	_ "github.com/zcodec/zcodec/codecs/sharding"        // sharding_indexed
	_ "github.com/zcodec/zcodec/codecs/shuffle"         // numcodecs.shuffle
	_ "github.com/zcodec/zcodec/codecs/transpose"       // transpose
	_ "github.com/zcodec/zcodec/codecs/vlen"            // vlen-utf8, vlen-bytes, numcodecs.vlen-array, .json2, .msgpack2
	_ "github.com/zcodec/zcodec/codecs/zstd"            // zstd, numcodecs.zstd
)

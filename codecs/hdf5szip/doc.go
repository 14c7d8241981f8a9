// Package hdf5szip is the zcodec.hdf5_szip codec: HDF5's szip filter
// (HDF5 filter id 4) as a Zarr v3 bytes->bytes codec, so that chunks HDF5
// wrote with szip decode unchanged and chunks written here decode in HDF5.
// It decodes and encodes, in pure Go.
//
// Spec: the entropy coder is CCSDS 121.0-B-3, Lossless Data Compression,
// Recommended Standard (Blue Book), Issue 3, August 2020: the Rice-based
// adaptive entropy coder with an optional unit-delay predictor
// ("nearest neighbour") preprocessor. szip in HDF5 is that coder as libaec
// implements it behind its szlib interface (SZ_BufftoBuffCompress and
// SZ_BufftoBuffDecompress, which libhdf5's H5Zszip.c calls); libaec's
// choices where the standard leaves room are followed here, and named
// below. There is no Zarr specification for this codec, hence the name in
// zcodec's own namespace.
//
// Name: "zcodec.hdf5_szip". Aliases: none.
// Configuration, every key required: the four cd_values HDF5 stores for
// the filter, after its set_local callback has filled them in, in the
// order HDF5 stores them:
//
//   - options_mask (cd_values[0]): szlib's option bits. HDF5 always sets
//     RAW (128) and ALLOW_K13 (1), one of NN (32, the preprocessor) and EC
//     (4, none), and one of LSB (8) and MSB (16) from the data type's byte
//     order: 169 is NN and little-endian, 141 EC and little-endian, 177 and
//     149 their big-endian twins. As in libaec only two bits change the
//     stream: NN turns the preprocessor on (it wins over EC), MSB makes
//     samples big-endian (it wins over LSB). RAW, ALLOW_K13 and CHIP (2)
//     are accepted and change nothing: the stream never has an szip header,
//     and every split option k the sample width allows is decoded and
//     considered when encoding. Bits outside these seven are an error.
//   - pixels_per_block (cd_values[1]): the block size J, an even number
//     from 2 to 64. HDF5's H5Pset_szip allows even sizes up to 32; 64, which
//     the standard allows, is reached through H5Pset_filter, and libaec
//     handles every even size.
//   - bits_per_pixel (cd_values[2]): 1 to 32, or 64. HDF5 sets it to the
//     data type's precision when that is below the type's size and its
//     offset is 0, rounding a precision of 25 to 32 bits up to 32 and of 33
//     to 64 up to 64; otherwise to the type's size in bits.
//   - pixels_per_scanline (cd_values[3]): the samples between reference
//     samples. HDF5 derives it from the chunk's fastest dimension d and J:
//     min(d, 128*J) when d >= J, else min(128*J, the chunk's elements).
//     Accepted up to 4096*J (the standard's 4096 blocks).
//
// For example, for a chunk of 500 little-endian int16 values with
// compression="szip", compression_opts=("nn", 16):
//
//	{"name": "zcodec.hdf5_szip", "configuration": {"options_mask": 169,
//	 "pixels_per_block": 16, "bits_per_pixel": 16, "pixels_per_scanline": 500}}
//
// FromCDValues builds the codec from the cd_values of a file; CDValues
// gives them back. Any other count of values, or a value out of range, is
// a *codec.ConfigError.
//
// # Format
//
// A chunk is HDF5's header, the decoded size as 4 bytes little-endian,
// then one CCSDS 121 stream of coded data sets, most significant bit first,
// the last byte padded with 0 bits.
//
// The chunk's bytes become a sequence of samples: with bits_per_pixel up to
// 8 each byte is a sample; 9 to 16, each 2 bytes; 17 to 31, each 4 bytes
// (libaec's szlib interface never uses 3-byte samples); in the byte order
// of the options mask. A sample's value must fit bits_per_pixel bits. With
// 32 or 64 the chunk of m pixels of w = 4 or 8 bytes is split into its w
// byte planes (byte j of every pixel, j = 0 to w-1 in memory order, each
// plane m bytes long), which are coded one after the other as 8-bit
// samples. The sample sequence is cut into scanlines of
// pixels_per_scanline samples (bytes of the planes, for 32 and 64 bits;
// the last scanline may be shorter), and each scanline
// is padded to whole blocks, r = ceil(pixels_per_scanline / J) of them,
// with copies of its last sample under the preprocessor, else with zeros.
// Each padded scanline is one reference sample interval of r blocks; under
// the preprocessor its first sample is the reference sample, coded
// verbatim after the first block's option identifier.
//
// Each block is coded with one option, after an identifier of 3 bits for
// samples of 1 to 8 bits, 4 for 9 to 16, 5 for 17 to 31: all zeros and a 0
// bit for zero blocks, all zeros and a 1 bit for the second extension, k+1
// for split-sample option k (k = 0 is the fundamental sequence), all ones
// for no compression. A run of zero blocks is one codeword counting its
// blocks: 1 to 4 blocks as 0 to 3, the remainder of the 64-block segment
// or of the interval, whichever ends first, as 4 ("ROS"), 5 to 63 blocks as
// themselves. The second extension codes pairs (a, b) as the fundamental
// sequence of (a+b)(a+b+1)/2 + b; as libaec, only codewords up to 90
// (pairs summing to at most 12) decode.
//
// # Decoding
//
// The header must give exactly the chunk size the chain expects (and a
// whole number of samples) before anything is allocated; the decoded chunk
// is the only allocation that depends on the data, and it is at most that
// size. Besides it, a bound codec keeps pooled scratch of two padded
// scanlines, 8 bytes a sample (at most 2 MiB, for 4096 blocks of 64). Decoding reads blocks until the chunk is full: every block that
// holds one of the chunk's samples must be whole in the stream; the
// padding blocks after the last sample, and any bytes after them, are not
// read. A stream that ends early, a zero-block run past the end of its
// interval and a second-extension codeword above 90 are a
// *codec.CorruptError. Sample arithmetic is libaec's: 32-bit unsigned
// values that wrap, and the low bytes of each value kept, so that every
// stream libaec decodes whole decodes to the bytes libhdf5 gives. On
// corrupt input the two can differ: libaec returns unspecified bytes where
// it runs out of input (this decoder fails there), and fails on a bad
// codeword after the chunk's last sample, which this decoder does not
// read.
//
// # Encoding
//
// The encoder writes whole padded scanlines, as libaec does, and codes
// runs of zero blocks as one codeword, ended at the end of a segment or
// interval (with ROS for a run of more than 4 blocks there) or before the
// next block that is not zero; every other block gets the option that
// codes it in the fewest bits (the standard's selection rule; ties go to
// no compression, then to the second extension). The streams are valid
// CCSDS 121 that libhdf5 decodes to the same bytes; they are as long as
// libaec's, block for block, and mostly byte-identical, differing where
// two split options tie. A sample wider than bits_per_pixel is a
// *SampleError. Unlike HDF5, which stores a chunk unfiltered when szip
// does not shrink it (the filter is optional there, and the chunk's filter
// mask says so), the codec always writes the stream; Encoded bounds its
// length.
//
// The package's testdata holds chunks HDF5 1.10.8 wrote through libaec
// 1.0.6, with the bytes libhdf5 decodes them to and the encodings of this
// package that libhdf5 was shown to decode (testdata/generate.py).
package hdf5szip

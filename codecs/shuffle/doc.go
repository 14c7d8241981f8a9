// Package shuffle implements numcodecs.shuffle, the byte-transposing
// bytes->bytes codec of numcodecs (numcodecs.shuffle.Shuffle), as registered
// for Zarr v3 in zarr-extensions:
// https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/numcodecs.shuffle
// and https://numcodecs.readthedocs.io/en/stable/filter/shuffle.html
//
// Name: "numcodecs.shuffle" (no aliases). Configuration:
//
//	{"name": "numcodecs.shuffle", "configuration": {"elementsize": 4}}
//
// With count = len/elementsize, encoding writes byte b of element i to
// position b*count+i, so that the first bytes of every element come first,
// then the second bytes, and so on; decoding is the inverse. The output is
// byte-identical to numcodecs 0.11 and to HDF5's shuffle filter (id 2).
//
// Choices where numcodecs or the specs are silent or differ:
//   - elementsize is optional. Absent (or an absent configuration), it is
//     the element size of the data type that entered the chain's bytes
//     codec (BytesSpec.Array.DataType), so complex64 shuffles 8-byte
//     elements; numcodecs' own default of 4 is not used.
//   - elementsize 0 and 1 copy the bytes unchanged, as numcodecs does for
//     any elementsize <= 1; 0 is read as 1 and written back as 1. Negative
//     values are configuration errors. (netCDF-C's NCZarr writes
//     elementsize "0" to mean "the type size"; metadata from it needs that
//     key dropped, which is the absent case above, before it reaches this
//     codec.)
//   - A chunk length that is not a multiple of elementsize is an error, as
//     in numcodecs (Blosc would copy the leftover bytes): at resolution when
//     the length is known, otherwise when encoding or decoding.
//   - Encoded chunks have the size of decoded ones; decoding checks it.
//
// Element sizes 2, 4 and 8 have kernels that move 64-bit words. Built with
// GOEXPERIMENT=simd on amd64, a CPU with AVX2 runs AVX2 kernels for those
// sizes instead (byte shuffles and permutes over 32 elements at a time);
// their output is byte-identical, which the tests of that build check
// against the scalar kernels.
package shuffle

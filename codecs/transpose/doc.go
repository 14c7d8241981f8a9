// Package transpose implements the Zarr v3 "transpose" array->array codec,
// which permutes the dimensions of a chunk.
//
// Specification: https://zarr-specs.readthedocs.io/en/latest/v3/codecs/transpose/index.html
//
//	{"name": "transpose", "configuration": {"order": [2, 1, 0]}}
//
// Importing the package registers the codec with the default registry
// (import github.com/zcodec/zcodec/codecs for the whole set).
//
// "order", required, lists each of the chunk's dimensions 0 to n-1 once.
// Encoding permutes the dimensions as NumPy's np.transpose(chunk, order)
// does, which is what zarr-python applies: encoded dimension k is decoded
// dimension order[k], so the encoded shape is shape[order[k]] and
//
//	encoded[i_0, ..., i_{n-1}] = decoded[j] with j[order[k]] = i_k.
//
// Decoding applies the inverse permutation. The data type and the fill
// value do not change, and any data type is accepted (elements are moved,
// never looked at), the variable-length string and bytes types too: their
// chunks are permuted in the vlen form (codec.VariableArrayToArray), as a
// Zarr v2 object array in Fortran order needs. The rank of the chunk must
// be len(order); a scalar chunk takes the empty order [].
//
// Early drafts of the specification also allowed the strings "C" (the
// identity) and "F" (all dimensions reversed). They are configuration
// errors whose message gives the list to write: [0, 1, ..., n-1] for "C",
// [n-1, ..., 1, 0] for "F" (for 3 dimensions, [2, 1, 0]). A Zarr v2 array
// with "order": "F" stores its chunks as the reversed transpose.
//
// # Speed
//
// A transpose is reduced to its simplest form first (dimensions of length
// 1 dropped, dimensions that stay adjacent and in order merged), so that
// many permutations become a plain copy or a copy of whole rows. The rest
// runs as 2-D transposes between the input's innermost dimension and the
// output's, through square tiles that keep their source and destination
// rows in cache, generic over element sizes of 1, 2, 4, 8 and 16 bytes and
// over rank. Inside a tile, 4-byte elements move in 8x8 blocks through
// AVX2 registers where the CPU has AVX2 (detected at start-up; the noasm
// build tag leaves it out), 1- and 2-byte elements in 8x8 and 4x4 blocks
// through 64-bit words, and other sizes in 4x4 blocks of loads before
// stores.
//
// # No fusion with cast_value
//
// A transpose next to a cast_value runs as two passes. A fused pass
// (transpose each slab of the output into a cache-sized buffer, cast it
// from there) was built and measured against the two passes on 1 MiB
// float32 chunks cast to int16, in CPU time per chunk (median of 15 runs of
// 50): 257 µs against 297 µs encoding a 512x512 chunk, but 306 µs against
// 188 µs decoding it (the fused pass transposes the narrow stored type,
// whose kernel is slower than the 4-byte vector one) and 506 µs against
// 368 µs encoding a 64x64x64 chunk reversed (slabs cut the 2-D kernels
// into short runs). As it does not beat two passes in general, the codecs
// stay separate.
package transpose

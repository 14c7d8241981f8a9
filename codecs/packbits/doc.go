// Package packbits implements the zarr-extensions "packbits" array->bytes
// codec, which packs elements whose width in bits is not a multiple of 8
// (bool, int2, int4, float4_e2m1fn, float6_*) or only some bits of each
// element into a sequence of bits.
//
// Specification: https://github.com/zarr-developers/zarr-extensions/tree/main/codecs/packbits
//
//	{"name": "packbits", "configuration": {"padding_encoding": "first_byte", "first_bit": null, "last_bit": null}}
//
// Importing the package registers the codec with the default registry
// (import github.com/zcodec/zcodec/codecs for the whole set).
//
// # Configuration
//
// Every member is optional. "padding_encoding" is "none" (the default),
// "first_byte" or "last_byte": whether the number of zero bits padding
// the sequence to whole bytes is recorded in a byte before or after it.
// "first_bit" and "last_bit" (integers, or null for their defaults 0 and
// N-1) choose the bits of each component that are encoded, counted from
// the least significant bit of its N-bit value; last_bit below first_bit is
// a configuration error, and a last_bit of N or more an error when the
// codec is resolved for a data type. MarshalJSON writes padding_encoding
// always and first_bit and last_bit when they are set.
//
// # Format
//
// With b = last_bit - first_bit + 1 and k = b times the number of
// components (2 for complex types, 1 otherwise), element i of a chunk in C
// order occupies bits [i*k, (i+1)*k) of the sequence, its components in
// order, each component's bit first_bit first; byte j of the encoding
// holds bits [8j, 8j+8), bit 8j in its least significant bit. Decoding
// shifts the b bits back to first_bit and sign-extends signed integer
// types from bit last_bit, zero-extends the others. The padding bits are
// written as zeros and ignored when read; a recorded padding count other
// than the one the chunk's shape gives, or an encoded chunk of any other
// length than the shape gives, is a *codec.CorruptError.
//
// # Data types
//
// N is 1 for bool, 2 for int2 and uint2, 4 for int4, uint4 and
// float4_e2m1fn, 6 for float6_e2m3fn and float6_e3m2fn, and eight times
// the byte size of the component for every other integer, float and
// complex type, whose N-bit value is its little-endian encoding (the
// components of complex64 and complex128 are float32 and float64). The
// definition lists bfloat16 but not float16 or the float8 types; the same
// rule applies to them unchanged, and zarrs accepts them, so the codec
// does too. Text, byte-string and date types are refused.
//
// Decoded chunks hold the sub-byte types one element per byte, as package
// numeric does: int2 and int4 sign-extended (Go int8), uint2, uint4 and
// the small floats zero above their bits (Go uint8). Encoding reads bits
// first_bit to last_bit of each byte and ignores the bits above N; a bool
// byte that is not zero encodes as 1, as NumPy reads a bool array.
//
// Without first_bit and last_bit, a type of whole bytes encodes as its
// little-endian bytes: with padding_encoding "none" the codec is then the
// identity (codec.Identity) and the pipeline passes the chunk through.
//
// # numcodecs PackBits
//
// The definition says padding_encoding "first_byte" is compatible with
// numcodecs' PackBits filter for bool. The padding byte is the same, but
// numcodecs packs the first element of each group of eight into the most
// significant bit (np.packbits), this codec into the least significant
// one, so each packed byte is the other's with its bits reversed; the
// tests check both against numcodecs 0.11 and np.packbits. numcodecs'
// filter is codecs/numcodecs' numcodecs.packbits, and the name "packbits"
// is this codec (docs/decisions.md#d26).
//
// # Partial decoding
//
// A region of a chunk is decoded from the byte range that holds its first
// to its last element (codec.PartialDecoder), so a sharded array whose
// inner codec is packbits, or a read of a few rows, reads only those
// bytes; the padding count is not read.
//
// # Speed
//
// One-byte components of 1, 2, 4 and 6 bits (bool, int2, uint2, int4,
// uint4, float4_e2m1fn, float6_*, and as many bits of int8 and uint8) are
// packed and unpacked eight at a time in 64-bit words with shifts and
// masks (the compiler keeps them in registers; SIMD was not needed for
// well over 1 GB/s); whole
// bytes are copied; everything else goes one component at a time through
// a 64-bit accumulator. Encoding into a slice with room and decoding
// allocate nothing.
package packbits

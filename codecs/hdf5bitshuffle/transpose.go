package hdf5bitshuffle

import "github.com/zcodec/zcodec/codecs/internal/bitshuffle"

// The bit transpose of one block of n elements of es bytes (n a multiple of
// 8), as the bitshuffle library's bshuf_trans_bit_elem lays it out: 8*es bit
// planes of n/8 bytes each, plane 8*b+k holding bit k (least significant
// first) of byte b of every element, element i's bit in bit i%8 of the
// plane's byte i/8.
// It is the layout of blosc's bitshuffle, whose kernels
// (codecs/internal/bitshuffle, vector code chosen at run time with a Go
// twin) run it.

// bitShuffle writes the bit planes of src (n elements of es bytes, n a
// multiple of 8) to dst, with the vector kernels blosc's bitshuffle uses
// (the same layout). scratch must hold len(src) bytes when es > 1; none of
// the three may overlap.
func bitShuffle(dst, src, scratch []byte, es int) {
	bitshuffle.Shuffle(dst, src, scratch, es)
}

// bitUnshuffle is the inverse of bitShuffle, with the same conditions.
func bitUnshuffle(dst, src, scratch []byte, es int) {
	bitshuffle.Unshuffle(dst, src, scratch, es)
}

// Package bitshuffle implements the bit transpose of Blosc's BITSHUFFLE
// filter (the layout of the bitshuffle library's bshuf_trans_bit_elem,
// which c-blosc applies to each block).
//
// For n elements of es bytes each (n a multiple of 8), the shuffled form
// is 8*es bit planes of n/8 bytes, one per bit of an element: plane 8*b+k
// holds bit k (least significant first) of byte b of every element, and
// element i's bit is bit i%8 of the plane's byte i/8. Shuffling gathers
// the bits that vary together (the sign and exponent bits of floats, the
// high bits of small integers) into long runs that compress well.
//
// Shuffle and Unshuffle are the only entry points; both are pure Go.
// Element sizes 1, 2, 4 and 8 run a transpose of 64 elements at a time
// held in 64-bit words; every other size first splits the elements into
// byte planes (the byte shuffle of codecs/shuffle) and bit-transposes each
// plane. The definition above, bit by bit, is the reference the tests hold
// them to.
package bitshuffle

import (
	"fmt"

	"github.com/zcodec/zcodec/codecs/shuffle"
)

// Shuffle writes the bit planes of src, n elements of elemSize bytes, to
// dst. len(dst) must equal len(src), len(src) must be n*elemSize with n a
// multiple of 8, and dst must not overlap src. For element sizes other than
// 1, 2, 4 and 8, scratch must hold at least len(src) bytes; it is unused
// otherwise. It panics when these conditions do not hold.
func Shuffle(dst, src, scratch []byte, elemSize int) {
	n := checkArgs(dst, src, scratch, elemSize)
	if hasGroups(elemSize) {
		done := shuffleGroups(dst, src, n, elemSize)
		tailShuffle(dst, src, n, elemSize, done)
		return
	}
	// Byte planes first, then the bits of each byte plane.
	tmp := scratch[:len(src)]
	shuffle.Shuffle(tmp, src, elemSize)
	for b := range elemSize {
		plane, bits := tmp[b*n:(b+1)*n], dst[b*n:(b+1)*n]
		done := shuffleGroups(bits, plane, n, 1)
		tailShuffle(bits, plane, n, 1, done)
	}
}

// Unshuffle is the inverse of Shuffle, with the same conditions.
func Unshuffle(dst, src, scratch []byte, elemSize int) {
	n := checkArgs(dst, src, scratch, elemSize)
	if hasGroups(elemSize) {
		done := unshuffleGroups(dst, src, n, elemSize)
		tailUnshuffle(dst, src, n, elemSize, done)
		return
	}
	tmp := scratch[:len(src)]
	for b := range elemSize {
		plane, bits := tmp[b*n:(b+1)*n], src[b*n:(b+1)*n]
		done := unshuffleGroups(plane, bits, n, 1)
		tailUnshuffle(plane, bits, n, 1, done)
	}
	shuffle.Unshuffle(dst, tmp, elemSize)
}

// hasGroups reports whether element size es has its own group kernel.
func hasGroups(es int) bool { return es == 1 || es == 2 || es == 4 || es == 8 }

// checkArgs validates the arguments and returns the element count.
func checkArgs(dst, src, scratch []byte, es int) int {
	if es < 1 || len(dst) != len(src) || len(src)%es != 0 || (len(src)/es)%8 != 0 {
		panic(fmt.Sprintf("bitshuffle: %d-byte dst, %d-byte src, element size %d (want equal lengths of a multiple of 8 elements)", len(dst), len(src), es))
	}
	if es != 1 && es != 2 && es != 4 && es != 8 && len(scratch) < len(src) {
		panic(fmt.Sprintf("bitshuffle: %d-byte scratch for %d bytes of element size %d", len(scratch), len(src), es))
	}
	return len(src) / es
}

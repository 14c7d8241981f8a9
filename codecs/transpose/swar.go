package transpose

import (
	"encoding/binary"
	"unsafe"
)

// Transposes of 1- and 2-byte elements in 64-bit words: a block of 8x8
// bytes (or 4x4 16-bit elements) is loaded as one word per row and
// transposed with three (two) rounds of masked swaps, each exchanging one
// bit of the row index with the same bit of the column index; then stored
// as one word per row. Words are read and written little-endian, so the
// kernels need no alignment and give the same bytes on every host.

// swap exchanges the units selected by mask (the odd units of a, shifted
// down, against the even units of b) between two words.
func swap(a, b uint64, shift uint, mask uint64) (uint64, uint64) {
	t := (a>>shift ^ b) & mask
	return a ^ t<<shift, b ^ t
}

// blocks8 sets dst[i*dstRow+j] = src[i+j*srcCol] over the leading multiples
// of 8 of rows and cols, for bytes, and returns how many of each it did.
func blocks8(dst []byte, dstRow int, src []byte, srcCol, rows, cols int) (r, c int) {
	r, c = rows&^7, cols&^7
	if r == 0 || c == 0 {
		return 0, 0
	}
	_ = dst[(r-1)*dstRow+c-1]
	_ = src[(r-1)+(c-1)*srcCol]
	le := binary.LittleEndian
	const m1, m2, m4 = 0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff
	for j := 0; j < c; j += 8 {
		for i := 0; i < r; i += 8 {
			s := src[j*srcCol+i:]
			w0, w1 := le.Uint64(s), le.Uint64(s[srcCol:])
			w2, w3 := le.Uint64(s[2*srcCol:]), le.Uint64(s[3*srcCol:])
			w4, w5 := le.Uint64(s[4*srcCol:]), le.Uint64(s[5*srcCol:])
			w6, w7 := le.Uint64(s[6*srcCol:]), le.Uint64(s[7*srcCol:])
			w0, w1 = swap(w0, w1, 8, m1)
			w2, w3 = swap(w2, w3, 8, m1)
			w4, w5 = swap(w4, w5, 8, m1)
			w6, w7 = swap(w6, w7, 8, m1)
			w0, w2 = swap(w0, w2, 16, m2)
			w1, w3 = swap(w1, w3, 16, m2)
			w4, w6 = swap(w4, w6, 16, m2)
			w5, w7 = swap(w5, w7, 16, m2)
			w0, w4 = swap(w0, w4, 32, m4)
			w1, w5 = swap(w1, w5, 32, m4)
			w2, w6 = swap(w2, w6, 32, m4)
			w3, w7 = swap(w3, w7, 32, m4)
			d := dst[i*dstRow+j:]
			le.PutUint64(d, w0)
			le.PutUint64(d[dstRow:], w1)
			le.PutUint64(d[2*dstRow:], w2)
			le.PutUint64(d[3*dstRow:], w3)
			le.PutUint64(d[4*dstRow:], w4)
			le.PutUint64(d[5*dstRow:], w5)
			le.PutUint64(d[6*dstRow:], w6)
			le.PutUint64(d[7*dstRow:], w7)
		}
	}
	return r, c
}

// blocks16 is blocks8 for 16-bit elements, in 4x4 blocks; dst and src are
// the elements' bytes and the strides count elements.
func blocks16(dst []byte, dstRow int, src []byte, srcCol, rows, cols int) (r, c int) {
	r, c = rows&^3, cols&^3
	if r == 0 || c == 0 {
		return 0, 0
	}
	_ = dst[2*((r-1)*dstRow+c-1)+1]
	_ = src[2*((r-1)+(c-1)*srcCol)+1]
	le := binary.LittleEndian
	const m2, m4 = 0x0000ffff0000ffff, 0x00000000ffffffff
	ds, ss := 2*dstRow, 2*srcCol
	for j := 0; j < c; j += 4 {
		for i := 0; i < r; i += 4 {
			s := src[2*(j*srcCol+i):]
			w0, w1 := le.Uint64(s), le.Uint64(s[ss:])
			w2, w3 := le.Uint64(s[2*ss:]), le.Uint64(s[3*ss:])
			w0, w1 = swap(w0, w1, 16, m2)
			w2, w3 = swap(w2, w3, 16, m2)
			w0, w2 = swap(w0, w2, 32, m4)
			w1, w3 = swap(w1, w3, 32, m4)
			d := dst[2*(i*dstRow+j):]
			le.PutUint64(d, w0)
			le.PutUint64(d[ds:], w1)
			le.PutUint64(d[2*ds:], w2)
			le.PutUint64(d[3*ds:], w3)
		}
	}
	return r, c
}

// asBytes returns the memory of s as bytes.
func asBytes[T word](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

package bitshuffle

// Every kernel works on groups of 64 elements: the group's share of each bit
// plane is then one 64-bit word (8 bytes at offset 8*g of the plane, for
// group g), so a group is a bit-matrix transpose between 64 elements of
// 8*es bits and 8*es words of 64 bits. Elements after the last whole group
// (a multiple of 8) go through tailShuffle and tailUnshuffle.

// Masks that select, in every lane of 2s bits, the low s bits.
const (
	mask1  = 0x5555555555555555
	mask2  = 0x3333333333333333
	mask4  = 0x0f0f0f0f0f0f0f0f
	mask8  = 0x00ff00ff00ff00ff
	mask16 = 0x0000ffff0000ffff
	mask32 = 0x00000000ffffffff
)

// swap exchanges the bits of a selected by m<<s with the bits of b selected
// by m: bit i+s of a and bit i of b trade places, for each bit i of m.
func swap(a, b uint64, s uint, m uint64) (uint64, uint64) {
	t := ((a >> s) ^ b) & m
	return a ^ t<<s, b ^ t
}

// transpose8 transposes the 8x8 bit matrix in x whose row r is byte r (bit
// c of byte r becomes bit r of byte c).
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	x ^= t ^ t<<28
	return x
}

// The group of 64 one-byte elements is held in eight words, word q holding
// elements 8q..8q+7 (element 8q+m in byte m). Its eight bit planes (plane
// k: bit j is bit k of element j) come from two transposes: of the 8x8
// byte matrix (bytes8), after which word m holds byte m of every word, and
// of word index against bit-within-byte in every byte lane (bits8). The
// inverse runs them in the other order; each is its own inverse.

// bytes8 transposes the 8x8 byte matrix whose rows are the eight words.
func bytes8(w0, w1, w2, w3, w4, w5, w6, w7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	w0, w4 = swap(w0, w4, 32, mask32)
	w1, w5 = swap(w1, w5, 32, mask32)
	w2, w6 = swap(w2, w6, 32, mask32)
	w3, w7 = swap(w3, w7, 32, mask32)
	w0, w2 = swap(w0, w2, 16, mask16)
	w1, w3 = swap(w1, w3, 16, mask16)
	w4, w6 = swap(w4, w6, 16, mask16)
	w5, w7 = swap(w5, w7, 16, mask16)
	w0, w1 = swap(w0, w1, 8, mask8)
	w2, w3 = swap(w2, w3, 8, mask8)
	w4, w5 = swap(w4, w5, 8, mask8)
	w6, w7 = swap(w6, w7, 8, mask8)
	return w0, w1, w2, w3, w4, w5, w6, w7
}

// bits8 moves bit k of byte q of word m to bit m of byte q of word k.
func bits8(w0, w1, w2, w3, w4, w5, w6, w7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	w0, w4 = swap(w0, w4, 4, mask4)
	w1, w5 = swap(w1, w5, 4, mask4)
	w2, w6 = swap(w2, w6, 4, mask4)
	w3, w7 = swap(w3, w7, 4, mask4)
	w0, w2 = swap(w0, w2, 2, mask2)
	w1, w3 = swap(w1, w3, 2, mask2)
	w4, w6 = swap(w4, w6, 2, mask2)
	w5, w7 = swap(w5, w7, 2, mask2)
	w0, w1 = swap(w0, w1, 1, mask1)
	w2, w3 = swap(w2, w3, 1, mask1)
	w4, w5 = swap(w4, w5, 1, mask1)
	w6, w7 = swap(w6, w7, 1, mask1)
	return w0, w1, w2, w3, w4, w5, w6, w7
}

// tailShuffle bit-shuffles elements from..n-1 (from and n multiples of 8)
// eight at a time: one 8x8 bit transpose per byte of the element.
func tailShuffle(dst, src []byte, n, es, from int) {
	pl := n / 8
	for i := from; i < n; i += 8 {
		r := i / 8
		for b := range es {
			var x uint64
			for m := range 8 {
				x |= uint64(src[(i+m)*es+b]) << (8 * m)
			}
			x = transpose8(x)
			for k := range 8 {
				dst[(8*b+k)*pl+r] = byte(x >> (8 * k))
			}
		}
	}
}

// tailUnshuffle is the inverse of tailShuffle.
func tailUnshuffle(dst, src []byte, n, es, from int) {
	pl := n / 8
	for i := from; i < n; i += 8 {
		r := i / 8
		for b := range es {
			var x uint64
			for k := range 8 {
				x |= uint64(src[(8*b+k)*pl+r]) << (8 * k)
			}
			x = transpose8(x)
			for m := range 8 {
				dst[(i+m)*es+b] = byte(x >> (8 * m))
			}
		}
	}
}

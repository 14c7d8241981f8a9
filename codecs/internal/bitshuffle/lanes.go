package bitshuffle

import "encoding/binary"

// A group of 64 elements is a bit-matrix transpose between 64 elements of
// L = 8*es bits and L words of 64 bits, one per bit plane (element j at bit
// j). Element sizes 2, 4 and 8 do it in lanes: word i (i < L) holds the
// elements i, i+L, i+2L, ... one per L-bit lane; a transpose of the L x L
// bit matrix in every lane at once leaves in word p bit p of every element,
// which is the group's word of plane p. That transpose is a swap between
// rows i and i+s of the bits s apart, for s = L/2, ..., 2, 1; the swaps for
// different s commute. The code runs s = 4, 2, 1 on runs of eight
// consecutive words (bits8) and the larger s on the words r, r+8, r+16, ...
// for each r < 8 (bytes8 when L = 64), so that each step stays in
// registers. The transpose is its own inverse. Element size 1 has one lane
// per byte, element 8q+m in byte m of word q, and needs the byte transpose
// (bytes8) before bits8.
//
// The planes of a block are n/8 bytes apart, a power of two for the usual
// block sizes: writing (or reading) 8 bytes to each of up to 64 planes per
// group would keep evicting the planes' cache lines from the few L1 ways
// they map to. The kernels therefore stage the words of eight groups
// (512 elements, 64 bytes of every plane) and move whole cache lines.

// stage holds the plane words of up to eight groups: stage[p][k] is plane
// p's word of group k.
type stage [64][8]uint64

// group computes the plane words of one group of 64 elements of es bytes
// (src, 64*es bytes) into column k of st; es is 1, 2, 4 or 8.
func group(st *stage, k int, src []byte, es int) {
	switch es {
	case 1:
		group1(st, k, src)
	case 2:
		group2(st, k, src)
	case 4:
		group4(st, k, src)
	default:
		group8(st, k, src)
	}
}

// ungroup is the inverse of group: it writes the group's elements to dst.
func ungroup(st *stage, k int, dst []byte, es int) {
	switch es {
	case 1:
		ungroup1(st, k, dst)
	case 2:
		ungroup2(st, k, dst)
	case 4:
		ungroup4(st, k, dst)
	default:
		ungroup8(st, k, dst)
	}
}

// shuffleGroups bit-shuffles the whole groups of n elements of es bytes
// (1, 2, 4 or 8) from element from (a multiple of 64) on into the planes
// of dst; it returns the number of elements done (a multiple of 64).
func shuffleGroups(dst, src []byte, n, es, from int) int {
	pl, np, gb := n/8, 8*es, 64*es
	le := binary.LittleEndian
	var st stage
	g := from
	for ; g+512 <= n; g += 512 {
		for k := range 8 {
			off := (g + 64*k) * es
			group(&st, k, src[off:off+gb:off+gb], es)
		}
		r := g / 8
		for p := range np {
			d := dst[p*pl+r : p*pl+r+64 : p*pl+r+64]
			w := &st[p]
			le.PutUint64(d[0:], w[0])
			le.PutUint64(d[8:], w[1])
			le.PutUint64(d[16:], w[2])
			le.PutUint64(d[24:], w[3])
			le.PutUint64(d[32:], w[4])
			le.PutUint64(d[40:], w[5])
			le.PutUint64(d[48:], w[6])
			le.PutUint64(d[56:], w[7])
		}
	}
	for ; g+64 <= n; g += 64 {
		group(&st, 0, src[g*es:g*es+gb:g*es+gb], es)
		r := g / 8
		for p := range np {
			le.PutUint64(dst[p*pl+r:], st[p][0])
		}
	}
	return g
}

// unshuffleGroups is the inverse of shuffleGroups.
func unshuffleGroups(dst, src []byte, n, es, from int) int {
	pl, np, gb := n/8, 8*es, 64*es
	le := binary.LittleEndian
	var st stage
	g := from
	for ; g+512 <= n; g += 512 {
		r := g / 8
		for p := range np {
			s := src[p*pl+r : p*pl+r+64 : p*pl+r+64]
			w := &st[p]
			w[0] = le.Uint64(s[0:])
			w[1] = le.Uint64(s[8:])
			w[2] = le.Uint64(s[16:])
			w[3] = le.Uint64(s[24:])
			w[4] = le.Uint64(s[32:])
			w[5] = le.Uint64(s[40:])
			w[6] = le.Uint64(s[48:])
			w[7] = le.Uint64(s[56:])
		}
		for k := range 8 {
			off := (g + 64*k) * es
			ungroup(&st, k, dst[off:off+gb:off+gb], es)
		}
	}
	for ; g+64 <= n; g += 64 {
		r := g / 8
		for p := range np {
			st[p][0] = le.Uint64(src[p*pl+r:])
		}
		ungroup(&st, 0, dst[g*es:g*es+gb:g*es+gb], es)
	}
	return g
}

func group1(st *stage, k int, s []byte) {
	le := binary.LittleEndian
	s = s[:64:64]
	w0, w1, w2, w3, w4, w5, w6, w7 := bits8(bytes8(
		le.Uint64(s[0:]), le.Uint64(s[8:]), le.Uint64(s[16:]), le.Uint64(s[24:]),
		le.Uint64(s[32:]), le.Uint64(s[40:]), le.Uint64(s[48:]), le.Uint64(s[56:])))
	k &= 7
	st[0][k], st[1][k], st[2][k], st[3][k] = w0, w1, w2, w3
	st[4][k], st[5][k], st[6][k], st[7][k] = w4, w5, w6, w7
}

func ungroup1(st *stage, k int, d []byte) {
	le := binary.LittleEndian
	d = d[:64:64]
	k &= 7
	w0, w1, w2, w3, w4, w5, w6, w7 := bytes8(bits8(st[0][k], st[1][k], st[2][k], st[3][k], st[4][k], st[5][k], st[6][k], st[7][k]))
	le.PutUint64(d[0:], w0)
	le.PutUint64(d[8:], w1)
	le.PutUint64(d[16:], w2)
	le.PutUint64(d[24:], w3)
	le.PutUint64(d[32:], w4)
	le.PutUint64(d[40:], w5)
	le.PutUint64(d[48:], w6)
	le.PutUint64(d[56:], w7)
}

func group2(st *stage, k int, s []byte) {
	le := binary.LittleEndian
	s = s[:128:128]
	k &= 7
	var w [16]uint64
	for c := 0; c < 16; c += 8 {
		e := s[2*c : 2*c+112 : 2*c+112]
		lane := func(i int) uint64 {
			return uint64(le.Uint16(e[2*i:])) | uint64(le.Uint16(e[2*i+32:]))<<16 |
				uint64(le.Uint16(e[2*i+64:]))<<32 | uint64(le.Uint16(e[2*i+96:]))<<48
		}
		w[c], w[c+1], w[c+2], w[c+3], w[c+4], w[c+5], w[c+6], w[c+7] = bits8(
			lane(0), lane(1), lane(2), lane(3), lane(4), lane(5), lane(6), lane(7))
	}
	for i := range 8 {
		st[i][k], st[i+8][k] = swap(w[i], w[i+8], 8, mask8)
	}
}

func ungroup2(st *stage, k int, d []byte) {
	le := binary.LittleEndian
	d = d[:128:128]
	k &= 7
	var w [16]uint64
	for i := range 8 {
		w[i], w[i+8] = swap(st[i][k], st[i+8][k], 8, mask8)
	}
	for c := 0; c < 16; c += 8 {
		x0, x1, x2, x3, x4, x5, x6, x7 := bits8(w[c], w[c+1], w[c+2], w[c+3], w[c+4], w[c+5], w[c+6], w[c+7])
		e := d[2*c : 2*c+112 : 2*c+112]
		for i, x := range [8]uint64{x0, x1, x2, x3, x4, x5, x6, x7} {
			le.PutUint16(e[2*i:], uint16(x))
			le.PutUint16(e[2*i+32:], uint16(x>>16))
			le.PutUint16(e[2*i+64:], uint16(x>>32))
			le.PutUint16(e[2*i+96:], uint16(x>>48))
		}
	}
}

func group4(st *stage, k int, s []byte) {
	le := binary.LittleEndian
	s = s[:256:256]
	k &= 7
	var w [32]uint64
	for c := 0; c < 32; c += 8 {
		// lane pairs from two 8-byte loads: elements c+i and c+i+1 (low
		// lanes), c+i+32 and c+i+33 (high lanes)
		e := s[4*c : 4*c+160 : 4*c+160]
		lanes := func(off int) (uint64, uint64) {
			lo, hi := le.Uint64(e[off:]), le.Uint64(e[off+128:])
			return lo&mask32 | hi<<32, lo>>32 | hi&^mask32
		}
		l0, l1 := lanes(0)
		l2, l3 := lanes(8)
		l4, l5 := lanes(16)
		l6, l7 := lanes(24)
		w[c], w[c+1], w[c+2], w[c+3], w[c+4], w[c+5], w[c+6], w[c+7] = bits8(l0, l1, l2, l3, l4, l5, l6, l7)
	}
	for i := range 8 {
		a, b, c, d := w[i], w[i+8], w[i+16], w[i+24]
		a, c = swap(a, c, 16, mask16)
		b, d = swap(b, d, 16, mask16)
		a, b = swap(a, b, 8, mask8)
		c, d = swap(c, d, 8, mask8)
		st[i][k], st[i+8][k], st[i+16][k], st[i+24][k] = a, b, c, d
	}
}

func ungroup4(st *stage, k int, dst []byte) {
	le := binary.LittleEndian
	dst = dst[:256:256]
	k &= 7
	var w [32]uint64
	for i := range 8 {
		a, b, c, d := st[i][k], st[i+8][k], st[i+16][k], st[i+24][k]
		a, c = swap(a, c, 16, mask16)
		b, d = swap(b, d, 16, mask16)
		a, b = swap(a, b, 8, mask8)
		c, d = swap(c, d, 8, mask8)
		w[i], w[i+8], w[i+16], w[i+24] = a, b, c, d
	}
	for c := 0; c < 32; c += 8 {
		x0, x1, x2, x3, x4, x5, x6, x7 := bits8(w[c], w[c+1], w[c+2], w[c+3], w[c+4], w[c+5], w[c+6], w[c+7])
		// elements c+i (low lanes) and c+i+32 (high lanes), two a store
		e := dst[4*c : 4*c+160 : 4*c+160]
		le.PutUint64(e[0:], x0&mask32|x1<<32)
		le.PutUint64(e[8:], x2&mask32|x3<<32)
		le.PutUint64(e[16:], x4&mask32|x5<<32)
		le.PutUint64(e[24:], x6&mask32|x7<<32)
		le.PutUint64(e[128:], x0>>32|x1&^mask32)
		le.PutUint64(e[136:], x2>>32|x3&^mask32)
		le.PutUint64(e[144:], x4>>32|x5&^mask32)
		le.PutUint64(e[152:], x6>>32|x7&^mask32)
	}
}

func group8(st *stage, k int, s []byte) {
	le := binary.LittleEndian
	s = s[:512:512]
	k &= 7
	var w [64]uint64
	for c := 0; c < 64; c += 8 {
		e := s[8*c : 8*c+64 : 8*c+64]
		w[c], w[c+1], w[c+2], w[c+3], w[c+4], w[c+5], w[c+6], w[c+7] = bits8(
			le.Uint64(e[0:]), le.Uint64(e[8:]), le.Uint64(e[16:]), le.Uint64(e[24:]),
			le.Uint64(e[32:]), le.Uint64(e[40:]), le.Uint64(e[48:]), le.Uint64(e[56:]))
	}
	for i := range 8 {
		st[i][k], st[i+8][k], st[i+16][k], st[i+24][k], st[i+32][k], st[i+40][k], st[i+48][k], st[i+56][k] = bytes8(
			w[i], w[i+8], w[i+16], w[i+24], w[i+32], w[i+40], w[i+48], w[i+56])
	}
}

func ungroup8(st *stage, k int, d []byte) {
	le := binary.LittleEndian
	d = d[:512:512]
	k &= 7
	var w [64]uint64
	for i := range 8 {
		w[i], w[i+8], w[i+16], w[i+24], w[i+32], w[i+40], w[i+48], w[i+56] = bytes8(
			st[i][k], st[i+8][k], st[i+16][k], st[i+24][k], st[i+32][k], st[i+40][k], st[i+48][k], st[i+56][k])
	}
	for c := 0; c < 64; c += 8 {
		x0, x1, x2, x3, x4, x5, x6, x7 := bits8(w[c], w[c+1], w[c+2], w[c+3], w[c+4], w[c+5], w[c+6], w[c+7])
		e := d[8*c : 8*c+64 : 8*c+64]
		le.PutUint64(e[0:], x0)
		le.PutUint64(e[8:], x1)
		le.PutUint64(e[16:], x2)
		le.PutUint64(e[24:], x3)
		le.PutUint64(e[32:], x4)
		le.PutUint64(e[40:], x5)
		le.PutUint64(e[48:], x6)
		le.PutUint64(e[56:], x7)
	}
}

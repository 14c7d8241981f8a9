package packbits

import "encoding/binary"

// The loops of one-byte components of 1, 2, 4 and 6 bits work on 64-bit
// words: eight components at a time, gathered (packing) or spread
// (unpacking) with shifts and masks, element i landing in bits
// [i*w, (i+1)*w) of the word. The last, partial group goes through a
// zero-padded word.

const (
	lo1 = 0x0101010101010101
	lo2 = 0x0303030303030303
	lo4 = 0x0f0f0f0f0f0f0f0f
)

// gather4 packs the low nibbles of the eight bytes of x (the rest zero)
// into the low 32 bits, byte 0 in bits 0-3.
func gather4(x uint64) uint64 {
	x = (x | x>>4) & 0x00ff00ff00ff00ff
	x = (x | x>>8) & 0x0000ffff0000ffff
	return (x | x>>16) & 0xffffffff
}

// gather2 packs the low two bits of the eight bytes of x (the rest zero)
// into the low 16 bits, byte 0 in bits 0-1.
func gather2(x uint64) uint64 {
	x = (x | x>>6) & 0x000f000f000f000f
	x = (x | x>>12) & 0x000000ff000000ff
	return (x | x>>24) & 0xffff
}

// gather1 packs bit 0 of the eight bytes of x (the rest zero) into the
// low 8 bits, byte 0 in bit 0: bit 8i times bit 56-7i of the multiplier
// lands on bit 56+i, and the 64 products all land on distinct bits, so
// nothing carries.
func gather1(x uint64) uint64 { return x * 0x0102040810204080 >> 56 }

// nonZero returns 1 in each byte whose byte in x is not zero, 0 in the
// others: the low seven bits plus 0x7f carry into bit 7 (and no further)
// exactly when one of them is set.
func nonZero(x uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ((x&low7 + low7) | x) >> 7 & lo1
}

// spread4 is the inverse of gather4: the eight nibbles of the low 32 bits
// of x into the low nibbles of eight bytes.
func spread4(x uint64) uint64 {
	x = (x | x<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff
	return (x | x<<4) & lo4
}

// spread2 is the inverse of gather2.
func spread2(x uint64) uint64 {
	x = (x | x<<24) & 0x000000ff000000ff
	x = (x | x<<12) & 0x000f000f000f000f
	return (x | x<<6) & lo2
}

// spread1 is the inverse of gather1: bit i of x (x < 256) into bit 0 of
// byte i. Copied into every byte, byte i keeps bit i, and nonZero moves
// it to bit 0.
func spread1(x uint64) uint64 { return nonZero(x * lo1 & 0x8040201008040201) }

func load8(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }

// placer moves the unpacked bits of eight one-byte components to bit
// first of each byte and sign-extends each from bit top by ORing fill
// into the bytes whose bit top is set (fill 0: zero extension). No bit
// crosses a byte: the encoded bits end at or below bit 7.
type placer struct {
	first, top uint
	fill       uint64
}

// trivial reports whether fix returns its argument.
func (p placer) trivial() bool { return p.first == 0 && p.fill == 0 }

func (p placer) fix(x uint64) uint64 {
	x <<= p.first
	if p.fill != 0 { // the same way for every word: predicted
		x |= (x >> p.top & lo1) * p.fill
	}
	return x
}

// loadTail returns the bytes of b (fewer than 8) as a little-endian word.
func loadTail(b []byte) uint64 {
	var t [8]byte
	copy(t[:], b)
	return binary.LittleEndian.Uint64(t[:])
}

// storeTail writes the low len(b) bytes of x to b.
func storeTail(b []byte, x uint64) {
	for i := range b {
		b[i] = byte(x >> (8 * i))
	}
}

// pack4 packs bits first..first+3 of each byte of src into dst
// (len(dst) == ceil(len(src)/2)).
func pack4(dst, src []byte, first uint) {
	i, o := 0, 0
	for ; i+32 <= len(src); i, o = i+32, o+16 {
		s := src[i : i+32 : i+32]
		a := gather4(load8(s[0:])>>first&lo4) | gather4(load8(s[8:])>>first&lo4)<<32
		b := gather4(load8(s[16:])>>first&lo4) | gather4(load8(s[24:])>>first&lo4)<<32
		d := dst[o : o+16 : o+16]
		binary.LittleEndian.PutUint64(d[0:], a)
		binary.LittleEndian.PutUint64(d[8:], b)
	}
	for ; i+8 <= len(src); i, o = i+8, o+4 {
		binary.LittleEndian.PutUint32(dst[o:], uint32(gather4(load8(src[i:])>>first&lo4)))
	}
	if i < len(src) {
		storeTail(dst[o:], gather4(loadTail(src[i:])>>first&lo4))
	}
}

// pack2 packs bits first..first+1 of each byte of src into dst
// (len(dst) == ceil(len(src)/4)).
func pack2(dst, src []byte, first uint) {
	i, o := 0, 0
	for ; i+32 <= len(src); i, o = i+32, o+8 {
		s := src[i : i+32 : i+32]
		w := gather2(load8(s[0:])>>first&lo2) | gather2(load8(s[8:])>>first&lo2)<<16 |
			gather2(load8(s[16:])>>first&lo2)<<32 | gather2(load8(s[24:])>>first&lo2)<<48
		binary.LittleEndian.PutUint64(dst[o:], w)
	}
	for ; i+8 <= len(src); i, o = i+8, o+2 {
		binary.LittleEndian.PutUint16(dst[o:], uint16(gather2(load8(src[i:])>>first&lo2)))
	}
	if i < len(src) {
		storeTail(dst[o:], gather2(loadTail(src[i:])>>first&lo2))
	}
}

// pack1 packs bit first of each byte of src into dst (len(dst) ==
// ceil(len(src)/8)); for bool, a byte that is not zero packs as 1.
func pack1(dst, src []byte, first uint, isBool bool) {
	bit := func(x uint64) uint64 { return x >> first & lo1 }
	if isBool {
		bit = nonZero
	}
	i, o := 0, 0
	if isBool {
		for ; i+64 <= len(src); i, o = i+64, o+8 {
			s := src[i : i+64 : i+64]
			w0, w1, w2, w3 := load8(s[0:]), load8(s[8:]), load8(s[16:]), load8(s[24:])
			w4, w5, w6, w7 := load8(s[32:]), load8(s[40:]), load8(s[48:]), load8(s[56:])
			if (w0|w1|w2|w3|w4|w5|w6|w7)&^lo1 != 0 { // a byte other than 0 and 1
				w0, w1, w2, w3 = nonZero(w0), nonZero(w1), nonZero(w2), nonZero(w3)
				w4, w5, w6, w7 = nonZero(w4), nonZero(w5), nonZero(w6), nonZero(w7)
			}
			binary.LittleEndian.PutUint64(dst[o:], gather1(w0)|gather1(w1)<<8|gather1(w2)<<16|gather1(w3)<<24|
				gather1(w4)<<32|gather1(w5)<<40|gather1(w6)<<48|gather1(w7)<<56)
		}
	} else {
		for ; i+64 <= len(src); i, o = i+64, o+8 {
			s := src[i : i+64 : i+64]
			w := gather1(load8(s[0:])>>first&lo1) | gather1(load8(s[8:])>>first&lo1)<<8 |
				gather1(load8(s[16:])>>first&lo1)<<16 | gather1(load8(s[24:])>>first&lo1)<<24 |
				gather1(load8(s[32:])>>first&lo1)<<32 | gather1(load8(s[40:])>>first&lo1)<<40 |
				gather1(load8(s[48:])>>first&lo1)<<48 | gather1(load8(s[56:])>>first&lo1)<<56
			binary.LittleEndian.PutUint64(dst[o:], w)
		}
	}
	for ; i+8 <= len(src); i, o = i+8, o+1 {
		dst[o] = byte(gather1(bit(load8(src[i:]))))
	}
	if i < len(src) {
		dst[o] = byte(gather1(bit(loadTail(src[i:]))))
	}
}

// unpack4 spreads the nibbles of src into the bytes of dst (len(src) ==
// ceil(len(dst)/2)), zero-extended.
func unpack4(dst, src []byte, p placer) {
	i, o := 0, 0
	if p.trivial() { // no shift, no sign: the plain loop
		for ; o+32 <= len(dst); i, o = i+16, o+32 {
			s := src[i : i+16 : i+16]
			a, b := load8(s[0:]), load8(s[8:])
			d := dst[o : o+32 : o+32]
			binary.LittleEndian.PutUint64(d[0:], spread4(a&0xffffffff))
			binary.LittleEndian.PutUint64(d[8:], spread4(a>>32))
			binary.LittleEndian.PutUint64(d[16:], spread4(b&0xffffffff))
			binary.LittleEndian.PutUint64(d[24:], spread4(b>>32))
		}
	}
	for ; o+32 <= len(dst); i, o = i+16, o+32 {
		s := src[i : i+16 : i+16]
		a, b := load8(s[0:]), load8(s[8:])
		d := dst[o : o+32 : o+32]
		binary.LittleEndian.PutUint64(d[0:], p.fix(spread4(a&0xffffffff)))
		binary.LittleEndian.PutUint64(d[8:], p.fix(spread4(a>>32)))
		binary.LittleEndian.PutUint64(d[16:], p.fix(spread4(b&0xffffffff)))
		binary.LittleEndian.PutUint64(d[24:], p.fix(spread4(b>>32)))
	}
	for ; o+8 <= len(dst); i, o = i+4, o+8 {
		binary.LittleEndian.PutUint64(dst[o:], p.fix(spread4(uint64(binary.LittleEndian.Uint32(src[i:])))))
	}
	if o < len(dst) {
		storeTail(dst[o:], p.fix(spread4(loadTail(src[i:]))))
	}
}

// unpack2 spreads the 2-bit fields of src into the bytes of dst (len(src)
// == ceil(len(dst)/4)), zero-extended.
func unpack2(dst, src []byte, p placer) {
	i, o := 0, 0
	if p.trivial() { // no shift, no sign: the plain loop
		for ; o+32 <= len(dst); i, o = i+8, o+32 {
			w := load8(src[i:])
			d := dst[o : o+32 : o+32]
			binary.LittleEndian.PutUint64(d[0:], spread2(w&0xffff))
			binary.LittleEndian.PutUint64(d[8:], spread2(w>>16&0xffff))
			binary.LittleEndian.PutUint64(d[16:], spread2(w>>32&0xffff))
			binary.LittleEndian.PutUint64(d[24:], spread2(w>>48))
		}
	}
	for ; o+32 <= len(dst); i, o = i+8, o+32 {
		w := load8(src[i:])
		d := dst[o : o+32 : o+32]
		binary.LittleEndian.PutUint64(d[0:], p.fix(spread2(w&0xffff)))
		binary.LittleEndian.PutUint64(d[8:], p.fix(spread2(w>>16&0xffff)))
		binary.LittleEndian.PutUint64(d[16:], p.fix(spread2(w>>32&0xffff)))
		binary.LittleEndian.PutUint64(d[24:], p.fix(spread2(w>>48)))
	}
	for ; o+8 <= len(dst); i, o = i+2, o+8 {
		binary.LittleEndian.PutUint64(dst[o:], p.fix(spread2(uint64(binary.LittleEndian.Uint16(src[i:])))))
	}
	if o < len(dst) {
		storeTail(dst[o:], p.fix(spread2(loadTail(src[i:])&0xffff)))
	}
}

// unpack1 spreads the bits of src into the bytes of dst (len(src) ==
// ceil(len(dst)/8)), each 0 or 1.
func unpack1(dst, src []byte, p placer) {
	t := &spreadTable
	i, o := 0, 0
	if p.trivial() { // no shift, no sign: the plain loop
		for ; o+64 <= len(dst); i, o = i+8, o+64 {
			w := load8(src[i:])
			d := dst[o : o+64 : o+64]
			binary.LittleEndian.PutUint64(d[0:], t[uint8(w)])
			binary.LittleEndian.PutUint64(d[8:], t[uint8(w>>8)])
			binary.LittleEndian.PutUint64(d[16:], t[uint8(w>>16)])
			binary.LittleEndian.PutUint64(d[24:], t[uint8(w>>24)])
			binary.LittleEndian.PutUint64(d[32:], t[uint8(w>>32)])
			binary.LittleEndian.PutUint64(d[40:], t[uint8(w>>40)])
			binary.LittleEndian.PutUint64(d[48:], t[uint8(w>>48)])
			binary.LittleEndian.PutUint64(d[56:], t[uint8(w>>56)])
		}
	}
	for ; o+64 <= len(dst); i, o = i+8, o+64 {
		w := load8(src[i:])
		d := dst[o : o+64 : o+64]
		binary.LittleEndian.PutUint64(d[0:], p.fix(t[uint8(w)]))
		binary.LittleEndian.PutUint64(d[8:], p.fix(t[uint8(w>>8)]))
		binary.LittleEndian.PutUint64(d[16:], p.fix(t[uint8(w>>16)]))
		binary.LittleEndian.PutUint64(d[24:], p.fix(t[uint8(w>>24)]))
		binary.LittleEndian.PutUint64(d[32:], p.fix(t[uint8(w>>32)]))
		binary.LittleEndian.PutUint64(d[40:], p.fix(t[uint8(w>>40)]))
		binary.LittleEndian.PutUint64(d[48:], p.fix(t[uint8(w>>48)]))
		binary.LittleEndian.PutUint64(d[56:], p.fix(t[uint8(w>>56)]))
	}
	for ; o+8 <= len(dst); i, o = i+1, o+8 {
		binary.LittleEndian.PutUint64(dst[o:], p.fix(t[src[i]]))
	}
	if o < len(dst) {
		storeTail(dst[o:], p.fix(t[src[i]]))
	}
}

// spreadTable holds spread1 of every byte value.
var spreadTable = func() (t [256]uint64) {
	for v := range t {
		t[v] = spread1(uint64(v))
	}
	return t
}()

const lo6 = 0x3f3f3f3f3f3f3f3f

// gather6 packs the low six bits of the eight bytes of x (the rest zero)
// into the low 48 bits, byte 0 in bits 0-5: pairs into 12-bit fields,
// those into 24-bit fields, those into 48 bits.
func gather6(x uint64) uint64 {
	x = x&0x003f003f003f003f | x>>2&0x0fc00fc00fc00fc0
	x = x&0x00000fff00000fff | x>>4&0x00fff00000fff000
	return x&0xffffff | x>>8&0xffffff000000
}

// spread6 is the inverse of gather6.
func spread6(x uint64) uint64 {
	x = x&0xffffff | x<<8&0xffffff00000000
	x = x&0x00000fff00000fff | x<<4&0x0fff00000fff0000
	return x&0x003f003f003f003f | x<<2&0x3f003f003f003f00
}

// pack6 packs bits first..first+5 of each byte of src into dst
// (len(dst) == ceil(len(src)*6/8)). Each group of eight writes a word
// of which the next group overwrites the last two bytes.
func pack6(dst, src []byte, first uint) {
	i, o := 0, 0
	for ; i+8 <= len(src) && o+8 <= len(dst); i, o = i+8, o+6 {
		binary.LittleEndian.PutUint64(dst[o:], gather6(load8(src[i:])>>first&lo6))
	}
	for ; i < len(src); i, o = i+8, o+6 {
		rest := src[i:min(i+8, len(src))]
		storeTail(dst[o:min(o+8, len(dst))], gather6(loadTail(rest)>>first&lo6))
	}
}

// unpack6 spreads the 6-bit fields of src into the bytes of dst (len(src)
// == ceil(len(dst)*6/8)), zero-extended.
func unpack6(dst, src []byte, p placer) {
	i, o := 0, 0
	if p.trivial() { // no shift, no sign: the plain loop
		for ; o+8 <= len(dst) && i+8 <= len(src); i, o = i+6, o+8 {
			binary.LittleEndian.PutUint64(dst[o:], spread6(load8(src[i:])&0xffffffffffff))
		}
	}
	for ; o+8 <= len(dst) && i+8 <= len(src); i, o = i+6, o+8 {
		binary.LittleEndian.PutUint64(dst[o:], p.fix(spread6(load8(src[i:])&0xffffffffffff)))
	}
	for ; o < len(dst); i, o = i+6, o+8 {
		storeTail(dst[o:min(o+8, len(dst))], p.fix(spread6(loadTail(src[i:min(i+6, len(src))]))))
	}
}

package packbits

import "encoding/binary"

// The generic loops handle every layout one component at a time through a
// 64-bit accumulator: components of 1, 2, 4 or 8 bytes, any first bit and
// any width from 1 to 64.

// loadComponent returns the little-endian component of size bytes at the
// start of b.
func loadComponent(b []byte, size int) uint64 {
	switch size {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// storeComponent writes the low size bytes of v to b, little-endian.
func storeComponent(b []byte, size int, v uint64) {
	switch size {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}

// lowMask returns a word with the low w bits set (1 <= w <= 64).
func lowMask(w int) uint64 { return ^uint64(0) >> (64 - w) }

// packGeneric packs the components of src as l describes into dst.
func packGeneric(dst, src []byte, l *layout) {
	mask := lowMask(l.width)
	first, width, size := uint(l.first), l.width, l.size
	var acc uint64 // bits not yet written, from bit 0
	n := 0         // how many
	o := 0
	for i := 0; i < l.m; i++ {
		v := loadComponent(src[i*size:], size)
		if l.isBool && v != 0 {
			v = 1
		}
		v = v >> first & mask
		acc |= v << n // a shift by 64 or more gives 0
		if n+width >= 64 {
			binary.LittleEndian.PutUint64(dst[o:], acc)
			o += 8
			acc = v >> (64 - n) // the bits of v that did not fit; 0 when n == 0
			n += width - 64
		} else {
			n += width
		}
	}
	storeTail(dst[o:(n+7)/8+o], acc)
}

// unpackGeneric unpacks the packed bits of src into the components of dst
// as l describes, zero- or sign-extending each.
func unpackGeneric(dst, src []byte, l *layout) {
	mask := lowMask(l.width)
	first, width, size := uint(l.first), l.width, l.size
	top := uint(64 - l.first - l.width) // shift that brings bit first+width-1 to bit 63
	pos := 0                            // bit position in src
	for i := 0; i < l.m; i++ {
		v := readBits(src, pos, width) & mask
		pos += width
		v <<= first
		if l.signed {
			v = uint64(int64(v<<top) >> top)
		}
		storeComponent(dst[i*size:], size, v)
	}
}

// readBits returns the width bits of b from bit pos (bits past the end of
// b read as 0), in the low bits of the result, the bits above unspecified.
func readBits(b []byte, pos, width int) uint64 {
	i, s := pos>>3, uint(pos&7)
	var w uint64
	if i+8 <= len(b) {
		w = binary.LittleEndian.Uint64(b[i:])
	} else {
		w = loadTail(b[i:])
	}
	w >>= s
	if int(s)+width > 64 { // the last bits are in the ninth byte
		w |= uint64(b[i+8]) << (64 - s)
	}
	return w
}

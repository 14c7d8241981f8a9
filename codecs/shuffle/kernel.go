package shuffle

import "encoding/binary"

// transpose writes the byte planes of src to dst: with count =
// len(src)/es, dst[b*count+i] = src[i*es+b]. len(dst) == len(src), a
// multiple of es, es >= 2. Where kernel_simd.go is built and the CPU has
// AVX2, element sizes 2, 4 and 8 go to its vector kernels, which give the
// same bytes.
func transpose(dst, src []byte, es int) {
	if transposeVector(dst, src, es) {
		return
	}
	switch es {
	case 2:
		transpose2(dst, src)
	case 4:
		transpose4(dst, src)
	case 8:
		transpose8(dst, src)
	default:
		transposeN(dst, src, es)
	}
}

// untranspose is the inverse of transpose: dst[i*es+b] = src[b*count+i].
func untranspose(dst, src []byte, es int) {
	if untransposeVector(dst, src, es) {
		return
	}
	switch es {
	case 2:
		untranspose2(dst, src)
	case 4:
		untranspose4(dst, src)
	case 8:
		untranspose8(dst, src)
	default:
		untransposeN(dst, src, es)
	}
}

func transposeN(dst, src []byte, es int) {
	count := len(src) / es
	for b := range es {
		plane := dst[b*count : (b+1)*count]
		j := b
		for i := range plane {
			plane[i] = src[j]
			j += es
		}
	}
}

func untransposeN(dst, src []byte, es int) {
	count := len(src) / es
	for b := range es {
		plane := src[b*count : (b+1)*count]
		j := b
		for _, v := range plane {
			dst[j] = v
			j += es
		}
	}
}

func transpose2(dst, src []byte) {
	count := len(src) / 2
	p0, p1 := dst[:count], dst[count:2*count]
	for len(src) >= 16 && len(p0) >= 8 && len(p1) >= 8 {
		a := binary.LittleEndian.Uint64(src[0:8])
		c := binary.LittleEndian.Uint64(src[8:16])
		binary.LittleEndian.PutUint64(p0[:8], even8(a)|even8(c)<<32)
		binary.LittleEndian.PutUint64(p1[:8], even8(a>>8)|even8(c>>8)<<32)
		src, p0, p1 = src[16:], p0[8:], p1[8:]
	}
	for i := range p0 {
		p0[i], p1[i] = src[2*i], src[2*i+1]
	}
}

// even8 gathers bytes 0, 2, 4 and 6 of x into the low 32 bits.
func even8(x uint64) uint64 {
	x &= 0x00ff00ff00ff00ff
	x = (x | x>>8) & 0x0000ffff0000ffff
	x = (x | x>>16) & 0x00000000ffffffff
	return x
}

func untranspose2(dst, src []byte) {
	count := len(src) / 2
	p0, p1 := src[:count], src[count:2*count]
	for len(dst) >= 16 && len(p0) >= 8 && len(p1) >= 8 {
		a := binary.LittleEndian.Uint64(p0[:8])
		c := binary.LittleEndian.Uint64(p1[:8])
		binary.LittleEndian.PutUint64(dst[0:8], spread8(a)|spread8(c)<<8)
		binary.LittleEndian.PutUint64(dst[8:16], spread8(a>>32)|spread8(c>>32)<<8)
		dst, p0, p1 = dst[16:], p0[8:], p1[8:]
	}
	for i := range p0 {
		dst[2*i], dst[2*i+1] = p0[i], p1[i]
	}
}

// spread8 moves bytes 0..3 of x to bytes 0, 2, 4 and 6.
func spread8(x uint64) uint64 {
	x &= 0xffffffff
	x = (x | x<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff
	return x
}

func transpose4(dst, src []byte) {
	count := len(src) / 4
	p0, p1, p2, p3 := dst[:count], dst[count:2*count], dst[2*count:3*count], dst[3*count:4*count]
	for len(src) >= 32 && len(p0) >= 8 && len(p1) >= 8 && len(p2) >= 8 && len(p3) >= 8 {
		// Two 4x4 transposes (elements 0-3 and 4-7); each gives one
		// output plane per 32-bit half.
		a0, b0 := transpose4x4(binary.LittleEndian.Uint64(src[0:8]), binary.LittleEndian.Uint64(src[8:16]))
		a1, b1 := transpose4x4(binary.LittleEndian.Uint64(src[16:24]), binary.LittleEndian.Uint64(src[24:32]))
		binary.LittleEndian.PutUint64(p0[:8], a0&0xffffffff|a1<<32)
		binary.LittleEndian.PutUint64(p1[:8], a0>>32|a1&0xffffffff00000000)
		binary.LittleEndian.PutUint64(p2[:8], b0&0xffffffff|b1<<32)
		binary.LittleEndian.PutUint64(p3[:8], b0>>32|b1&0xffffffff00000000)
		src, p0, p1, p2, p3 = src[32:], p0[8:], p1[8:], p2[8:], p3[8:]
	}
	for i := range p0 {
		p0[i], p1[i], p2[i], p3[i] = src[4*i], src[4*i+1], src[4*i+2], src[4*i+3]
	}
}

// transpose4x4 transposes the 4x4 byte matrix whose rows 0 and 1 are the
// low and high halves of a and rows 2 and 3 those of b (little-endian), and
// returns the result in the same layout.
func transpose4x4(a, b uint64) (uint64, uint64) {
	// Exchange the off-diagonal 2x2 blocks, then the off-diagonal bytes of
	// each 2x2 block.
	t := (a>>16 ^ b) & 0x0000ffff0000ffff
	b ^= t
	a ^= t << 16
	t = (a>>24 ^ a) & 0x00000000ff00ff00
	a ^= t | t<<24
	t = (b>>24 ^ b) & 0x00000000ff00ff00
	b ^= t | t<<24
	return a, b
}

func untranspose4(dst, src []byte) {
	count := len(src) / 4
	p0, p1, p2, p3 := src[:count], src[count:2*count], src[2*count:3*count], src[3*count:4*count]
	for len(dst) >= 32 && len(p0) >= 8 && len(p1) >= 8 && len(p2) >= 8 && len(p3) >= 8 {
		x0 := binary.LittleEndian.Uint64(p0[:8])
		x1 := binary.LittleEndian.Uint64(p1[:8])
		x2 := binary.LittleEndian.Uint64(p2[:8])
		x3 := binary.LittleEndian.Uint64(p3[:8])
		a0, b0 := transpose4x4(x0&0xffffffff|x1<<32, x2&0xffffffff|x3<<32)
		a1, b1 := transpose4x4(x0>>32|x1&0xffffffff00000000, x2>>32|x3&0xffffffff00000000)
		binary.LittleEndian.PutUint64(dst[0:8], a0)
		binary.LittleEndian.PutUint64(dst[8:16], b0)
		binary.LittleEndian.PutUint64(dst[16:24], a1)
		binary.LittleEndian.PutUint64(dst[24:32], b1)
		dst, p0, p1, p2, p3 = dst[32:], p0[8:], p1[8:], p2[8:], p3[8:]
	}
	for i := range p0 {
		dst[4*i], dst[4*i+1], dst[4*i+2], dst[4*i+3] = p0[i], p1[i], p2[i], p3[i]
	}
}

func transpose8(dst, src []byte) {
	count := len(src) / 8
	p0, p1, p2, p3 := dst[:count], dst[count:2*count], dst[2*count:3*count], dst[3*count:4*count]
	p4, p5, p6, p7 := dst[4*count:5*count], dst[5*count:6*count], dst[6*count:7*count], dst[7*count:8*count]
	for len(src) >= 64 && len(p0) >= 8 && len(p1) >= 8 && len(p2) >= 8 && len(p3) >= 8 &&
		len(p4) >= 8 && len(p5) >= 8 && len(p6) >= 8 && len(p7) >= 8 {
		m0, m1, m2, m3, m4, m5, m6, m7 := transpose8x8(
			binary.LittleEndian.Uint64(src[0:8]), binary.LittleEndian.Uint64(src[8:16]),
			binary.LittleEndian.Uint64(src[16:24]), binary.LittleEndian.Uint64(src[24:32]),
			binary.LittleEndian.Uint64(src[32:40]), binary.LittleEndian.Uint64(src[40:48]),
			binary.LittleEndian.Uint64(src[48:56]), binary.LittleEndian.Uint64(src[56:64]))
		binary.LittleEndian.PutUint64(p0[:8], m0)
		binary.LittleEndian.PutUint64(p1[:8], m1)
		binary.LittleEndian.PutUint64(p2[:8], m2)
		binary.LittleEndian.PutUint64(p3[:8], m3)
		binary.LittleEndian.PutUint64(p4[:8], m4)
		binary.LittleEndian.PutUint64(p5[:8], m5)
		binary.LittleEndian.PutUint64(p6[:8], m6)
		binary.LittleEndian.PutUint64(p7[:8], m7)
		src = src[64:]
		p0, p1, p2, p3, p4, p5, p6, p7 = p0[8:], p1[8:], p2[8:], p3[8:], p4[8:], p5[8:], p6[8:], p7[8:]
	}
	for i := range p0 {
		s := src[8*i : 8*i+8]
		p0[i], p1[i], p2[i], p3[i], p4[i], p5[i], p6[i], p7[i] = s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	}
}

func untranspose8(dst, src []byte) {
	count := len(src) / 8
	p0, p1, p2, p3 := src[:count], src[count:2*count], src[2*count:3*count], src[3*count:4*count]
	p4, p5, p6, p7 := src[4*count:5*count], src[5*count:6*count], src[6*count:7*count], src[7*count:8*count]
	for len(dst) >= 64 && len(p0) >= 8 && len(p1) >= 8 && len(p2) >= 8 && len(p3) >= 8 &&
		len(p4) >= 8 && len(p5) >= 8 && len(p6) >= 8 && len(p7) >= 8 {
		m0, m1, m2, m3, m4, m5, m6, m7 := transpose8x8(
			binary.LittleEndian.Uint64(p0[:8]), binary.LittleEndian.Uint64(p1[:8]),
			binary.LittleEndian.Uint64(p2[:8]), binary.LittleEndian.Uint64(p3[:8]),
			binary.LittleEndian.Uint64(p4[:8]), binary.LittleEndian.Uint64(p5[:8]),
			binary.LittleEndian.Uint64(p6[:8]), binary.LittleEndian.Uint64(p7[:8]))
		binary.LittleEndian.PutUint64(dst[0:8], m0)
		binary.LittleEndian.PutUint64(dst[8:16], m1)
		binary.LittleEndian.PutUint64(dst[16:24], m2)
		binary.LittleEndian.PutUint64(dst[24:32], m3)
		binary.LittleEndian.PutUint64(dst[32:40], m4)
		binary.LittleEndian.PutUint64(dst[40:48], m5)
		binary.LittleEndian.PutUint64(dst[48:56], m6)
		binary.LittleEndian.PutUint64(dst[56:64], m7)
		dst = dst[64:]
		p0, p1, p2, p3, p4, p5, p6, p7 = p0[8:], p1[8:], p2[8:], p3[8:], p4[8:], p5[8:], p6[8:], p7[8:]
	}
	for i := range p0 {
		d := dst[8*i : 8*i+8]
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = p0[i], p1[i], p2[i], p3[i], p4[i], p5[i], p6[i], p7[i]
	}
}

// transpose8x8 transposes the 8x8 byte matrix whose row r is mr, byte c of
// a row being its column c (little-endian), and returns the rows of the
// result.
func transpose8x8(m0, m1, m2, m3, m4, m5, m6, m7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	// Exchange the off-diagonal 4x4 blocks, then 2x2 blocks, then bytes.
	const k4, k2, k1 = 0x00000000ffffffff, 0x0000ffff0000ffff, 0x00ff00ff00ff00ff
	t := (m0>>32 ^ m4) & k4
	m4 ^= t
	m0 ^= t << 32
	t = (m1>>32 ^ m5) & k4
	m5 ^= t
	m1 ^= t << 32
	t = (m2>>32 ^ m6) & k4
	m6 ^= t
	m2 ^= t << 32
	t = (m3>>32 ^ m7) & k4
	m7 ^= t
	m3 ^= t << 32

	t = (m0>>16 ^ m2) & k2
	m2 ^= t
	m0 ^= t << 16
	t = (m1>>16 ^ m3) & k2
	m3 ^= t
	m1 ^= t << 16
	t = (m4>>16 ^ m6) & k2
	m6 ^= t
	m4 ^= t << 16
	t = (m5>>16 ^ m7) & k2
	m7 ^= t
	m5 ^= t << 16

	t = (m0>>8 ^ m1) & k1
	m1 ^= t
	m0 ^= t << 8
	t = (m2>>8 ^ m3) & k1
	m3 ^= t
	m2 ^= t << 8
	t = (m4>>8 ^ m5) & k1
	m5 ^= t
	m4 ^= t << 8
	t = (m6>>8 ^ m7) & k1
	m7 ^= t
	m6 ^= t << 8
	return m0, m1, m2, m3, m4, m5, m6, m7
}

package bitpack

import "encoding/binary"

// The filter packs the m significant bits of each value most significant
// bit first, the values one after another with no padding: value j
// occupies bits [j*m, (j+1)*m) of the stream, bit 0 being the top bit of
// byte 0.

// PackedLen returns the number of bytes that hold n values of m bits.
func PackedLen(n int, m uint) int { return int((uint64(n)*uint64(m) + 7) / 8) }

// Unpack reads len(dst) values of m bits (1 to 64) starting with value
// first. src must hold PackedLen(first+len(dst), m) bytes.
func Unpack(dst []uint64, src []byte, first int, m uint) {
	pos := uint64(first) * uint64(m)
	fast := len(dst)
	// a value is read with 8-byte loads that start at most at byte
	// (pos+m)/8: the values whose loads stay inside src take the fast path
	for fast > 0 && (pos+uint64(fast)*uint64(m))/8+8 > uint64(len(src)) {
		fast--
	}
	switch {
	case m <= 32 && fast > 0:
		// a 64-bit window of the stream, refilled 32 bits at a time
		i := pos / 8
		acc := uint64(binary.BigEndian.Uint32(src[i:])) << 32 << (pos % 8)
		n := 32 - uint(pos%8)
		i += 4
		for j := range dst[:fast] {
			if n < m {
				acc |= uint64(binary.BigEndian.Uint32(src[i:])) << (32 - n)
				i += 4
				n += 32
			}
			dst[j] = acc >> (64 - m)
			acc <<= m
			n -= m
		}
	case m <= 56:
		for j := range dst[:fast] {
			p := pos + uint64(j)*uint64(m)
			w := binary.BigEndian.Uint64(src[p/8:])
			dst[j] = w << (p % 8) >> (64 - m)
		}
	default:
		hi := m - 32
		for j := range dst[:fast] {
			p := pos + uint64(j)*uint64(m)
			w := binary.BigEndian.Uint64(src[p/8:])
			v := w << (p % 8) >> (64 - hi)
			p += uint64(hi)
			w = binary.BigEndian.Uint64(src[p/8:])
			dst[j] = v<<32 | w<<(p%8)>>32
		}
	}
	for j := fast; j < len(dst); j++ {
		dst[j] = BitsAt(src, pos+uint64(j)*uint64(m), m)
	}
}

// BitsAt reads the m bits at bit position p, a byte at a time.
func BitsAt(src []byte, p uint64, m uint) uint64 {
	var v uint64
	i, off := p/8, uint(p%8)
	for m > 0 {
		avail := 8 - off
		take := min(avail, m)
		b := uint64(src[i]) >> (avail - take) & (1<<take - 1)
		v = v<<take | b
		m -= take
		off = 0
		i++
	}
	return v
}

// Packer appends values of up to 64 bits to out, most significant bit
// first.
type Packer struct {
	// Out holds the bytes written so far.
	Out []byte
	acc uint64 // the last n bits are pending
	n   uint   // fewer than 32
}

// PutBlock appends the low m bits of each value of vals (m at most 64,
// each value below 2^m).
func (p *Packer) PutBlock(vals []uint64, m uint) {
	out, acc, n := p.Out, p.acc, p.n
	if m <= 32 {
		for _, v := range vals {
			acc = acc<<m | v
			n += m
			if n >= 32 {
				n -= 32
				out = binary.BigEndian.AppendUint32(out, uint32(acc>>n))
			}
		}
	} else {
		hi := m - 32
		for _, v := range vals {
			acc = acc<<hi | v>>32
			n += hi
			if n >= 32 {
				n -= 32
				out = binary.BigEndian.AppendUint32(out, uint32(acc>>n))
			}
			// n < 32: the low 32 bits complete a word
			acc = acc<<32 | v&(1<<32-1)
			out = binary.BigEndian.AppendUint32(out, uint32(acc>>n))
		}
	}
	p.Out, p.acc, p.n = out, acc, n
}

// Flush appends the pending bits, padded with zeros to a whole byte.
func (p *Packer) Flush() {
	for p.n > 0 {
		if p.n >= 8 {
			p.n -= 8
			p.Out = append(p.Out, byte(p.acc>>p.n))
		} else {
			p.Out = append(p.Out, byte(p.acc<<(8-p.n)))
			p.n = 0
		}
	}
}

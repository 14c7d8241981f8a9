package hdf5szip

import (
	"encoding/binary"
	"math/bits"
)

// bitReader reads a CCSDS 121 stream, most significant bit first.
//
// acc holds the next n unread bits at its top; the bits below them are
// zero or the stream's following bits at their places, so that a refill
// may OR the same bytes in again. Past the end of src it reads zero bytes
// and counts them in pos, so a read that ran past the end shows in
// overrun.
type bitReader struct {
	src []byte
	pos int // bytes loaded into acc, including zero bytes past the end
	acc uint64
	n   uint
}

// refill loads bytes until at least 56 bits are unread.
func (r *bitReader) refill() {
	if r.pos+8 <= len(r.src) {
		r.acc |= binary.BigEndian.Uint64(r.src[r.pos:]) >> r.n
		k := (63 - r.n) >> 3
		r.pos += int(k)
		r.n += k << 3
		return
	}
	for r.n <= 56 {
		if r.pos < len(r.src) {
			r.acc |= uint64(r.src[r.pos]) << (56 - r.n)
		}
		r.pos++
		r.n += 8
	}
}

// overrun reports whether more bits were read than src holds.
func (r *bitReader) overrun() bool {
	return r.pos > len(r.src) && 8*r.pos-int(r.n) > 8*len(r.src)
}

// get reads k bits, 0 <= k <= 32.
func (r *bitReader) get(k uint) uint32 {
	if r.n < k {
		r.refill()
	}
	v := uint32(r.acc >> (64 - k))
	r.acc <<= k
	r.n -= k
	return v
}

// fs reads a fundamental sequence codeword: the number of 0 bits before
// the next 1 bit. ok is false when the stream ends first. The count wraps
// as a uint32, as libaec's does.
func (r *bitReader) fs() (count uint32, ok bool) {
	for {
		if z := uint(bits.LeadingZeros64(r.acc)); z < r.n {
			r.acc <<= z + 1
			r.n -= z + 1
			return count + uint32(z), true
		}
		// The n unread bits are all zero.
		if r.pos >= len(r.src) {
			return count, false // and so is everything after them
		}
		count += uint32(r.n)
		r.acc <<= r.n
		r.n = 0
		r.refill()
	}
}

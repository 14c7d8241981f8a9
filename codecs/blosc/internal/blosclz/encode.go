package blosclz

import (
	"encoding/binary"
	"math/bits"
)

// hashBits is the size of the largest hash table, 2^hashBits entries.
const hashBits = 14

// Encoder compresses BloscLZ streams. Its hash table is reused from one
// call to the next without being cleared: positions are stored relative to
// a base that moves past every input. The zero value is ready to use. An
// Encoder is not safe for concurrent use.
type Encoder struct {
	table [1 << hashBits]uint32
	base  uint32
}

// tableBits returns the hash table size, in bits, of a compression level:
// smaller tables for the fastest levels, as c-blosc has.
func tableBits(clevel int) uint {
	switch {
	case clevel <= 1:
		return hashBits - 2
	case clevel == 2:
		return hashBits - 1
	}
	return hashBits
}

// minFar is the shortest match worth the four-byte far form.
const minFar = 8

// Compress writes the BloscLZ stream of src to dst and returns its length.
// It returns 0 when the stream would not fit in len(dst) bytes, or src is
// shorter than 16 bytes (not worth compressing); callers then store src as
// it is. clevel (1 to 9) trades speed for ratio through the size of the
// hash table.
func (e *Encoder) Compress(dst, src []byte, clevel int) int {
	n := len(src)
	if n < 16 || len(dst) == 0 {
		return 0
	}
	if uint64(e.base)+uint64(n)+1 >= 1<<32 {
		clear(e.table[:])
		e.base = 0
	}
	start := e.base
	e.base += uint32(n) + 1
	tb := tableBits(clevel)
	le := binary.LittleEndian

	op, lit, ip := 0, 0, 0
	ipLimit := n - 12 // matches start before here ...
	end := n - 1      // ... and end before the last byte, a literal
	misses := 0
	for ip < ipLimit {
		seq := le.Uint32(src[ip:])
		h := (seq * 2654435761) >> (32 - tb)
		v := e.table[h]
		e.table[h] = start + 1 + uint32(ip)
		if v > start {
			cand := int(v - start - 1)
			d := ip - cand - 1
			if d <= maxD && le.Uint32(src[cand:]) == seq {
				m := 4 + matchLen(src[cand+4:], src[ip+4:end])
				if d < nearLimit || m >= minFar {
					if op = emitLiterals(dst, op, src[lit:ip]); op < 0 {
						return 0
					}
					if op = emitMatch(dst, op, m, d); op < 0 {
						return 0
					}
					ip += m
					lit = ip
					misses = 0
					// index the end of the match for the next search
					if p := ip - 2; p+4 <= n {
						e.table[(le.Uint32(src[p:])*2654435761)>>(32-tb)] = start + 1 + uint32(p)
					}
					continue
				}
			}
		}
		// No match: step further the longer nothing has matched, so
		// incompressible data goes by quickly.
		misses++
		ip += 1 + misses>>6
	}
	if op = emitLiterals(dst, op, src[lit:]); op <= 0 {
		return 0
	}
	dst[0] |= 0x20 // the stream marker c-blosc writes
	return op
}

// matchLen returns the length of the common prefix of a and b (len(b) <=
// len(a) is the limit).
func matchLen(a, b []byte) int {
	n := 0
	for len(b) >= 8 && len(a) >= 8 {
		x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
		if x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		a, b, n = a[8:], b[8:], n+8
	}
	for i := range b {
		if i >= len(a) || a[i] != b[i] {
			return n + i
		}
	}
	return n + len(b)
}

// emitLiterals writes lits as literal runs at dst[op:] and returns the new
// offset, or -1 when they do not fit.
func emitLiterals(dst []byte, op int, lits []byte) int {
	if len(lits) == 0 {
		return op
	}
	if len(lits)+(len(lits)+maxLiteral-1)/maxLiteral > len(dst)-op {
		return -1
	}
	for len(lits) > 0 {
		k := min(len(lits), maxLiteral)
		dst[op] = byte(k - 1)
		copy(dst[op+1:], lits[:k])
		op += k + 1
		lits = lits[k:]
	}
	return op
}

// emitMatch writes a match of m bytes (m >= 3) copying from d+1 bytes back
// at dst[op:] and returns the new offset, or -1 when it does not fit.
func emitMatch(dst []byte, op, m, d int) int {
	l := m - 2 // the length code: 1..6 fit the control byte, 7 and more extend
	far := d >= nearLimit
	size := 2
	if far {
		size = 4
	}
	if l >= 7 {
		size += (l-7)/255 + 1
	}
	if size > len(dst)-op {
		return -1
	}
	hi := d >> 8
	if far {
		hi = 31
	}
	if l < 7 {
		dst[op] = byte(l<<5 | hi)
		op++
	} else {
		dst[op] = byte(7<<5 | hi)
		op++
		for l -= 7; l >= 255; l -= 255 {
			dst[op] = 255
			op++
		}
		dst[op] = byte(l)
		op++
	}
	if far {
		f := d - nearLimit
		dst[op], dst[op+1], dst[op+2] = 255, byte(f>>8), byte(f)
		return op + 3
	}
	dst[op] = byte(d)
	return op + 1
}

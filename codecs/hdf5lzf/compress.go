package hdf5lzf

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// Settings of the compressor.
const (
	hashLog   = 14           // the hash table has 1<<hashLog entries
	hashMul   = 0x9E3779B1   // multiplier of the hash
	hashShift = 32 - hashLog // the top bits of the product index the table
	skipLog   = 6            // the search steps 1 + literals>>skipLog bytes
)

// compressor holds the hash table of the greedy LZF compressor: for each
// hash of three bytes, the position after the last place they were seen
// (0: not seen).
type compressor struct {
	table [1 << hashLog]uint32
}

var compressors = sync.Pool{New: func() any { return new(compressor) }}

// hash3 hashes the three bytes in the low bits of v.
func hash3(v uint32) uint32 { return v * hashMul >> hashShift }

// load3 returns src[i:i+3] in the low bits of a word; src must hold a
// fourth byte after them.
func load3(src []byte, i int) uint32 { return binary.LittleEndian.Uint32(src[i:]) & 0xffffff }

// appendCompressed appends the LZF encoding of src to dst. The compressor
// is greedy: at each position it takes the back reference the hash table
// offers when its first three bytes match, extended as far as it goes
// (up to maxMatch), and otherwise adds the byte to the pending literal run
// and moves on, by more than one byte once the run is 64 bytes long (by
// 1 + run/64), so that incompressible data costs less time. The last three
// bytes are always literals. The output never exceeds
// MaxEncodedLen(len(src)).
func (c *compressor) appendCompressed(dst, src []byte) []byte {
	if len(src) == 0 {
		return dst
	}
	clear(c.table[:])
	anchor := 0 // start of the pending literals
	for i := 0; i+4 <= len(src); {
		v := load3(src, i)
		h := hash3(v)
		cand := int(c.table[h]) - 1
		c.table[h] = uint32(i + 1)
		if cand < 0 || i-cand > maxOffset || load3(src, cand) != v {
			// step faster the longer the literals run, as LZ4 does
			i += 1 + (i-anchor)>>skipLog
			continue
		}
		length := minMatch + matchLen(src[cand+minMatch:], src[i+minMatch:min(len(src), i+maxMatch)])
		dst = appendLiterals(dst, src[anchor:i])
		dst = appendRef(dst, i-cand, length)
		i += length
		anchor = i
		// index the last two positions of the match, so that a run
		// continues from its end
		for j := i - 2; j < i && j+4 <= len(src); j++ {
			c.table[hash3(load3(src, j))] = uint32(j + 1)
		}
	}
	return appendLiterals(dst, src[anchor:])
}

// matchLen returns how many leading bytes of b equal those of a
// (len(a) >= len(b)).
func matchLen(a, b []byte) int {
	n := 0
	for len(b)-n >= 8 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// appendLiterals appends lit as literal runs of at most 32 bytes.
func appendLiterals(dst, lit []byte) []byte {
	for len(lit) > 0 {
		run := min(len(lit), maxLiteral)
		dst = append(dst, byte(run-1))
		dst = append(dst, lit[:run]...)
		lit = lit[run:]
	}
	return dst
}

// appendRef appends a back reference of length bytes (minMatch to
// maxMatch) from off bytes back (1 to maxOffset).
func appendRef(dst []byte, off, length int) []byte {
	o, l := off-1, length-2
	if l < refLenMask {
		return append(dst, byte(l<<5|o>>8), byte(o))
	}
	return append(dst, byte(refLenMask<<5|o>>8), byte(l-refLenMask), byte(o))
}

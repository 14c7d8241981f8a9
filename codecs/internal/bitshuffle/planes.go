package bitshuffle

import (
	"encoding/binary"

	"github.com/zcodec/zcodec/codecs/shuffle"
)

// With the vector bit kernels, every element size above 1 first becomes
// byte planes (plane b: byte b of every element, n bytes). The byte
// transposes of codecs/shuffle write them with vector kernels for element
// sizes 2, 4 and 8. Larger multiples of 4, w*p with w 8 or 4, go in two
// steps, as c-blosc does: 8*p for p 2, 4 and 8 through two vector byte
// transposes (of the quadwords, then of each row as elements of p bytes),
// the others through a transpose of the w-byte units (unit j of every
// element together; AVX-512 or AVX2 gathers) and the byte transpose of
// each unit plane, which writes byte planes w*j to w*j+w-1 in order. The
// remaining sizes (odd, or twice odd) are gathered a byte at a time, as the
// low bytes of gathered words with AVX-512, else by the byte loops of
// codecs/shuffle.

// bytePlanes writes the byte planes of src, n elements of es bytes, to dst;
// work, as long as src, is clobbered. None of the three may overlap. Plane
// b is at dst[planeAt(b, p)*n:], for the p it returns.
func bytePlanes(dst, src, work []byte, n, es int) (p int) {
	if direct(es) {
		toPlanes(dst, src, n, es)
		return 0
	}
	if p := wideFactor(es); p != 0 {
		row := p * n
		shuffle.Shuffle(work[:8*row], src, 8)
		for r := range 8 {
			shuffle.Shuffle(dst[r*row:(r+1)*row], work[r*row:(r+1)*row], p)
		}
		return p
	}
	if w := unitBytes(es); w != 0 {
		p := es / w
		unitTranspose(work, src, n, p, w)
		for j := range p {
			c := dst[j*n*w : (j+1)*n*w]
			shuffle.Shuffle(c, work[j*n*w:(j+1)*n*w], w)
		}
		return 0
	}
	shuffle.Shuffle(dst, src, es)
	return 0
}

// planeAt returns the place of byte plane b in the output of bytePlanes:
// b itself, or for sizes 8*p (p > 0) r*p+i for b = i*8+r. Those come from
// two byte transposes: of the p*n quadwords, which leaves row r holding
// byte r of every quadword, then of each row as n elements of p bytes,
// which leaves byte r of quadword i at row r, place i.
func planeAt(b, p int) int {
	if p == 0 {
		return b
	}
	return b%8*p + b/8
}

// fromBytePlanes is the inverse of bytePlanes in place, for the sizes that
// are not direct: buf holds the byte planes, at the places planeAt gives
// for p, and receives the elements; work, as long as buf, is clobbered.
func fromBytePlanes(buf, work []byte, n, es, p int) {
	if p != 0 {
		row := p * n
		for r := range 8 {
			shuffle.Unshuffle(work[r*row:(r+1)*row], buf[r*row:(r+1)*row], p)
		}
		shuffle.Unshuffle(buf, work[:8*row], 8)
		return
	}
	if w := unitBytes(es); w != 0 {
		p := es / w
		for j := range p {
			shuffle.Unshuffle(work[j*n*w:(j+1)*n*w], buf[j*n*w:(j+1)*n*w], w)
		}
		unitUntranspose(buf, work, n, p, w)
	}
}

// direct reports whether element size es goes to byte planes in one byte
// transpose: 2, 4 and 8 (vector kernels) and the sizes that are not
// multiples of 4.
func direct(es int) bool { return es == 2 || es == 4 || es == 8 || es%4 != 0 }

// wideFactor returns p when es is 8*p with p 2, 4 or 8, whose byte planes
// come from two vector byte transposes; 0 otherwise.
func wideFactor(es int) int {
	if p := es / 8; es%8 == 0 && (p == 2 || p == 4 || p == 8) {
		return p
	}
	return 0
}

// unitBytes returns 8 or 4, the larger that divides es, or 0 when neither
// does: for sizes 2*p with p odd the unit transpose of two-byte units costs
// more than the byte transpose it replaces.
func unitBytes(es int) int {
	switch {
	case es%8 == 0:
		return 8
	case es%4 == 0:
		return 4
	}
	return 0
}

// unitTranspose moves unit j (w bytes) of element i of src (n elements of
// p units) to place i of unit plane j of dst (n units each): with the
// vector gathers where the CPU has them (unitsVector), the elements after
// their last whole step here.
func unitTranspose(dst, src []byte, n, p, w int) {
	es := p * w
	src, dst = src[:n*es], dst[:n*es]
	from := unitsVector(dst, src, n, p, w, false)
	for j := range p {
		d := dst[j*n*w : (j+1)*n*w]
		s := src[j*w:]
		switch w {
		case 8:
			for i, k := from*8, from*es; i+8 <= len(d) && k+8 <= len(s); i, k = i+8, k+es {
				binary.LittleEndian.PutUint64(d[i:i+8], binary.LittleEndian.Uint64(s[k:k+8]))
			}
		default:
			for i, k := from*4, from*es; i+4 <= len(d) && k+4 <= len(s); i, k = i+4, k+es {
				binary.LittleEndian.PutUint32(d[i:i+4], binary.LittleEndian.Uint32(s[k:k+4]))
			}
		}
	}
}

// unitUntranspose is the inverse of unitTranspose.
func unitUntranspose(dst, src []byte, n, p, w int) {
	es := p * w
	src, dst = src[:n*es], dst[:n*es]
	from := unitsVector(dst, src, n, p, w, true)
	for j := range p {
		s := src[j*n*w : (j+1)*n*w]
		d := dst[j*w:]
		switch w {
		case 8:
			for i, k := from*8, from*es; i+8 <= len(s) && k+8 <= len(d); i, k = i+8, k+es {
				binary.LittleEndian.PutUint64(d[k:k+8], binary.LittleEndian.Uint64(s[i:i+8]))
			}
		default:
			for i, k := from*4, from*es; i+4 <= len(s) && k+4 <= len(d); i, k = i+4, k+es {
				binary.LittleEndian.PutUint32(d[k:k+4], binary.LittleEndian.Uint32(s[i:i+4]))
			}
		}
	}
}

// toPlanes writes the byte planes of src to dst in one byte transpose: the
// vector kernels of codecs/shuffle for element sizes 2, 4 and 8, for
// others the AVX-512 byte gathers where the CPU has them (bytesVector) and
// a loop for the elements after their last step.
func toPlanes(dst, src []byte, n, es int) {
	done := 0
	if es != 2 && es != 4 && es != 8 {
		done = bytesVector(dst, src, n, es, false)
	}
	if done == 0 {
		shuffle.Shuffle(dst, src, es)
		return
	}
	for b := range es {
		plane := dst[b*n : (b+1)*n]
		for i := done; i < n; i++ {
			plane[i] = src[i*es+b]
		}
	}
}

// fromPlanes is the inverse of toPlanes.
func fromPlanes(dst, src []byte, n, es int) {
	done := 0
	if es != 2 && es != 4 && es != 8 {
		done = bytesVector(dst, src, n, es, true)
	}
	if done == 0 {
		shuffle.Unshuffle(dst, src, es)
		return
	}
	for i := done; i < n; i++ {
		e := dst[i*es : (i+1)*es]
		for b := range e {
			e[b] = src[b*n+i]
		}
	}
}

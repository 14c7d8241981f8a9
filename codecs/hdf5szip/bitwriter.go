package hdf5szip

import "encoding/binary"

// bitWriter appends bits to buf, most significant bit first. The low n
// bits of acc (n < 32) are pending; bits above them are stale.
type bitWriter struct {
	buf []byte
	acc uint64
	n   uint
}

// put appends the k low bits of v, 0 <= k <= 32; v must be below 1<<k.
func (w *bitWriter) put(v uint32, k uint) {
	w.acc = w.acc<<k | uint64(v)
	w.n += k
	if w.n >= 32 {
		w.n -= 32
		w.buf = binary.BigEndian.AppendUint32(w.buf, uint32(w.acc>>w.n))
	}
}

// fs appends the fundamental sequence codeword of v: v 0 bits and a 1.
func (w *bitWriter) fs(v uint32) {
	for v >= 32 {
		w.put(0, 32)
		v -= 32
	}
	w.put(1, uint(v)+1)
}

// flush appends the pending bits, padded with 0 bits to a whole byte.
func (w *bitWriter) flush() {
	for w.n > 0 {
		if w.n >= 8 {
			w.n -= 8
			w.buf = append(w.buf, byte(w.acc>>w.n))
		} else {
			w.buf = append(w.buf, byte(w.acc<<(8-w.n)))
			w.n = 0
		}
	}
}

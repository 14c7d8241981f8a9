package hdf5szip

import (
	"fmt"
	"math"
	"math/bits"
)

// SampleError reports a chunk that cannot be encoded: a sample wider than
// bits_per_pixel, which the stream cannot hold.
type SampleError struct {
	Index        int    // the sample's index in the chunk, in units of its width
	Value        uint32 // the sample as read
	BitsPerPixel int
}

func (e *SampleError) Error() string {
	return fmt.Sprintf("%s: sample %d is %#x, wider than bits_per_pixel %d", Name, e.Index, e.Value, e.BitsPerPixel)
}

// encoder holds the scratch of one encoding: a padded scanline of samples
// and of their preprocessed values.
type encoder struct {
	x, d []uint32
}

// encode appends the CCSDS 121 stream of chunk (a multiple of p.unit()
// bytes) to w.
func (p *params) encode(w *bitWriter, chunk []byte, e *encoder) error {
	total := p.samples(len(chunk))
	x, d := e.x[:p.line], e.d[:p.line]
	for s := 0; s < total; s += p.pps {
		n := min(p.pps, total-s)
		p.gather(x[:n], chunk, s)
		if p.n < uint(8*p.size) {
			for i, v := range x[:n] {
				if v > p.xmax {
					return &SampleError{Index: s + i, Value: v, BitsPerPixel: p.bpp}
				}
			}
		}
		// Pad the scanline to whole blocks as libaec's szip interface
		// does: with its last sample under the preprocessor, else zeros.
		var pad uint32
		if p.nn {
			pad = x[n-1]
		}
		for i := n; i < len(x); i++ {
			x[i] = pad
		}
		if p.nn {
			p.mapResiduals(d, x)
		} else {
			copy(d, x)
		}
		p.encodeLine(w, d, x[0])
	}
	return nil
}

// mapResiduals applies the unit-delay preprocessor to a reference sample
// interval x: d[0] is 0 (x[0] is the reference sample) and each later
// sample becomes its mapped prediction error (CCSDS 121.0-B-3, 4.3): with
// theta the distance from the prediction (the previous sample) to the
// nearer end of [0, xmax], an error e with |e| <= theta maps to 2e (e >= 0)
// or 2|e|-1, a larger one to theta + |e|, the distance from that end. The
// selections compile to conditional moves.
func (p *params) mapResiduals(d, x []uint32) {
	xmax := p.xmax
	d[0] = 0
	prev := x[0]
	x = x[1:]
	d = d[1 : len(x)+1]
	for i, v := range x {
		theta := min(prev, xmax-prev)
		far := xmax - v // the distance from xmax, when prev is nearer xmax
		if prev == theta {
			far = v // the distance from 0
		}
		e, neg := v-prev, uint32(0)
		if v < prev {
			e, neg = prev-v, 1
		}
		m := 2*e - neg
		if e > theta {
			m = far
		}
		d[i] = m
		prev = v
	}
}

// encodeLine codes the blocks of one reference sample interval: runs of
// zero blocks with the zero-block option, which ends a run at the end of a
// 64-block segment or of the interval (with the remainder-of-segment
// codeword for a run of more than 4), every other block with whichever
// option codes it in the fewest bits.
func (p *params) encodeLine(w *bitWriter, d []uint32, ref uint32) {
	J := p.ppb
	run, runStart := 0, 0
	for b := range p.rsi {
		blk := d[b*J : (b+1)*J]
		if isZero(blk) {
			if run == 0 {
				runStart = b
			}
			run++
			if b == p.rsi-1 || (b+1)%segment == 0 {
				p.putZeroRun(w, runStart, run, true, ref)
				run = 0
			}
			continue
		}
		if run > 0 {
			p.putZeroRun(w, runStart, run, false, ref)
			run = 0
		}
		p.putBlock(w, blk, b == 0 && p.nn, ref)
	}
}

func isZero(blk []uint32) bool {
	var or uint32
	for _, v := range blk {
		or |= v
	}
	return or == 0
}

// putZeroRun codes count zero blocks from block start; atEnd says the run
// reaches the end of its segment or interval.
func (p *params) putZeroRun(w *bitWriter, start, count int, atEnd bool, ref uint32) {
	w.put(0, p.idLen+1)
	if start == 0 && p.nn {
		w.put(ref, p.n)
	}
	switch {
	case atEnd && count > 4:
		w.fs(ros - 1)
	case count >= ros:
		w.fs(uint32(count))
	default:
		w.fs(uint32(count - 1))
	}
}

// putBlock codes one block that is not all zero.
func (p *params) putBlock(w *bitWriter, blk []uint32, hasRef bool, ref uint32) {
	first := 0
	refBits := uint64(0)
	if hasRef {
		first, refBits = 1, uint64(p.n)
	}
	idLen := uint64(p.idLen)
	uncompressed := idLen + uint64(len(blk))*uint64(p.n)
	k, split := p.bestSplit(blk[first:])
	split += idLen + refBits
	se := secondExtensionLen(blk, uncompressed)
	if se != math.MaxUint64 {
		se += idLen + 1 + refBits
	}
	// Ties go to no compression, which decodes fastest, then to the
	// second extension.
	switch {
	case uncompressed <= split && uncompressed <= se:
		w.put(1<<p.idLen-1, p.idLen)
		if hasRef {
			w.put(ref, p.n)
		} else {
			w.put(blk[0], p.n)
		}
		for _, v := range blk[1:] {
			w.put(v, p.n)
		}
	case se <= split:
		w.put(1, p.idLen+1)
		if hasRef {
			w.put(ref, p.n)
		}
		for i := 0; i < len(blk); i += 2 {
			s := blk[i] + blk[i+1]
			w.fs(s*(s+1)/2 + blk[i+1])
		}
	default:
		w.put(uint32(k+1), p.idLen)
		if hasRef {
			w.put(ref, p.n)
		}
		for _, v := range blk[first:] {
			w.fs(v >> k)
		}
		if k > 0 {
			mask := uint32(1)<<k - 1
			for _, v := range blk[first:] {
				w.put(v&mask, k)
			}
		}
	}
}

// bestSplit returns the split-sample option k that codes v in the fewest
// bits, and that length without the identifier and reference sample. The
// length, sum(v >> k) + len(v)*(k+1), is convex in k, so a walk from an
// estimate finds the minimum.
func (p *params) bestSplit(v []uint32) (uint, uint64) {
	kmax := uint(1)<<p.idLen - 3
	cost := func(k uint) uint64 {
		var s uint64
		for _, x := range v {
			s += uint64(x >> k)
		}
		return s + uint64(len(v))*uint64(k+1)
	}
	var sum uint64
	for _, x := range v {
		sum += uint64(x)
	}
	k := uint(0)
	if mean := sum / uint64(len(v)); mean > 0 {
		k = min(uint(bits.Len64(mean))-1, kmax)
	}
	c := cost(k)
	for k < kmax {
		next := cost(k + 1)
		if next >= c {
			break
		}
		k, c = k+1, next
	}
	for k > 0 {
		prev := cost(k - 1)
		if prev > c {
			break
		}
		k, c = k-1, prev
	}
	return k, c
}

// secondExtensionLen returns the length of the second extension codewords
// of blk, or math.MaxUint64 when a pair sums to more than libaec decodes
// (12) or the length passes limit.
func secondExtensionLen(blk []uint32, limit uint64) uint64 {
	var n uint64
	for i := 0; i < len(blk); i += 2 {
		s := uint64(blk[i]) + uint64(blk[i+1])
		if s > 12 {
			return math.MaxUint64
		}
		n += s*(s+1)/2 + uint64(blk[i+1]) + 1
		if n > limit {
			return math.MaxUint64
		}
	}
	return n
}

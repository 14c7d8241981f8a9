// Package ndcopy copies and fills boxes of n-dimensional arrays held in C
// order as bytes: the block moves between a chunk and the inner chunks of a
// shard, or between a chunk and a region of it.
//
// Every function merges the trailing dimensions that are contiguous in both
// arrays into one run, so a box whose rows span whole rows moves with a
// handful of copy calls, and walks the remaining dimensions with an
// odometer that allocates nothing for ranks up to 16.
package ndcopy

// maxStackRank is the number of walked dimensions the odometer holds;
// boxes that need more are split along their first dimension.
const maxStackRank = 16

// Copy copies the box of shape box, at dstStart in dst (an array of shape
// dstShape) from srcStart in src (an array of shape srcShape). elem is the
// element size in bytes. The caller guarantees that the box lies inside
// both arrays and that both slices hold their whole arrays.
func Copy(dst []byte, dstShape, dstStart []int, src []byte, srcShape, srcStart []int, box []int, elem int) {
	if len(box) > maxStackRank {
		splitFirst(dst, dstShape, dstStart, src, srcShape, srcStart, box, elem, func(d, s []byte) {
			Copy(d, dstShape[1:], dstStart[1:], s, srcShape[1:], srcStart[1:], box[1:], elem)
		})
		return
	}
	var p plan
	if !p.make(dstShape, dstStart, srcShape, srcStart, box, elem) {
		return
	}
	if p.k == 1 { // the common case: one walked dimension
		d, s, run := p.dOff, p.sOff, p.run
		ds, ss := p.ds[0], p.ss[0]
		for range box[0] {
			copy(dst[d:d+run], src[s:s+run])
			d += ds
			s += ss
		}
		return
	}
	for {
		copy(dst[p.dOff:p.dOff+p.run], src[p.sOff:p.sOff+p.run])
		if !p.next(box) {
			return
		}
	}
}

// Fill writes pattern (one element) into every element of the box of shape
// box at start in dst, an array of shape shape.
func Fill(dst []byte, shape, start, box []int, pattern []byte) {
	elem := len(pattern)
	if len(box) > maxStackRank {
		splitFirst(dst, shape, start, nil, shape, start, box, elem, func(d, _ []byte) {
			Fill(d, shape[1:], start[1:], box[1:], pattern)
		})
		return
	}
	var p plan
	if elem == 0 || !p.make(shape, start, shape, start, box, elem) {
		return
	}
	// Fill the first run, then copy it to the others.
	first := dst[p.dOff : p.dOff+p.run]
	FillPattern(first, pattern)
	for p.next(box) {
		copy(dst[p.dOff:p.dOff+p.run], first)
	}
}

// FillPattern fills b with repetitions of pattern (len(b) a multiple of
// len(pattern)), doubling the written prefix so that it costs O(log n)
// copy calls.
func FillPattern(b, pattern []byte) {
	if len(b) == 0 || len(pattern) == 0 {
		return
	}
	n := copy(b, pattern)
	for n < len(b) {
		n += copy(b[n:], b[:n])
	}
}

// IsPattern reports whether b consists of repetitions of pattern only.
// ref is a scratch slice already filled with pattern (FillPattern) whose
// length is a multiple of len(pattern); b is compared against it block by
// block.
func IsPattern(b, ref []byte) bool {
	if len(ref) == 0 {
		return len(b) == 0
	}
	for len(b) > 0 {
		n := min(len(b), len(ref))
		if string(b[:n]) != string(ref[:n]) {
			return false
		}
		b = b[n:]
	}
	return true
}

// splitFirst calls f with the sub-arrays (one dimension less) of dst and
// src at each index of the box's first dimension. src may be nil.
func splitFirst(dst []byte, dstShape, dstStart []int, src []byte, srcShape, srcStart []int, box []int, elem int, f func(d, s []byte)) {
	dSub, sSub := elem, elem
	for i := 1; i < len(box); i++ {
		dSub *= dstShape[i]
		sSub *= srcShape[i]
	}
	for i := range box[0] {
		d := dst[(dstStart[0]+i)*dSub:][:dSub]
		var s []byte
		if src != nil {
			s = src[(srcStart[0]+i)*sSub:][:sSub]
		}
		f(d, s)
	}
}

// plan walks the contiguous runs of a box in C order: the trailing
// dimensions that are contiguous in both arrays merge into one run of run
// bytes, and dimensions 0..k-1 are walked by an odometer.
type plan struct {
	run, k     int
	dOff, sOff int // byte offsets of the current run
	ds, ss, ix [maxStackRank]int
}

// make sets the plan up for the first run; it returns false for an empty
// box.
func (p *plan) make(dstShape, dstStart, srcShape, srcStart, box []int, elem int) bool {
	rank := len(box)
	for _, b := range box {
		if b == 0 {
			return false
		}
	}
	// Merge trailing dimensions: the run covers dimension k-1 entirely and
	// dimensions k.. are full in the box, the source and the destination.
	p.run = elem
	k := rank
	for k > 0 {
		p.run *= box[k-1]
		k--
		if k == 0 || box[k] != dstShape[k] || box[k] != srcShape[k] {
			break
		}
	}
	p.k = k
	dStep, sStep := elem, elem
	for i := rank - 1; i >= 0; i-- {
		if i < k {
			p.ds[i], p.ss[i] = dStep, sStep
		}
		p.dOff += dstStart[i] * dStep
		p.sOff += srcStart[i] * sStep
		dStep *= dstShape[i]
		sStep *= srcShape[i]
	}
	return true
}

// next advances to the next run; it returns false after the last one.
func (p *plan) next(box []int) bool {
	for i := p.k - 1; i >= 0; i-- {
		p.ix[i]++
		p.dOff += p.ds[i]
		p.sOff += p.ss[i]
		if p.ix[i] < box[i] {
			return true
		}
		p.dOff -= p.ds[i] * box[i]
		p.sOff -= p.ss[i] * box[i]
		p.ix[i] = 0
	}
	return false
}

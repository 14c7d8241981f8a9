// Package ndcopy copies and fills boxes of n-dimensional arrays held in C
// order as bytes: the block moves between a chunk and the inner chunks of a
// shard, or between a chunk and a region of it.
//
// Every function merges the trailing dimensions that are contiguous in both
// arrays into one run, so a box whose rows span whole rows moves with a
// handful of copy calls, and walks the remaining dimensions with an
// odometer that allocates nothing for ranks up to 16.
package ndcopy

// maxStackRank is the rank up to which the odometer lives on the stack.
const maxStackRank = 16

// Copy copies the box of shape box, at dstStart in dst (an array of shape
// dstShape) from srcStart in src (an array of shape srcShape). elem is the
// element size in bytes. The caller guarantees that the box lies inside
// both arrays and that both slices hold their whole arrays.
func Copy(dst []byte, dstShape, dstStart []int, src []byte, srcShape, srcStart []int, box []int, elem int) {
	rows(dstShape, dstStart, srcShape, srcStart, box, elem, func(d, s, n int) {
		copy(dst[d:d+n], src[s:s+n])
	})
}

// Fill writes pattern (one element) into every element of the box of shape
// box at start in dst, an array of shape shape.
func Fill(dst []byte, shape, start, box []int, pattern []byte) {
	elem := len(pattern)
	if elem == 0 {
		return
	}
	rows(shape, start, shape, start, box, elem, func(d, _, n int) {
		FillPattern(dst[d:d+n], pattern)
	})
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

// rows calls f(dstOffset, srcOffset, length) for every contiguous run of
// the box, in C order. Offsets and lengths are in bytes.
func rows(dstShape, dstStart, srcShape, srcStart, box []int, elem int, f func(d, s, n int)) {
	rank := len(box)
	for _, b := range box {
		if b == 0 {
			return
		}
	}
	// Merge trailing dimensions: the run covers dimension k-1 entirely and
	// dimensions k.. are full in the box, the source and the destination.
	run := elem
	k := rank
	for k > 0 {
		run *= box[k-1]
		k--
		if k == 0 || box[k] != dstShape[k] || box[k] != srcShape[k] {
			break
		}
	}
	// Now the run is box[k:]; dimensions 0..k-1 are walked.
	var dstStride, srcStride, idx [maxStackRank]int
	ds, ss, ix := dstStride[:0], srcStride[:0], idx[:0]
	if k > maxStackRank {
		ds, ss, ix = make([]int, 0, k), make([]int, 0, k), make([]int, 0, k)
	}
	ds, ss, ix = ds[:k], ss[:k], ix[:k]
	dOff, sOff := 0, 0
	dStep, sStep := elem, elem
	for i := rank - 1; i >= 0; i-- {
		if i < k {
			ds[i], ss[i] = dStep, sStep
		}
		dOff += dstStart[i] * dStep
		sOff += srcStart[i] * sStep
		dStep *= dstShape[i]
		sStep *= srcShape[i]
	}
	for {
		f(dOff, sOff, run)
		// Advance the odometer over dimensions k-1 .. 0.
		i := k - 1
		for ; i >= 0; i-- {
			ix[i]++
			dOff += ds[i]
			sOff += ss[i]
			if ix[i] < box[i] {
				break
			}
			dOff -= ds[i] * box[i]
			sOff -= ss[i] * box[i]
			ix[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

package advisor

// inExtent calls fn with the byte ranges [lo, hi) of a chunk of the given
// shape (elements of es bytes, C order) that lie in the box
// [0, extent[d]) of every dimension d, in order: the part of an edge chunk
// inside the array. A nil extent is the whole chunk.
func inExtent(shape, extent []int, es int, fn func(lo, hi int)) {
	total := es
	for _, d := range shape {
		total *= d
	}
	// k is the last dimension the extent cuts; the runs are contiguous
	// from there on.
	k := -1
	for d := len(extent) - 1; d >= 0; d-- {
		if extent[d] != shape[d] {
			k = d
			break
		}
	}
	if k < 0 {
		if total > 0 {
			fn(0, total)
		}
		return
	}
	inner := es // bytes of one index of dimension k
	for _, d := range shape[k+1:] {
		inner *= d
	}
	run := extent[k] * inner
	if run == 0 {
		return
	}
	// stride[d] is the bytes of one index of dimension d, for d < k.
	idx := make([]int, k)
	for {
		off, stride := 0, inner*shape[k]
		for d := k - 1; d >= 0; d-- {
			off += idx[d] * stride
			stride *= shape[d]
		}
		fn(off, off+run)
		d := k - 1
		for ; d >= 0; d-- {
			if idx[d]++; idx[d] < extent[d] {
				break
			}
			idx[d] = 0
		}
		if d < 0 {
			return
		}
	}
}

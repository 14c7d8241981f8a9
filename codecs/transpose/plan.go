package transpose

// A plan is one direction of a transpose (encoding, or its inverse) over
// chunks of one shape, reduced to its simplest equivalent form: axes of
// length 1 dropped and runs of axes that stay adjacent and in order merged
// into one. What remains is the output shape and, for each output axis,
// the input stride (in elements) that walking along it takes.
//
// The output is written in C order. Output axis q is the one whose input
// stride is 1 (the input's last axis), unless the input's last axis stays
// last, in which case q is the axis before the last and whole rows are
// copied. A plan runs as: for each index of the axes before q, for each
// index of the axes between q and the last, a 2-D kernel over (q, last).
type plan struct {
	shape  []int // output shape, after reduction (rank >= 2, or nil: a copy)
	stride []int // input stride of each output axis, in elements
	q      int   // the blocked axis (see above)
	n      int   // elements per chunk
	// rowLen is the number of output elements one index of axis q covers:
	// the product of shape[q+1:].
	rowLen int
}

// newPlan returns the plan of out = transpose(in, order) for an input of
// the given shape: out[i_0, ..., i_{r-1}] = in[j] with j[order[k]] = i_k.
func newPlan(inShape []int, order []int) *plan {
	r := len(inShape)
	inStride := make([]int, r)
	n := 1
	for d := r - 1; d >= 0; d-- {
		inStride[d] = n
		n *= inShape[d]
	}
	// output axes, dropping those of length 1
	var shape, stride []int
	for _, d := range order {
		if inShape[d] == 1 {
			continue
		}
		if k := len(shape) - 1; k >= 0 && stride[k] == inStride[d]*inShape[d] {
			// the previous output axis is, in the input, the one just
			// outside this one: walking both is walking one axis
			shape[k] *= inShape[d]
			stride[k] = inStride[d]
			continue
		}
		shape = append(shape, inShape[d])
		stride = append(stride, inStride[d])
	}
	p := &plan{n: n}
	if len(shape) < 2 {
		return p // the identity on the bytes
	}
	p.shape, p.stride = shape, stride
	last := len(shape) - 1
	p.q = last - 1
	for k, s := range stride {
		if s == 1 && k != last {
			p.q = k
		}
	}
	p.rowLen = 1
	for _, e := range shape[p.q+1:] {
		p.rowLen *= e
	}
	return p
}

// identity reports whether the plan moves no element.
func (p *plan) identity() bool { return p.shape == nil }

// inverse returns the permutation that undoes order.
func inverse(order []int) []int {
	inv := make([]int, len(order))
	for k, d := range order {
		inv[d] = k
	}
	return inv
}

package advisor

// withVariants returns the quantisers qs, each followed by its variants
// when it stores integer codes: with a second numcodecs.delta (the chain's
// own optional delta then makes a second difference along the fastest
// axis), and with big-endian bytes, with and without the extra delta,
// for codes of more than one byte.
//
// A variant changes only what a compressor sees: uncompressed, its chain
// is its quantiser's own (the same codecs, measured once), and under a
// byte shuffle big-endian bytes give the little-endian chain (chain.codecs).
// The variants exist because the layouts are ranked per quantiser: every
// ranking step then weighs them like any other quantiser, and the report
// and the choice treat them like any other chain.
func withVariants(qs []*quantizer) []*quantizer {
	var out []*quantizer
	for _, q := range qs {
		out = append(out, q)
		if !q.storedAs.IsInteger() {
			continue
		}
		out = append(out, q.variant(1, false))
		if q.storedAs.Size() > 1 {
			out = append(out, q.variant(0, true), q.variant(1, true))
		}
	}
	return out
}

// variant returns q with deltas extra delta filters and big-endian bytes
// when big; its tighter quantiser is the same variant of q's.
func (q *quantizer) variant(deltas int, big bool) *quantizer {
	v := *q
	v.deltas, v.bigEndian = deltas, big
	if t := q.tighter; t != nil {
		v.tighter = func() *quantizer {
			b := t()
			if b == nil {
				return nil
			}
			return b.variant(deltas, big)
		}
	}
	return &v
}

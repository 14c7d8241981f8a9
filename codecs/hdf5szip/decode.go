package hdf5szip

import (
	"fmt"
	"math/bits"
)

// The second extension option codes a pair of samples (a, b) as the FS
// codeword m = s(s+1)/2 + b, s = a + b. libaec decodes m up to 90, pairs
// whose sum is at most 12; seSum and seBase give s and s(s+1)/2 for m.
const seMax = 90

var seSum, seBase [seMax + 1]uint32

func init() {
	m := 0
	for s := uint32(0); m <= seMax; s++ {
		for b := uint32(0); b <= s && m <= seMax; b++ {
			seSum[m], seBase[m] = s, s*(s+1)/2
			m++
		}
	}
}

// segment is the number of blocks of a zero-block segment.
const segment = 64

// ros is the zero-block count whose codeword means "remainder of segment".
const ros = 5

// streamError is a malformed or truncated stream, at a scanline and block.
type streamError struct {
	line, block int
	reason      string
}

func (e *streamError) Error() string {
	return fmt.Sprintf("scanline %d, block %d: %s", e.line, e.block, e.reason)
}

// The coding options of a block, as counted by optionCounts.
const (
	optZero         = iota // a zero-block run (counted once per run)
	optROS                 // a zero-block run to the end of its segment or scanline
	optSecondExt           // the second extension option
	optFundamental         // split-sample with k = 0: the fundamental sequence
	optSplit               // split-sample with k > 0
	optUncompressed        // no compression
	numOptions
)

// optionCounts counts the options of the blocks decoded, for tests.
type optionCounts [numOptions]int

// decode decodes stream into chunk, whose length is a multiple of p.unit().
// line is scratch of p.line samples; counts, when not nil, counts the
// options decoded.
func (p *params) decode(chunk, stream []byte, line []uint32, counts *optionCounts) error {
	total := p.samples(len(chunk))
	r := bitReader{src: stream}
	for l, s := 0, 0; s < total; l, s = l+1, s+p.pps {
		n := min(p.pps, total-s)
		if err := p.decodeLine(&r, line, n, counts); err != nil {
			err.line = l
			return err
		}
		if p.nn {
			p.unmap(line[:n])
		}
		p.scatter(chunk, line[:n], s)
	}
	return nil
}

// decodeLine decodes the blocks of one reference sample interval into line
// until it holds at least need samples.
func (p *params) decodeLine(r *bitReader, line []uint32, need int, counts *optionCounts) *streamError {
	J := p.ppb
	for b := 0; b*J < need; {
		blk := line[b*J : (b+1)*J]
		first := 0 // the first sample the option codes: 1 after a reference sample
		if p.nn && b == 0 {
			first = 1
		}
		blocks, reason, opt := 1, "", optSplit
		switch id := r.get(p.idLen); {
		case id == 0 && r.get(1) == 0:
			blocks, reason = p.zeroBlocks(r, line, b, first, counts)
			opt = optZero
		case id == 0:
			reason = p.secondExtension(r, blk, first)
			opt = optSecondExt
		case id == 1<<p.idLen-1: // no compression
			for i := range blk {
				blk[i] = r.get(p.n)
			}
			opt = optUncompressed
		default: // split-sample, k = id-1; k = 0 is the fundamental sequence
			reason = p.split(r, blk, first, uint(id-1))
			if id == 1 {
				opt = optFundamental
			}
		}
		if counts != nil {
			counts[opt]++
		}
		if reason == "" && r.overrun() {
			reason = "stream ends early"
		}
		if reason != "" {
			return &streamError{block: b, reason: reason}
		}
		b += blocks
	}
	return nil
}

// zeroBlocks decodes a zero-block run starting at block b of line and
// returns its length in blocks.
func (p *params) zeroBlocks(r *bitReader, line []uint32, b, first int, counts *optionCounts) (int, string) {
	if first == 1 {
		line[0] = r.get(p.n)
	}
	fs, ok := r.fs()
	if !ok {
		return 0, "stream ends in a zero-block codeword"
	}
	count := uint64(fs) + 1
	switch {
	case count == ros:
		count = uint64(min(p.rsi-b, segment-b%segment))
		if counts != nil {
			counts[optROS]++
		}
	case count > ros:
		count--
	}
	if count > uint64(p.rsi-b) {
		return 0, fmt.Sprintf("zero-block run of %d blocks passes the end of the scanline's %d blocks", count, p.rsi)
	}
	clear(line[b*p.ppb+first : (b+int(count))*p.ppb])
	return int(count), ""
}

// secondExtension decodes a block coded with the second extension option.
func (p *params) secondExtension(r *bitReader, blk []uint32, first int) string {
	if first == 1 {
		blk[0] = r.get(p.n)
	}
	for i := first; i < len(blk); {
		m, ok := r.fs()
		if !ok {
			return "stream ends in a second-extension codeword"
		}
		if m > seMax {
			return fmt.Sprintf("second-extension codeword %d is larger than %d", m, seMax)
		}
		b := m - seBase[m]
		if i%2 == 0 {
			blk[i] = seSum[m] - b
			i++
		}
		blk[i] = b
		i++
	}
	return ""
}

// split decodes a block coded with the split-sample option k: a
// fundamental sequence for each sample's high part, then the k low bits of
// each. Values wrap as libaec's uint32 values do.
func (p *params) split(r *bitReader, blk []uint32, first int, k uint) string {
	if first == 1 {
		blk[0] = r.get(p.n)
	}
	blk = blk[first:]
	// The reader's state is kept in locals here, the hottest loop of
	// decoding; a codeword longer than the unread bits goes to r.fs.
	acc, n := r.acc, r.n
	for i := range blk {
		if n < 32 {
			r.acc, r.n = acc, n
			r.refill()
			acc, n = r.acc, r.n
		}
		if z := uint(bits.LeadingZeros64(acc)); z < n {
			acc <<= z + 1
			n -= z + 1
			blk[i] = uint32(z) << k
			continue
		}
		r.acc, r.n = acc, n
		fs, ok := r.fs()
		if !ok {
			return "stream ends in a fundamental sequence"
		}
		acc, n = r.acc, r.n
		blk[i] = fs << k
	}
	if k > 0 {
		for i := range blk {
			if n < k {
				r.acc, r.n = acc, n
				r.refill()
				acc, n = r.acc, r.n
			}
			blk[i] += uint32(acc >> (64 - k))
			acc <<= k
			n -= k
		}
	}
	r.acc, r.n = acc, n
	return ""
}

// unmap inverts the unit-delay preprocessor over one reference sample
// interval, whose first sample is the reference. Arithmetic wraps as
// libaec's uint32 arithmetic does, so that a stream whose residuals leave
// the sample range decodes to the same bytes. The one branch, a residual within
// reach of the prediction, is taken for nearly every sample of smooth data.
func (p *params) unmap(v []uint32) {
	if len(v) == 0 {
		return
	}
	xmax, top := p.xmax, p.n-1
	x := v[0]
	for i, d := range v[1:] {
		// near is the end of [0, xmax] nearer the prediction x (by its top
		// bit), and near ^ x (xmax - x or x) the distance theta to it. A
		// residual d up to 2*theta is the signed error 0, -1, 1, -2, 2, ...
		// (even d: +d/2, odd d: -(d+1)/2, which is ^(d/2)); a larger one
		// is the distance from near: near ^ d.
		near := -(x >> top & 1) & xmax
		if d>>1+d&1 <= near^x {
			x += d>>1 ^ -(d & 1)
		} else {
			x = near ^ d
		}
		v[i+1] = x
	}
}

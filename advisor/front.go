package advisor

import (
	"cmp"
	"slices"
	"strings"
)

// speedMargin is the relative difference below which two measured speeds
// count as equal: on a busy machine, measured speeds vary by 10-20% from
// run to run even in CPU time (see the package documentation), and a
// choice must not follow that noise.
const speedMargin = 0.25

// fasterBeyondNoise reports whether speed a is faster than b by more than
// speedMargin.
func fasterBeyondNoise(a, b float64) bool { return a > b*(1+speedMargin) }

// dominates reports whether x is at least as good as y on the three
// measures (encoded bytes, decode speed, encode speed; speeds within
// speedMargin count as equal) and better on one of them: fewer bytes, or a
// speed faster beyond the margin. No two candidates dominate each other.
func dominates(x, y *Candidate) bool {
	if x.EncodedBytes > y.EncodedBytes ||
		fasterBeyondNoise(y.DecodeMBps(), x.DecodeMBps()) || fasterBeyondNoise(y.EncodeMBps(), x.EncodeMBps()) {
		return false
	}
	return x.EncodedBytes < y.EncodedBytes ||
		fasterBeyondNoise(x.DecodeMBps(), y.DecodeMBps()) || fasterBeyondNoise(x.EncodeMBps(), y.EncodeMBps())
}

// paretoFront returns the indexes, in increasing order, of the candidates
// that meet the tolerance and that no other such candidate dominates.
func paretoFront(cs []*Candidate) []int {
	front := []int{}
	for i, c := range cs {
		if !c.Meets() {
			continue
		}
		dominated := false
		for j, o := range cs {
			if j != i && o.Meets() && dominates(o, c) {
				dominated = true
				break
			}
		}
		if !dominated {
			front = append(front, i)
		}
	}
	return front
}

// simpler orders candidates of equal standing: fewer bytes, then the
// chain of fewer codecs, then by label, so that a choice among near-ties
// never depends on the order the chains ran in.
func simpler(x, y *Candidate) int {
	if c := cmp.Compare(x.EncodedBytes, y.EncodedBytes); c != 0 {
		return c
	}
	if c := cmp.Compare(strings.Count(x.Label, "|"), strings.Count(y.Label, "|")); c != 0 {
		return c
	}
	return strings.Compare(x.Label, y.Label)
}

// fastestDecoding returns the index of the candidate of idx that decodes
// fastest, the speeds within speedMargin of the fastest counting as
// equal: among those, the first by simpler.
func fastestDecoding(cs []*Candidate, idx []int) int {
	if len(idx) == 0 {
		return -1
	}
	top := 0.0
	for _, i := range idx {
		top = max(top, cs[i].DecodeMBps())
	}
	var near []int
	for _, i := range idx {
		if !fasterBeyondNoise(top, cs[i].DecodeMBps()) {
			near = append(near, i)
		}
	}
	return slices.MinFunc(near, func(a, b int) int { return simpler(cs[a], cs[b]) })
}

// smallest returns the index of the first candidate of idx by simpler, or
// -1.
func smallest(cs []*Candidate, idx []int) int {
	if len(idx) == 0 {
		return -1
	}
	return slices.MinFunc(idx, func(a, b int) int { return simpler(cs[a], cs[b]) })
}

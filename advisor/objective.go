package advisor

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Objective says how Advise picks among the chains that meet the
// tolerance (see the package documentation, Choosing).
type Objective string

// The objectives. The zero Objective is ObjectiveBalanced.
const (
	// ObjectiveBalanced picks, among the chains every client reads when
	// there are such, the smallest chain that decodes at 1 GB/s and
	// encodes at 100 MB/s or more on one core (or, where the fastest
	// compressed chain is slower than 4 GB/s or 1 GB/s, at least a
	// quarter and a tenth of its speeds), or a chain at most 10% larger
	// that decodes twice as fast.
	ObjectiveBalanced Objective = "balanced"
	// ObjectiveSize picks the smallest chain.
	ObjectiveSize Objective = "size"
	// ObjectiveSpeed picks, among the chains every client reads when
	// there are such, the chain that decodes fastest of those at most 5
	// times the size of the smallest.
	ObjectiveSpeed Objective = "speed"
)

// Objectives lists the objectives, the default first.
var Objectives = []Objective{ObjectiveBalanced, ObjectiveSize, ObjectiveSpeed}

const (
	// ObjectiveBalanced passes over a chain that decodes slower than
	// balancedDecodeMBps or encodes slower than balancedEncodeMBps (the
	// speeds of zstd, the compressor zarr-python writes by default, on
	// one core), or, when the fastest compressed chain measured is slower
	// than those speeds over these shares (a slow machine, small chunks),
	// slower than these shares of its speeds (see the package
	// documentation for the measurements behind them).
	balancedDecodeMBps  = 1000
	balancedEncodeMBps  = 100
	balancedDecodeShare = 0.25
	balancedEncodeShare = 0.1
	// balancedSlack is how much larger than the smallest fast chain a
	// chain that decodes faster may be under ObjectiveBalanced.
	balancedSlack = 0.10
	// balancedFaster is how many times as fast a chain at most
	// balancedSlack larger must decode to be picked instead: a factor
	// that the noise of measured speeds never reaches (Why says "twice").
	balancedFaster = 2.0
	// speedSlack bounds the size of the chains ObjectiveSpeed considers,
	// as a multiple of the smallest.
	speedSlack = 5.0
)

// checkObjective validates Options.Objective and Options.MinDecodeMBps and
// returns the objective, the default for "".
func checkObjective(o Objective, minDecode float64) (Objective, error) {
	if !(minDecode >= 0) || math.IsInf(minDecode, 1) {
		return "", &OptionError{Option: "MinDecodeMBps", Reason: fmt.Sprintf("%v is not a finite speed of 0 or more", minDecode)}
	}
	switch o {
	case "":
		return ObjectiveBalanced, nil
	case ObjectiveBalanced, ObjectiveSize, ObjectiveSpeed:
		return o, nil
	}
	return "", &OptionError{Option: "Objective", Reason: fmt.Sprintf("%q is not one of balanced, size, speed", string(o))}
}

// choice is what choose decides.
type choice struct {
	best  int
	front []int
	why   string
}

// choose computes the Pareto front of the candidates that meet the
// tolerance and picks one by the objective, among those decoding at
// minDecode MB/s or faster. It reads only the candidates' measures and
// readers, so that tests can give it any speeds.
func choose(cs []*Candidate, obj Objective, minDecode float64) choice {
	ch := choice{best: -1, front: paretoFront(cs)}
	if len(ch.front) == 0 {
		ch.why = "no chain meets the tolerance on the sample"
		return ch
	}
	eligible := ch.front
	floor := ""
	if minDecode > 0 {
		floor = " decoding at " + speedWords(minDecode) + " or more"
		eligible = filter(cs, ch.front, func(c *Candidate) bool { return c.DecodeMBps() >= minDecode })
		if len(eligible) == 0 {
			f := cs[fastestDecoding(cs, ch.front)]
			ch.why = fmt.Sprintf("no chain that meets the tolerance decodes at %s or more: the fastest, %s, decodes at %s",
				speedWords(minDecode), f.Label, speedWords(f.DecodeMBps()))
			return ch
		}
	}
	least := cs[smallest(cs, eligible)]
	if obj == ObjectiveSize {
		ch.best = smallest(cs, eligible)
		c := cs[ch.best]
		ch.why = fmt.Sprintf("size: the smallest chain%s that meets the tolerance (decodes at %s, encodes at %s; read by %s)",
			floor, speedWords(c.DecodeMBps()), speedWords(c.EncodeMBps()), readerWords(c.Readers))
		return ch
	}
	// Balanced and speed prefer the chains every client reads.
	portable, among := eligible, ""
	if p := filter(cs, eligible, readByAll); len(p) > 0 && len(p) < len(eligible) {
		portable, among = p, " read by every client"
	}
	if obj == ObjectiveBalanced {
		// The speeds of the fastest compressed chains set the bar (the
		// uncompressed ones copy bytes).
		ref := filter(cs, eligible, compressed)
		if len(ref) == 0 {
			ref = eligible
		}
		var topDec, topEnc float64
		for _, i := range ref {
			topDec, topEnc = max(topDec, cs[i].DecodeMBps()), max(topEnc, cs[i].EncodeMBps())
		}
		dec := max(minDecode, min(balancedDecodeMBps, balancedDecodeShare*topDec))
		enc := min(balancedEncodeMBps, balancedEncodeShare*topEnc)
		fast := filter(cs, portable, func(c *Candidate) bool { return c.DecodeMBps() >= dec && c.EncodeMBps() >= enc })
		if len(fast) > 0 {
			ch.best = smallest(cs, fast)
			small := cs[ch.best]
			faster := filter(cs, fast, func(c *Candidate) bool {
				return float64(c.EncodedBytes) <= (1+balancedSlack)*float64(small.EncodedBytes) &&
					c.DecodeMBps() >= balancedFaster*small.DecodeMBps()
			})
			if len(faster) > 0 {
				ch.best = fastestDecoding(cs, faster)
			}
			c := cs[ch.best]
			ch.why = fmt.Sprintf("balanced: the smallest chain%s decoding at %s and encoding at %s or more, or one up to %.0f%% larger decoding twice as fast; it decodes at %s and encodes at %s",
				among, speedWords(dec), speedWords(enc), 100*balancedSlack, speedWords(c.DecodeMBps()), speedWords(c.EncodeMBps()))
			if c != least {
				ch.why += fmt.Sprintf("; %s the bytes of the smallest, %s, which decodes at %s and encodes at %s",
					ratioWords(c, least), least.Label, speedWords(least.DecodeMBps()), speedWords(least.EncodeMBps()))
			}
			return ch
		}
		floor = fmt.Sprintf(" (no chain%s decodes at %s and encodes at %s or more)", among, speedWords(dec), speedWords(enc))
	}
	base := cs[smallest(cs, portable)]
	window := filter(cs, portable, func(c *Candidate) bool { return float64(c.EncodedBytes) <= speedSlack*float64(base.EncodedBytes) })
	ch.best = fastestDecoding(cs, window)
	c := cs[ch.best]
	ch.why = fmt.Sprintf("%s%s: the fastest decoding chain%s at most %g times the size of the smallest such (decodes at %s, %s the bytes of the smallest chain, %s)",
		obj, floor, among, speedSlack, speedWords(c.DecodeMBps()), ratioWords(c, least), least.Label)
	return ch
}

// compressors are the names of the codecs that compress.
var compressors = []string{"zstd", "blosc", "gzip", "numcodecs.bz2", "numcodecs.lz4", "numcodecs.zlib",
	"numcodecs.zstd", "numcodecs.blosc", "numcodecs.gzip"}

// compressed reports whether c's chain has a compressor.
func compressed(c *Candidate) bool {
	return slices.ContainsFunc(codecNames(c.Codecs), func(n string) bool { return slices.Contains(compressors, n) })
}

// readByAll reports whether every client of Candidate.Readers decodes c's
// chain.
func readByAll(c *Candidate) bool {
	return slices.Contains(c.Readers, ReaderZarrPython) && slices.Contains(c.Readers, ReaderZarrita)
}

// readerWords writes a list of readers, or "no client of the list".
func readerWords(rs []string) string {
	if len(rs) == 0 {
		return "none of zarr-python, numcodecs, zarrita"
	}
	return strings.Join(rs, ", ")
}

// filter returns the indexes of idx whose candidate keep says to keep.
func filter(cs []*Candidate, idx []int, keep func(*Candidate) bool) []int {
	var out []int
	for _, i := range idx {
		if keep(cs[i]) {
			out = append(out, i)
		}
	}
	return out
}

// speedWords writes a speed in MB/s or GB/s, to two or three significant
// digits.
func speedWords(v float64) string {
	if v >= 1000 {
		return strconv.FormatFloat(v/1000, 'f', 1, 64) + " GB/s"
	}
	if v >= 10 {
		return strconv.FormatFloat(v, 'f', 0, 64) + " MB/s"
	}
	return strconv.FormatFloat(v, 'g', 2, 64) + " MB/s"
}

// ratioWords writes c's bytes as a multiple of least's: "1.68x".
func ratioWords(c, least *Candidate) string {
	if least.EncodedBytes == 0 {
		return "1x"
	}
	return strconv.FormatFloat(float64(c.EncodedBytes)/float64(least.EncodedBytes), 'f', 2, 64) + "x"
}

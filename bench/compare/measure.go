package main

import (
	"slices"
	"time"

	"github.com/zcodec/zcodec/internal/cputime"
)

// timing is one measurement of one direction: seconds per call of wall
// time and of the process's CPU time.
type timing struct {
	Wall float64 `json:"wall"`
	CPU  float64 `json:"cpu"`
}

// measure calls f once to warm it, then in a loop lasting at least
// mintime of wall time, and returns the seconds per call. CPU time is the
// whole process's (getrusage: user and system, every thread, the
// garbage collector's included), as the peer's time.process_time is.
func measure(mintime time.Duration, f func()) timing {
	f()
	n, c0, t0 := 0, cputime.Process(), time.Now()
	for {
		f()
		n++
		if el := time.Since(t0); el >= mintime {
			cpu := cputime.Process() - c0
			return timing{Wall: el.Seconds() / float64(n), CPU: cpu.Seconds() / float64(n)}
		}
	}
}

// samples are one side's timings of one row, one per run.
type samples struct {
	enc, dec []timing
}

func (s *samples) add(enc, dec timing) {
	s.enc = append(s.enc, enc)
	s.dec = append(s.dec, dec)
}

// mbps returns MB/s of n bytes per call taking sec seconds (0 for no
// figure).
func mbps(n int, sec float64) float64 {
	if sec <= 0 {
		return 0
	}
	return float64(n) / sec / 1e6
}

// best returns the highest MB/s of n bytes per call over ts, by CPU time
// (cpu true) or wall time.
func best(n int, ts []timing, cpu bool) float64 {
	var b float64
	for _, t := range ts {
		b = max(b, mbps(n, pick(t, cpu)))
	}
	return b
}

func pick(t timing, cpu bool) float64 {
	if cpu {
		return t.CPU
	}
	return t.Wall
}

// pairedMedian returns the median over runs of ours/peer MB/s by CPU
// time, pairing each of our runs with the peer's run beside it (0 when
// there is no pair).
func pairedMedian(ours, peer []timing) float64 {
	var r []float64
	for i := range min(len(ours), len(peer)) {
		if ours[i].CPU > 0 && peer[i].CPU > 0 {
			r = append(r, peer[i].CPU/ours[i].CPU)
		}
	}
	return median(r)
}

// median returns the median of v, 0 for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

package main

import (
	"slices"
	"time"

	"github.com/zcodec/zcodec/internal/cputime"
)

// timing is one measurement: seconds per call of wall time and of the
// process's CPU time, and N, what one call did (bytes, chunks, opens).
type timing struct {
	Wall float64 `json:"wall"`
	CPU  float64 `json:"cpu"`
	N    float64 `json:"n"`
}

// measure calls f in a loop lasting at least mintime of wall time (at
// least once) and returns the seconds per call; f returns what it did.
// There is no warm-up call: each row's check call warms its files. CPU
// time is the whole process's (getrusage: user and system, every thread,
// the garbage collector's included), as the peer's time.process_time is.
func measure(mintime time.Duration, f func() (float64, error)) (timing, error) {
	n, c0, t0 := 0, cputime.Process(), time.Now()
	var done float64
	for {
		d, err := f()
		if err != nil {
			return timing{}, err
		}
		done = d
		n++
		if el := time.Since(t0); el >= mintime {
			cpu := cputime.Process() - c0
			return timing{Wall: el.Seconds() / float64(n), CPU: cpu.Seconds() / float64(n), N: done}, nil
		}
	}
}

// rate returns units of t.N per second over scale (MB/s for bytes and
// 1e6), by CPU time (cpu true) or wall time; 0 for no figure.
func rate(t timing, cpu bool, scale float64) float64 {
	sec := t.Wall
	if cpu {
		sec = t.CPU
	}
	if sec <= 0 || t.N <= 0 {
		return 0
	}
	return t.N / sec / scale
}

// best returns the highest rate over ts.
func best(ts []timing, cpu bool, scale float64) float64 {
	var b float64
	for _, t := range ts {
		b = max(b, rate(t, cpu, scale))
	}
	return b
}

// fastest returns the lowest wall seconds per call over ts (0 for none).
func fastest(ts []timing) float64 {
	var b float64
	for _, t := range ts {
		if b == 0 || t.Wall < b {
			b = t.Wall
		}
	}
	return b
}

// pairedMedian returns the median over runs of ours/peer rates by CPU
// time, pairing each of our runs with the peer's run beside it (0 when
// there is no pair).
func pairedMedian(ours, peer []timing) float64 {
	var r []float64
	for i := range min(len(ours), len(peer)) {
		o, p := rate(ours[i], true, 1), rate(peer[i], true, 1)
		if o > 0 && p > 0 {
			r = append(r, o/p)
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

package main

import (
	"slices"
	"time"

	"github.com/zcodec/zcodec/internal/cputime"
)

// A timing is what one loop of one side measured, per call: Wall
// seconds, CPU seconds of its whole process (getrusage here and
// time.process_time in peer.py, so every thread and the garbage collector
// count), and N, the units one call did (files, or 1 open or parse).
type timing struct {
	N    float64 `json:"n"`
	Wall float64 `json:"wall"`
	CPU  float64 `json:"cpu"`
}

// loop calls f until mintime of wall time has passed (once at least) and
// returns the time per call; f returns what one call did.
func loop(mintime time.Duration, f func() (float64, error)) (timing, error) {
	var t timing
	calls := 0.0
	cpu0, start := cputime.Process(), time.Now()
	for calls == 0 || time.Since(start) < mintime {
		n, err := f()
		if err != nil {
			return timing{}, err
		}
		t.N = n
		calls++
	}
	t.Wall = time.Since(start).Seconds() / calls
	t.CPU = (cputime.Process() - cpu0).Seconds() / calls
	return t, nil
}

// perSecond is t's units per second, by CPU time or by wall time; 0 when
// there is no figure.
func (t timing) perSecond(byCPU bool) float64 {
	s := t.Wall
	if byCPU {
		s = t.CPU
	}
	if s > 0 && t.N > 0 {
		return t.N / s
	}
	return 0
}

// series is one side's measurements of a row, in the order taken.
type series []timing

// top is the highest rate of the series.
func (s series) top(byCPU bool) float64 {
	var v float64
	for _, t := range s {
		v = max(v, t.perSecond(byCPU))
	}
	return v
}

// quickest is the lowest wall time per call, 0 for none.
func (s series) quickest() float64 {
	if len(s) == 0 {
		return 0
	}
	return slices.MinFunc(s, func(a, b timing) int {
		switch {
		case a.Wall < b.Wall:
			return -1
		case a.Wall > b.Wall:
			return 1
		}
		return 0
	}).Wall
}

// medianRatio is the median over the runs of ours/peer CPU-time rates,
// run i of each side paired (they ran side by side); 0 without a pair.
func medianRatio(ours, peer series) float64 {
	var r []float64
	for i := 0; i < len(ours) && i < len(peer); i++ {
		if a, b := ours[i].perSecond(true), peer[i].perSecond(true); a > 0 && b > 0 {
			r = append(r, a/b)
		}
	}
	if len(r) == 0 {
		return 0
	}
	slices.Sort(r)
	m := len(r) / 2
	if len(r)%2 == 0 {
		return (r[m-1] + r[m]) / 2
	}
	return r[m]
}

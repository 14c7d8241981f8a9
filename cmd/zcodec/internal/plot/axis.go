package plot

import (
	"math"
	"strconv"
)

// axis maps values to pixels, linearly or on a log scale.
type axis struct {
	log    bool
	lo, hi float64 // the ends, log10 of them on a log axis
	p0, p1 float64 // the pixels of lo and hi
}

// logFactor is the spread of values (largest / smallest) from which an
// axis is logarithmic.
const logFactor = 10

// newAxis returns an axis from p0 to p1 spanning the positive finite
// values vs, with a margin.
func newAxis(vs []float64, p0, p1 float64) axis {
	a := axis{p0: p0, p1: p1}
	if len(vs) == 0 {
		a.log, a.lo, a.hi = true, 0, 1
		return a
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi/lo >= logFactor || hi > 1e300 {
		a.log = true
		a.lo, a.hi = math.Log10(lo), math.Log10(hi)
		pad := max((a.hi-a.lo)*0.05, 0.05)
		a.lo, a.hi = a.lo-pad, a.hi+pad
		return a
	}
	pad := (hi - lo) * 0.08
	if pad == 0 {
		pad = hi * 0.25
	}
	a.lo, a.hi = max(lo-pad, 0), hi+pad
	return a
}

// pos returns the pixel of v (positive).
func (a axis) pos(v float64) float64 {
	if a.log {
		v = math.Log10(v)
	}
	return a.p0 + (v-a.lo)/(a.hi-a.lo)*(a.p1-a.p0)
}

// contains reports whether v (positive) lies within the axis.
func (a axis) contains(v float64) bool {
	if a.log {
		v = math.Log10(v)
	}
	return v >= a.lo && v <= a.hi
}

// ticks returns the values to mark: powers of ten on a log axis (with 2
// and 5 times them over less than two decades, every k-th power over
// many), round values on a linear one.
func (a axis) ticks() []float64 {
	var out []float64
	if a.log {
		k0, k1 := math.Ceil(a.lo), math.Floor(a.hi)
		step := math.Max(1, math.Ceil((k1-k0+1)/8))
		for k := k0; k <= k1; k += step {
			if v := math.Pow(10, k); v > 0 && !math.IsInf(v, 0) {
				out = append(out, v)
			}
		}
		if a.hi-a.lo < 2 {
			out = out[:0]
			for k := math.Floor(a.lo); k <= math.Ceil(a.hi); k++ {
				for _, m := range []float64{1, 2, 5} {
					if v := m * math.Pow(10, k); v > 0 && !math.IsInf(v, 0) && a.contains(v) {
						out = append(out, v)
					}
				}
			}
		}
		return out
	}
	step := niceStep((a.hi - a.lo) / 6)
	if step == 0 {
		return nil
	}
	for k := math.Ceil(a.lo / step); len(out) < 20; k++ {
		v := k * step
		if v > a.hi {
			break
		}
		out = append(out, v)
	}
	return out
}

// niceStep returns the smallest of 1, 2 and 5 times a power of ten at
// least x.
func niceStep(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5} {
		if m*p >= x*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

// label writes an axis name with its scale.
func (a axis) label(name string) string {
	if a.log {
		return name + ", log scale"
	}
	return name
}

// formatSpeed writes a tick of MB/s.
func formatSpeed(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// formatBytes writes a tick of bytes with an SI prefix: "100 kB".
func formatBytes(v float64) string {
	units := []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}
	i := 0
	for i < len(units)-1 && math.Abs(v) >= 1000 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(v, 'g', 4, 64) + " " + units[i]
}

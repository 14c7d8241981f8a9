package advisor

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// grid is a lattice the finite values of a sample sit on: every value is
// within noise of ref + k*step for an integer k.
type grid struct {
	step, ref, noise float64
	// values are distinct values of the sample (a spread subset of at
	// most gridProbe), sorted: they choose the offset.
	values []float64
}

// Limits of grid detection.
const (
	// gridProbe is how many of the sample's values, spread over it, find
	// the step; every value then confirms it.
	gridProbe = 1 << 16
	// gridMinSteps is how many times the noise a step must be: a finer
	// "grid" is the float type's own spacing of values.
	gridMinSteps = 16
	// gridNoiseULPs is the distance from the grid, in units of roundoff
	// of the array's type at the largest magnitude, that counts as on it:
	// the rounding of values computed as offset + k*step and stored.
	gridNoiseULPs = 8
)

// finiteValues calls fn with every finite value of the set inside the
// array, as a float64, in order.
func finiteValues(set *chunkSet, fn func(float64)) {
	dt, es := set.spec.DataType, set.spec.DataType.Size()
	var buf []float32
	for i, chunk := range set.chunks {
		inExtent(set.spec.Shape, set.extent(i), es, func(lo, hi int) {
			b := chunk[lo:hi]
			switch dt {
			case numeric.Float64:
				for _, v := range elements.Load[float64](b) {
					if !math.IsNaN(v) && !math.IsInf(v, 0) {
						fn(v)
					}
				}
			case numeric.Float32:
				for _, v := range elements.Load[float32](b) {
					if f := float64(v); !math.IsNaN(f) && !math.IsInf(f, 0) {
						fn(f)
					}
				}
			case numeric.Float16, numeric.BFloat16:
				buf = widenHalf(dt, b, buf)
				for _, v := range buf {
					if f := float64(v); !math.IsNaN(f) && !math.IsInf(f, 0) {
						fn(f)
					}
				}
			}
		})
	}
}

// detectGrid finds the step and a reference value of a grid the sample's
// finite values sit on, within the rounding of the array's type, or
// reports that they sit on none (fewer than three distinct values, a
// step finer than gridMinSteps times the noise, or a value off the grid).
// The step is the simplest that fits: 1/N or N for an integer N, or a
// decimal of few digits, else the fitted value.
func (a *advice) detectGrid() (grid, bool) {
	st := a.stats
	if st.Finite == 0 || !(st.Max > st.Min) {
		return grid{}, false
	}
	mant, _, _ := a.spec.DataType.FloatFormat()
	noise := gridNoiseULPs * math.Ldexp(1, -(mant+1)) * st.MaxAbs()
	stride := max(1, st.Finite/gridProbe)
	var probe []float64
	var n int64
	finiteValues(a.sample, func(v float64) {
		if n%stride == 0 {
			probe = append(probe, v)
		}
		n++
	})
	slices.Sort(probe)
	// Distinct values: those within the noise of the last kept are one.
	vals := probe[:0]
	for _, v := range probe {
		if len(vals) == 0 || v-vals[len(vals)-1] > noise {
			vals = append(vals, v)
		}
	}
	if len(vals) < 3 {
		return grid{}, false
	}
	dmin := math.Inf(1)
	for i := 1; i < len(vals); i++ {
		dmin = min(dmin, vals[i]-vals[i-1])
	}
	for j := 1; j <= 8; j++ {
		step, ok := fitStep(vals, dmin/float64(j), noise)
		if !ok {
			continue
		}
		if step < gridMinSteps*noise {
			return grid{}, false
		}
		g := grid{step: step, ref: vals[0], values: vals}
		for _, s := range simpleSteps(step) {
			if r, ok := gridResidual(a.sample, vals[0], s, noise); ok {
				g.step, g.noise = s, r
				return g, true
			}
		}
		r, ok := gridResidual(a.sample, vals[0], step, noise)
		if !ok {
			return grid{}, false
		}
		g.noise = r
		return g, true
	}
	return grid{}, false
}

// fitStep checks that the sorted distinct values vals sit within noise of
// vals[0] + k*step for integers k, starting from the estimate step and
// refining it on each value (the farther from vals[0], the better it is
// known), and returns the refined step.
func fitStep(vals []float64, step, noise float64) (float64, bool) {
	if !(step > 0) {
		return 0, false
	}
	ref := vals[0]
	for _, v := range vals[1:] {
		d := v - ref
		k := math.Round(d / step)
		if k < 1 || math.Abs(d-k*step) > 2*noise {
			return 0, false
		}
		step = d / k
	}
	return step, true
}

// simpleSteps returns the simple steps within a relative 10^-3 of the
// fitted step s, simplest first: 1/N and N for an integer N, then
// decimals of one to four significant digits. (A step much finer than s,
// which the values also sit on, is never one of them.)
func simpleSteps(s float64) []float64 {
	var cands []float64
	if n := math.Round(1 / s); n >= 1 {
		cands = append(cands, 1/n)
	}
	if n := math.Round(s); n >= 1 {
		cands = append(cands, n)
	}
	for digits := 1; digits <= 4; digits++ {
		if d, err := strconv.ParseFloat(strconv.FormatFloat(s, 'g', digits, 64), 64); err == nil {
			cands = append(cands, d)
		}
	}
	var out []float64
	for _, c := range cands {
		if math.Abs(c-s) <= 1e-3*s {
			out = append(out, c)
		}
	}
	return out
}

// gridResidual returns the largest distance of a finite value of the set
// from ref + k*step, and whether every one is within noise.
func gridResidual(set *chunkSet, ref, step, noise float64) (float64, bool) {
	worst := 0.0
	finiteValues(set, func(v float64) {
		d := v - ref
		worst = max(worst, math.Abs(d-math.Round(d/step)*step))
	})
	return worst, worst <= noise
}

// gridQuantizer plans scale_offset + cast_value into target at the grid's
// step times m (an odd multiple, so that grid values never fall halfway
// between codes), with the offset on the grid: the codes are then exact
// and the values decode to themselves up to the arithmetic's rounding.
// It returns nil when the codes do not fit the type.
func (a *advice) gridQuantizer(g grid, m int, target numeric.DataType) *quantizer {
	dt := a.spec.DataType
	step := g.step * float64(m)
	scale := roundTo(dt, 1/step)
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil
	}
	nan, posInf, negInf, fillSlot := a.reservedKinds()
	reserved := 0
	for _, r := range []bool{nan, posInf, negInf, fillSlot} {
		if r {
			reserved++
		}
	}
	tmin, tmax, _ := target.IntRange()
	umin, umax := float64(tmin), float64(tmax)-float64(reserved)
	lo, hi := a.stats.Min, a.stats.Max
	span := math.Round((hi - lo) / step)
	avail := umax - umin + 1
	need := span + 3
	if need > avail {
		return nil
	}
	head := min(math.Floor((avail-need)/2), max(span, 16))
	if !a.complete && head < math.Ceil(minHeadroom*span) {
		return nil
	}
	// The code of the smallest value: as near -span/2 as the headroom
	// allows (as planScaleOffset places it), then the offset, on the
	// grid, that reproduces the sample's values best.
	cLo := min(max(-math.Ceil(span/2), umin+1+head), umax-1-head-span)
	// ref, a value of the grid, gets the code cLo + kRef.
	kRef := math.Round((g.ref - lo) / step)
	off, worst := a.gridOffset(g, step, scale, cLo+kRef)
	if math.IsNaN(off) {
		return nil
	}
	plan := soPlan{scale: scale, offset: off, carried: [2]float64{lo - head*step, hi + head*step},
		headroom: head, span: span}
	q, _ := a.scaleOffsetChain(target, plan, nan, posInf, negInf, fillSlot)
	if q == nil {
		return nil
	}
	within := "exactly"
	if g.noise > 0 {
		within = fmt.Sprintf("within %.3g", g.noise)
	}
	q.notes = append(q.notes, fmt.Sprintf("the values sit on a grid of step %.6g (%s): %s", g.step, within, gridWords(m, worst)))
	if !a.complete && step/2 > a.tol.Abs {
		q.notes = append(q.notes, fmt.Sprintf("a value off this grid elsewhere in the array would decode up to %.3g away, beyond the tolerance: --apply checks every element", step/2))
	}
	return q
}

// gridWords says what the grid codes do to the sample's values.
func gridWords(m int, worst float64) string {
	if m > 1 {
		return fmt.Sprintf("codes every %d grid steps", m)
	}
	if worst == 0 {
		return "every value measured decodes to itself"
	}
	return fmt.Sprintf("the codes are exact, the values within %.3g of themselves", worst)
}

// gridOffset returns the offset, within a few codes of ref - cRef*step
// and a few units in the last place of it, whose scale_offset reproduces the
// probe values best in the array's arithmetic, with the largest error it
// makes on them; NaN when no offset is representable.
func (a *advice) gridOffset(g grid, step, scale, cRef float64) (float64, float64) {
	dt := a.spec.DataType
	bestOff, bestErr := math.NaN(), math.Inf(1)
	for _, dc := range []float64{0, -1, 1, -2, 2, -3, 3, -4, 4} {
		ideal := roundTo(dt, g.ref-(cRef+dc)*step)
		if math.IsInf(ideal, 0) || math.IsNaN(ideal) {
			continue
		}
		for _, off := range []float64{ideal, nextDown(dt, ideal), nextUp(dt, ideal)} {
			e := reproduceError(dt, g.values, off, scale)
			if e < bestErr {
				bestOff, bestErr = off, e
			}
			if e == 0 {
				return off, 0
			}
		}
	}
	return bestOff, bestErr
}

// reproduceError returns the largest |y - x| over xs, y being x encoded
// and decoded by scale_offset (offset, scale) with rounding to integer
// codes, in the arithmetic of dt (docs/decisions.md#d10): float32 and
// float64 exactly; for the half types, in float64, an estimate that the
// measurement confirms.
func reproduceError(dt numeric.DataType, xs []float64, offset, scale float64) float64 {
	worst := 0.0
	if dt == numeric.Float32 {
		o, s := float32(offset), float32(scale)
		for _, x := range xs {
			// The conversions round each operation: no fused multiply-add.
			d := float32(float32(x) - o)
			q := float32(math.RoundToEven(float64(float32(d * s))))
			y := float32(float32(q/s) + o)
			worst = max(worst, math.Abs(float64(y)-x))
		}
		return worst
	}
	for _, x := range xs {
		q := math.RoundToEven(float64(float64(x-offset) * scale))
		y := float64(float64(q/scale) + offset)
		worst = max(worst, math.Abs(y-x))
	}
	return worst
}

// roundTo returns x rounded to the nearest value of float type dt, as a
// float64 (±Inf past its range).
func roundTo(dt numeric.DataType, x float64) float64 {
	b, overflow := numeric.NarrowFloat64(x, dt, numeric.NearestEven)
	if overflow {
		return math.Inf(int(math.Copysign(1, x)))
	}
	return numeric.WidenFloat(b, dt)
}

// nextUp returns the smallest value of float type dt above x (x finite).
func nextUp(dt numeric.DataType, x float64) float64 { return -nextDown(dt, -x) }

// withGrid adds to qs, for an absolute bound on float data whose values
// sit on a grid, scale_offset + cast_value at the grid's step (or an odd
// multiple of it, the largest whose half-multiple keeps the tolerance),
// into the narrowest target type of each signedness that holds its codes
// (every one when the targets were given). A grid chain whose step is at
// least that of a chain planned from the tolerance alone, in a type no
// wider, replaces it (the latter comes back if the grid chain's measured
// error exceeds the tolerance).
func (a *advice) withGrid(qs []*quantizer) []*quantizer {
	if !a.spec.DataType.IsFloat() || a.tol.Exact() || a.tol.Rel != 0 || a.tol.SigDigits != 0 {
		return qs
	}
	g, ok := a.detectGrid()
	if !ok {
		return qs
	}
	// Grid values are within noise of the grid; rounding them to an odd
	// multiple m of the step moves them by at most (m-1)/2 steps.
	// The measurement decides on the arithmetic's rounding beyond that.
	slack := a.tol.Abs - g.noise
	if slack <= 0 {
		return qs
	}
	m := 1
	if k := math.Floor(slack / g.step * (1 - 1e-9)); k >= 1 {
		m = int(min(2*k+1, 1<<20))
	}
	// The grid's own codes may fit a narrower type than the tolerance's
	// step needs: by default the narrowest of each signedness that holds
	// them, as for the planned chains.
	var grids []*quantizer
	found := map[bool]bool{}
	for _, target := range a.targets {
		if !a.explicitTargets && found[target.IsSigned()] {
			continue
		}
		if gq := a.gridQuantizer(g, m, target); gq != nil {
			grids = append(grids, gq)
			found[target.IsSigned()] = true
		}
	}
	if len(grids) == 0 {
		return qs
	}
	out := slices.Clone(grids)
	for _, q := range qs {
		if q.family == FamilyScaleOffset {
			i := slices.IndexFunc(grids, func(gq *quantizer) bool {
				return gq.step >= q.step && gq.storedAs.Size() <= q.storedAs.Size() && gq.tighter == nil
			})
			if i >= 0 {
				// As coarse a step, exact codes, as narrow a type: the
				// planned chain comes back only if the grid chain's
				// measured error exceeds the tolerance.
				planned := q
				grids[i].tighter = func() *quantizer { return planned }
				continue
			}
		}
		out = append(out, q)
	}
	return out
}

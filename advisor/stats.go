package advisor

import (
	"math"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// ValueStats describes the elements of a sample of a float array.
type ValueStats struct {
	Elements int64
	// Finite counts the finite elements; NaN, PosInf and NegInf the others.
	Finite, NaN, PosInf, NegInf int64
	// Zeros counts the elements equal to zero (of either sign).
	Zeros int64
	// Min and Max are the smallest and largest finite elements, and MinAbs
	// the smallest non-zero finite magnitude; each is NaN when there is no
	// such element.
	Min, Max, MinAbs float64
}

// MaxAbs returns the largest finite magnitude, or NaN when there is none.
func (s ValueStats) MaxAbs() float64 { return max(math.Abs(s.Min), math.Abs(s.Max)) }

// valueStatsOf measures the elements of a float sample inside the array.
func valueStatsOf(s *chunkSet) ValueStats {
	var a valueStatsAcc
	a.min, a.max, a.minAbs = math.Inf(1), math.Inf(-1), math.Inf(1)
	var widened []float32
	dt, es := s.spec.DataType, s.spec.DataType.Size()
	for i, chunk := range s.chunks {
		inExtent(s.spec.Shape, s.extent(i), es, func(lo, hi int) {
			widened = a.add(dt, chunk[lo:hi], widened)
		})
	}
	st := a.ValueStats
	st.Min, st.Max, st.MinAbs = a.min, a.max, a.minAbs
	if st.Finite == 0 {
		st.Min, st.Max = math.NaN(), math.NaN()
	}
	if st.Finite == st.Zeros {
		st.MinAbs = math.NaN()
	}
	return st
}

// add accumulates the elements of c, widening half floats into buf, which
// it returns for reuse.
func (a *valueStatsAcc) add(dt numeric.DataType, c []byte, buf []float32) []float32 {
	switch dt {
	case numeric.Float64:
		accumulate(a, elements.Load[float64](c))
	case numeric.Float32:
		accumulate(a, elements.Load[float32](c))
	case numeric.Float16, numeric.BFloat16:
		buf = widenHalf(dt, c, buf)
		accumulate(a, buf)
	}
	return buf
}

type valueStatsAcc struct {
	ValueStats
	min, max, minAbs float64
}

func accumulate[T float32 | float64](a *valueStatsAcc, x []T) {
	lo, hi, minAbs := a.min, a.max, a.minAbs
	var nan, pinf, ninf, zeros int64
	for _, v := range x {
		f := float64(v)
		switch {
		case f != f:
			nan++
		case f > math.MaxFloat64:
			pinf++
		case f < -math.MaxFloat64:
			ninf++
		default:
			lo, hi = min(lo, f), max(hi, f)
			if f == 0 {
				zeros++
			} else {
				minAbs = min(minAbs, math.Abs(f))
			}
		}
	}
	a.min, a.max, a.minAbs = lo, hi, minAbs
	a.Elements += int64(len(x))
	a.NaN += nan
	a.PosInf += pinf
	a.NegInf += ninf
	a.Zeros += zeros
	a.Finite += int64(len(x)) - nan - pinf - ninf
}

// widenHalf returns the float16 or bfloat16 elements of b as float32
// values (exact), reusing buf.
func widenHalf(dt numeric.DataType, b []byte, buf []float32) []float32 {
	n := len(b) / 2
	if cap(buf) < n {
		buf = make([]float32, n)
	}
	buf = buf[:n]
	bits := elements.Load[uint16](b)
	if dt == numeric.Float16 {
		for j, h := range bits {
			buf[j] = numeric.F16(h).Float32()
		}
	} else {
		for j, h := range bits {
			buf[j] = numeric.BF16(h).Float32()
		}
	}
	return buf
}

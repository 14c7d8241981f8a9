package advisor

import (
	"fmt"
	"math"
	"math/big"

	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// ErrorStats is what comparing decoded elements with their originals measured,
// element by element.
type ErrorStats struct {
	// Elements is the number of elements compared.
	Elements int64
	// MaxAbs is the largest |decoded - original| over the elements that are
	// finite in the original, rounded once to float64 from the exact
	// difference (+Inf when a finite element decoded to an infinity).
	MaxAbs float64
	// MaxRel is the largest |decoded - original| / |original| over the
	// finite non-zero originals (computed in float64).
	MaxRel float64
	// Exceeding counts the elements outside the tolerance, NaN and infinity
	// mismatches included; FirstExceeding is the index of the first (-1
	// when none), counting in C order through the chunks in the order they
	// were added.
	Exceeding      int64
	FirstExceeding int64
	// NaNLost counts NaN originals that did not decode to NaN, NaNMade
	// non-NaN originals that did.
	NaNLost, NaNMade int64
}

// Within reports whether every element met the tolerance.
func (e ErrorStats) Within() bool { return e.Exceeding == 0 }

// Meter compares decoded chunks with their originals under a Tolerance,
// exactly: every comparison of an error with a bound is decided on the
// exact values (a float64 fast path, and exact rational arithmetic for the
// rare element within a relative 2^-48 of its bound). A Meter is not safe
// for concurrent use.
type Meter struct {
	dt  numeric.DataType
	tol Tolerance
	// absLo and absHi bracket Abs by a relative 2^-48: an error at or
	// below absLo is within it, one above absHi is not, one between is
	// decided exactly. relLo and relHi bracket Rel the same way.
	absLo, absHi, relLo, relHi float64
	absRat                     *big.Rat
	res                        ErrorStats
	widened                    [2][]float32 // float16/bfloat16 elements as float32
}

// boundMargin is the relative margin of the fast path.
const boundMargin = 0x1p-48

// NewMeter returns a Meter for elements of data type dt. Tolerance{}
// measures exactness: every element must decode to a numerically equal
// value. For data types other than floats and integers (bool, complex) only
// exactness can be measured, byte for byte.
func NewMeter(dt numeric.DataType, tol Tolerance) (*Meter, error) {
	if err := tol.Validate(); err != nil {
		return nil, err
	}
	if !dt.Valid() {
		return nil, &UnsupportedError{DataType: dt, Reason: "not a data type"}
	}
	if (!dt.IsReal() || isSmallType(dt)) && !tol.Exact() {
		return nil, &UnsupportedError{DataType: dt, Reason: "only exactness can be measured for this type"}
	}
	m := &Meter{dt: dt, tol: tol, res: ErrorStats{FirstExceeding: -1}}
	if tol.Abs != 0 {
		m.absLo, m.absHi = tol.Abs*(1-boundMargin), tol.Abs*(1+boundMargin)
		m.absRat = ratOf(tol.Abs)
	}
	if tol.Rel != 0 {
		m.relLo, m.relHi = tol.Rel*(1-boundMargin), tol.Rel*(1+boundMargin)
	}
	return m, nil
}

// Add compares one chunk: original and decoded hold the same number of
// elements of the Meter's data type, little-endian, in C order.
func (m *Meter) Add(original, decoded []byte) error {
	size := m.dt.Size()
	if len(original) != len(decoded) || len(original)%size != 0 {
		return fmt.Errorf("advisor: meter: %d original and %d decoded bytes are not the same whole number of %v elements", len(original), len(decoded), m.dt)
	}
	switch m.dt {
	case numeric.Float64:
		measureFloats(m, elements.Load[float64](original), elements.Load[float64](decoded))
	case numeric.Float32:
		measureFloats(m, elements.Load[float32](original), elements.Load[float32](decoded))
	case numeric.Float16, numeric.BFloat16:
		m.widened[0] = widenHalf(m.dt, original, m.widened[0])
		m.widened[1] = widenHalf(m.dt, decoded, m.widened[1])
		measureFloats(m, m.widened[0], m.widened[1])
	case numeric.Int8:
		measureInts(m, elements.Load[int8](original), elements.Load[int8](decoded))
	case numeric.Int16:
		measureInts(m, elements.Load[int16](original), elements.Load[int16](decoded))
	case numeric.Int32:
		measureInts(m, elements.Load[int32](original), elements.Load[int32](decoded))
	case numeric.Int64:
		measureInts(m, elements.Load[int64](original), elements.Load[int64](decoded))
	case numeric.Uint8:
		measureInts(m, elements.Load[uint8](original), elements.Load[uint8](decoded))
	case numeric.Uint16:
		measureInts(m, elements.Load[uint16](original), elements.Load[uint16](decoded))
	case numeric.Uint32:
		measureInts(m, elements.Load[uint32](original), elements.Load[uint32](decoded))
	case numeric.Uint64:
		measureInts(m, elements.Load[uint64](original), elements.Load[uint64](decoded))
	default:
		for i := 0; i < len(original); i += size {
			if string(original[i:i+size]) != string(decoded[i:i+size]) {
				m.exceed(int64(i / size))
			}
		}
		m.res.Elements += int64(len(original) / size)
	}
	return nil
}

// Errors returns what the chunks added so far measured.
func (m *Meter) Errors() ErrorStats { return m.res }

func (m *Meter) exceed(i int64) {
	if m.res.Exceeding == 0 {
		m.res.FirstExceeding = m.res.Elements + i
	}
	m.res.Exceeding++
}

// measureFloats compares float elements; float32 values widen exactly.
func measureFloats[T float32 | float64](m *Meter, x, d []T) {
	d = d[:len(x)]
	for i := range x {
		xi, di := float64(x[i]), float64(d[i])
		if xi == di {
			continue
		}
		if !m.floatWithin(xi, di) {
			m.exceed(int64(i))
		}
	}
	m.res.Elements += int64(len(x))
}

// floatWithin records the error of one element whose decoded value d
// differs from the original x (as numbers, or because one is NaN) and
// reports whether it is within the tolerance.
func (m *Meter) floatWithin(x, d float64) bool {
	switch {
	case x != x:
		if d != d {
			return true
		}
		m.res.NaNLost++
		return false
	case d != d:
		m.res.NaNMade++
		return false
	case math.IsInf(x, 0) || math.IsInf(d, 0):
		m.res.MaxAbs = math.Inf(1)
		return false
	}
	e := math.Abs(d - x) // the exact difference, rounded once
	ax := math.Abs(x)
	m.res.MaxAbs = max(m.res.MaxAbs, e)
	if ax != 0 {
		m.res.MaxRel = max(m.res.MaxRel, e/ax)
	}
	if m.tol.Abs != 0 {
		if e > m.absHi || e > m.absLo && !exactWithin(x, d, m.absRat) {
			return false
		}
	}
	if m.tol.Rel != 0 {
		lo, hi := m.relLo*ax, m.relHi*ax
		switch {
		case lo < minBound:
			if !exactWithin(x, d, new(big.Rat).Mul(ratOf(m.tol.Rel), ratOf(ax))) {
				return false
			}
		case e > hi || e > lo && !exactWithin(x, d, new(big.Rat).Mul(ratOf(m.tol.Rel), ratOf(ax))):
			return false
		}
	}
	if m.tol.SigDigits != 0 {
		if ax == 0 {
			return false // a zero keeps its digits only as zero
		}
		b, k := sigBound(ax, m.tol.SigDigits)
		lo, hi := b*(1-boundMargin), b*(1+boundMargin)
		switch {
		case lo < minBound:
			if !exactWithin(x, d, halfPow10(k)) {
				return false
			}
		case e > hi || e > lo && !exactWithin(x, d, halfPow10(k)):
			return false
		}
	}
	return m.tol.Abs != 0 || m.tol.Rel != 0 || m.tol.SigDigits != 0
}

// exactWithin reports whether |d - x| <= bound, exactly.
func exactWithin(x, d float64, bound *big.Rat) bool {
	diff := new(big.Rat).Sub(ratOf(d), ratOf(x))
	return diff.Abs(diff).Cmp(bound) <= 0
}

// halfPow10 returns 10^k / 2 exactly.
func halfPow10(k int) *big.Rat {
	r := pow10Rat(k, nil)
	return r.Mul(r, big.NewRat(1, 2))
}

// measureInts compares integer elements: equal elements cost one
// comparison, others are measured with exact integer arithmetic.
func measureInts[T numeric.Integer](m *Meter, x, d []T) {
	d = d[:len(x)]
	for i := range x {
		if x[i] == d[i] {
			continue
		}
		if !m.intWithin(bigInt(x[i]), bigInt(d[i])) {
			m.exceed(int64(i))
		}
	}
	m.res.Elements += int64(len(x))
}

// intWithin measures one element whose decoded integer d differs from x.
func (m *Meter) intWithin(bx, bd *big.Int) bool {
	diff := new(big.Int).Sub(bd, bx)
	diff.Abs(diff)
	e, _ := new(big.Float).SetInt(diff).Float64()
	ax := new(big.Int).Abs(bx)
	m.res.MaxAbs = max(m.res.MaxAbs, e)
	if ax.Sign() != 0 {
		r, _ := new(big.Rat).SetFrac(diff, ax).Float64()
		m.res.MaxRel = max(m.res.MaxRel, r)
	}
	if m.tol.Exact() {
		return false
	}
	de := new(big.Rat).SetInt(diff)
	if m.tol.Abs != 0 && de.Cmp(m.absRat) > 0 {
		return false
	}
	if m.tol.Rel != 0 && de.Cmp(new(big.Rat).Mul(ratOf(m.tol.Rel), new(big.Rat).SetInt(ax))) > 0 {
		return false
	}
	if m.tol.SigDigits != 0 {
		if ax.Sign() == 0 {
			return false
		}
		k := len(ax.String()) - 1 - m.tol.SigDigits + 1
		if de.Cmp(halfPow10(k)) > 0 {
			return false
		}
	}
	return true
}

// bigInt returns the value of an integer element.
func bigInt[T numeric.Integer](v T) *big.Int {
	if v < 0 {
		return big.NewInt(int64(v))
	}
	return new(big.Int).SetUint64(uint64(v))
}

// isSmallType reports whether dt is a sub-byte integer or a float of 8 bits
// or fewer (held in memory as int8 or uint8). The advisor measures and
// advises them for exactness only: lossless chains, byte for byte.
func isSmallType(dt numeric.DataType) bool {
	return dt.Storage() != dt && (dt.IsInteger() || dt.IsFloat())
}

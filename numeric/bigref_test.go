package numeric_test

import (
	"math"
	"math/big"

	"github.com/zcodec/zcodec/numeric"
)

// This file holds an exact reference for binary floating-point formats,
// written with math/big and independent of the package's bit arithmetic.

// refFormat describes a binary float format by its explicit mantissa bits
// and exponent bits.
type refFormat struct {
	mant, exp int
}

var refFormats = map[numeric.DataType]refFormat{
	numeric.Float16:  {10, 5},
	numeric.BFloat16: {7, 8},
	numeric.Float32:  {23, 8},
	numeric.Float64:  {52, 11},
}

func (f refFormat) bias() int  { return 1<<(f.exp-1) - 1 }
func (f refFormat) emin() int  { return 1 - f.bias() }
func (f refFormat) emax() int  { return f.bias() }
func (f refFormat) width() int { return 1 + f.exp + f.mant }

// pow2 returns 2^k as a big.Rat.
func pow2(k int) *big.Rat {
	if k >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-k)))
}

// maxFinite returns the largest finite value of f: (2 - 2^-mant) * 2^emax.
func (f refFormat) maxFinite() *big.Rat {
	m := new(big.Rat).Sub(big.NewRat(2, 1), pow2(-f.mant))
	return m.Mul(m, pow2(f.emax()))
}

// refClass is the class of a decoded bit pattern.
type refClass int

const (
	refFinite refClass = iota
	refInf
	refNaN
)

// decode returns the exact value of the bits b of format f, its sign and
// its class, straight from the IEEE 754 definition.
func (f refFormat) decode(b uint64) (v *big.Rat, neg bool, class refClass) {
	neg = b>>(f.width()-1)&1 == 1
	e := int(b>>f.mant) & (1<<f.exp - 1)
	m := int64(b & (1<<f.mant - 1))
	switch {
	case e == 1<<f.exp-1 && m == 0:
		return nil, neg, refInf
	case e == 1<<f.exp-1:
		return nil, neg, refNaN
	case e == 0: // subnormal: m * 2^(emin - mant)
		v = new(big.Rat).Mul(new(big.Rat).SetInt64(m), pow2(f.emin()-f.mant))
	default: // (2^mant + m) * 2^(e - bias - mant)
		v = new(big.Rat).Mul(new(big.Rat).SetInt64(1<<f.mant+m), pow2(e-f.bias()-f.mant))
	}
	if neg {
		v.Neg(v)
	}
	return v, neg, refFinite
}

// encode returns the bits of the finite value v, which must be exactly
// representable in f (|v| <= maxFinite); neg gives the sign of a zero.
func (f refFormat) encode(v *big.Rat, neg bool) uint64 {
	var sign uint64
	if neg {
		sign = 1 << (f.width() - 1)
	}
	a := new(big.Rat).Abs(v)
	if a.Sign() == 0 {
		return sign
	}
	if a.Cmp(pow2(f.emin())) < 0 { // subnormal
		n := new(big.Rat).Quo(a, pow2(f.emin()-f.mant))
		if !n.IsInt() {
			panic("encode: not representable")
		}
		return sign | n.Num().Uint64()
	}
	e := ratExponent(a)
	n := new(big.Rat).Quo(a, pow2(e-f.mant))
	if !n.IsInt() {
		panic("encode: not representable")
	}
	return sign | uint64(e+f.bias())<<f.mant | n.Num().Uint64()&(1<<f.mant-1)
}

// ratExponent returns E with 2^E <= a < 2^(E+1), for a > 0.
func ratExponent(a *big.Rat) int {
	e := a.Num().BitLen() - a.Denom().BitLen()
	for a.Cmp(pow2(e)) < 0 {
		e--
	}
	for a.Cmp(pow2(e+1)) >= 0 {
		e++
	}
	return e
}

// roundInt rounds the rational n to an integer in mode m, from the
// definitions of the five modes.
func roundInt(n *big.Rat, m numeric.RoundingMode) *big.Int {
	neg := n.Sign() < 0
	a := new(big.Rat).Abs(n)
	q, r := new(big.Int).QuoRem(a.Num(), a.Denom(), new(big.Int))
	// compare the fraction r/den with 1/2: 2r vs den
	cmpHalf := new(big.Int).Lsh(r, 1).Cmp(a.Denom())
	exact := r.Sign() == 0
	up := false
	if !exact {
		switch m {
		case numeric.NearestEven:
			up = cmpHalf > 0 || (cmpHalf == 0 && q.Bit(0) == 1)
		case numeric.NearestAway:
			up = cmpHalf >= 0
		case numeric.TowardsZero:
			up = false
		case numeric.TowardsPositive:
			up = !neg
		case numeric.TowardsNegative:
			up = neg
		}
	}
	if up {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q
}

// roundTo rounds the exact finite value v (sign neg, for zeros) to format f
// in mode m, with an unbounded exponent above, and reports overflow when the
// rounded magnitude exceeds the largest finite value (decisions D5). The
// returned bits are the signed infinity on overflow.
func (f refFormat) roundTo(v *big.Rat, neg bool, m numeric.RoundingMode) (bits uint64, overflow bool) {
	if v.Sign() == 0 {
		return f.encode(v, neg), false
	}
	var e int
	if x, exact := v.Float64(); exact && x != 0 {
		_, fe := math.Frexp(x) // |x| = m * 2^fe with m in [0.5, 1)
		e = fe - 1
	} else {
		e = ratExponent(new(big.Rat).Abs(v))
	}
	if e < f.emin() {
		e = f.emin()
	}
	quantum := pow2(e - f.mant)
	n := roundInt(new(big.Rat).Quo(v, quantum), m)
	r := new(big.Rat).Mul(new(big.Rat).SetInt(n), quantum)
	if new(big.Rat).Abs(r).Cmp(f.maxFinite()) > 0 {
		var sign uint64
		if neg {
			sign = 1 << (f.width() - 1)
		}
		return sign | (1<<f.exp-1)<<f.mant, true
	}
	return f.encode(r, neg), false
}

// refNarrow is the reference for numeric.NarrowFloat64.
func refNarrow(x float64, dt numeric.DataType, m numeric.RoundingMode) (uint64, bool) {
	f := refFormats[dt]
	neg := math.Signbit(x)
	var sign uint64
	if neg {
		sign = 1 << (f.width() - 1)
	}
	inf := uint64(1<<f.exp-1) << f.mant
	switch {
	case math.IsInf(x, 0):
		return sign | inf, false
	case math.IsNaN(x):
		panic("refNarrow of NaN")
	}
	return f.roundTo(new(big.Rat).SetFloat64(x), neg, m)
}

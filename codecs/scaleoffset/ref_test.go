package scaleoffset

import (
	"math"
	"math/big"

	"github.com/zcodec/zcodec/numeric"
)

// This file is an independent reference for float arithmetic: exact
// rational results rounded to a float format with math/big, sharing no
// rounding code with the package.

type format struct {
	p    int // significant bits, implicit bit included
	emin int // exponent of the smallest normal value
	max  float64
}

func formatOf(dt numeric.DataType) format {
	switch dt {
	case numeric.Float16:
		return format{11, -14, 65504}
	case numeric.BFloat16:
		return format{8, -126, float64(math.Float32frombits(0x7f7f0000))}
	case numeric.Float32:
		return format{24, -126, math.MaxFloat32}
	}
	return format{53, -1022, math.MaxFloat64}
}

// refRound rounds r to the nearest value of dt, ties to even, with gradual
// underflow; it returns ±Inf when the rounded magnitude exceeds the largest
// finite value. neg gives the sign of a zero result.
func refRound(r *big.Rat, dt numeric.DataType, negZero bool) float64 {
	f := formatOf(dt)
	if r.Sign() == 0 {
		if negZero {
			return math.Copysign(0, -1)
		}
		return 0
	}
	a := new(big.Rat).Abs(r)
	// e = floor(log2 a), exactly
	e := a.Num().BitLen() - a.Denom().BitLen()
	if pow2(e).Cmp(a) > 0 {
		e--
	} else if pow2(e+1).Cmp(a) <= 0 {
		e++
	}
	q := max(e, f.emin) - (f.p - 1) // exponent of one unit in the last place
	n := new(big.Rat).Mul(a, pow2(-q))
	ip, rem := new(big.Int).QuoRem(n.Num(), n.Denom(), new(big.Int))
	twice := new(big.Int).Mul(rem, big.NewInt(2))
	switch c := twice.Cmp(n.Denom()); {
	case c > 0, c == 0 && ip.Bit(0) == 1:
		ip.Add(ip, big.NewInt(1))
	}
	v, _ := new(big.Rat).Mul(new(big.Rat).SetInt(ip), pow2(q)).Float64() // exact
	if v > f.max {
		v = math.Inf(1)
	}
	if r.Sign() < 0 {
		v = -v
	}
	if v == 0 && r.Sign() < 0 {
		v = math.Copysign(0, -1)
	}
	return v
}

func pow2(e int) *big.Rat {
	if e >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
}

func rat(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

// refOp returns a op b rounded to dt, with IEEE signs for zero results.
// a and b are finite.
func refOp(op byte, a, b float64, dt numeric.DataType) float64 {
	var r *big.Rat
	var negZero bool
	sa, sb := math.Signbit(a), math.Signbit(b)
	switch op {
	case '-':
		r = new(big.Rat).Sub(rat(a), rat(b))
		negZero = a == 0 && b == 0 && sa && !sb
	case '+':
		r = new(big.Rat).Add(rat(a), rat(b))
		negZero = a == 0 && b == 0 && sa && sb
	case '*':
		r = new(big.Rat).Mul(rat(a), rat(b))
		negZero = sa != sb
	case '/':
		r = new(big.Rat).Quo(rat(a), rat(b))
		negZero = sa != sb
	}
	return refRound(r, dt, negZero)
}

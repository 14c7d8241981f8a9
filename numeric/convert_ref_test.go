package numeric

import (
	"math/big"
)

// An exact reference for the conversions, written with math/big and an
// independent decoding of float bits, for the property tests.

// refValue is the exact value of a real scalar.
type refValue struct {
	nan  bool
	inf  int      // +1 or -1 for the infinities
	neg  bool     // sign bit (meaningful for zeros)
	rat  *big.Rat // finite value
	zero bool
}

// refDecode returns the exact value of x, decoding float bits from the
// format alone.
func refDecode(x Scalar) refValue {
	dt := x.DataType()
	lo, _ := x.Bits()
	if dt.IsInteger() {
		n := new(big.Int)
		if dt.IsSigned() {
			v, _ := x.Int64()
			n.SetInt64(v)
		} else {
			n.SetUint64(lo)
		}
		return refValue{rat: new(big.Rat).SetInt(n), zero: n.Sign() == 0, neg: n.Sign() < 0}
	}
	if smallFormatOf(dt) != nil {
		return refDecodeSmall(x)
	}
	mant, exp, _ := dt.FloatFormat()
	neg := lo>>(mant+exp)&1 != 0
	e := int(lo >> mant & (1<<exp - 1))
	m := lo & (1<<mant - 1)
	bias := 1<<(exp-1) - 1
	switch {
	case e == 1<<exp-1 && m != 0:
		return refValue{nan: true, neg: neg}
	case e == 1<<exp-1:
		inf := 1
		if neg {
			inf = -1
		}
		return refValue{inf: inf, neg: neg}
	}
	var scale int
	if e == 0 {
		scale = 1 - bias - mant
	} else {
		m |= 1 << mant
		scale = e - bias - mant
	}
	r := new(big.Rat).SetInt(new(big.Int).SetUint64(m))
	r.Mul(r, pow2(scale))
	if neg {
		r.Neg(r)
	}
	return refValue{rat: r, neg: neg, zero: m == 0}
}

func pow2(k int) *big.Rat {
	if k >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-k)))
}

// refRound rounds r to an integer in mode m.
func refRound(r *big.Rat, m RoundingMode) *big.Int {
	fl := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
	frac := new(big.Rat).Sub(r, new(big.Rat).SetInt(fl))
	if frac.Sign() == 0 {
		return fl
	}
	up := new(big.Int).Add(fl, big.NewInt(1))
	cmp := frac.Cmp(big.NewRat(1, 2))
	switch m {
	case TowardsZero:
		if r.Sign() < 0 {
			return up
		}
		return fl
	case TowardsPositive:
		return up
	case TowardsNegative:
		return fl
	case NearestAway:
		if cmp < 0 || (cmp == 0 && r.Sign() < 0) {
			return fl
		}
		return up
	}
	switch {
	case cmp < 0:
		return fl
	case cmp > 0:
		return up
	}
	if fl.Bit(0) == 0 {
		return fl
	}
	return up
}

// refResult is the expected outcome of one conversion.
type refResult struct {
	fail CastFailure
	v    refValue
}

// refCast converts x to dt in mode m under policy oor, exactly.
func refCast(x Scalar, dt DataType, m RoundingMode, oor OutOfRange) refResult {
	return refCastAll(x, dt, m)[oor]
}

// refCastAll converts x to dt in mode m under each policy (indexed by
// OutOfRange), exactly.
func refCastAll(x Scalar, dt DataType, m RoundingMode) [3]refResult {
	return refCastAllOf(refDecode(x), dt, m)
}

// refCastAllOf is refCastAll of the exact value v (refDecode's, which it
// does not change), for callers that convert one value many ways.
func refCastAllOf(v refValue, dt DataType, m RoundingMode) (out [3]refResult) {
	all := func(r refResult) [3]refResult { return [3]refResult{r, r, r} }
	if dt.IsInteger() {
		switch {
		case v.nan:
			return all(refResult{fail: CastNaN})
		case v.inf != 0:
			return all(refResult{fail: CastInfinity})
		}
		n := refRound(v.rat, m)
		lo, hi := refIntBounds(dt)
		if n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0 {
			return all(refResult{v: refInt(n)})
		}
		out[OutOfRangeError] = refResult{fail: CastOutOfRange}
		if n.Sign() < 0 {
			out[OutOfRangeClamp] = refResult{v: refInt(lo)}
		} else {
			out[OutOfRangeClamp] = refResult{v: refInt(hi)}
		}
		mod := new(big.Int).Lsh(big.NewInt(1), uint(dt.Bits()))
		w := new(big.Int).Mod(n, mod) // in [0, 2^N)
		if w.Cmp(hi) > 0 {
			w.Sub(w, mod)
		}
		out[OutOfRangeWrap] = refResult{v: refInt(w)}
		return out
	}
	if smallFormatOf(dt) != nil {
		return refCastSmallFloat(v, dt, m)
	}
	if v.nan || v.inf != 0 || v.zero {
		return all(refResult{v: v})
	}
	mant, exp, _ := dt.FloatFormat()
	bias := 1<<(exp-1) - 1
	emin := 1 - bias
	a := new(big.Rat).Abs(v.rat)
	// e = floor(log2 a)
	e := a.Num().BitLen() - a.Denom().BitLen()
	if a.Cmp(pow2(e)) < 0 {
		e--
	}
	q := max(e, emin) - mant
	scaled := new(big.Rat).Mul(v.rat, pow2(-q))
	n := refRound(scaled, m)
	r := new(big.Rat).Mul(new(big.Rat).SetInt(n), pow2(q))
	maxF := new(big.Rat).Mul(new(big.Rat).SetInt(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(mant+1)), big.NewInt(1))), pow2(bias-mant))
	if new(big.Rat).Abs(r).Cmp(maxF) <= 0 {
		return all(refResult{v: refValue{rat: r, neg: v.neg, zero: r.Sign() == 0}})
	}
	inf := 1
	if v.neg {
		inf = -1
	}
	out[OutOfRangeError] = refResult{fail: CastOutOfRange}
	out[OutOfRangeClamp] = refResult{v: refValue{inf: inf, neg: v.neg}}
	out[OutOfRangeWrap] = refResult{fail: CastWrapFloat}
	return out
}

func refInt(n *big.Int) refValue {
	return refValue{rat: new(big.Rat).SetInt(n), zero: n.Sign() == 0}
}

func refIntBounds(dt DataType) (lo, hi *big.Int) {
	n := uint(dt.Bits())
	if dt.IsSigned() {
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n-1), big.NewInt(1))
		return new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), n-1)), hi
	}
	return big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n), big.NewInt(1))
}

// refSame reports whether got (a converted value) is the expected value:
// NaN for NaN (any payload), the same infinity, zeros of the same sign (for
// float targets), equal finite values.
func refSame(got refValue, want refValue, floatTarget bool) bool {
	switch {
	case want.nan || got.nan:
		return want.nan && got.nan
	case want.inf != 0 || got.inf != 0:
		return want.inf == got.inf
	case want.zero || got.zero:
		return want.zero && got.zero && (!floatTarget || want.neg == got.neg)
	}
	return want.rat.Cmp(got.rat) == 0
}

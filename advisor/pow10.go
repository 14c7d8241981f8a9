package advisor

import (
	"math"
	"math/big"
	"sync"
)

// The decimal exponents a float64 can have: 10^-344 is below the smallest
// subnormal, 10^309 above the largest finite value.
const (
	pow10Min = -344
	pow10Max = 309
)

// pow10Table holds, for every k from pow10Min to pow10Max, the smallest
// float64 not below 10^k (ceil, +Inf past the largest finite value) and
// the float64 nearest to it (near).
type pow10Table struct {
	ceil, near [pow10Max - pow10Min + 1]float64
}

// pow10s is built once, exactly, from rationals.
var pow10s = sync.OnceValue(func() *pow10Table {
	t := new(pow10Table)
	ten := big.NewInt(10)
	for k := pow10Min; k <= pow10Max; k++ {
		r := pow10Rat(k, ten)
		f, _ := r.Float64()
		t.near[k-pow10Min] = f
		if !math.IsInf(f, 1) && ratOf(f).Cmp(r) < 0 {
			f = math.Nextafter(f, math.Inf(1))
		}
		t.ceil[k-pow10Min] = f
	}
	return t
})

// pow10Rat returns 10^k exactly.
func pow10Rat(k int, ten *big.Int) *big.Rat {
	if ten == nil {
		ten = big.NewInt(10)
	}
	abs := k
	if abs < 0 {
		abs = -abs
	}
	p := new(big.Int).Exp(ten, big.NewInt(int64(abs)), nil)
	if k >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

// ratOf returns the exact value of a finite float64.
func ratOf(f float64) *big.Rat {
	return new(big.Rat).SetFloat64(f)
}

// log10of2 is log10(2), for a first guess at a decimal exponent.
const log10of2 = 0.30102999566398119521

// decimalExponent returns floor(log10(a)) exactly for a finite a > 0.
func decimalExponent(a float64) int {
	t := pow10s()
	_, e2 := math.Frexp(a) // a in [2^(e2-1), 2^e2)
	k := int(math.Floor(float64(e2-1) * log10of2))
	k = max(pow10Min, min(pow10Max, k))
	for k < pow10Max && t.ceil[k+1-pow10Min] <= a {
		k++
	}
	for k > pow10Min && t.ceil[k-pow10Min] > a {
		k--
	}
	return k
}

// sigBound returns an approximation of half a unit in the digits-th
// significant decimal digit of a (a finite, > 0), 0.5 * 10^(e-digits+1),
// within a relative 2^-52, and the exponent e-digits+1.
func sigBound(a float64, digits int) (float64, int) {
	m := decimalExponent(a) - digits + 1
	if m < pow10Min {
		return 0, m
	}
	return 0.5 * pow10s().near[m-pow10Min], m
}

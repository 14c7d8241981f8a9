package advisor

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// refWithin decides one element with rational arithmetic only, finding
// the decimal exponent from the exact decimal expansion of x (a method
// independent of the Meter's table).
func refWithin(x, d float64, tol Tolerance) bool {
	switch {
	case math.IsNaN(x):
		return math.IsNaN(d)
	case math.IsNaN(d):
		return false
	case math.IsInf(x, 0) || math.IsInf(d, 0):
		return x == d
	case x == d:
		return true
	case tol.Exact():
		return false
	}
	diff := new(big.Rat).Sub(new(big.Rat).SetFloat64(d), new(big.Rat).SetFloat64(x))
	diff.Abs(diff)
	ax := new(big.Rat).SetFloat64(math.Abs(x))
	if tol.Abs != 0 && diff.Cmp(new(big.Rat).SetFloat64(tol.Abs)) > 0 {
		return false
	}
	if tol.Rel != 0 && diff.Cmp(new(big.Rat).Mul(new(big.Rat).SetFloat64(tol.Rel), ax)) > 0 {
		return false
	}
	if tol.SigDigits != 0 {
		if x == 0 {
			return false
		}
		e := refDecimalExponent(math.Abs(x))
		bound := new(big.Rat).SetFrac(big.NewInt(1), big.NewInt(2))
		k := e - tol.SigDigits + 1
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(k, -k))), nil)
		if k >= 0 {
			bound.Mul(bound, new(big.Rat).SetInt(p))
		} else {
			bound.Quo(bound, new(big.Rat).SetInt(p))
		}
		if diff.Cmp(bound) > 0 {
			return false
		}
	}
	return true
}

// refDecimalExponent reads floor(log10 a) off the exact decimal expansion
// of a (every float64 has one of at most 767 significant digits).
func refDecimalExponent(a float64) int {
	s := new(big.Float).SetPrec(4000).SetFloat64(a).Text('e', 800)
	e, err := strconv.Atoi(s[strings.IndexByte(s, 'e')+1:])
	if err != nil {
		panic(s)
	}
	return e
}

func f64Bytes(v ...float64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

func f32Bytes(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// meterVerdict runs one element through a Meter.
func meterVerdict(t *testing.T, x, d float64, tol Tolerance) bool {
	t.Helper()
	m, err := NewMeter(numeric.Float64, tol)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Add(f64Bytes(x), f64Bytes(d)); err != nil {
		t.Fatal(err)
	}
	return m.Errors().Within()
}

// nearBound returns decoded values whose error is at, just below and just
// above |x| * r or b, where floating-point arithmetic would decide wrongly
// if the Meter trusted it.
func nearBound(x, b float64) []float64 {
	var out []float64
	for _, s := range []float64{1, -1} {
		d := x + s*b
		for range 3 {
			out = append(out, d)
			d = math.Nextafter(d, math.Inf(1))
		}
		d = x + s*b
		for range 3 {
			d = math.Nextafter(d, math.Inf(-1))
			out = append(out, d)
		}
	}
	return out
}

func randFloat(r *rand.Rand) float64 {
	switch r.IntN(6) {
	case 0:
		return math.Float64frombits(r.Uint64()) // anything, NaN and Inf included
	case 1:
		return float64(math.Float32frombits(r.Uint32()))
	case 2:
		return r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
	case 3:
		return math.Pow(10, float64(r.IntN(60)-30)) // powers of ten: decade edges
	case 4:
		return float64(r.IntN(2001) - 1000)
	}
	return 273.15 + 40*r.Float64()
}

func randTolerance(r *rand.Rand) Tolerance {
	var t Tolerance
	for t.Exact() || r.IntN(4) == 0 && !t.Exact() {
		switch r.IntN(3) {
		case 0:
			t.Abs = math.Pow(10, float64(r.IntN(12)-8)) * (0.5 + r.Float64())
		case 1:
			t.Rel = math.Pow(10, float64(-r.IntN(12)-1)) * (0.5 + r.Float64())
		case 2:
			t.SigDigits = 1 + r.IntN(15)
		}
	}
	return t
}

// TestMeterExact: the Meter's verdict equals the rational reference for
// random elements and for elements within a few units in the last place
// of every kind of bound.
func TestMeterExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checked, outside := 0, 0
	for range 4000 {
		tol := randTolerance(r)
		x := randFloat(r)
		var ds []float64
		ds = append(ds, randFloat(r), x*(1+1e-3*r.NormFloat64()), math.NaN(), math.Inf(1))
		if tol.Abs != 0 {
			ds = append(ds, nearBound(x, tol.Abs)...)
		}
		if tol.Rel != 0 {
			ds = append(ds, nearBound(x, tol.Rel*math.Abs(x))...)
		}
		if tol.SigDigits != 0 && x != 0 && !math.IsNaN(x) && !math.IsInf(x, 0) {
			b, _ := sigBound(math.Abs(x), tol.SigDigits)
			ds = append(ds, nearBound(x, b)...)
		}
		for _, d := range ds {
			want := refWithin(x, d, tol)
			if got := meterVerdict(t, x, d, tol); got != want {
				t.Fatalf("x=%v (%#x) d=%v (%#x) %v: within %v, want %v", x, math.Float64bits(x), d, math.Float64bits(d), tol, got, want)
			}
			checked++
			if !want {
				outside++
			}
		}
	}
	if outside < checked/10 || outside > checked*9/10 {
		t.Fatalf("%d of %d cases outside the tolerance: the cases do not straddle the bounds", outside, checked)
	}
}

// TestMeterRoundedDifference: elements whose float64 difference rounds to
// exactly the bound, while the exact difference is above (or below) it.
// A Meter that compared the rounded difference would pass them all.
func TestMeterRoundedDifference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const tol = 0.05
	found := 0
	for range 200000 {
		// Differences of numbers of unlike magnitude round.
		x := (r.Float64() - 0.5) * 0.08
		d := x + tol
		for _, dd := range []float64{d, math.Nextafter(d, 2*d), math.Nextafter(d, 0)} {
			if math.Abs(dd-x) != tol {
				continue
			}
			exact := new(big.Rat).Sub(new(big.Rat).SetFloat64(dd), new(big.Rat).SetFloat64(x))
			if exact.Cmp(new(big.Rat).SetFloat64(tol)) <= 0 {
				continue
			}
			found++
			if meterVerdict(t, x, dd, Tolerance{Abs: tol}) {
				t.Fatalf("x=%v d=%v: the difference rounds to %v but is %s exactly, above it; the Meter passed it", x, dd, tol, exact.FloatString(30))
			}
		}
	}
	if found < 100 {
		t.Fatalf("only %d cases found", found)
	}
}

// TestMeterFloat32 measures float32 chunks: the maximum error is the
// float64 value of the largest exact difference.
func TestMeterFloat32(t *testing.T) {
	x := []float32{273.15, 250, float32(math.NaN()), float32(math.Inf(-1)), 0, 1e-3}
	d := []float32{273.2, 250.06, float32(math.NaN()), float32(math.Inf(-1)), 0.01, 1e-3}
	m, err := NewMeter(numeric.Float32, Tolerance{Abs: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	m.Add(f32Bytes(x...), f32Bytes(d...))
	e := m.Errors()
	// float32(273.2) - float32(273.15) is 0.0500030518: above 0.05.
	wantMax := float64(float32(250.06)) - 250
	if e.MaxAbs != wantMax || e.Exceeding != 2 || e.FirstExceeding != 0 || e.Elements != 6 {
		t.Fatalf("errors %+v; want MaxAbs %v, 2 exceeding from 0", e, wantMax)
	}
	if want := (float64(float32(273.2)) - float64(float32(273.15))) / float64(float32(273.15)); e.MaxRel < want {
		t.Fatalf("MaxRel %v, want at least %v", e.MaxRel, want)
	}
}

// TestMeterNaNAndInf: NaN must stay NaN, a number must not become NaN, an
// infinity must stay the same infinity; indexes count across chunks.
func TestMeterNaNAndInf(t *testing.T) {
	m, _ := NewMeter(numeric.Float64, Tolerance{Abs: 1})
	m.Add(f64Bytes(1, 2, 3), f64Bytes(1, 2, 3))
	m.Add(f64Bytes(math.NaN(), 5, math.Inf(1), math.Inf(1), 7), f64Bytes(5, math.NaN(), math.Inf(-1), math.Inf(1), 7.5))
	e := m.Errors()
	if e.NaNLost != 1 || e.NaNMade != 1 || e.Exceeding != 3 || e.FirstExceeding != 3 || !math.IsInf(e.MaxAbs, 1) {
		t.Fatalf("errors %+v", e)
	}
}

// TestMeterIntegers: integer elements are compared exactly, at the ends
// of their ranges too.
func TestMeterIntegers(t *testing.T) {
	x := make([]byte, 24)
	d := make([]byte, 24)
	binary.LittleEndian.PutUint64(x, math.MaxUint64)
	binary.LittleEndian.PutUint64(d, math.MaxUint64-3)
	binary.LittleEndian.PutUint64(x[8:], 10)
	binary.LittleEndian.PutUint64(d[8:], 10)
	binary.LittleEndian.PutUint64(x[16:], 1000)
	binary.LittleEndian.PutUint64(d[16:], 1003)
	for _, tc := range []struct {
		tol  Tolerance
		want int64
	}{{Tolerance{}, 2}, {Tolerance{Abs: 3}, 0}, {Tolerance{Abs: 2.5}, 2}, {Tolerance{Rel: 0.003}, 0}, {Tolerance{Rel: 0.0029}, 1}, {Tolerance{SigDigits: 3}, 0}, {Tolerance{SigDigits: 4}, 1}} {
		m, err := NewMeter(numeric.Uint64, tc.tol)
		if err != nil {
			t.Fatal(err)
		}
		m.Add(x, d)
		if e := m.Errors(); e.Exceeding != tc.want || e.MaxAbs != 3 {
			t.Errorf("%v: errors %+v, want %d exceeding and MaxAbs 3", tc.tol, e, tc.want)
		}
	}
}

// TestMeterSignedIntegers: signed elements keep their sign in the exact
// difference, across the whole int64 range.
func TestMeterSignedIntegers(t *testing.T) {
	x := make([]byte, 16)
	d := make([]byte, 16)
	binary.LittleEndian.PutUint64(x, uint64(math.MaxInt64))
	var minInt64 int64 = math.MinInt64
	binary.LittleEndian.PutUint64(d, uint64(minInt64))
	var minus5, minus2 int64 = -5, -2
	binary.LittleEndian.PutUint64(x[8:], uint64(minus5))
	binary.LittleEndian.PutUint64(d[8:], uint64(minus2))
	m, err := NewMeter(numeric.Int64, Tolerance{Abs: 3})
	if err != nil {
		t.Fatal(err)
	}
	m.Add(x, d)
	if e := m.Errors(); e.Exceeding != 1 || e.FirstExceeding != 0 || e.MaxAbs != 0x1p64 || e.MaxRel != 2 {
		t.Errorf("errors %+v, want element 0 alone exceeding, MaxAbs 2^64, MaxRel 2", e)
	}
}

// TestDecimalExponent against the exact decimal expansion, at and around
// every power of ten a float64 can hold.
func TestDecimalExponent(t *testing.T) {
	check := func(a float64) {
		if !(a > 0) || math.IsInf(a, 0) {
			return
		}
		if got, want := decimalExponent(a), refDecimalExponent(a); got != want {
			t.Fatalf("decimalExponent(%v = %#x) = %d, want %d", a, math.Float64bits(a), got, want)
		}
	}
	for k := -324; k <= 308; k++ {
		p, _ := strconv.ParseFloat("1e"+strconv.Itoa(k), 64)
		check(p)
		check(math.Nextafter(p, 0))
		check(math.Nextafter(p, math.Inf(1)))
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		check(math.Abs(math.Float64frombits(r.Uint64())))
	}
	check(math.SmallestNonzeroFloat64)
	check(math.MaxFloat64)
}

func TestToleranceValidate(t *testing.T) {
	for _, bad := range []Tolerance{{Abs: -1}, {Abs: math.NaN()}, {Abs: math.Inf(1)}, {Abs: 1e-310}, {Rel: 1}, {Rel: -0.1}, {SigDigits: -1}, {SigDigits: 18}} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if got := (Tolerance{Abs: 0.05, SigDigits: 3}).String(); got != "abs 0.05, 3 significant digits" {
		t.Errorf("String() = %q", got)
	}
}

package numeric_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestWidenExhaustive16 widens every float16 and bfloat16 bit pattern and
// compares the result with a math/big decoding of the bits.
func TestWidenExhaustive16(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.BFloat16} {
		f := refFormats[dt]
		for b := uint64(0); b < 1<<16; b++ {
			want, neg, class := f.decode(b)
			got := numeric.WidenFloat(b, dt)
			var isNaN bool
			var f32 float32
			if dt == numeric.Float16 {
				isNaN = numeric.F16(b).IsNaN()
				f32 = numeric.F16(b).Float32()
				if g := numeric.F16(b).Float64(); math.Float64bits(g) != math.Float64bits(got) {
					t.Fatalf("F16(%#04x).Float64() = %v, WidenFloat = %v", b, g, got)
				}
			} else {
				isNaN = numeric.BF16(b).IsNaN()
				f32 = numeric.BF16(b).Float32()
				if g := numeric.BF16(b).Float64(); math.Float64bits(g) != math.Float64bits(got) {
					t.Fatalf("BF16(%#04x).Float64() = %v, WidenFloat = %v", b, g, got)
				}
			}
			if math.Signbit(got) != neg {
				t.Fatalf("%v %#04x: sign of %v, want negative=%v", dt, b, got, neg)
			}
			if isNaN != (class == refNaN) {
				t.Fatalf("%v %#04x: IsNaN = %v", dt, b, isNaN)
			}
			switch class {
			case refNaN:
				if !math.IsNaN(got) || !math.IsNaN(float64(f32)) {
					t.Fatalf("%v %#04x: widened to %v, want NaN", dt, b, got)
				}
				// the payload below the quiet bit stays in the top bits
				low := uint64(f.mant - 1)
				if p := math.Float64bits(got) >> (52 - f.mant) & (1<<low - 1); p != b&(1<<low-1) {
					t.Fatalf("%v %#04x: NaN payload %#x lost (got bits %#016x)", dt, b, b&(1<<low-1), math.Float64bits(got))
				}
			case refInf:
				if !math.IsInf(got, 0) || !math.IsInf(float64(f32), 0) {
					t.Fatalf("%v %#04x: widened to %v, want infinity", dt, b, got)
				}
			default:
				if new(big.Rat).SetFloat64(got).Cmp(want) != 0 {
					t.Fatalf("%v %#04x: widened to %v, want %v", dt, b, got, want.FloatString(30))
				}
				if math.Float64bits(float64(f32)) != math.Float64bits(got) {
					t.Fatalf("%v %#04x: Float32() = %v, Float64() = %v", dt, b, f32, got)
				}
			}
		}
	}
}

// narrowInputs returns float64 values that probe every rounding decision of
// narrowing to dt: each value of dt given (all 16-bit patterns, or a sample
// of float32 ones), the midpoint to the next value and the float64 values
// one ulp either side of both, plus the overflow threshold, subnormal
// boundaries and random float64 values.
func narrowInputs(dt numeric.DataType, rng *rand.Rand, sample int) []float64 {
	f := refFormats[dt]
	var patterns []uint64
	if f.width() == 16 {
		for b := uint64(0); b < 1<<16; b++ {
			if sample == 0 || rng.IntN(1<<16) < sample {
				patterns = append(patterns, b)
			}
		}
	} else {
		for range sample {
			patterns = append(patterns, uint64(rng.Uint32()))
		}
		// float32 boundary patterns: zeros, subnormal edges, max finite
		for _, b := range []uint64{0, 1, 2, 3, 0x007fffff, 0x00800000, 0x00800001, 0x7f7ffffe, 0x7f7fffff, 0x3f800000} {
			patterns = append(patterns, b, b|1<<31)
		}
	}
	var xs []float64
	maxBits := uint64(1<<f.exp-1)<<f.mant - 1
	for _, b := range patterns {
		mag := b &^ (1 << (f.width() - 1))
		if mag > maxBits {
			continue // Inf and NaN patterns
		}
		v, _, _ := f.decode(b)
		x, _ := v.Float64() // exact: every value of dt is a float64
		if math.Signbit(x) != (b>>(f.width()-1) == 1) {
			x = math.Copysign(0, -1)
		}
		xs = append(xs, x, math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1)))
		// the next value up in magnitude (max+ulp for the largest finite)
		nb := b + 1
		var next float64
		if mag == maxBits {
			next = math.Ldexp(math.Copysign(1, x), f.emax()+1)
		} else {
			nv, _, _ := f.decode(nb)
			next, _ = nv.Float64()
		}
		mid := x + (next-x)/2 // exact: dt has at most 24 significant bits
		xs = append(xs, mid, math.Nextafter(mid, math.Inf(1)), math.Nextafter(mid, math.Inf(-1)))
	}
	specials := []float64{
		0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1),
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
		0x1p-1022, 0x1.fffffffffffffp-1023, 1.5, 2.5, -1.5, -2.5, 1e39, -1e39, 3.4028235e38, 65504, 65520, 65519.99999999999,
		math.Ldexp(1, f.emin()-f.mant-1),                 // half the smallest subnormal
		math.Ldexp(1.5, f.emin()-f.mant-1),               // three quarters of it
		math.Ldexp(1, f.emin()-f.mant-2),                 // a quarter of it
		math.Ldexp(1, f.emin()),                          // smallest normal
		math.Ldexp(1-0x1p-30, f.emin()),                  // just below it
		math.Ldexp(1, f.emax()+1),                        // 2^(emax+1)
		math.Ldexp(2-0x1p-60, f.emax()),                  // just below 2^(emax+1)
		math.Ldexp(2-math.Ldexp(1, -f.mant-1), f.emax()), // max + half ulp: the overflow tie
	}
	for _, s := range specials {
		xs = append(xs, s, math.Nextafter(s, math.Inf(1)), math.Nextafter(s, math.Inf(-1)))
	}
	random := 4000
	if testing.Short() || raceEnabled {
		random = 500
	}
	for range random {
		x := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(x) {
			xs = append(xs, x)
		}
		// values near the range of dt
		xs = append(xs, math.Ldexp(rng.Float64()+0.5, rng.IntN(f.emax()-f.emin()+f.mant+8)+f.emin()-f.mant-4)*float64(1-2*rng.IntN(2)))
	}
	return xs
}

// TestNarrowFloat64Reference checks NarrowFloat64 for float16, bfloat16 and
// float32 in all five rounding modes against the math/big reference.
func TestNarrowFloat64Reference(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.BFloat16, numeric.Float32} {
		t.Run(dt.String(), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(1, uint64(dt)))
			// an eighth of the 16-bit patterns (all of them with
			// ZCODEC_EXHAUSTIVE=1), a sample of the float32 ones
			// (fewer with -short or -race)
			sample := 1 << 13
			if dt == numeric.Float32 {
				sample = 4000
			}
			if testing.Short() || raceEnabled {
				sample = 1 << 10
			}
			if os.Getenv("ZCODEC_EXHAUSTIVE") != "" && dt != numeric.Float32 {
				sample = 0
			}
			xs := narrowInputs(dt, rng, sample)
			fails := 0
			for _, x := range xs {
				for _, m := range numeric.RoundingModes {
					got, gotOver := numeric.NarrowFloat64(x, dt, m)
					want, wantOver := refNarrow(x, dt, m)
					if got != want || gotOver != wantOver {
						t.Errorf("NarrowFloat64(%v [%#016x], %v, %v) = %#x overflow=%v, want %#x overflow=%v",
							x, math.Float64bits(x), dt, m, got, gotOver, want, wantOver)
						if fails++; fails > 20 {
							t.FailNow()
						}
					}
				}
			}
		})
	}
}

// TestNarrowFloat32Hardware compares nearest-even narrowing to float32 with
// Go's own float64 -> float32 conversion.
func TestNarrowFloat32Hardware(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, x := range narrowInputs(numeric.Float32, rng, 2000) {
		got, over := numeric.NarrowFloat64(x, numeric.Float32, numeric.NearestEven)
		want := float32(x)
		if got != uint64(math.Float32bits(want)) {
			t.Fatalf("NarrowFloat64(%v, float32) = %#08x, float32(x) = %#08x", x, got, math.Float32bits(want))
		}
		if over != (math.IsInf(float64(want), 0) && !math.IsInf(x, 0)) {
			t.Fatalf("NarrowFloat64(%v, float32) overflow = %v", x, over)
		}
	}
}

func TestNarrowFloat64Float64IsIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 1000 {
		b := rng.Uint64()
		for _, m := range numeric.RoundingModes {
			got, over := numeric.NarrowFloat64(math.Float64frombits(b), numeric.Float64, m)
			if got != b || over {
				t.Fatalf("NarrowFloat64(bits %#x, float64, %v) = %#x, %v", b, m, got, over)
			}
		}
	}
}

// TestNarrowNaN checks that NaN stays a quiet NaN with its sign and the
// leading bits of its payload.
func TestNarrowNaN(t *testing.T) {
	payloads := []uint64{
		0x7ff8000000000000, // canonical quiet NaN
		0xfff8000000000000, // negative
		0x7ff0000000000001, // signalling, lowest payload bit only
		0x7ffc000000000000, // second payload bit
		0x7ff4000000000000,
		0x7fffffffffffffff,
		0x7ff8020000000000,
	}
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.BFloat16, numeric.Float32} {
		f := refFormats[dt]
		for _, p := range payloads {
			for _, m := range numeric.RoundingModes {
				got, over := numeric.NarrowFloat64(math.Float64frombits(p), dt, m)
				_, neg, class := f.decode(got)
				if class != refNaN || over {
					t.Fatalf("NarrowFloat64(NaN %#x, %v) = %#x, not a NaN", p, dt, got)
				}
				if neg != (p>>63 == 1) {
					t.Errorf("NarrowFloat64(NaN %#x, %v) = %#x: sign lost", p, dt, got)
				}
				if got>>(f.mant-1)&1 != 1 {
					t.Errorf("NarrowFloat64(NaN %#x, %v) = %#x: not quiet", p, dt, got)
				}
				wantPayload := p >> (52 - f.mant) & (1<<(f.mant-1) - 1)
				if got&(1<<(f.mant-1)-1) != wantPayload {
					t.Errorf("NarrowFloat64(NaN %#x, %v) = %#x: payload %#x, want %#x", p, dt, got, got&(1<<(f.mant-1)-1), wantPayload)
				}
			}
		}
	}
}

// TestNarrowExamples pins a few values from the decisions and the specs.
func TestNarrowExamples(t *testing.T) {
	tests := []struct {
		x    float64
		dt   numeric.DataType
		m    numeric.RoundingMode
		want uint64
		over bool
	}{
		{3.4028235e38, numeric.Float32, numeric.NearestEven, 0x7f7fffff, false}, // D5: f32 max
		{1e39, numeric.Float32, numeric.NearestEven, 0x7f800000, true},          // D5: out of range
		{1e39, numeric.Float32, numeric.TowardsZero, 0x7f800000, true},          // still beyond max with an unbounded exponent
		{-1e39, numeric.Float32, numeric.TowardsNegative, 0xff800000, true},
		{65504, numeric.Float16, numeric.NearestEven, 0x7bff, false},
		{65519.99, numeric.Float16, numeric.NearestEven, 0x7bff, false},
		{65520, numeric.Float16, numeric.NearestEven, 0x7c00, true}, // tie to even rounds up to 2^16
		{65520, numeric.Float16, numeric.TowardsZero, 0x7bff, false},
		{65535, numeric.Float16, numeric.TowardsZero, 0x7bff, false},
		{65536, numeric.Float16, numeric.TowardsZero, 0x7c00, true},
		{1.0009765625, numeric.Float16, numeric.NearestEven, 0x3c01, false},
		{1.00048828125, numeric.Float16, numeric.NearestEven, 0x3c00, false}, // tie, even is 1.0
		{1.00048828125, numeric.Float16, numeric.NearestAway, 0x3c01, false},
		{1.00048828125, numeric.Float16, numeric.TowardsPositive, 0x3c01, false},
		{-1.00048828125, numeric.Float16, numeric.TowardsPositive, 0xbc00, false},
		{-1.00048828125, numeric.Float16, numeric.TowardsNegative, 0xbc01, false},
		{0x1p-25, numeric.Float16, numeric.NearestEven, 0x0000, false}, // half the smallest subnormal: tie to even 0
		{0x1p-25, numeric.Float16, numeric.NearestAway, 0x0001, false},
		{0x1.8p-25, numeric.Float16, numeric.NearestEven, 0x0001, false},
		{-0x1p-26, numeric.Float16, numeric.TowardsNegative, 0x8001, false},
		{-0x1p-26, numeric.Float16, numeric.TowardsZero, 0x8000, false},
		{math.Copysign(0, -1), numeric.BFloat16, numeric.NearestEven, 0x8000, false},
		{math.Inf(-1), numeric.BFloat16, numeric.NearestEven, 0xff80, false},
		{1.00390625, numeric.BFloat16, numeric.NearestEven, 0x3f80, false}, // bfloat16 tie
		{1.01171875, numeric.BFloat16, numeric.NearestEven, 0x3f82, false}, // tie, odd below
	}
	for _, tt := range tests {
		got, over := numeric.NarrowFloat64(tt.x, tt.dt, tt.m)
		if got != tt.want || over != tt.over {
			t.Errorf("NarrowFloat64(%v, %v, %v) = %#x, %v; want %#x, %v", tt.x, tt.dt, tt.m, got, over, tt.want, tt.over)
		}
	}
	if got := numeric.Float16FromFloat64(1e6); got != 0x7c00 {
		t.Errorf("Float16FromFloat64(1e6) = %#x, want +Inf", got)
	}
	if got := numeric.BFloat16FromFloat64(-3); got != 0xc040 {
		t.Errorf("BFloat16FromFloat64(-3) = %#x, want 0xc040", got)
	}
}

func TestNarrowFloat64PanicsOnNonFloat(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("NarrowFloat64(1, int32) did not panic")
		}
	}()
	numeric.NarrowFloat64(1, numeric.Int32, numeric.NearestEven)
}

func TestRoundingModeNames(t *testing.T) {
	want := []string{"nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away"}
	for i, m := range numeric.RoundingModes {
		if m.String() != want[i] {
			t.Errorf("RoundingModes[%d].String() = %q, want %q", i, m, want[i])
		}
		if got, ok := numeric.ParseRoundingMode(want[i]); !ok || got != m {
			t.Errorf("ParseRoundingMode(%q) = %v, %v", want[i], got, ok)
		}
	}
	for _, bad := range []string{"", "nearest", "Nearest-Even", "towards_zero"} {
		if _, ok := numeric.ParseRoundingMode(bad); ok {
			t.Errorf("ParseRoundingMode(%q) accepted", bad)
		}
	}
	if s := numeric.RoundingMode(9).String(); s != "RoundingMode(9)" {
		t.Errorf("RoundingMode(9).String() = %q", s)
	}
}

package numeric

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

var realTypes = []DataType{Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64, Float16, BFloat16, Float32, Float64}

var outOfRanges = []OutOfRange{OutOfRangeError, OutOfRangeClamp, OutOfRangeWrap}

// adversarialFloats are float64 values near every boundary that matters to
// some conversion: integer bounds, float maxima and their half-ulps,
// halves, precision limits, subnormals, signed zeros and infinities.
func adversarialFloats() []float64 {
	vs := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1),
		0.5, 1.5, 2.5, 3.5, 0.49999999999999994, 4503599627370497, 4503599627370496.5,
		1 << 52, 1<<52 + 1, 1 << 53, 1<<53 + 1, 1<<53 + 2, 16777217, 16777216.5, 1 << 24, 2049, 2048.5,
		127.6, 255.9, 100.7, 300.5, 1e10, 1e39, 1e300, 5e-324, 2.2250738585072014e-308,
		math.SmallestNonzeroFloat32, 1.1754943508222875e-38, 5.960464477539063e-08, 6.103515625e-05,
		65504, 65519.99, 65520, 65535, 65536, 3.4028235e38, 3.4028234663852886e38, math.MaxFloat64,
		float64(math.Float32frombits(0x7f7f0000)), float64(math.Float32frombits(0x7f7f8000)),
	}
	for _, dt := range realTypes {
		if dt.IsInteger() {
			lo, hi, _ := dt.IntRange()
			for _, b := range []float64{float64(lo), float64(hi)} {
				vs = append(vs, b, b-1, b+1, b-0.5, b+0.5, b+0.25, b-0.75)
			}
		} else {
			m := dt.MaxFloat()
			mant, _, _ := dt.FloatFormat()
			halfUlp := math.Ldexp(m, -mant-1) / (2 - math.Ldexp(1, -mant))
			vs = append(vs, m, m+halfUlp, m+halfUlp/2, m+2*halfUlp)
		}
	}
	for k := -30; k <= 70; k++ {
		p := math.Ldexp(1, k)
		vs = append(vs, p, p+0.5, p-0.5)
	}
	var out []float64
	for _, v := range vs {
		out = append(out, v, -v)
	}
	return out
}

// adversarialScalars returns values of dt: the adversarial floats narrowed
// to dt in three modes plus their bit neighbours (floats), or integer
// bounds of every type and powers of two with neighbours (integers); NaN
// payloads of both signs; and n random values.
func adversarialScalars(dt DataType, r *rand.Rand, n int) []Scalar {
	var out []Scalar
	if dt.IsInteger() {
		var cands []int64
		var ucands []uint64
		for _, t := range realTypes {
			if t.IsInteger() {
				lo, hi, _ := t.IntRange()
				cands = append(cands, lo, lo+1, lo-1)
				ucands = append(ucands, hi, hi-1, hi+1)
			}
		}
		for k := 0; k < 64; k++ {
			p := uint64(1) << k
			ucands = append(ucands, p, p+1, p-1, p+2)
			cands = append(cands, -int64(p), -int64(p)-1, -int64(p)+1)
		}
		ucands = append(ucands, 65504, 65519, 65520, 65535, 1<<53+1, 1<<24+1, 1<<64-1)
		for _, c := range cands {
			if s, err := IntScalar(dt, c); err == nil {
				out = append(out, s)
			}
		}
		for _, c := range ucands {
			if s, err := UintScalar(dt, c); err == nil {
				out = append(out, s)
			}
		}
		for range n {
			out = append(out, ScalarFromBits(dt, r.Uint64()>>r.IntN(64), 0))
		}
		return out
	}
	mant, exp, _ := dt.FloatFormat()
	width := mant + exp + 1
	mask := uint64(1)<<width - 1
	add := func(b uint64) { out = append(out, ScalarFromBits(dt, b&mask, 0)) }
	for _, f := range adversarialFloats() {
		for _, m := range []RoundingMode{NearestEven, TowardsZero, TowardsPositive} {
			b, _ := NarrowFloat64(f, dt, m)
			add(b)
			if b&(1<<(width-1)-1) != 0 {
				add(b - 1)
			}
			add(b + 1)
		}
	}
	inf := (uint64(1)<<exp - 1) << mant
	sign := uint64(1) << (width - 1)
	for _, nan := range []uint64{inf | 1<<(mant-1), inf | 1, inf | 1<<(mant-1) | 5, inf | (1<<mant - 1)} {
		add(nan)
		add(nan | sign)
	}
	for range n {
		switch r.IntN(3) {
		case 0:
			add(r.Uint64())
		case 1: // moderate values with fractions
			b, _ := NarrowFloat64((r.Float64()-0.5)*math.Ldexp(1, r.IntN(70)), dt, NearestEven)
			add(b)
		default: // small integers and halves
			b, _ := NarrowFloat64(float64(r.IntN(600)-300)/2, dt, NearestEven)
			add(b)
		}
	}
	return out
}

// TestCastMatchesReference converts adversarial and random values between
// every pair of real types in every rounding mode and out-of-range policy,
// through the bulk kernels, and compares each element (value or failure)
// with the exact math/big reference.
func TestCastMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	nRandom := 200
	if testing.Short() {
		nRandom = 20
	}
	for _, from := range realTypes {
		vals := adversarialScalars(from, r, nRandom) // in order: one generator for all
		t.Run(from.String(), func(t *testing.T) {
			t.Parallel()
			src := make([]byte, 0, len(vals)*from.Size())
			exact := make([]refValue, len(vals))
			for i, v := range vals {
				src = append(src, v.Bytes()...)
				exact[i] = refDecode(v)
			}
			for _, to := range realTypes {
				for _, m := range RoundingModes {
					wants := make([][3]refResult, len(vals))
					for i, v := range exact {
						wants[i] = refCastAllOf(v, to, m)
					}
					for _, oor := range outOfRanges {
						spec := CastSpec{From: from, To: to, Rounding: m, OutOfRange: oor}
						name := fmt.Sprintf("%v_to_%v/%v/%v", from, to, m, oor)
						checkAgainstReference(t, name, spec, vals, src, func(i int) refResult { return wants[i][oor] })
					}
				}
			}
		})
	}
}

// checkAgainstReference runs the bulk kernel of spec over vals (whose
// bytes are src), restarting after each failing element, and compares
// every element with want(i), the reference result.
func checkAgainstReference(t *testing.T, name string, spec CastSpec, vals []Scalar, src []byte, want func(i int) refResult) {
	t.Helper()
	c, err := NewCast(spec)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	from, to := spec.From, spec.To
	dst := make([]byte, len(vals)*to.Size())
	errs := 0
	for start := 0; start < len(vals); {
		idx, fail := c.Bytes(dst[start*to.Size():], src[start*from.Size():])
		end := len(vals)
		if fail != CastOK {
			end = start + idx
		}
		for i := start; i < end; i++ {
			got, _ := ScalarFromBytes(to, dst[i*to.Size():(i+1)*to.Size()])
			want := want(i)
			if want.fail != CastOK || !refSame(refDecode(got), want.v, to.IsFloat()) {
				if errs++; errs <= 5 {
					t.Errorf("%s: element %d: %v -> %v, want %s", name, i, vals[i], got, describeRef(want))
				}
			}
		}
		if fail == CastOK {
			break
		}
		want := want(end)
		if want.fail != fail {
			if errs++; errs <= 5 {
				t.Errorf("%s: element %d: %v failed with %q, want %s", name, end, vals[end], fail, describeRef(want))
			}
		}
		start = end + 1
	}
}

func describeRef(r refResult) string {
	switch {
	case r.fail != CastOK:
		return fmt.Sprintf("failure %q", r.fail)
	case r.v.nan:
		return "NaN"
	case r.v.inf != 0:
		return fmt.Sprintf("Inf(%d)", r.v.inf)
	case r.v.zero && r.v.neg:
		return "-0"
	}
	return r.v.rat.FloatString(6)
}

// TestCastFloat32ToHalfSweep compares float32 -> float16 and bfloat16
// (whose nearest-even kernels work on the bits) with the reference over a
// sweep of float32 bit patterns, low mantissa bits included.
func TestCastFloat32ToHalfSweep(t *testing.T) {
	stride := uint64(4*65537 + 1)
	if testing.Short() {
		stride = 1<<20 + 7
	}
	var vals []Scalar
	for b := uint64(0); b < 1<<32; b += stride {
		vals = append(vals, ScalarFromBits(Float32, b, 0), ScalarFromBits(Float32, b^0x1000, 0), ScalarFromBits(Float32, b|0x8000, 0))
	}
	src := make([]byte, 0, 4*len(vals))
	for _, v := range vals {
		src = append(src, v.Bytes()...)
	}
	for _, to := range []DataType{Float16, BFloat16} {
		wants := make([][3]refResult, len(vals))
		for i, v := range vals {
			wants[i] = refCastAll(v, to, NearestEven)
		}
		for _, oor := range outOfRanges {
			spec := CastSpec{From: Float32, To: to, OutOfRange: oor}
			checkAgainstReference(t, fmt.Sprintf("float32_to_%v/%v", to, oor), spec, vals, src, func(i int) refResult { return wants[i][oor] })
		}
	}
}

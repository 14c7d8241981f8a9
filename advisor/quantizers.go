package advisor

import (
	"errors"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// Families of quantisers: what a candidate chain does to the values before
// the lossless stages.
const (
	FamilyScaleOffset = "scale_offset"       // scale_offset + cast_value into an integer type
	FamilyBitRound    = "numcodecs.bitround" // mantissas rounded, floats kept
	FamilyQuantize    = "numcodecs.quantize" // rounded to a power-of-two step, floats kept
	FamilyLossless    = "lossless"           // the values as they are
)

// quantizer is the array->array part of a candidate chain that changes
// values (or none, for lossless chains).
type quantizer struct {
	family string
	codecs []codecEntry
	label  string
	// storedAs is the data type of the elements after it.
	storedAs numeric.DataType
	// step is the quantisation step (scale_offset, quantize), 0 otherwise.
	step float64
	// carried is the range of values a scale_offset chain keeps within the
	// tolerance; NaN for the others.
	carried [2]float64
	// headroom is the spare codes on each side as a fraction of the data's
	// span (scale_offset), +Inf when the data have a single value.
	headroom float64
	// tighter returns a quantiser with a smaller error, to try when the
	// measured error exceeded the tolerance; nil when there is none.
	tighter func() *quantizer
	notes   []string
	// deltas is the number of numcodecs.delta filters every compressed
	// chain of the quantiser has on its integer codes before the chain's
	// own optional one, and bigEndian asks the bytes codec for big-endian
	// elements: the predictor and byte-order variants (variants.go).
	deltas    int
	bigEndian bool
}

// quantizers returns every quantiser to try, and notes on the families
// left out and why.
func (a *advice) quantizers() []*quantizer {
	var qs []*quantizer
	dt := a.spec.DataType
	lossless := &quantizer{family: FamilyLossless, label: "lossless", storedAs: dt, carried: [2]float64{math.NaN(), math.NaN()}}
	if !dt.IsFloat() || a.tol.Exact() {
		if !a.tol.Exact() {
			a.note("%v data are stored losslessly: the advisor quantises floating-point arrays", dt)
		}
		return append(qs, lossless)
	}
	if abs, why := a.absForScaleOffset(); abs > 0 {
		qs = append(qs, withVariants(a.scaleOffsetQuantizers(abs))...)
	} else {
		a.note("scale_offset: %s", why)
	}
	if q := a.bitRound(); q != nil {
		qs = append(qs, q)
	}
	if q := a.quantize(); q != nil {
		qs = append(qs, q)
	}
	return append(qs, lossless)
}

// absForScaleOffset returns the absolute error a scale_offset chain may
// make on every element: the absolute tolerance, or, on a complete sample,
// what the relative or significant-digit bound allows at the smallest
// magnitude. It returns 0 and the reason when there is none.
func (a *advice) absForScaleOffset() (float64, string) {
	abs := math.Inf(1)
	if a.tol.Abs != 0 {
		abs = a.tol.Abs
	}
	if a.tol.Rel != 0 || a.tol.SigDigits != 0 {
		if !a.complete {
			return 0, "a relative or significant-digit bound depends on the smallest magnitude, which a sample cannot show (read every chunk to include it)"
		}
		m := a.stats.MinAbs
		if math.IsNaN(m) {
			m = 1 // only zeros: any step keeps them
		}
		if a.tol.Rel != 0 {
			abs = min(abs, a.tol.Rel*m*(1-0x1p-40))
		}
		if a.tol.SigDigits != 0 {
			b, _ := sigBound(m, a.tol.SigDigits)
			abs = min(abs, b*(1-0x1p-40))
		}
		if !(abs >= minBound) {
			return 0, "the bound at the smallest magnitude is too small"
		}
	}
	return abs, ""
}

// scaleOffsetQuantizers plans scale_offset + cast_value into every target
// type that holds the range at the step abs allows.
func (a *advice) scaleOffsetQuantizers(abs float64) []*quantizer {
	var qs []*quantizer
	// A relative or significant-digit bound needs zeros to stay exact.
	var zero *float64
	if (a.tol.Rel != 0 || a.tol.SigDigits != 0) && a.stats.Zeros > 0 {
		zero = new(float64)
	}
	// By default only the narrowest type that holds the codes (of each
	// signedness): a wider one stores the same codes in more bytes.
	found := map[bool]bool{}
	for _, target := range a.targets {
		if !a.explicitTargets && found[target.IsSigned()] {
			continue
		}
		if q := a.scaleOffsetInto(target, abs, zero, 0); q != nil {
			qs = append(qs, q)
			found[target.IsSigned()] = true
		}
	}
	return qs
}

// reservedKinds lists the values cast_value maps to codes at the top of
// the target type, in the order the codes are given.
func (a *advice) reservedKinds() (nan, posInf, negInf, fill bool) {
	f := a.spec.FillValue.Float64()
	nan = !a.complete || a.stats.NaN > 0 || math.IsNaN(f)
	posInf = a.stats.PosInf > 0 || math.IsInf(f, 1)
	negInf = a.stats.NegInf > 0 || math.IsInf(f, -1)
	fill = !math.IsNaN(f) && !math.IsInf(f, 0)
	return
}

// scaleOffsetInto plans one target type; tightened counts the times the
// tolerance was reduced after a measurement exceeded it.
func (a *advice) scaleOffsetInto(target numeric.DataType, abs float64, fixed *float64, tightened int) *quantizer {
	nan, posInf, negInf, fillSlot := a.reservedKinds()
	reserved := 0
	for _, r := range []bool{nan, posInf, negInf, fillSlot} {
		if r {
			reserved++
		}
	}
	in := soInput{dt: a.spec.DataType, lo: a.stats.Min, hi: a.stats.Max, tol: abs, target: target,
		reserved: reserved, complete: a.complete, offset: fixed}
	fill := a.spec.FillValue.Float64()
	// Plans to try, in order of preference: the fill value must survive
	// scale_offset on its own (docs/decisions.md#d1), which a power-of-two
	// scale or an offset equal to the fill makes more likely.
	var tries []soInput
	tries = append(tries, in)
	if p := in; !p.pow2 {
		p.pow2 = true
		tries = append(tries, p)
	}
	if fillSlot && fixed == nil {
		p := in
		p.offset = &fill
		tries = append(tries, p)
		p.pow2 = true
		tries = append(tries, p)
	}
	var why string
	for _, try := range tries {
		plan, reason := planScaleOffset(try)
		if reason != "" {
			if why == "" {
				why = reason
			}
			continue
		}
		q, reason := a.scaleOffsetChain(target, plan, nan, posInf, negInf, fillSlot)
		if q == nil {
			if why == "" {
				why = reason
			}
			continue
		}
		q.tighter = func() *quantizer {
			if tightened >= 2 {
				return nil
			}
			return a.scaleOffsetInto(target, abs*0.9, fixed, tightened+1)
		}
		if tightened > 0 {
			q.notes = append(q.notes, fmt.Sprintf("step tightened %d times after measured errors exceeded the tolerance", tightened))
		}
		return q
	}
	a.note("scale_offset into %v: %s", target, why)
	return nil
}

// scaleOffsetChain builds the codecs of plan, with the offset moved by a
// few units in the last place when that lets the fill value survive
// scale_offset. It returns nil and the reason when the fill never does.
func (a *advice) scaleOffsetChain(target numeric.DataType, plan soPlan, nan, posInf, negInf, fillSlot bool) (*quantizer, string) {
	dt := a.spec.DataType
	off := plan.offset
	var so codecEntry
	var encFill numeric.Scalar
	var lastErr error
	for j := range 33 {
		if j > 0 {
			if !fillSlot || plan.offset == a.spec.FillValue.Float64() {
				break
			}
			// Move down by one unit in the last place: still below the
			// ideal offset, by far less than the half-step slack.
			off = nextDown(dt, off)
			if (plan.offset-off)*plan.scale > 0.25 {
				break
			}
		}
		so = codecEntry{"scale_offset", scaleOffsetConfig{
			Offset: scalarJSON(numeric.FloatScalar(dt, off)), Scale: scalarJSON(numeric.FloatScalar(dt, plan.scale))}}
		encFill, lastErr = a.encodedFill(so)
		if lastErr == nil {
			break
		}
		if !errors.Is(lastErr, codec.ErrFillRoundTrip) {
			return nil, lastErr.Error()
		}
	}
	if lastErr != nil {
		return nil, fmt.Sprintf("the fill value %v does not survive scale_offset at a step of %.3g (docs/decisions.md#d1)", a.spec.FillValue, 1/plan.scale)
	}
	tmin, tmax, _ := target.IntRange()
	code := int64(tmax)
	var sm scalarMap
	reserve := func(key any) {
		sm.Encode = append(sm.Encode, scalarPair{key, code})
		sm.Decode = append(sm.Decode, scalarPair{code, key})
		code--
	}
	if nan {
		reserve("NaN")
	}
	if posInf {
		reserve("Infinity")
	}
	if negInf {
		reserve("-Infinity")
	}
	if fillSlot {
		// The encoded fill needs a code of its own unless it is already an
		// integer the codes below the reserved ones can hold (code is the
		// next code reserve would take).
		v := encFill.Float64()
		if v != math.Trunc(v) || v < float64(tmin) || v > float64(code-1) {
			reserve(scalarJSON(encFill))
		}
	}
	cfg := castValueConfig{DataType: target.String(), Rounding: "nearest-even"}
	if len(sm.Encode) > 0 {
		cfg.ScalarMap = &sm
	}
	cv := codecEntry{"cast_value", cfg}
	step := 1 / plan.scale
	q := &quantizer{
		family:   FamilyScaleOffset,
		codecs:   []codecEntry{so, cv},
		label:    fmt.Sprintf("scale_offset+cast_value %v step %.4g", target, step),
		storedAs: target,
		step:     step,
		carried:  plan.carried,
		headroom: plan.headroom / plan.span,
	}
	if off != plan.offset {
		q.notes = append(q.notes, "offset moved in its last bits so that the fill value survives scale_offset")
	}
	return q, ""
}

// encodedFill resolves the scale_offset codec so for the sample's spec
// and returns the encoded fill value, or the resolution's error (one
// matching codec.ErrFillRoundTrip when the fill does not survive).
func (a *advice) encodedFill(so codecEntry) (numeric.Scalar, error) {
	ch, err := buildChain(a.reg, []codecEntry{so, bytesLittle})
	if err != nil {
		return numeric.Scalar{}, err
	}
	p, err := codec.NewPipeline(a.spec, ch.Codecs, nil)
	if err != nil {
		return numeric.Scalar{}, err
	}
	return p.Steps()[0].Encoded.FillValue, nil
}

// bitRound returns the numcodecs.bitround quantiser with the fewest kept
// bits whose error bound holds for every value the sample stands for, or
// nil.
func (a *advice) bitRound() *quantizer {
	dt := a.spec.DataType
	mant, expBits, _ := dt.FloatFormat()
	if dt == numeric.BFloat16 {
		a.note("numcodecs.bitround: bfloat16 is not a NumPy type")
		return nil
	}
	if a.tol.Abs != 0 && !a.complete {
		a.note("numcodecs.bitround: its error grows with the magnitude, and an absolute bound holds only for the magnitudes seen (read every chunk to include it)")
		if a.tol.Rel == 0 && a.tol.SigDigits == 0 {
			return nil
		}
	}
	// The binades whose values must keep the bound: all of the type's
	// normal ones, or on a complete sample those the data span.
	emin, emax := 2-(1<<(expBits-1)), (1<<(expBits-1))-1
	if a.complete {
		if math.IsNaN(a.stats.MinAbs) {
			return nil // no non-zero finite data: lossless is as small
		}
		emin, emax = math.Ilogb(a.stats.MinAbs), math.Ilogb(a.stats.MaxAbs())
	}
	keep := 0
	if a.tol.Rel != 0 {
		// error <= 2^(e-k-1) <= |x| 2^(-k-1) <= Rel |x|
		keep = max(keep, int(math.Ceil(-math.Log2(a.tol.Rel)-1-1e-12)))
	}
	if a.tol.SigDigits != 0 {
		for e := emin; e <= emax; e++ {
			d := decimalExponent(math.Ldexp(1, e)) - a.tol.SigDigits + 1
			// 2^(e-k-1) <= 0.5 10^d  <=>  k >= e - d log2(10)
			keep = max(keep, int(math.Ceil(float64(e)-float64(d)*math.Log2(10)-1e-9)))
		}
	}
	if a.tol.Abs != 0 && a.complete {
		// 2^(emax-k-1) <= Abs
		keep = max(keep, int(math.Ceil(float64(emax)-1-math.Log2(a.tol.Abs)-1e-12)))
	}
	return a.bitRoundKeeping(max(keep, 0), mant)
}

func (a *advice) bitRoundKeeping(keep, mant int) *quantizer {
	if keep >= mant {
		return nil // nothing to round: the lossless chains are the same
	}
	return &quantizer{
		family:   FamilyBitRound,
		codecs:   []codecEntry{{"numcodecs.bitround", bitRoundConfig{keep}}},
		label:    fmt.Sprintf("bitround keepbits %d", keep),
		storedAs: a.spec.DataType,
		carried:  [2]float64{math.NaN(), math.NaN()},
		tighter:  func() *quantizer { return a.bitRoundKeeping(keep+1, mant) },
	}
}

// quantize returns the numcodecs.quantize quantiser with the fewest digits
// whose step meets an absolute tolerance, or nil.
func (a *advice) quantize() *quantizer {
	dt := a.spec.DataType
	if a.tol.Abs == 0 {
		return nil
	}
	if dt == numeric.BFloat16 {
		a.note("numcodecs.quantize: bfloat16 is not a NumPy type")
		return nil
	}
	if a.tol.Rel != 0 || a.tol.SigDigits != 0 {
		a.note("numcodecs.quantize: its step is absolute and cannot keep a relative or significant-digit bound")
		return nil
	}
	// numcodecs rounds to a step of 2^-ceil(digits log2 10): the error is
	// at most half of it.
	for d := -300; d <= 300; d++ {
		if math.Ldexp(0.5, -int(math.Ceil(float64(d)*math.Log2(10)))) <= a.tol.Abs {
			return a.quantizeDigits(d)
		}
	}
	return nil
}

func (a *advice) quantizeDigits(d int) *quantizer {
	if d > 16 {
		return nil
	}
	step := math.Ldexp(1, -int(math.Ceil(float64(d)*math.Log2(10))))
	return &quantizer{
		family:   FamilyQuantize,
		codecs:   []codecEntry{{"numcodecs.quantize", quantizeConfig{d, numpyType(a.spec.DataType)}}},
		label:    fmt.Sprintf("quantize digits %d", d),
		storedAs: a.spec.DataType,
		step:     step,
		carried:  [2]float64{math.NaN(), math.NaN()},
		tighter:  func() *quantizer { return a.quantizeDigits(d + 1) },
	}
}

// nextDown returns the largest value of float type dt below x (x finite).
func nextDown(dt numeric.DataType, x float64) float64 {
	b, _ := numeric.NarrowFloat64(x, dt, numeric.NearestEven)
	sign := uint64(1) << (dt.Bits() - 1)
	switch {
	case x > 0:
		b--
	case x < 0:
		b++
	default:
		b = sign | 1
	}
	return numeric.WidenFloat(b, dt)
}

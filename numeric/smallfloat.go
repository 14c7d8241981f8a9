package numeric

import (
	"math"
	"math/bits"
)

// The floats of 8 bits and fewer (zarr-extensions float8_e3m4,
// float8_e4m3, float8_e4m3b11fnuz, float8_e4m3fnuz, float8_e5m2,
// float8_e5m2fnuz, float8_e8m0fnu, float6_e2m3fn, float6_e3m2fn,
// float4_e2m1fn). Each has at most 256 bit patterns; their values are
// tabulated once from the layout below and checked against tables derived
// from the registry definitions (testdata/smallfloat/gen.py).

// FloatLayout describes the encoding of a binary floating-point type.
type FloatLayout struct {
	MantBits int // explicit mantissa (trailing significand) bits
	ExpBits  int // exponent bits
	Bias     int // exponent bias: a normal value is 1.m * 2^(e-Bias)
	// Signed is false only for float8_e8m0fnu, which has no sign bit.
	Signed bool
	// Infinity: the type has +Infinity and -Infinity (IEEE 754 layout:
	// exponent all ones, mantissa zero).
	Infinity bool
	// NaN: the type has a NaN; NaNBits is the pattern the fill-value
	// constant "NaN" denotes.
	NaN     bool
	NaNBits uint64
	// NegativeZero: the type has -0 (false for the fnuz types, whose
	// pattern 1000...0 is their NaN, for e8m0, which has no zero, and
	// never false for the IEEE types).
	NegativeZero bool
	// IEEE: NaN and the infinities are encoded as in IEEE 754 (exponent
	// all ones); Bias is then 2^(ExpBits-1)-1.
	IEEE bool
}

// Width returns the number of bits of an element's encoding.
func (l FloatLayout) Width() int {
	w := l.MantBits + l.ExpBits
	if l.Signed {
		w++
	}
	return w
}

// smallKind says how a small float encodes its special values.
type smallKind uint8

const (
	smallIEEE smallKind = iota // exponent all ones: infinity or NaN
	smallFNUZ                  // no infinity; NaN is 1000...0; no negative zero
	smallFN                    // no infinity, no NaN
	smallE8M0                  // unsigned, no zero; all ones is NaN
)

// smallFormat is the description of one small float type.
type smallFormat struct {
	dt              DataType
	mant, exp, bias int
	width           int
	kind            smallKind
	maxMag          uint64 // magnitude bits of the largest finite value
	signBit         uint64
	values          [256]float64 // the value of each pattern (masked to width)
}

var smallFormats [numKinds]*smallFormat

func init() {
	def := func(dt DataType, exp, mant, bias int, kind smallKind) {
		f := &smallFormat{dt: dt, mant: mant, exp: exp, bias: bias, kind: kind}
		f.width = exp + mant + 1
		if kind == smallE8M0 {
			f.width = 8
		} else {
			f.signBit = 1 << (f.width - 1)
		}
		switch kind {
		case smallIEEE:
			f.maxMag = (1<<exp-1)<<mant - 1
		case smallE8M0:
			f.maxMag = 0xfe
		default:
			f.maxMag = f.signBit - 1
		}
		for b := range 256 {
			f.values[b] = f.decode(uint64(b) & (1<<f.width - 1))
		}
		smallFormats[dt] = f
	}
	def(Float8E3M4, 3, 4, 3, smallIEEE)
	def(Float8E4M3, 4, 3, 7, smallIEEE)
	def(Float8E4M3B11FNUZ, 4, 3, 11, smallFNUZ)
	def(Float8E4M3FNUZ, 4, 3, 8, smallFNUZ)
	def(Float8E5M2, 5, 2, 15, smallIEEE)
	def(Float8E5M2FNUZ, 5, 2, 16, smallFNUZ)
	def(Float8E8M0FNU, 8, 0, 127, smallE8M0)
	def(Float6E2M3FN, 2, 3, 1, smallFN)
	def(Float6E3M2FN, 3, 2, 3, smallFN)
	def(Float4E2M1FN, 2, 1, 1, smallFN)
}

// smallFormatOf returns the description of a small float type, or nil.
func smallFormatOf(dt DataType) *smallFormat {
	if dt.Kind() != dt || dt == 0 || dt >= numKinds {
		return nil
	}
	return smallFormats[dt]
}

// isSmall reports whether dt is a sub-byte integer or a small float.
func isSmall(dt DataType) bool { return dt >= Int2 && dt <= Float4E2M1FN }

// decode returns the value of the pattern b (within the width).
func (f *smallFormat) decode(b uint64) float64 {
	if f.kind == smallE8M0 {
		if b == 0xff {
			return math.NaN()
		}
		return math.Ldexp(1, int(b)-f.bias)
	}
	neg := b&f.signBit != 0
	mag := b &^ f.signBit
	e := int(mag >> f.mant)
	m := mag & (1<<f.mant - 1)
	var v float64
	switch {
	case f.kind == smallFNUZ && b == f.signBit:
		return math.NaN()
	case f.kind == smallIEEE && e == 1<<f.exp-1:
		if m != 0 {
			v = math.NaN()
		} else {
			v = math.Inf(1)
		}
	case e == 0:
		v = math.Ldexp(float64(m), 1-f.bias-f.mant)
	default:
		v = math.Ldexp(float64(m|1<<f.mant), e-f.bias-f.mant)
	}
	if neg {
		v = -v
	}
	return v
}

// layout returns the FloatLayout of f.
func (f *smallFormat) layout() FloatLayout {
	l := FloatLayout{MantBits: f.mant, ExpBits: f.exp, Bias: f.bias, Signed: f.kind != smallE8M0}
	switch f.kind {
	case smallIEEE:
		l.Infinity, l.NaN, l.NegativeZero, l.IEEE = true, true, true, true
		l.NaNBits = (1<<f.exp-1)<<f.mant | 1<<(f.mant-1)
	case smallFNUZ:
		l.NaN, l.NaNBits = true, f.signBit
	case smallFN:
		l.NegativeZero = true
	case smallE8M0:
		l.NaN, l.NaNBits = true, 0xff
	}
	return l
}

// narrowStatus says whether a small-float narrowing gave a value.
type narrowStatus uint8

const (
	narrowOK    narrowStatus = iota
	narrowAbove              // the rounded value is beyond the largest finite value
	narrowBelow              // below the smallest (negative overflow; for e8m0 also zero and every negative value)
	narrowNaN                // NaN, which the type cannot hold
	narrowInf                // an infinity, which the type cannot hold
)

// narrow rounds x in mode m as if the exponent of f were unbounded above
// (with subnormals at their own precision, and for e8m0 unbounded below
// too) and returns its bits, or the reason it has none. A NaN gives the
// type's NaN: for the IEEE types quiet, with the sign and the leading
// payload bits of x; for the others their only NaN.
func (f *smallFormat) narrow(x float64, m RoundingMode) (uint64, narrowStatus) {
	xb := math.Float64bits(x)
	neg := xb>>63 != 0
	xe := int((xb >> 52) & 0x7ff)
	xm := xb & (1<<52 - 1)
	if xe == 0x7ff {
		switch {
		case xm != 0 && f.kind == smallIEEE:
			b := (1<<f.exp-1)<<f.mant | 1<<(f.mant-1) | xm>>(52-f.mant)
			if neg {
				b |= f.signBit
			}
			return b, narrowOK
		case xm != 0 && f.kind == smallFN:
			return 0, narrowNaN
		case xm != 0:
			return f.layout().NaNBits, narrowOK
		case f.kind == smallIEEE:
			b := uint64(1<<f.exp-1) << f.mant
			if neg {
				b |= f.signBit
			}
			return b, narrowOK
		}
		return 0, narrowInf
	}
	if xe == 0 && xm == 0 {
		switch {
		case f.kind == smallE8M0:
			return 0, narrowBelow
		case neg && f.kind != smallFNUZ:
			return f.signBit, narrowOK
		}
		return 0, narrowOK
	}
	if f.kind == smallE8M0 && neg {
		return 0, narrowBelow
	}
	// value = mant * 2^(exp-52), mant in [2^52, 2^53)
	mant, exp := xm|1<<52, xe-1023
	if xe == 0 {
		lz := bits.LeadingZeros64(xm) - 11
		mant, exp = xm<<lz, -1022-lz
	}
	emin := 1 - f.bias
	if f.kind == smallE8M0 {
		emin = math.MinInt32 // no subnormals: every exponent is normal
	}
	shift := 52 - f.mant
	if exp < emin {
		shift += emin - exp
	}
	var q uint64
	cmpHalf, inexact := -1, true
	if shift <= 54 {
		q = mant >> shift
		rem := mant & (1<<shift - 1)
		half := uint64(1) << (shift - 1)
		inexact = rem != 0
		switch {
		case rem > half:
			cmpHalf = 1
		case rem == half:
			cmpHalf = 0
		}
	}
	if roundUp(m, neg, q&1 != 0, cmpHalf, inexact) {
		q++
	}
	if f.kind == smallE8M0 {
		k := exp + int(q>>1) // q is 1, or 2 after rounding up
		switch {
		case k < -127:
			return 0, narrowBelow
		case k > 127:
			return 0, narrowAbove
		}
		return uint64(k + 127), narrowOK
	}
	var mag uint64
	if exp < emin {
		mag = q
	} else {
		mag = uint64(exp+f.bias)<<f.mant + q - 1<<f.mant
	}
	if mag > f.maxMag {
		if neg {
			return 0, narrowBelow
		}
		return 0, narrowAbove
	}
	if neg && (mag != 0 || f.kind != smallFNUZ) {
		mag |= f.signBit
	}
	return mag, narrowOK
}

// clampBits returns the saturated result of a value beyond the range in
// direction st (narrowAbove or narrowBelow): the signed infinity where
// the type has one, else its largest finite value of that sign (e8m0:
// its largest or smallest value).
func (f *smallFormat) clampBits(st narrowStatus) uint64 {
	switch {
	case f.kind == smallE8M0 && st == narrowAbove:
		return 0xfe
	case f.kind == smallE8M0:
		return 0
	}
	mag := f.maxMag
	if f.kind == smallIEEE {
		mag++
	}
	if st == narrowBelow {
		mag |= f.signBit
	}
	return mag
}

// cast converts x (exactly a value of the source) by the cast_value rules
// in mode m under oor.
func (f *smallFormat) cast(x float64, m RoundingMode, oor OutOfRange) (uint8, CastFailure) {
	b, st := f.narrow(x, m)
	switch st {
	case narrowOK:
		return uint8(b), CastOK
	case narrowNaN:
		return 0, CastNaN
	case narrowInf:
		return 0, CastInfinity
	}
	switch oor {
	case OutOfRangeClamp:
		return uint8(f.clampBits(st)), CastOK
	case OutOfRangeWrap:
		return 0, CastWrapFloat
	}
	return 0, CastOutOfRange
}

// intToFloat64Odd returns the integer (-1)^neg * mag as a float64 rounded
// to odd: exact below 2^53, otherwise truncated with the lowest bit set
// when anything was dropped. Rounding that float64 again to a format of at
// most 51 bits of precision gives the correctly rounded integer in every
// mode, as two roundings cannot.
func intToFloat64Odd(neg bool, mag uint64) float64 {
	var f float64
	if n := bits.Len64(mag); n <= 53 {
		f = float64(mag)
	} else {
		sh := n - 53
		q := mag >> sh
		if mag&(1<<sh-1) != 0 {
			q |= 1
		}
		f = math.Ldexp(float64(q), sh)
	}
	if neg {
		f = -f
	}
	return f
}

// narrowSaturating is NarrowFloat64 for the types without infinities.
func (f *smallFormat) narrowSaturating(x float64, m RoundingMode) (uint64, bool) {
	b, st := f.narrow(x, m)
	switch st {
	case narrowOK:
		return b, false
	case narrowAbove, narrowBelow:
		return f.clampBits(st), true
	case narrowInf:
		if math.Signbit(x) {
			return f.clampBits(narrowBelow), true
		}
		return f.clampBits(narrowAbove), true
	}
	return 0, true
}

// canonicalByte returns the in-memory byte of a sub-byte or small type from
// a stored byte b: the low Bits() bits, sign-extended for int2 and int4,
// zero-extended for the others.
func canonicalByte(dt DataType, b uint8) uint64 {
	w := dt.Bits()
	switch dt {
	case Int2, Int4:
		return uint64(uint8(int8(b<<(8-w)) >> (8 - w)))
	}
	if w < 8 {
		b &= 1<<w - 1
	}
	return uint64(b)
}

// CanonicalByte returns the in-memory form of the stored byte b of a
// sub-byte integer or small float type dt: the low dt.Bits() bits,
// sign-extended for int2 and int4 and zero-extended otherwise (the
// registry says the upper bits of a stored byte are ignored). For other
// types it returns b.
func CanonicalByte(dt DataType, b byte) byte {
	if !isSmall(dt) {
		return b
	}
	return byte(canonicalByte(dt, b))
}

// CanonicalizeBytes rewrites every byte of buf, elements of the sub-byte
// integer or small float type dt, into its in-memory form (see
// CanonicalByte). It does nothing for other types.
func CanonicalizeBytes(dt DataType, buf []byte) {
	if !isSmall(dt) {
		return
	}
	w := uint(dt.Bits())
	switch {
	case dt == Int2 || dt == Int4:
		s := 8 - w
		for i, b := range buf {
			buf[i] = byte(int8(b<<s) >> s)
		}
	case w < 8:
		mask := byte(1)<<w - 1
		for i := range buf {
			buf[i] &= mask
		}
	}
}

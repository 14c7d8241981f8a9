package numeric

import (
	"bufio"
	"compress/gzip"
	"math/big"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
)

// The reference of the small floats: the value of every bit pattern as
// written by testdata/smallfloat/gen.py from the registry definitions
// (values.txt), and exact rounding among those values with math/big.

var smallTypes = []DataType{Int2, Int4, Uint2, Uint4, Float8E3M4, Float8E4M3, Float8E4M3B11FNUZ, Float8E4M3FNUZ,
	Float8E5M2, Float8E5M2FNUZ, Float8E8M0FNU, Float6E2M3FN, Float6E3M2FN, Float4E2M1FN}

// smallRef is the reference table of one small float type.
type smallRef struct {
	vals    []refValue // by bit pattern (2^width entries)
	finite  []*big.Rat // sorted distinct finite values
	code    map[string]uint64
	hasNaN  bool
	hasInf  bool
	negZero bool
	signed  bool
	nxt     *big.Rat   // the power of two beyond the largest value
	ext     []*big.Rat // -nxt, finite..., nxt
}

var (
	smallRefsOnce sync.Once
	smallRefs     map[DataType]*smallRef
	smallRefsErr  error
)

func loadSmallRefs() (map[DataType]*smallRef, error) {
	smallRefsOnce.Do(func() {
		data, err := os.ReadFile("testdata/smallfloat/values.txt")
		if err != nil {
			smallRefsErr = err
			return
		}
		smallRefs = map[DataType]*smallRef{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			fields := strings.Fields(line)
			dt, err := ParseDataType(fields[0])
			if err != nil {
				smallRefsErr = err
				return
			}
			r := &smallRef{code: map[string]uint64{}, signed: dt != Float8E8M0FNU}
			for b, tok := range fields[1:] {
				var v refValue
				switch tok {
				case "nan":
					v.nan, r.hasNaN = true, true
				case "inf", "-inf":
					v.inf, v.neg, r.hasInf = 1, tok == "-inf", true
					if v.neg {
						v.inf = -1
					}
				case "-0":
					v = refValue{rat: new(big.Rat), neg: true, zero: true}
					r.negZero = true
				default:
					q, ok := new(big.Rat).SetString(tok)
					if !ok {
						smallRefsErr = &ScalarError{DataType: dt, Reason: "bad value " + tok}
						return
					}
					v = refValue{rat: q, neg: q.Sign() < 0, zero: q.Sign() == 0}
					if _, dup := r.code[q.RatString()]; !dup {
						r.code[q.RatString()] = uint64(b)
						r.finite = append(r.finite, q)
					}
				}
				r.vals = append(r.vals, v)
			}
			sort.Slice(r.finite, func(i, j int) bool { return r.finite[i].Cmp(r.finite[j]) < 0 })
			mx := r.finite[len(r.finite)-1]
			r.nxt = pow2(mx.Num().BitLen() - mx.Denom().BitLen() + 1)
			r.ext = append([]*big.Rat{new(big.Rat).Neg(r.nxt)}, r.finite...)
			r.ext = append(r.ext, r.nxt)
			smallRefs[dt] = r
		}
	})
	return smallRefs, smallRefsErr
}

func mustSmallRefs(t testing.TB) map[DataType]*smallRef {
	t.Helper()
	refs, err := loadSmallRefs()
	if err != nil {
		t.Fatal(err)
	}
	return refs
}

// refDecodeSmall returns the value of a small float scalar from the table.
func refDecodeSmall(x Scalar) refValue {
	refs, err := loadSmallRefs()
	if err != nil {
		panic(err)
	}
	r := refs[x.DataType()]
	lo, _ := x.Bits()
	return r.vals[lo&(uint64(len(r.vals))-1)]
}

// refRoundAmong rounds v (not in the sorted list) between its neighbours
// in the list vals extended, had the exponent no upper bound, by the next
// power of two beyond the largest magnitude (and, for a list without
// negative values and zero, by every power of two): ties go to the
// neighbour whose significand is even, or away from zero when neither is
// (precision 1).
func refRoundAmong(r *smallRef, v *big.Rat, m RoundingMode) *big.Rat {
	if !r.signed { // powers of two, unbounded both ways
		e := v.Num().BitLen() - v.Denom().BitLen()
		if v.Cmp(pow2(e)) < 0 {
			e--
		}
		lo, hi := pow2(e), pow2(e+1)
		if lo.Cmp(v) == 0 {
			return lo
		}
		return refPick(v, lo, hi, m, false, false)
	}
	nxt, ext := r.nxt, r.ext
	i := sort.Search(len(ext), func(i int) bool { return ext[i].Cmp(v) >= 0 })
	switch {
	case i == len(ext) || i == 0: // beyond the extended list: out of range in every mode
		return v
	case ext[i].Cmp(v) == 0:
		return v
	}
	lo, hi := ext[i-1], ext[i]
	return refPick(v, lo, hi, m, r.evenSig(lo, nxt), r.evenSig(hi, nxt))
}

// evenSig reports whether the significand of the listed value v is even
// (its pattern's lowest bit is clear; zero and the power of two beyond the
// largest value count as even).
func (r *smallRef) evenSig(v, nxt *big.Rat) bool {
	if v.Sign() == 0 || new(big.Rat).Abs(v).Cmp(nxt) == 0 {
		return true
	}
	return r.code[v.RatString()]&1 == 0
}

func refPick(v, lo, hi *big.Rat, m RoundingMode, loEven, hiEven bool) *big.Rat {
	away, toward := hi, lo
	if v.Sign() < 0 {
		away, toward = lo, hi
	}
	switch m {
	case TowardsZero:
		return toward
	case TowardsPositive:
		return hi
	case TowardsNegative:
		return lo
	}
	mid := new(big.Rat).Add(lo, hi)
	mid.Quo(mid, big.NewRat(2, 1))
	switch c := v.Cmp(mid); {
	case c < 0:
		return lo
	case c > 0:
		return hi
	}
	if m == NearestAway || loEven == hiEven {
		return away
	}
	if loEven {
		return lo
	}
	return hi
}

// refCastSmallFloat converts the exact value v to the small float dt in
// mode m under each policy.
func refCastSmallFloat(v refValue, dt DataType, m RoundingMode) (out [3]refResult) {
	all := func(x refResult) [3]refResult { return [3]refResult{x, x, x} }
	refs, err := loadSmallRefs()
	if err != nil {
		panic(err)
	}
	r := refs[dt]
	switch {
	case v.nan && r.hasNaN:
		return all(refResult{v: refValue{nan: true}})
	case v.nan:
		return all(refResult{fail: CastNaN})
	case v.inf != 0 && r.hasInf:
		return all(refResult{v: v})
	case v.inf != 0:
		return all(refResult{fail: CastInfinity})
	}
	var res *big.Rat
	below := false
	switch {
	case !r.signed && v.rat.Sign() <= 0:
		below = true
	default:
		res = refRoundAmong(r, v.rat, m)
	}
	lo, hi := r.finite[0], r.finite[len(r.finite)-1]
	if res != nil && res.Cmp(lo) >= 0 && res.Cmp(hi) <= 0 {
		neg := res.Sign() < 0 || (res.Sign() == 0 && v.neg && r.negZero)
		return all(refResult{v: refValue{rat: res, neg: neg, zero: res.Sign() == 0}})
	}
	if res != nil && res.Cmp(lo) < 0 {
		below = true
	}
	out[OutOfRangeError] = refResult{fail: CastOutOfRange}
	out[OutOfRangeWrap] = refResult{fail: CastWrapFloat}
	switch {
	case r.hasInf && below:
		out[OutOfRangeClamp] = refResult{v: refValue{inf: -1, neg: true}}
	case r.hasInf:
		out[OutOfRangeClamp] = refResult{v: refValue{inf: 1}}
	case below:
		out[OutOfRangeClamp] = refResult{v: refValue{rat: lo, neg: lo.Sign() < 0}}
	default:
		out[OutOfRangeClamp] = refResult{v: refValue{rat: hi}}
	}
	return out
}

// roundingVectors reads testdata/smallfloat/rounding.txt.gz: per section
// ("float NAME" / "int NAME"), lines of float32 bits and five results.
type roundingVector struct {
	bits uint32
	want [5]string
}

func loadRoundingVectors(t *testing.T) (floats, ints map[DataType][]roundingVector) {
	t.Helper()
	fh, err := os.Open("testdata/smallfloat/rounding.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	floats, ints = map[DataType][]roundingVector{}, map[DataType][]roundingVector{}
	var cur map[DataType][]roundingVector
	var dt DataType
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 {
			if dt, err = ParseDataType(f[1]); err != nil {
				t.Fatal(err)
			}
			cur = floats
			if f[0] == "int" {
				cur = ints
			}
			continue
		}
		var v roundingVector
		var b big.Int
		if _, ok := b.SetString(f[0], 16); !ok || len(f) != 6 {
			t.Fatalf("bad line %q", sc.Text())
		}
		v.bits = uint32(b.Uint64())
		copy(v.want[:], f[1:])
		cur[dt] = append(cur[dt], v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return floats, ints
}

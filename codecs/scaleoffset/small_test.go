package scaleoffset

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// bruteRound rounds the exact v to the nearest value of the small float dt
// by searching all its values (ties to the pattern with the lowest bit
// clear, or away from zero when both or neither are; e8m0 has one bit of
// precision, every significand odd). ok is false when v rounds beyond the
// largest finite value, or has no value at all (e8m0: zero, negative).
func bruteRound(v *big.Rat, dt numeric.DataType) (bits uint8, ok bool) {
	mx := dt.MaxFloat()
	e8m0 := dt == numeric.Float8E8M0FNU
	type cand struct {
		x    float64
		bits int // -1: the value beyond the largest, had the exponent no bound; -2: below e8m0's smallest
	}
	var cands []cand
	for b := range 1 << dt.Bits() {
		x := numeric.WidenFloat(uint64(b), dt)
		if !math.IsNaN(x) && !math.IsInf(x, 0) && !(x == 0 && math.Signbit(x)) {
			cands = append(cands, cand{x, b})
		}
	}
	nxt := math.Ldexp(1, math.Ilogb(mx)+1)
	cands = append(cands, cand{nxt, -1}, cand{-nxt, -1})
	if e8m0 {
		if v.Sign() <= 0 {
			return 0, false
		}
		cands = append(cands, cand{math.Ldexp(1, -128), -2})
	}
	even := func(c cand) bool {
		if e8m0 {
			return false
		}
		return c.bits < 0 || c.x == 0 || c.bits&1 == 0
	}
	var best cand
	var bestD *big.Rat
	for _, c := range cands {
		d := new(big.Rat).Sub(v, new(big.Rat).SetFloat64(c.x))
		d.Abs(d)
		switch cmp := 1; {
		case bestD != nil:
			cmp = d.Cmp(bestD)
			if cmp > 0 {
				continue
			}
			if cmp == 0 {
				if even(c) == even(best) {
					if math.Abs(c.x) < math.Abs(best.x) {
						continue
					}
				} else if !even(c) {
					continue
				}
			}
		}
		best, bestD = c, d
	}
	if best.bits < 0 {
		return 0, false
	}
	if best.x == 0 && v.Sign() < 0 {
		z, _ := numeric.NarrowFloat64(math.Copysign(0, -1), dt, numeric.NearestEven)
		return uint8(z), true
	}
	return uint8(best.bits), true
}

// TestScaleOffsetSmallFloats encodes and decodes every value of each small
// float type with a few offsets and scales and compares each result with
// the two operations computed exactly (math/big) and rounded by search.
func TestScaleOffsetSmallFloats(t *testing.T) {
	params := []struct{ off, scale float64 }{{1, 2}, {0.5, 3}, {-2, 0.25}, {3, 1.5}}
	for _, dt := range []numeric.DataType{numeric.Float8E3M4, numeric.Float8E4M3, numeric.Float8E4M3B11FNUZ, numeric.Float8E4M3FNUZ,
		numeric.Float8E5M2, numeric.Float8E5M2FNUZ, numeric.Float8E8M0FNU, numeric.Float6E2M3FN, numeric.Float6E3M2FN, numeric.Float4E2M1FN} {
		t.Run(dt.String(), func(t *testing.T) {
			t.Parallel()
			for _, p := range params {
				off, scale := numeric.FloatScalar(dt, p.off), numeric.FloatScalar(dt, p.scale)
				if dt == numeric.Float8E8M0FNU {
					off, scale = numeric.FloatScalar(dt, math.Abs(p.off)), numeric.FloatScalar(dt, math.Abs(p.scale))
				}
				if scale.Float64() == 0 {
					continue // 0.25 is below float4_e2m1fn's half-way to 0.5
				}
				c := mustCodec(t, fmt.Sprintf(`{"offset": %s, "scale": %s}`, off, scale))
				fill := numeric.Zero(dt)
				if dt == numeric.Float8E8M0FNU {
					fill = numeric.FloatScalar(dt, 8)
				}
				bc, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{1}, FillValue: fill})
				if err != nil {
					t.Fatalf("%v %v %v: %v", dt, off, scale, err)
				}
				o, s := new(big.Rat).SetFloat64(off.Float64()), new(big.Rat).SetFloat64(scale.Float64())
				for b := range 1 << dt.Bits() {
					x := numeric.WidenFloat(uint64(b), dt)
					if math.IsNaN(x) || math.IsInf(x, 0) {
						continue
					}
					xr := new(big.Rat).SetFloat64(x)
					for _, decode := range []bool{false, true} {
						var want uint8
						ok := true
						if decode {
							t1, ok1 := bruteRound(new(big.Rat).Quo(xr, s), dt)
							want, ok = bruteRound(new(big.Rat).Add(new(big.Rat).SetFloat64(numeric.WidenFloat(uint64(t1), dt)), o), dt)
							ok = ok && ok1
						} else {
							t1, ok1 := bruteRound(new(big.Rat).Sub(xr, o), dt)
							want, ok = bruteRound(new(big.Rat).Mul(new(big.Rat).SetFloat64(numeric.WidenFloat(uint64(t1), dt)), s), dt)
							ok = ok && ok1
						}
						dst := []byte{0}
						var err error
						if decode {
							err = bc.DecodeArray(dst, []byte{byte(b)})
						} else {
							err = bc.EncodeArray(dst, []byte{byte(b)})
						}
						if ok != (err == nil) || (ok && dst[0] != want) {
							t.Errorf("%v off %v scale %v decode=%v: %v -> %#02x, %v; want %#02x ok=%v", dt, off, scale, decode, x, dst[0], err, want, ok)
						}
					}
				}
			}
		})
	}
}

// TestScaleOffsetSubByteInts checks int4 and uint2 arithmetic against the
// ranges of the types: in-range results exact, others errors.
func TestScaleOffsetSubByteInts(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Int2, numeric.Int4, numeric.Uint2, numeric.Uint4} {
		lo, hi, _ := dt.IntRange()
		scale := int64(2)
		if hi < 2 {
			scale = 1
		}
		c := mustCodec(t, fmt.Sprintf(`{"offset": 1, "scale": %d}`, scale))
		bc, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{1}, FillValue: numeric.ScalarFromBits(dt, 1, 0)})
		if err != nil {
			t.Fatal(err)
		}
		for v := lo; v <= int64(hi); v++ {
			want := (v - 1) * scale
			dst := []byte{0}
			err := bc.EncodeArray(dst, []byte{byte(v)})
			inRange := v-1 >= lo && want >= lo && want <= int64(hi)
			if inRange != (err == nil) || (inRange && int64(int8(dst[0])) != want && int64(dst[0]) != want) {
				t.Errorf("%v: encode %d = %d, %v", dt, v, int8(dst[0]), err)
			}
		}
	}
}

package numeric

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

func f64(v float64) Scalar { return ScalarFromBits(Float64, math.Float64bits(v), 0) }
func u8(v uint8) Scalar    { return ScalarFromBits(Uint8, uint64(v), 0) }

// TestCastMapMatchesPerElement checks both map strategies (keys the inner
// kernel rejects, keys it accepts) against the per-element definition:
// look the element up (first entry whose key is numerically equal), else
// convert it alone.
func TestCastMapMatchesPerElement(t *testing.T) {
	nan := math.NaN()
	negNaN := math.Float64frombits(0xfff8000000000001)
	maps := map[string][]MapEntry{
		"rejected-keys": {{f64(nan), u8(0)}, {f64(math.Inf(1)), u8(255)}, {f64(-1e300), u8(1)}},
		"accepted-keys": {{f64(1.5), u8(42)}, {f64(0), u8(7)}, {f64(nan), u8(9)}, {f64(1.5), u8(43)}, {f64(math.Copysign(0, -1)), u8(8)}},
		"one-key":       {{f64(2), u8(200)}},
		"nan-only":      {{f64(negNaN), u8(3)}},
	}
	r := rand.New(rand.NewPCG(3, 4))
	pool := []float64{nan, negNaN, math.Inf(1), math.Inf(-1), -1e300, 1.5, 2, 0, math.Copysign(0, -1), 2.5, 254.5, 255.5, -0.5, 300}
	for name, m := range maps {
		for _, oor := range []OutOfRange{OutOfRangeError, OutOfRangeClamp} {
			spec := CastSpec{From: Float64, To: Uint8, OutOfRange: oor, Map: m}
			c, err := NewCast(spec)
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := NewCast(CastSpec{From: Float64, To: Uint8, OutOfRange: oor})
			for trial := range 200 {
				n := 1 + r.IntN(40)
				vals := make([]Scalar, n)
				var src []byte
				for i := range vals {
					vals[i] = f64(pool[r.IntN(len(pool))])
					src = append(src, vals[i].Bytes()...)
				}
				dst := make([]byte, n)
				gotIdx, gotFail := c.Bytes(dst, src)
				wantIdx, wantFail := -1, CastOK
				want := make([]byte, n)
				for i, v := range vals {
					if mapped, ok := firstMatch(m, v); ok {
						want[i] = byte(mapped)
						continue
					}
					w, f := plain.Scalar(v)
					if f != CastOK {
						wantIdx, wantFail = i, f
						break
					}
					lo, _ := w.Bits()
					want[i] = byte(lo)
				}
				if gotIdx != wantIdx || gotFail != wantFail {
					t.Fatalf("%s/%v trial %d: %v: failure (%d, %v), want (%d, %v)", name, oor, trial, vals, gotIdx, gotFail, wantIdx, wantFail)
				}
				if wantFail == CastOK && !bytes.Equal(dst, want) {
					t.Fatalf("%s/%v trial %d: %v -> %v, want %v", name, oor, trial, vals, dst, want)
				}
			}
		}
	}
}

func firstMatch(m []MapEntry, v Scalar) (uint64, bool) {
	for _, e := range m {
		if e.From.Equal(v) {
			lo, _ := e.To.Bits()
			return lo, true
		}
	}
	return 0, false
}

// TestCastHalfSourceMap checks that a float16 key matches by value after
// the source is widened (NaN payloads, both zeros).
func TestCastHalfSourceMap(t *testing.T) {
	m := []MapEntry{{ScalarFromBits(Float16, 0x7e00, 0), u8(1)}, {ScalarFromBits(Float16, 0x8000, 0), u8(2)}}
	c, err := NewCast(CastSpec{From: Float16, To: Uint8, Map: m})
	if err != nil {
		t.Fatal(err)
	}
	src := []byte{0x01, 0xfc, 0x00, 0x00, 0x00, 0x3c, 0x00, 0x80} // -NaN(payload 1), +0, 1.0, -0
	dst := make([]byte, 4)
	if i, f := c.Bytes(dst, src); f != CastOK {
		t.Fatalf("failed at %d: %v", i, f)
	}
	if want := []byte{1, 2, 1, 2}; !bytes.Equal(dst, want) {
		t.Fatalf("got %v, want %v", dst, want)
	}
}

// TestCastUnalignedBuffers runs the portable block path (misaligned
// buffers) and compares it with the direct path.
func TestCastUnalignedBuffers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, from := range realTypes {
		for _, to := range realTypes {
			c, err := NewCast(CastSpec{From: from, To: to, OutOfRange: OutOfRangeClamp, Rounding: TowardsNegative})
			if err != nil {
				t.Fatal(err)
			}
			n := 700
			src := make([]byte, n*from.Size()+1)
			for i := range src {
				src[i] = byte(r.Uint32())
			}
			if from.IsFloat() { // avoid NaNs, which integers reject
				for i := 0; i < n; i++ {
					b := src[1+i*from.Size()+from.Size()-1]
					src[1+i*from.Size()+from.Size()-1] = b & 0x3f
				}
			}
			aligned := bytes.Clone(src[1:])
			want := make([]byte, n*to.Size())
			wi, wf := c.Bytes(want, aligned)
			got := make([]byte, n*to.Size()+1)
			gi, gf := c.Bytes(got[1:], src[1:])
			if gi != wi || gf != wf {
				t.Fatalf("%v->%v: unaligned failure (%d, %v), aligned (%d, %v)", from, to, gi, gf, wi, wf)
			}
			if wf == CastOK && !bytes.Equal(got[1:], want) {
				t.Fatalf("%v->%v: unaligned result differs", from, to)
			}
		}
	}
}

func TestCastBadLength(t *testing.T) {
	c, _ := NewCast(CastSpec{From: Float32, To: Int16})
	if _, f := c.Bytes(make([]byte, 4), make([]byte, 7)); f != CastBadLength {
		t.Errorf("7 source bytes: %v", f)
	}
	if _, f := c.Bytes(make([]byte, 3), make([]byte, 8)); f != CastBadLength {
		t.Errorf("3 destination bytes: %v", f)
	}
	if i, f := c.Bytes(nil, nil); i != -1 || f != CastOK {
		t.Errorf("empty: %d %v", i, f)
	}
	if _, err := NewCast(CastSpec{From: Bool, To: Int8}); err == nil {
		t.Error("bool source accepted")
	}
	if _, err := NewCast(CastSpec{From: Int8, To: Complex64}); err == nil {
		t.Error("complex target accepted")
	}
	if _, err := NewCast(CastSpec{From: Int8, To: Int16, Map: []MapEntry{{u8(1), u8(2)}}}); err == nil {
		t.Error("map entry of the wrong types accepted")
	}
}

func TestCaster(t *testing.T) {
	c, err := NewCaster[float64, int8](NearestAway, OutOfRangeClamp, []MapEntry{{f64(math.NaN()), ScalarFromBits(Int8, 0x80, 0)}})
	if err != nil {
		t.Fatal(err)
	}
	src := []float64{2.5, -2.5, 1000, math.NaN(), 0.49999999999999994}
	dst := make([]int8, len(src))
	if i, f := c.Cast(dst, src); f != CastOK {
		t.Fatalf("failed at %d: %v", i, f)
	}
	if want := []int8{3, -3, 127, -128, 0}; !bytes.Equal(int8Bytes(dst), int8Bytes(want)) {
		t.Fatalf("got %v, want %v", dst, want)
	}
	if v, f := c.One(math.Inf(1)); f != CastInfinity {
		t.Errorf("One(+Inf) = %v, %v; want CastInfinity", v, f)
	}
	if _, f := c.Cast(dst[:1], src); f != CastBadLength {
		t.Errorf("unequal lengths: %v", f)
	}
	if c.Spec().From != Float64 || c.Spec().To != Int8 {
		t.Errorf("spec %+v", c.Spec())
	}
	h, _ := NewCaster[F16, float32](NearestEven, OutOfRangeError, nil)
	if v, f := h.One(0x3c00); v != 1 || f != CastOK {
		t.Errorf("F16 1.0 -> %v, %v", v, f)
	}
}

func int8Bytes(s []int8) []byte {
	b := make([]byte, len(s))
	for i, v := range s {
		b[i] = byte(v)
	}
	return b
}

func TestParseOutOfRange(t *testing.T) {
	for _, o := range []OutOfRange{OutOfRangeClamp, OutOfRangeWrap} {
		if got, ok := ParseOutOfRange(o.String()); !ok || got != o {
			t.Errorf("ParseOutOfRange(%q) = %v, %v", o.String(), got, ok)
		}
	}
	if _, ok := ParseOutOfRange("error"); ok {
		t.Error(`"error" is not a configuration spelling`)
	}
}

// TestF16ToF32Exhaustive checks the float16 widening of every bit pattern
// against the reference decoding of both formats.
func TestF16ToF32Exhaustive(t *testing.T) {
	for b := range 1 << 16 {
		h := ScalarFromBits(Float16, uint64(b), 0)
		f := ScalarFromBits(Float32, uint64(f16ToF32Bits(F16(b))), 0)
		want, got := refDecode(h), refDecode(f)
		if !refSame(got, want, true) || got.neg != want.neg {
			t.Fatalf("float16 %#04x -> float32 %v, want %s", b, f, describeRef(refResult{v: want}))
		}
	}
}

package numeric

import (
	"math"
	"testing"
)

// FuzzCastReference converts arbitrary element bits between any two real
// types in any mode and policy and compares the result with the exact
// math/big reference.
func FuzzCastReference(f *testing.F) {
	seeds := []float64{1.5, -2.5, 0.49999999999999994, 4503599627370497, 3.4028235e38, 1e39, 65520, 128, -129, math.Inf(1), math.NaN(), math.Copysign(0, -1), 5e-324}
	for _, v := range seeds {
		f.Add(uint8(Float64), uint8(Int8), uint8(NearestEven), uint8(OutOfRangeClamp), math.Float64bits(v))
		f.Add(uint8(Float64), uint8(Float16), uint8(TowardsZero), uint8(OutOfRangeError), math.Float64bits(v))
	}
	f.Add(uint8(Uint64), uint8(Float32), uint8(NearestAway), uint8(OutOfRangeError), uint64(1<<64-1))
	f.Add(uint8(Int64), uint8(BFloat16), uint8(TowardsPositive), uint8(OutOfRangeWrap), uint64(1<<63+12345))
	f.Fuzz(func(t *testing.T, from, to, mode, oor uint8, bits uint64) {
		src, dst := realTypes[int(from)%len(realTypes)], realTypes[int(to)%len(realTypes)]
		spec := CastSpec{From: src, To: dst, Rounding: RoundingMode(mode % 5), OutOfRange: OutOfRange(oor % 3)}
		c, err := NewCast(spec)
		if err != nil {
			t.Fatal(err)
		}
		x := ScalarFromBits(src, bits, 0)
		got, fail := c.Scalar(x)
		want := refCast(x, dst, spec.Rounding, spec.OutOfRange)
		if fail != want.fail {
			t.Fatalf("%v -> %v (%v, %v): %v fails with %q, want %s", src, dst, spec.Rounding, spec.OutOfRange, x, fail, describeRef(want))
		}
		if fail == CastOK && !refSame(refDecode(got), want.v, dst.IsFloat()) {
			t.Fatalf("%v -> %v (%v, %v): %v -> %v, want %s", src, dst, spec.Rounding, spec.OutOfRange, x, got, describeRef(want))
		}
	})
}

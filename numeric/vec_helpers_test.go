package numeric

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// vecInput returns n source values: trial 0 all within [lo, hi] with
// fractions; trial 1 one adversarial value at a random place; trial 2 a
// few; others half adversarial.
func vecInput[S float32 | float64](r *rand.Rand, adv []S, lo, hi float64, n, trial int) []S {
	src := make([]S, n)
	for i := range src {
		src[i] = S(lo + r.Float64()*(hi-lo))
		if r.IntN(8) == 0 { // exact halves and integers
			src[i] = S(math.Floor(lo+r.Float64()*(hi-lo)) + float64(r.IntN(2))*0.5)
		}
	}
	if n == 0 {
		return src
	}
	switch {
	case trial == 0:
	case trial == 1:
		src[r.IntN(n)] = adv[r.IntN(len(adv))]
	case trial == 2:
		for range 1 + n/100 {
			src[r.IntN(n)] = adv[r.IntN(len(adv))]
		}
	default:
		for i := range src {
			if r.IntN(2) == 0 {
				src[i] = adv[r.IntN(len(adv))]
			}
		}
	}
	return src
}

// adversarial returns values of S around the bounds of to, its halves,
// zeros, infinities, NaNs with payloads and subnormals.
func adversarial[S float32 | float64](to DataType) []S {
	var bounds []float64
	if to.IsInteger() {
		l, h, _ := to.IntRange()
		bounds = append(bounds, float64(l), float64(h), float64(l)-1, float64(h)+1)
		bounds = append(bounds, float64(l)-0.5, float64(h)+0.5, float64(l)+0.5, float64(h)-0.5)
		bounds = append(bounds, float64(l)-1.5, float64(h)+1.5, float64(h)*2+10, float64(l)*2-10)
	} else {
		m := to.MaxFloat()
		bounds = append(bounds, m, -m, m*(1+0x1p-24), -m*(1+0x1p-24), m*(1+0x1p-25), m*2,
			0x1p-149, 0x1p-150, -0x1p-150, 0x1p-150*1.5, 0x1p-126, 0x1p-127*3, 1+0x1p-24, 1+0x1p-24+0x1p-50)
	}
	bounds = append(bounds, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
		1e10, -1e10, 0x1p31, -0x1p31, 0x1p52, 0x1p63, 1e300, -1e300, math.MaxFloat64, 5e-324, -5e-324,
		0x1p-1022, 1e-40, -1e-40, 1)
	var out []S
	for _, b := range bounds {
		x := S(b)
		out = append(out, x, nextS(x, 1), nextS(x, -1))
	}
	out = append(out, S(math.Copysign(0, -1)), 0, S(math.Inf(1)), S(math.Inf(-1)))
	if unsafe.Sizeof(S(0)) == 8 {
		for _, b := range []uint64{0x7ff8000000000000, 0x7ff8000000000001, 0x7ff0000000000001, 0xfff8000000000000,
			0x7fffffffffffffff, 0xfff0000000abcdef, 0x7ff4000000000000} {
			out = append(out, S(math.Float64frombits(b)))
		}
	} else {
		for _, b := range []uint32{0x7fc00000, 0x7fc00001, 0x7f800001, 0xffc00000, 0x7fffffff, 0xff80abcd} {
			f := math.Float32frombits(b)
			out = append(out, *(*S)(unsafe.Pointer(&f)))
		}
	}
	return out
}

// nextS returns the neighbour of x in S towards the sign of dir.
func nextS[S float32 | float64](x S, dir float64) S {
	if unsafe.Sizeof(x) == 4 {
		return S(math.Nextafter32(float32(x), float32(math.Inf(int(dir)))))
	}
	return S(math.Nextafter(float64(x), math.Inf(int(dir))))
}

// checkSame runs both kernels on src into destinations that start with the
// same bytes and fails unless the destinations, indices and reasons agree.
func checkSame[S, D CastElement](t *testing.T, name string, vec, scalar kernel[S, D], src []S) {
	t.Helper()
	dv, ds := make([]D, len(src)), make([]D, len(src))
	bv, bs := bytesOfSlice(dv), bytesOfSlice(ds)
	for i := range bv {
		bv[i], bs[i] = byte(i*7+1), byte(i*7+1)
	}
	iv, fv := vec(dv, src)
	is, fs := scalar(ds, src)
	if iv != is || fv != fs {
		t.Fatalf("%s: vector (%d, %v), scalar (%d, %v)", name, iv, fv, is, fs)
	}
	if !bytes.Equal(bv, bs) {
		for i := range bv {
			if bv[i] != bs[i] {
				e := i / int(unsafe.Sizeof(D(0)))
				t.Fatalf("%s: element %d (source %v, bits %x): vector %v, scalar %v",
					name, e, src[e], math.Float64bits(float64(src[e])), dv[e], ds[e])
			}
		}
	}
}

func bytesOfSlice[T any](s []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(z)))
}

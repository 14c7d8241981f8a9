package numeric

import (
	"math"
	"sync"
)

// f32IntoSmallFloat returns the float32 kernel into the small float f, or
// nil where there is none (S is not float32).
//
// The kernel is a table look-up that is exact. How a float32 rounds to a
// format of m <= 4 mantissa bits (in any mode, normal or subnormal, and
// whether it overflows) depends only on its sign, its exponent, its
// leading m+1 mantissa bits and whether any bit below them is set: the
// kept bits of the target are among the leading m (fewer for its
// subnormals), the bit after them is the rounding bit, and every bit
// below is sticky. NaN payloads keep at most their leading m bits. So the
// index is the top 1+8+m+1 bits of the float32 followed by one sticky
// bit, at most 2^15 entries, and each entry is what the exact scalar path
// (smallFormat.cast) gives for a float32 with those bits and, when the
// sticky bit is set, a lowest bit of 1. An entry holds the result byte and,
// above it, the failure of that class of values (NaN or an infinity the
// type cannot hold, out of range without clamp). One exception: the
// float32 subnormals have their leading bit anywhere, and only
// float8_e8m0fnu reaches down to them (every other type's smallest
// subnormal, 2^-17 or more, lies far above 2^-126, so they all round as
// one class); for e8m0 their entries send the element to the scalar path. The table is built on
// first use by each Cast (at most 2^15 scalar conversions). The tests
// compare the kernel with the scalar path on every exponent and leading
// mantissa pattern with every rounding-bit shape, and with the reference
// at every boundary of every type.
func f32IntoSmallFloat[S CastElement](f *smallFormat, spec CastSpec) kernel[float32, uint8] {
	var z S
	if _, ok := any(z).(float32); !ok {
		return nil
	}
	m, oor := spec.Rounding, spec.OutOfRange
	low := uint32(23 - f.mant - 1) // bits below the rounding bit
	mask := uint32(1)<<low - 1
	var (
		once  sync.Once
		table []uint16
	)
	build := func() {
		table = make([]uint16, 1<<(32-low+1))
		for idx := range table {
			b := uint32(idx>>1) << low
			if idx&1 != 0 {
				b |= 1
			}
			if f.kind == smallE8M0 && b&0x7f800000 == 0 && b&0x7fffffff != 0 {
				table[idx] = scalarPath << 8
				continue
			}
			d, fail := f.cast(float64(math.Float32frombits(b)), m, oor)
			table[idx] = uint16(d) | uint16(fail)<<8
		}
	}
	return func(dst []uint8, src []float32) (int, CastFailure) {
		once.Do(build)
		t := table
		dst = dst[:len(src)]
		for i, x := range src {
			b := math.Float32bits(x)
			sticky := ((b & mask) + mask) >> low // 1 iff a bit below the rounding bit is set
			e := t[(b>>low)<<1|sticky&1]
			if e>>8 != 0 {
				if e>>8 != scalarPath {
					return i, CastFailure(e >> 8)
				}
				d, fail := f.cast(float64(x), m, oor)
				if fail != CastOK {
					return i, fail
				}
				e = uint16(d)
			}
			dst[i] = uint8(e)
		}
		return -1, CastOK
	}
}

// scalarPath marks a table entry whose elements take the scalar path.
const scalarPath = 0xff

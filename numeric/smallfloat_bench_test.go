package numeric

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/internal/cputime"
)

// BenchmarkCastFloat32ToSmall measures Cast.Bytes from float32 into the
// float8 types over 64 KiB of float32 source (normally distributed values
// scaled into the target's range, a few zeros), beside copy() of the same
// bytes in the same run. SetBytes counts the source bytes; cpu-MB/s is
// the same over the process's CPU time.
func BenchmarkCastFloat32ToSmall(b *testing.B) {
	const n = 16384
	rng := rand.New(rand.NewPCG(7, 8))
	src := make([]float32, n)
	for i := range src {
		src[i] = float32(rng.NormFloat64() * 20)
		if i%64 == 0 {
			src[i] = 0
		}
	}
	sb := unsafe.Slice((*byte)(unsafe.Pointer(&src[0])), 4*n)
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, 4*n)
		b.SetBytes(4 * n)
		b.ReportAllocs()
		cputime.Loop(b, 4*n, func() { copy(dst, sb) })
	})
	for _, dt := range []DataType{Float16, BFloat16, Int8, Float8E4M3, Float8E5M2, Float8E4M3FNUZ, Float8E3M4, Float4E2M1FN, Float8E8M0FNU} {
		for _, m := range []RoundingMode{NearestEven, TowardsZero} {
			c, err := NewCast(CastSpec{From: Float32, To: dt, Rounding: m, OutOfRange: OutOfRangeClamp})
			if err != nil {
				b.Fatal(err)
			}
			b.Run(dt.String()+"/"+m.String(), func(b *testing.B) {
				dst := make([]byte, n*dt.Size())
				b.SetBytes(4 * n)
				b.ReportAllocs()
				cputime.Loop(b, 4*n, func() {
					if _, f := c.Bytes(dst, sb); f != CastOK {
						b.Fatal(f)
					}
				})
			})
		}
	}
}

// BenchmarkCastSmallToFloat32 measures the way back, a float8 chunk of 16
// Ki elements widened to float32 (a table of 256 results), beside copy()
// of the destination's size. SetBytes counts the destination bytes.
func BenchmarkCastSmallToFloat32(b *testing.B) {
	const n = 16384
	src := make([]byte, n)
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range src {
		src[i] = byte(rng.Uint32())
	}
	b.Run("copy", func(b *testing.B) {
		a, d := make([]byte, 4*n), make([]byte, 4*n)
		b.SetBytes(4 * n)
		b.ReportAllocs()
		cputime.Loop(b, 4*n, func() { copy(d, a) })
	})
	for _, dt := range []DataType{Float8E4M3, Float8E5M2, Int4} {
		c, err := NewCast(CastSpec{From: dt, To: Float32})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(dt.String(), func(b *testing.B) {
			dst := make([]byte, 4*n)
			b.SetBytes(4 * n)
			b.ReportAllocs()
			cputime.Loop(b, 4*n, func() {
				if _, f := c.Bytes(dst, src); f != CastOK {
					b.Fatal(f)
				}
			})
		})
	}
}

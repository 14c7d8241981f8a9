//go:build amd64 && !noasm

package scaleoffset

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkVectorISA times the scalar loops and the vector loops of every
// instruction set the CPU has on 1 MiB of data, beside copy() of the same
// bytes in the same run; the fused encode also on data of which 10% or 50%
// is clamped:
//
//	go test -run '^$' -bench VectorISA -count 5 ./codecs/scaleoffset
func BenchmarkVectorISA(b *testing.B) {
	b.Logf("cpu: %s", numeric.CPUFeatures())
	src := make([]byte, 1<<20)
	dst := make([]byte, 8<<20)
	for i := range src {
		src[i] = byte(i * 7)
	}
	b.Run("case=copy/impl=copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			copy(dst, src)
		}
	})
	isas := append([]int{isaNone}, vecISAs()...)
	names := map[int]string{isaNone: "scalar", isaAVX2: "avx2", isaAVX512: "avx512"}
	r := rand.New(rand.NewPCG(1, 1))
	f64 := make([]float64, len(src)/8)
	for i := range f64 {
		f64[i] = 250 + 40*r.Float64()
	}
	f32 := make([]float32, len(src)/4)
	for i := range f32 {
		f32[i] = float32(f64[i%len(f64)])
	}
	for _, isa := range isas {
		k64 := floatKernel[float64]{off: 273.15, decOff: 273.15, scale: 100, vec: floatVecISA[float64](isa)}
		k32 := floatKernel[float32]{off: 273.15, decOff: 273.15, scale: 100, vec: floatVecISA[float32](isa)}
		in64, in32 := asBytes(f64), asBytes(f32)
		b.Run("case=encode-f64/impl="+names[isa], func(b *testing.B) { benchN(b, len(in64), func() { k64.encode(dst[:len(in64)], in64) }) })
		b.Run("case=decode-f64/impl="+names[isa], func(b *testing.B) { benchN(b, len(in64), func() { k64.decode(dst[:len(in64)], in64) }) })
		b.Run("case=encode-f32/impl="+names[isa], func(b *testing.B) { benchN(b, len(in32), func() { k32.encode(dst[:len(in32)], in32) }) })
		b.Run("case=decode-f32/impl="+names[isa], func(b *testing.B) { benchN(b, len(in32), func() { k32.decode(dst[:len(in32)], in32) }) })
	}
	for _, share := range []float64{0, 0.1, 0.5} {
		data := make([]float64, len(f64))
		for i := range data {
			data[i] = 243.15 + r.Float64()*60
			if r.Float64() < share {
				data[i] = 243.15 - r.Float64()*20
			}
		}
		in := asBytes(data)
		for _, isa := range isas {
			k := directEnc[float64, uint8]{off: 243.15, scale: 4, lo: 0, hi: 255, clamp: true}
			if isa != isaNone {
				k.vec = directEncVecISA[float64, uint8](isa)
			}
			b.Run(fmt.Sprintf("case=fused-f64-u8-clamp%.0f%%/impl=%s", 100*share, names[isa]), func(b *testing.B) {
				benchN(b, len(in), func() {
					if _, ok := k.run(dst[:len(data)], in); !ok {
						b.Fatal("failed")
					}
				})
			})
		}
	}
	i16 := make([]int16, len(src)/2)
	for i := range i16 {
		i16[i] = int16(r.IntN(20000))
	}
	in16 := asBytes(i16)
	for _, isa := range isas {
		k := directDec[float64, int16]{scale: 4, recip: 0.25, useRecip: true, off: 243.15}
		if isa != isaNone {
			k.vec = directDecVecISA[float64, int16](isa)
		}
		b.Run("case=fused-dec-i16-f64/impl="+names[isa], func(b *testing.B) {
			benchN(b, 4*len(in16), func() { k.run(dst[:4*len(in16)], in16) })
		})
	}
	u8 := make([]uint8, len(src)/8)
	for i := range u8 {
		u8[i] = uint8(r.IntN(255))
	}
	k := directDec[float64, uint8]{scale: 4, recip: 0.25, useRecip: true, off: 243.15, hasKey: true, key: 255}
	scalar := k
	k.table = byteTable(&k)
	for name, kk := range map[string]*directDec[float64, uint8]{"scalar": &scalar, "table": &k} {
		b.Run("case=fused-dec-u8-f64/impl="+name, func(b *testing.B) {
			benchN(b, 8*len(u8), func() { kk.run(dst[:8*len(u8)], u8) })
		})
	}
}

// benchBytes times f, which handles n array-side bytes.
func benchN(b *testing.B, n int, f func()) {
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		f()
	}
}

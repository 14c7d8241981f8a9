package transpose

import (
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

const benchBytes = 1 << 20

// BenchmarkCopy is copy() of the 1 MiB every transpose benchmark moves.
func BenchmarkCopy(b *testing.B) {
	src := make([]byte, benchBytes)
	dst := make([]byte, benchBytes)
	b.SetBytes(benchBytes)
	b.ReportAllocs()
	for b.Loop() {
		copy(dst, src)
	}
}

func benchTranspose(b *testing.B, dt numeric.DataType, shape, order []int, decode bool) {
	bd := resolve(b, order, dt, shape)
	n := bd.Encoded().Size()
	src := make([]byte, n)
	for i := range src {
		src[i] = byte(i * 7)
	}
	dst := make([]byte, n)
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if decode {
			err = bd.DecodeArray(dst, src)
		} else {
			err = bd.EncodeArray(dst, src)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// 2-D chunks of 1 MiB, transposed, for every element size; and one whose
// sides are not multiples of the tiles (1 MB).
func BenchmarkTranspose2DUint8(b *testing.B) {
	benchTranspose(b, numeric.Uint8, []int{1024, 1024}, []int{1, 0}, false)
}
func BenchmarkTranspose2DInt16(b *testing.B) {
	benchTranspose(b, numeric.Int16, []int{512, 1024}, []int{1, 0}, false)
}
func BenchmarkTranspose2DFloat32(b *testing.B) {
	benchTranspose(b, numeric.Float32, []int{512, 512}, []int{1, 0}, false)
}
func BenchmarkTranspose2DFloat32Decode(b *testing.B) {
	benchTranspose(b, numeric.Float32, []int{512, 512}, []int{1, 0}, true)
}
func BenchmarkTranspose2DFloat32Odd(b *testing.B) {
	benchTranspose(b, numeric.Float32, []int{500, 524}, []int{1, 0}, false)
}
func BenchmarkTranspose2DFloat64(b *testing.B) {
	benchTranspose(b, numeric.Float64, []int{256, 512}, []int{1, 0}, false)
}
func BenchmarkTranspose2DComplex128(b *testing.B) {
	benchTranspose(b, numeric.Complex128, []int{256, 256}, []int{1, 0}, false)
}

// 3-D float32 chunks: the full reversal (v2 order "F") and a permutation
// that keeps the last axis, which copies rows.
func BenchmarkTranspose3DFloat32Reverse(b *testing.B) {
	benchTranspose(b, numeric.Float32, []int{64, 64, 64}, []int{2, 1, 0}, false)
}
func BenchmarkTranspose3DFloat32KeepLast(b *testing.B) {
	benchTranspose(b, numeric.Float32, []int{64, 64, 64}, []int{1, 0, 2}, false)
}

func BenchmarkTranspose2DUint8Odd(b *testing.B) {
	benchTranspose(b, numeric.Uint8, []int{1000, 1048}, []int{1, 0}, false)
}

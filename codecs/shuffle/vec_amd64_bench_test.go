//go:build amd64 && !noasm

package shuffle

import (
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// BenchmarkVectorKernels times the AVX2 and the scalar transposes on the
// same 1 MiB in one run, against copy() of the same bytes: once as one
// copy (from 1 MiB on, the runtime's memmove switches to non-temporal
// stores that bypass the cache) and once as two 512 KiB copies (cached
// stores, as the kernels use).
func BenchmarkVectorKernels(b *testing.B) {
	if !cpufeat.AVX2 {
		b.Skip("CPU has no AVX2")
	}
	b.Logf("cpu: AVX2 (AVX-512: %v, not used by these kernels)", cpufeat.AVX512)
	src := make([]byte, 1<<20)
	for i := range src {
		src[i] = byte(i*7 + i>>9)
	}
	dst := make([]byte, len(src))
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			copy(dst, src)
		}
	})
	b.Run("copy-halves", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		h := len(src) / 2
		for b.Loop() {
			copy(dst[:h], src[:h])
			copy(dst[h:], src[h:])
		}
	})
	for _, es := range []int{2, 4, 8} {
		k := kernelPairs[es]
		for dir, name := range []string{"encode", "decode"} {
			for _, impl := range []struct {
				name string
				f    func(dst, src []byte)
			}{{"avx2", k.vector[dir]}, {"scalar", k.scalar[dir]}} {
				b.Run(fmt.Sprintf("es%d/%s/%s", es, name, impl.name), func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					b.ReportAllocs()
					for b.Loop() {
						impl.f(dst, src)
					}
				})
			}
		}
	}
}

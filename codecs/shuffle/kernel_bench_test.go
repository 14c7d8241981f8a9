package shuffle

import (
	"fmt"
	"testing"
)

// BenchmarkKernels times the transposes on 1 MiB against copy() of the
// same bytes.
func BenchmarkKernels(b *testing.B) {
	src := make([]byte, 1<<20)
	for i := range src {
		src[i] = byte(i*7 + i>>9)
	}
	dst := make([]byte, len(src))
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			copy(dst, src)
		}
	})
	for _, es := range []int{2, 4, 8, 3} {
		b.Run(fmt.Sprintf("es%d/encode", es), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			n := len(src) / es * es
			for b.Loop() {
				transpose(dst[:n], src[:n], es)
			}
		})
		b.Run(fmt.Sprintf("es%d/decode", es), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			n := len(src) / es * es
			for b.Loop() {
				untranspose(dst[:n], src[:n], es)
			}
		})
	}
}

package bitshuffle

import (
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkShuffle times the kernels on 1 MiB of smooth float data
// (bench.Chunk, seed 1), beside copy() of the same bytes, with throughput
// over CPU time as well (internal/cputime):
//
//	go test -run '^$' -bench . -count 5 ./codecs/blosc/internal/bitshuffle
func BenchmarkShuffle(b *testing.B) {
	src, err := bench.Chunk(numeric.Float32, bench.Smooth, bench.ChunkBytes, bench.Seed)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, len(src))
	scratch := make([]byte, len(src))
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		cputime.Loop(b, len(src), func() { copy(dst, src) })
	})
	for _, es := range []int{1, 2, 4, 8, 3, 16} {
		n := len(src) / es / 8 * 8 * es
		b.Run(fmt.Sprintf("es%d/shuffle", es), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			cputime.Loop(b, n, func() { Shuffle(dst[:n], src[:n], scratch, es) })
		})
		b.Run(fmt.Sprintf("es%d/unshuffle", es), func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			cputime.Loop(b, n, func() { Unshuffle(dst[:n], src[:n], scratch, es) })
		})
	}
}

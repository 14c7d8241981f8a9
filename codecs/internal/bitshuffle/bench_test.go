package bitshuffle

import (
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkShuffle times the kernels on the bytes of 1 MiB of smooth float
// data (benchdata.Chunk, seed 1) cut to blocks of the given size, as blosc
// shuffles them, beside copy() of the same bytes, with throughput over CPU
// time as well (internal/cputime). "go" is the Go twin (shuffleGo), the
// others the dispatching entry points, which take the vector kernels where
// the CPU has them:
//
//	go test -run '^$' -bench . -count 5 ./codecs/internal/bitshuffle
func BenchmarkShuffle(b *testing.B) {
	src, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, len(src))
	scratch := make([]byte, len(src))
	const block = 256 << 10
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		cputime.Loop(b, len(src), func() { copy(dst, src) })
	})
	for _, es := range []int{1, 2, 4, 8, 3, 6, 12, 16, 32} {
		bs := block / es / 8 * 8 * es
		n := len(src) / bs * bs
		blocks := func(f func(dst, src []byte)) func() {
			return func() {
				for o := 0; o < n; o += bs {
					f(dst[o:o+bs], src[o:o+bs])
				}
			}
		}
		for _, impl := range []string{"vec", "go"} {
			sh := func(d, s []byte) { Shuffle(d, s, scratch, es) }
			un := func(d, s []byte) { Unshuffle(d, s, scratch, es) }
			if impl == "go" {
				sh = func(d, s []byte) { shuffleGo(d, s, scratch, len(s)/es, es) }
				un = func(d, s []byte) { unshuffleGo(d, s, scratch, len(s)/es, es) }
			}
			b.Run(fmt.Sprintf("es%d/%s/shuffle", es, impl), func(b *testing.B) {
				b.SetBytes(int64(n))
				b.ReportAllocs()
				cputime.Loop(b, n, blocks(sh))
			})
			b.Run(fmt.Sprintf("es%d/%s/unshuffle", es, impl), func(b *testing.B) {
				b.SetBytes(int64(n))
				b.ReportAllocs()
				cputime.Loop(b, n, blocks(un))
			})
		}
	}
}

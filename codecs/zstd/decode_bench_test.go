package zstd

import (
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/internal/cputime"
)

// BenchmarkDecodeMatchOffsets decodes 64 KiB frames whose matches all have
// a short offset (1-3 bytes: runs, as in the exponent byte streams of
// shuffled floats) or a long one (4 KiB), written by this build's
// encoder, with the pure-Go decoder and with this build's (libzstd with
// the libzstd tag). klauspost/compress copies a match whose offset is
// below 16 bytes and shorter than its length one byte at a time, while
// libzstd spreads the pattern over 8-byte words; docs/zstd.md gives the
// figures.
//
//	go test -tags libzstd -run '^$' -bench DecodeMatchOffsets ./codecs/zstd
func BenchmarkDecodeMatchOffsets(b *testing.B) {
	const n = 64 << 10
	r := rand.New(rand.NewPCG(3, 3))
	short := make([]byte, n) // runs of 64-320 equal bytes
	for i := 0; i < n; {
		run, v := 64+r.IntN(256), byte(r.Uint32())
		for k := 0; k < run && i < n; k++ {
			short[i] = v
			i++
		}
	}
	long := make([]byte, n) // 4 KiB of noise, repeated
	for i := range 4096 {
		long[i] = byte(r.Uint32())
	}
	for i := 4096; i < n; i++ {
		long[i] = long[i-4096]
	}
	for _, tc := range []struct {
		name string
		src  []byte
	}{{"offset-1", short}, {"offset-4KiB", long}} {
		frame, err := compress(nil, tc.src, 3, false)
		if err != nil {
			b.Fatal(err)
		}
		for _, eng := range []struct {
			name string
			dec  func(dst, src []byte) ([]byte, string, error)
		}{{"klauspost", decompressGo}, {Engine, decompress}} {
			if eng.name == "klauspost/compress" {
				continue // the default build's engine is klauspost's
			}
			b.Run(tc.name+"/"+eng.name, func(b *testing.B) {
				dst := make([]byte, 0, n+decodeSlack)
				b.SetBytes(n)
				b.ReportAllocs()
				cputime.Loop(b, n, func() {
					if _, _, err := eng.dec(dst, frame); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

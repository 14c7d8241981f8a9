package blosclz

import (
	"testing"

	"github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkBlosclz compresses and decompresses 1 MiB of smooth float32
// data (benchdata.Chunk, seed 1) byte-shuffled, in the 256 KiB streams Blosc
// gives blosclz for it at clevel 5 (one per byte plane of a 1 MiB block),
// beside copy() of the same bytes, with throughput over CPU time as well
// (internal/cputime):
//
//	go test -run '^$' -bench . -count 5 ./codecs/blosc/internal/blosclz
func BenchmarkBlosclz(b *testing.B) {
	raw, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		b.Fatal(err)
	}
	in := make([]byte, len(raw))
	shuffle.Shuffle(in, raw, 4)
	const stream = 256 << 10
	var e Encoder
	var encs [][]byte
	total := 0
	for off := 0; off < len(in); off += stream {
		enc := make([]byte, stream)
		k := e.Compress(enc, in[off:off+stream], 5)
		if k == 0 {
			enc, k = in[off:off+stream], stream // stored, as Blosc would
		}
		encs = append(encs, enc[:k])
		total += k
	}
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, len(in))
		b.SetBytes(int64(len(in)))
		cputime.Loop(b, len(in), func() { copy(dst, in) })
	})
	b.Run("compress", func(b *testing.B) {
		dst := make([]byte, stream)
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		cputime.Loop(b, len(in), func() {
			for off := 0; off < len(in); off += stream {
				e.Compress(dst, in[off:off+stream], 5)
			}
		})
		b.ReportMetric(float64(len(in))/float64(total), "ratio")
	})
	b.Run("decompress", func(b *testing.B) {
		dst := make([]byte, len(in))
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		cputime.Loop(b, len(in), func() {
			for i, enc := range encs {
				out := dst[i*stream : (i+1)*stream]
				if len(enc) == stream {
					copy(out, enc)
				} else if n, err := Decompress(out, enc); err != nil || n != stream {
					b.Fatal(n, err)
				}
			}
		})
		b.ReportMetric(float64(len(in))/float64(total), "ratio")
	})
}

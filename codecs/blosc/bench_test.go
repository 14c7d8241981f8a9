package blosc

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// benchCases are the configurations timed beside numcodecs by
// testdata/bench_numcodecs.py (same names, same settings).
var benchCases = []struct {
	name string
	c    Config
}{
	{"lz4-shuffle", Config{Cname: "lz4", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4}},
	{"lz4-bitshuffle", Config{Cname: "lz4", Clevel: 5, Shuffle: BitShuffle, Typesize: 4}},
	{"blosclz-shuffle", Config{Cname: "blosclz", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4}},
	{"zstd-shuffle", Config{Cname: "zstd", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4}},
	{"zstd-bitshuffle", Config{Cname: "zstd", Clevel: 5, Shuffle: BitShuffle, Typesize: 4}},
	{"blosclz-bitshuffle", Config{Cname: "blosclz", Clevel: 5, Shuffle: BitShuffle, Typesize: 4}},
	{"zlib-shuffle", Config{Cname: "zlib", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4}},
	{"snappy-shuffle", Config{Cname: "snappy", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4}},
	{"lz4hc-shuffle", Config{Cname: "lz4hc", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4}},
}

// BenchmarkBlosc encodes and decodes one 1 MiB chunk of smooth float32
// data (benchdata.Chunk(Float32, Smooth, 1 MiB, 1)) with each configuration,
// on one goroutine; "copy" is copy() of the same bytes. MB/s count the
// chunk's bytes; "cpu-MB/s" the same over the process's CPU time (see
// internal/cputime); "ratio" is chunk/frame size.
//
//	go test -run '^$' -bench Blosc -count 5 ./codecs/blosc
func BenchmarkBlosc(b *testing.B) {
	in, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, len(in))
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		cputime.Loop(b, len(in), func() { copy(dst, in) })
	})
	spec := codec.FixedBytes(len(in), codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{len(in) / 4}, FillValue: numeric.Zero(numeric.Float32)})
	for _, bc := range benchCases {
		bd, err := (&Codec{bc.c}).ResolveBytesToBytes(spec)
		if err != nil {
			b.Fatal(err)
		}
		frame, err := bd.AppendEncode(nil, in)
		if err != nil {
			b.Fatal(err)
		}
		ratio := float64(len(in)) / float64(len(frame))
		b.Run(bc.name+"/encode", func(b *testing.B) {
			dst := make([]byte, 0, len(in)+headerSize)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			cputime.Loop(b, len(in), func() {
				if _, err := bd.AppendEncode(dst[:0], in); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(ratio, "ratio")
		})
		b.Run(bc.name+"/decode", func(b *testing.B) {
			dst := make([]byte, 0, len(in))
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			cputime.Loop(b, len(in), func() {
				if _, err := bd.AppendDecode(dst[:0], frame); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(ratio, "ratio")
		})
	}
}

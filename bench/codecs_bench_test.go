package bench_test

import (
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bzip2"
	_ "github.com/zcodec/zcodec/codecs/crc32c"
	_ "github.com/zcodec/zcodec/codecs/deflate"
	_ "github.com/zcodec/zcodec/codecs/lz4"
	"github.com/zcodec/zcodec/codecs/shuffle"
	_ "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// The benchmarks run every bytes->bytes codec on 1 MiB chunks of smooth
// float32 and float64 data (benchdata.Chunk(dt, benchdata.Smooth, 1 MiB, 1)), plain
// and byte-shuffled by the element size. MB/s counts uncompressed bytes;
// "ratio" is uncompressed/compressed. BenchmarkCopy is the copy() of the
// same bytes, to read the others against on a noisy machine:
//
//	go test -bench . -count 3 -run '^$' ./bench

type input struct {
	name string
	dt   numeric.DataType
	data []byte
}

func inputs(b *testing.B) []input {
	var out []input
	for _, dt := range []numeric.DataType{numeric.Float32, numeric.Float64} {
		d, err := benchdata.Chunk(dt, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
		if err != nil {
			b.Fatal(err)
		}
		s := make([]byte, len(d))
		shuffle.Shuffle(s, d, dt.Size())
		short := map[numeric.DataType]string{numeric.Float32: "f32", numeric.Float64: "f64"}[dt]
		out = append(out, input{short, dt, d}, input{short + "-shuffled", dt, s})
	}
	return out
}

func bind(b *testing.B, js string, dt numeric.DataType, n int) codec.BoundBytesToBytes {
	c, _, err := registry.Default().ParseCodec([]byte(js), "/codecs/1")
	if err != nil {
		b.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: dt, Shape: []int{n / dt.Size()}, FillValue: numeric.Zero(dt)}
	bb, err := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(n, spec))
	if err != nil {
		b.Fatal(err)
	}
	return bb
}

func BenchmarkCopy(b *testing.B) {
	in, _ := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	dst := make([]byte, len(in))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		copy(dst, in)
	}
}

func benchCodec(b *testing.B, js string, in input) {
	c := bind(b, js, in.dt, len(in.data))
	enc, err := c.AppendEncode(nil, in.data)
	if err != nil {
		b.Fatal(err)
	}
	ratio := float64(len(in.data)) / float64(len(enc))
	b.Run("encode", func(b *testing.B) {
		dst := make([]byte, 0, 2*len(in.data))
		b.SetBytes(int64(len(in.data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.AppendEncode(dst[:0], in.data); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(ratio, "ratio")
	})
	b.Run("decode", func(b *testing.B) {
		dst := make([]byte, 0, len(in.data))
		b.SetBytes(int64(len(in.data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.AppendDecode(dst[:0], enc); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(ratio, "ratio")
	})
}

func BenchmarkShuffle(b *testing.B) {
	for _, in := range inputs(b) {
		if in.name == "f32" || in.name == "f64" {
			b.Run(fmt.Sprintf("es%d", in.dt.Size()), func(b *testing.B) { benchCodec(b, `"numcodecs.shuffle"`, in) })
		}
	}
}

func benchCompressor(b *testing.B, js string) {
	for _, in := range inputs(b) {
		b.Run(in.name, func(b *testing.B) { benchCodec(b, js, in) })
	}
}

func BenchmarkZlib(b *testing.B) {
	b.Run("l1", func(b *testing.B) { benchCompressor(b, `{"name":"numcodecs.zlib","configuration":{"level":1}}`) })
}

func BenchmarkGzip(b *testing.B) {
	b.Run("l1", func(b *testing.B) { benchCompressor(b, `{"name":"gzip","configuration":{"level":1}}`) })
}

func BenchmarkLZ4(b *testing.B) {
	b.Run("a1", func(b *testing.B) { benchCompressor(b, `{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`) })
}

func BenchmarkZstd(b *testing.B) {
	b.Run("l3", func(b *testing.B) { benchCompressor(b, `{"name":"zstd","configuration":{"level":3,"checksum":false}}`) })
}

func BenchmarkBZ2(b *testing.B) {
	b.Run("l9", func(b *testing.B) { benchCompressor(b, `{"name":"numcodecs.bz2","configuration":{"level":9}}`) })
}

func BenchmarkCRC32C(b *testing.B) {
	in := inputs(b)[0]
	benchCodec(b, `"crc32c"`, in)
}

// BenchmarkChain times shuffle followed by a compressor, as one
// codec.Pipeline (bytes -> numcodecs.shuffle -> compressor) on float32.
func BenchmarkChain(b *testing.B) {
	in := inputs(b)[0]
	n := len(in.data) / 4
	for _, tc := range []struct{ name, js string }{
		{"shuffle-lz4", `{"name":"numcodecs.lz4"}`},
		{"shuffle-zlib1", `{"name":"numcodecs.zlib","configuration":{"level":1}}`},
		{"shuffle-zstd3", `{"name":"zstd","configuration":{"level":3,"checksum":false}}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			chain, err := registry.Default().ParseCodecs([]byte(`[{"name":"bytes","configuration":{"endian":"little"}},"numcodecs.shuffle",`+tc.js+`]`), "/codecs")
			if err != nil {
				b.Fatal(err)
			}
			p, err := codec.NewPipeline(codec.ChunkSpec{DataType: in.dt, Shape: []int{n}, FillValue: numeric.Zero(in.dt)}, chain.Codecs, nil)
			if err != nil {
				b.Fatal(err)
			}
			enc, err := p.AppendEncode(nil, in.data)
			if err != nil {
				b.Fatal(err)
			}
			ratio := float64(len(in.data)) / float64(len(enc))
			b.Run("encode", func(b *testing.B) {
				dst := make([]byte, 0, 2*len(in.data))
				b.SetBytes(int64(len(in.data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := p.AppendEncode(dst[:0], in.data); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(ratio, "ratio")
			})
			b.Run("decode", func(b *testing.B) {
				dst := make([]byte, len(in.data))
				b.SetBytes(int64(len(in.data)))
				b.ReportAllocs()
				for b.Loop() {
					if err := p.Decode(dst, enc); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(ratio, "ratio")
			})
		})
	}
}

package hdf5bitshuffle_test

import (
	"testing"

	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkHDF5Bitshuffle encodes and decodes the 1 MiB chunk of smooth
// float32 data of zcodec's benchmarks (benchdata.Chunk(Float32, Smooth, 1 MiB,
// 1)) with the filter's default block size, beside copy() of the same
// bytes. testdata/bench_h5py.py times HDF5 reading and writing the same
// chunk through the bitshuffle filter.
func BenchmarkHDF5Bitshuffle(b *testing.B) {
	data, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		b.Fatal(err)
	}
	n := len(data)
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		out := make([]byte, n)
		for b.Loop() {
			copy(out, data)
		}
	})
	for _, comp := range []hdf5bitshuffle.Compression{hdf5bitshuffle.LZ4, hdf5bitshuffle.Zstd, hdf5bitshuffle.None} {
		bd := bind(b, &hdf5bitshuffle.Codec{ElementSize: 4, Compression: comp}, n)
		enc, err := bd.AppendEncode(nil, data)
		if err != nil {
			b.Fatal(err)
		}
		dst := make([]byte, 0, bd.Encoded().MaxSize)
		b.Run(comp.String()+"/encode", func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = bd.AppendEncode(dst[:0], data)
			}
			b.ReportMetric(float64(n)/float64(len(enc)), "ratio")
		})
		b.Run(comp.String()+"/decode", func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = bd.AppendDecode(dst[:0], enc)
			}
		})
	}
}

package hdf5lzf_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkHDF5LZF encodes and decodes the 1 MiB chunk of smooth float32
// data of zcodec's benchmarks (benchdata.Chunk(Float32, Smooth, 1 MiB, 1)),
// beside copy() of the same bytes. testdata/bench_h5py.py times HDF5
// reading and writing the same chunk through h5py's LZF filter.
func BenchmarkHDF5LZF(b *testing.B) {
	data, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		b.Fatal(err)
	}
	n := len(data)
	bd := bind(b, n)
	enc, err := bd.AppendEncode(nil, data)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, 0, bd.Encoded().MaxSize)
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		out := make([]byte, n)
		for b.Loop() {
			copy(out, data)
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			dst, _ = bd.AppendEncode(dst[:0], data)
		}
		b.ReportMetric(float64(n)/float64(len(enc)), "ratio")
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			dst, _ = bd.AppendDecode(dst[:0], enc)
		}
	})
}

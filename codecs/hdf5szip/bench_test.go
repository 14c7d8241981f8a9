package hdf5szip_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/zcodec/zcodec/codecs/hdf5szip"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// benchSize is the benchmark chunk: 1 MiB.
const benchSize = 1 << 20

// benchValues returns the smooth series of testdata/bench_h5py.py: a
// random walk (a 32-bit LCG's steps of -3 to 3) plus a triangle wave of
// period 8192, as int16.
func benchValues(n int) []int16 {
	out := make([]int16, n)
	state, walk := uint32(1), 0
	for i := range out {
		state = state*1664525 + 1013904223
		walk += int(state>>28)%7 - 3
		tri := i%8192 - 4096
		if tri < 0 {
			tri = -tri
		}
		out[i] = int16(max(math.MinInt16, min(math.MaxInt16, walk+tri/4)))
	}
	return out
}

// benchChunks returns 1 MiB of the series as little-endian int16, and as
// float32 273.15 + v/100, with the cd_values HDF5 gives a one-chunk
// dataset of each with compression="szip", compression_opts=("nn", 32).
func benchChunks() map[string]struct {
	data []byte
	cd   []uint32
} {
	i16 := make([]byte, 0, benchSize)
	for _, v := range benchValues(benchSize / 2) {
		i16 = binary.LittleEndian.AppendUint16(i16, uint16(v))
	}
	f32 := make([]byte, 0, benchSize)
	for _, v := range benchValues(benchSize / 4) {
		scaled := float64(0.01 * float64(v)) // rounded before the sum, as NumPy does
		f32 = binary.LittleEndian.AppendUint32(f32, math.Float32bits(float32(273.15+scaled)))
	}
	return map[string]struct {
		data []byte
		cd   []uint32
	}{
		"int16":   {i16, []uint32{169, 32, 16, 4096}},
		"float32": {f32, []uint32{169, 32, 32, 4096}},
	}
}

func BenchmarkDecode(b *testing.B) {
	chunks := benchChunks()
	b.Run("copy", func(b *testing.B) {
		src := chunks["int16"].data
		dst := make([]byte, len(src))
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		cputime.Loop(b, len(src), func() { copy(dst, src) })
	})
	for _, name := range []string{"int16", "float32"} {
		ch := chunks[name]
		b.Run(name, func(b *testing.B) {
			c, err := hdf5szip.FromCDValues(ch.cd)
			if err != nil {
				b.Fatal(err)
			}
			bd := bind(b, c, numeric.Uint8, len(ch.data))
			enc, err := bd.AppendEncode(nil, ch.data)
			if err != nil {
				b.Fatal(err)
			}
			dst := make([]byte, 0, len(ch.data))
			b.SetBytes(int64(len(ch.data)))
			b.ReportAllocs()
			cputime.Loop(b, len(ch.data), func() {
				if dst, err = bd.AppendDecode(dst[:0], enc); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(float64(len(ch.data))/float64(len(enc)), "ratio")
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	chunks := benchChunks()
	b.Run("copy", func(b *testing.B) {
		src := chunks["int16"].data
		dst := make([]byte, len(src))
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		cputime.Loop(b, len(src), func() { copy(dst, src) })
	})
	for _, name := range []string{"int16", "float32"} {
		ch := chunks[name]
		b.Run(name, func(b *testing.B) {
			c, err := hdf5szip.FromCDValues(ch.cd)
			if err != nil {
				b.Fatal(err)
			}
			bd := bind(b, c, numeric.Uint8, len(ch.data))
			dst := make([]byte, 0, bd.Encoded().MaxSize)
			b.SetBytes(int64(len(ch.data)))
			b.ReportAllocs()
			cputime.Loop(b, len(ch.data), func() {
				if dst, err = bd.AppendEncode(dst[:0], ch.data); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(float64(len(ch.data))/float64(len(dst)), "ratio")
		})
	}
}

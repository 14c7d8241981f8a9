package hdf5scaleoffset_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
)

// benchChunks returns the 1 MiB chunks of the benchmarks, which
// testdata/bench_h5py.py gives HDF5 too: int16 hundredths of a degree
// (the temperatures of testvec.Temperatures less 273.15, times 100) and
// the float32 temperatures themselves.
func benchChunks() (i16, f32 []byte) {
	const n = 1 << 20
	f32 = testvec.Temperatures(numeric.Float32, n)
	f64 := testvec.Temperatures(numeric.Float64, 4*n)
	i16 = make([]byte, n)
	for i := range n / 2 {
		t := math.Float64frombits(binary.LittleEndian.Uint64(f64[8*i:]))
		binary.LittleEndian.PutUint16(i16[2*i:], uint16(int16(math.Round((t-273.15)*100))))
	}
	return i16, f32
}

// BenchmarkHDF5ScaleOffset encodes and decodes a 1 MiB chunk as h5py's
// create_dataset(scaleoffset=N) sets the filter up: int16 with the bits
// computed per chunk, float32 with 2 decimal digits, both with HDF5's
// default fill value 0.
func BenchmarkHDF5ScaleOffset(b *testing.B) {
	i16, f32 := benchChunks()
	for _, tc := range []struct {
		name string
		c    *hdf5scaleoffset.Codec
		data []byte
	}{
		{"int16_minbits", &hdf5scaleoffset.Codec{ScaleType: hdf5scaleoffset.ScaleInt, Elements: len(i16) / 2, DataType: numeric.Int16, Fill: numeric.Zero(numeric.Int16)}, i16},
		{"float32_dscale2", &hdf5scaleoffset.Codec{ScaleType: hdf5scaleoffset.ScaleFloatD, ScaleFactor: 2, Elements: len(f32) / 4, DataType: numeric.Float32, Fill: numeric.Zero(numeric.Float32)}, f32},
	} {
		bd := mustBind(b, tc.c)
		enc, err := bd.AppendEncode(nil, tc.data)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: %d bytes encode to %d (%d bits per value)", tc.name, len(tc.data), len(enc), binary.LittleEndian.Uint32(enc))
		dst := make([]byte, 0, len(tc.data)+hdf5scaleoffset.HeaderSize)
		b.Run(tc.name+"/copy", func(b *testing.B) {
			b.SetBytes(int64(len(tc.data)))
			b.ReportAllocs()
			out := make([]byte, len(tc.data))
			for b.Loop() {
				copy(out, tc.data)
			}
		})
		b.Run(tc.name+"/encode", func(b *testing.B) {
			b.SetBytes(int64(len(tc.data)))
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = bd.AppendEncode(dst[:0], tc.data)
			}
		})
		b.Run(tc.name+"/decode", func(b *testing.B) {
			b.SetBytes(int64(len(tc.data)))
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = bd.AppendDecode(dst[:0], enc)
			}
		})
	}
}

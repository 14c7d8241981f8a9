package hdf5nbit_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
)

// benchChunk returns the 1 MiB chunk of the benchmark, which
// testdata/bench_h5py.py gives HDF5 too: int32 values of 12 significant
// bits, the temperatures of testvec.Temperatures less 273.15, times 80,
// rounded (-1640 to 1640).
func benchChunk() []byte {
	const n = 1 << 20
	f64 := testvec.Temperatures(numeric.Float64, 2*n)
	out := make([]byte, n)
	for i := range n / 4 {
		t := math.Float64frombits(binary.LittleEndian.Uint64(f64[8*i:]))
		binary.LittleEndian.PutUint32(out[4*i:], uint32(int32(math.Round((t-273.15)*80))))
	}
	return out
}

// BenchmarkHDF5Nbit encodes and decodes a 1 MiB chunk of int32 with a
// precision of 12 bits at offset 4.
func BenchmarkHDF5Nbit(b *testing.B) {
	data := benchChunk()
	bd := mustBind(b, atomic(len(data)/4, 4, false, 12, 4), numeric.Int32)
	enc, err := bd.AppendEncode(nil, data)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, 0, len(data))
	b.Run("int32_p12/copy", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		out := make([]byte, len(data))
		for b.Loop() {
			copy(out, data)
		}
	})
	b.Run("int32_p12/encode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			dst, _ = bd.AppendEncode(dst[:0], data)
		}
	})
	b.Run("int32_p12/decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			dst, _ = bd.AppendDecode(dst[:0], enc)
		}
	})
}

package packbits

import (
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkPackBits encodes and decodes a 1 MiB chunk (2^20 elements of
// one byte) of each sub-byte type; the throughput is of decoded bytes.
// "copy" is copy() of the same 1 MiB, the reference for the ratio.
// cpu-MB/s is the same throughput over the process's CPU time.
func BenchmarkPackBits(b *testing.B) {
	const n = 1 << 20
	rng := rand.New(rand.NewPCG(5, 6))
	src := make([]byte, n)
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, n)
		b.SetBytes(n)
		b.ReportAllocs()
		cputime.Loop(b, n, func() { copy(dst, src) })
	})
	for _, tc := range []struct {
		name   string
		dt     numeric.DataType
		config string
	}{
		{"int4", numeric.Int4, `{}`},
		{"uint4", numeric.Uint4, `{}`},
		{"int2", numeric.Int2, `{}`},
		{"uint2", numeric.Uint2, `{}`},
		{"bool", numeric.Bool, `{"padding_encoding":"first_byte"}`},
		{"float6", numeric.Float6E2M3FN, `{}`},
		{"int16-12bit", numeric.Int16, `{"last_bit":11}`},
	} {
		bd := bind(b, tc.config, tc.dt, n)
		bits := tc.dt.Bits()
		for i := range src {
			v := rng.Uint32() & (1<<bits - 1)
			if tc.dt.IsSigned() && v>>(bits-1) != 0 {
				v |= ^uint32(0) << bits
			}
			src[i] = byte(v)
		}
		if tc.dt == numeric.Int16 { // 1 MiB of int16: half as many elements
			bd = bind(b, tc.config, tc.dt, n/2)
		}
		enc, err := bd.AppendEncodeBytes(nil, src)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("encode/"+tc.name, func(b *testing.B) {
			dst := make([]byte, 0, len(enc))
			b.SetBytes(n)
			b.ReportAllocs()
			cputime.Loop(b, n, func() { _, _ = bd.AppendEncodeBytes(dst, src) })
		})
		b.Run("decode/"+tc.name, func(b *testing.B) {
			dst := make([]byte, n)
			b.SetBytes(n)
			b.ReportAllocs()
			cputime.Loop(b, n, func() { _ = bd.DecodeBytes(dst, enc) })
		})
	}
}

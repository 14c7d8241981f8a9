package scaleoffset

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
)

const benchBytes = 1 << 20

// benchFloats returns 1 MiB of float32 or float64 temperatures, the data
// ../../testdata/numcodecs_fso/bench_numcodecs.py gives numcodecs.
func benchFloats(dt numeric.DataType) []byte { return testvec.Temperatures(dt, benchBytes) }

func benchBound(b *testing.B, dt numeric.DataType, config string) codec.BoundArrayToArray {
	b.Helper()
	c := mustCodec(b, config)
	n := benchBytes / dt.Size()
	bc, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: numeric.Zero(dt)})
	if err != nil {
		b.Fatal(err)
	}
	return bc
}

func BenchmarkCopy(b *testing.B) {
	src := benchFloats(numeric.Float64)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		copy(dst, src)
	}
}

func benchScaleOffset(b *testing.B, dt numeric.DataType, decode bool) {
	bc := benchBound(b, dt, `{"offset": 273.15, "scale": 0.01}`)
	src := benchFloats(dt)
	dst := make([]byte, len(src))
	if decode {
		if err := bc.EncodeArray(dst, src); err != nil {
			b.Fatal(err)
		}
		src, dst = dst, src
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if decode {
			err = bc.DecodeArray(dst, src)
		} else {
			err = bc.EncodeArray(dst, src)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeFloat32(b *testing.B) { benchScaleOffset(b, numeric.Float32, false) }
func BenchmarkEncodeFloat64(b *testing.B) { benchScaleOffset(b, numeric.Float64, false) }
func BenchmarkDecodeFloat32(b *testing.B) { benchScaleOffset(b, numeric.Float32, true) }
func BenchmarkDecodeFloat64(b *testing.B) { benchScaleOffset(b, numeric.Float64, true) }

// The scale_offset + cast_value chains: fused (one pass) and as the
// pipeline runs them unfused (two passes through a chunk-sized buffer).
var chainCases = []struct {
	name   string
	dt     numeric.DataType
	so, cv string
}{
	{"Float64ToUint8", numeric.Float64, `{"offset": 252, "scale": 4}`, `{"data_type": "uint8", "out_of_range": "clamp"}`},
	{"Float32ToInt16", numeric.Float32, `{"offset": 273.15, "scale": 100}`, `{"data_type": "int16"}`},
	{"Float32ToFloat8E4M3", numeric.Float32, `{"offset": 273.15, "scale": 0.5}`, `{"data_type": "float8_e4m3", "out_of_range": "clamp"}`},
}

func benchChain(b *testing.B, i int, fusedPass, decode bool) {
	c := chainCases[i]
	src := benchFloats(c.dt)
	n := len(src) / c.dt.Size()
	spec := codec.ChunkSpec{DataType: c.dt, Shape: []int{n}, FillValue: elements.ScalarAt(c.dt, src, 0)}
	f, u := resolvePair(b, c.so, c.cv, spec)
	enc := make([]byte, f.Encoded().Size())
	dec := make([]byte, len(src))
	mid := make([]byte, len(src))
	if err := f.EncodeArray(enc, src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var err error
		switch {
		case fusedPass && !decode:
			err = f.EncodeArray(enc, src)
		case fusedPass:
			err = f.DecodeArray(dec, enc)
		case !decode:
			if err = u.a.EncodeArray(mid, src); err == nil {
				err = u.b.EncodeArray(enc, mid)
			}
		default:
			if err = u.b.DecodeArray(mid, enc); err == nil {
				err = u.a.DecodeArray(dec, mid)
			}
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChainFloat64ToUint8EncodeFused(b *testing.B)   { benchChain(b, 0, true, false) }
func BenchmarkChainFloat64ToUint8EncodeUnfused(b *testing.B) { benchChain(b, 0, false, false) }
func BenchmarkChainFloat64ToUint8DecodeFused(b *testing.B)   { benchChain(b, 0, true, true) }
func BenchmarkChainFloat64ToUint8DecodeUnfused(b *testing.B) { benchChain(b, 0, false, true) }
func BenchmarkChainFloat32ToInt16EncodeFused(b *testing.B)   { benchChain(b, 1, true, false) }
func BenchmarkChainFloat32ToInt16EncodeUnfused(b *testing.B) { benchChain(b, 1, false, false) }
func BenchmarkChainFloat32ToInt16DecodeFused(b *testing.B)   { benchChain(b, 1, true, true) }
func BenchmarkChainFloat32ToInt16DecodeUnfused(b *testing.B) { benchChain(b, 1, false, true) }

func BenchmarkChainFloat32ToFloat8E4M3EncodeFused(b *testing.B)   { benchChain(b, 2, true, false) }
func BenchmarkChainFloat32ToFloat8E4M3EncodeUnfused(b *testing.B) { benchChain(b, 2, false, false) }
func BenchmarkChainFloat32ToFloat8E4M3DecodeFused(b *testing.B)   { benchChain(b, 2, true, true) }
func BenchmarkChainFloat32ToFloat8E4M3DecodeUnfused(b *testing.B) { benchChain(b, 2, false, true) }

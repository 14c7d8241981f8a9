package numcodecs

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// numcodecs.fixedscaleoffset float64 -> uint8, the configuration timed in
// numcodecs by ../../testdata/numcodecs_fso/bench_numcodecs.py.
func benchFSO(b *testing.B, decode bool) {
	c, err := parseCodec(FixedScaleOffsetName, `{"offset": 252, "scale": 4, "dtype": "<f8", "astype": "|u1"}`)
	if err != nil {
		b.Fatal(err)
	}
	src := testvec.Temperatures(numeric.Float64, 1<<20)
	n := len(src) / 8
	bc, err := c.ResolveArray(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{n}, FillValue: numeric.FloatScalar(numeric.Float64, 252)})
	if err != nil {
		b.Fatal(err)
	}
	enc := make([]byte, n)
	dec := make([]byte, len(src))
	if err := bc.EncodeArray(enc, src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if decode {
			err = bc.DecodeArray(dec, enc)
		} else {
			err = bc.EncodeArray(enc, src)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFixedScaleOffsetFloat64ToUint8Encode(b *testing.B) { benchFSO(b, false) }
func BenchmarkFixedScaleOffsetFloat64ToUint8Decode(b *testing.B) { benchFSO(b, true) }

// BenchmarkCopy is copy() of the 1 MiB the filter benchmarks process: the
// ratio to it says how far from memory speed a filter runs.
func BenchmarkCopy(b *testing.B) {
	src := testvec.Temperatures(numeric.Float32, 1<<20)
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		copy(dst, src)
	}
}

// benchFilter times one filter on a 1 MiB chunk of temperatures of type dt
// (counts of type dt for integer types, bools for packbits).
func benchFilter(b *testing.B, entry string, dt numeric.DataType, decode bool) {
	cc, _, err := registry.Default().ParseCodec([]byte(entry), "/codecs/0")
	if err != nil {
		b.Fatal(err)
	}
	var src []byte
	switch {
	case dt.IsFloat():
		src = testvec.Temperatures(dt, 1<<20)
	default:
		src = make([]byte, 1<<20)
		for i := range src {
			src[i] = byte(i * i >> 7) // slowly varying, all bool bytes valid below
		}
		if dt == numeric.Bool {
			for i := range src {
				src[i] &= 1
			}
		}
	}
	n := len(src) / dt.Size()
	bc, err := cc.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: numeric.Zero(dt)})
	if err != nil {
		b.Fatal(err)
	}
	enc := make([]byte, bc.Encoded().Size())
	dec := make([]byte, len(src))
	if err := bc.EncodeArray(enc, src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if decode {
			err = bc.DecodeArray(dec, enc)
		} else {
			err = bc.EncodeArray(enc, src)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeltaInt32Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.delta", "configuration": {"dtype": "<i4"}}`, numeric.Int32, false)
}
func BenchmarkDeltaInt32Decode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.delta", "configuration": {"dtype": "<i4"}}`, numeric.Int32, true)
}
func BenchmarkDeltaFloat32Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.delta", "configuration": {"dtype": "<f4"}}`, numeric.Float32, false)
}
func BenchmarkBitRoundFloat32Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.bitround", "configuration": {"keepbits": 10}}`, numeric.Float32, false)
}
func BenchmarkQuantizeFloat32Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.quantize", "configuration": {"digits": 2, "dtype": "<f4"}}`, numeric.Float32, false)
}
func BenchmarkQuantizeFloat64Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.quantize", "configuration": {"digits": 2, "dtype": "<f8"}}`, numeric.Float64, false)
}
func BenchmarkPackBitsEncode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.packbits", "configuration": {}}`, numeric.Bool, false)
}
func BenchmarkPackBitsDecode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.packbits", "configuration": {}}`, numeric.Bool, true)
}
func BenchmarkAsTypeFloat64ToFloat32Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.astype", "configuration": {"encode_dtype": "<f4", "decode_dtype": "<f8"}}`, numeric.Float64, false)
}
func BenchmarkAsTypeFloat64ToFloat32Decode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.astype", "configuration": {"encode_dtype": "<f4", "decode_dtype": "<f8"}}`, numeric.Float64, true)
}
func BenchmarkAsTypeFloat32ToInt16Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.astype", "configuration": {"encode_dtype": "<i2", "decode_dtype": "<f4"}}`, numeric.Float32, false)
}
func BenchmarkAsTypeInt32ToUint8Encode(b *testing.B) {
	benchFilter(b, `{"name": "numcodecs.astype", "configuration": {"encode_dtype": "|u1", "decode_dtype": "<i4"}}`, numeric.Int32, false)
}

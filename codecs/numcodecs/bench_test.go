package numcodecs

import (
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
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

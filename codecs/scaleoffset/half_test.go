package scaleoffset

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// Every finite float16 and bfloat16 value, encoded and decoded with scales
// whose quotients are inexact in float64, against exact rational
// arithmetic: the 16-bit arithmetic (including division) rounds once.
func TestHalfExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive")
	}
	params := [][2]float64{{0.1, 3}, {1000, 1.0 / 3}}
	for _, dt := range []numeric.DataType{numeric.Float16, numeric.BFloat16} {
		for _, p := range params {
			t.Run(fmt.Sprintf("%v/off%v_scale%v", dt, p[0], p[1]), func(t *testing.T) {
				t.Parallel()
				off, scale := numeric.FloatScalar(dt, p[0]), numeric.FloatScalar(dt, p[1])
				c, err := New(off, scale)
				if err != nil {
					t.Fatal(err)
				}
				bb, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{1}, FillValue: off})
				if err != nil {
					t.Fatal(err)
				}
				b := bb.(*bound)
				o, s := off.Float64(), scale.Float64()
				for bits := range uint64(1 << 16) {
					xs := numeric.ScalarFromBits(dt, bits, 0)
					x := xs.Float64()
					if math.IsInf(x, 0) || math.IsNaN(x) {
						continue
					}
					check := func(decode bool, want float64) {
						got, err := b.scalar(xs, decode)
						if math.IsInf(want, 0) {
							if err == nil {
								t.Fatalf("%v off %v scale %v decode=%v: %v gives %v, want an overflow error", dt, off, scale, decode, xs, got)
							}
							return
						}
						if w := numeric.FloatScalar(dt, want); err != nil || got != w {
							t.Fatalf("%v off %v scale %v decode=%v: %v gives %v (%v), want %v", dt, off, scale, decode, xs, got, err, w)
						}
					}
					want := refOp('-', x, o, dt)
					if !math.IsInf(want, 0) {
						want = refOp('*', want, s, dt)
					}
					check(false, want)
					want = refOp('/', x, s, dt)
					if !math.IsInf(want, 0) {
						want = refOp('+', want, o, dt)
					}
					check(true, want)
				}
			})
		}
	}
}

// zarr-python: float64 arange(100) * 0.1 through scale_offset (scale 10)
// and cast_value int16 (nearest-even, clamp) round-trips to one decimal.
func TestSpecRow32RoundTrip(t *testing.T) {
	chain := []codec.Codec{mustCodec(t, `{"offset": 0, "scale": 10}`),
		parseCast(t, `{"data_type": "int16", "rounding": "nearest-even", "out_of_range": "clamp"}`),
		&bytescodec.Codec{Endian: numeric.LittleEndian}}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{100}, FillValue: numeric.Zero(numeric.Float64)}, chain, nil)
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, 100)
	for i := range x {
		x[i] = float64(i) * 0.1
	}
	enc, err := codec.AppendEncodeSlice(p, nil, x)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if v := int16(enc[2*i]) | int16(enc[2*i+1])<<8; v != int16(i) {
			t.Fatalf("element %d stored as %d, want %d", i, v, i)
		}
	}
	back := make([]float64, 100)
	if err := codec.DecodeSlice(p, back, enc); err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if math.Abs(back[i]-x[i]) > 1e-9 || back[i] != float64(i)/10 {
			t.Fatalf("element %d: %v, want %v", i, back[i], x[i])
		}
	}
}

func TestRintSmall(t *testing.T) {
	for _, x := range []float64{0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 4503599627370495.5, -4503599627370495.5,
		1<<51 - 0.5, -(1<<51 - 0.5), 2251799813685247.5, 1e-300, -1e-300} {
		if math.Abs(x) < 1<<51 && elements.RintSmall(x) != math.RoundToEven(x) {
			t.Errorf("elements.RintSmall(%v) = %v, want %v", x, elements.RintSmall(x), math.RoundToEven(x))
		}
	}
	for _, x := range []float64{1 << 51, -(1 << 51), 1<<51 + 0.5, 1e300, -1e300, 1 << 62, math.MaxFloat64, -math.MaxFloat64} {
		if r := elements.RintSmall(x); math.Abs(r) < 1<<50 {
			t.Errorf("elements.RintSmall(%v) = %v, want a magnitude of at least 2^50", x, r)
		}
	}
	if !math.IsNaN(elements.RintSmall(math.NaN())) || !math.IsInf(elements.RintSmall(math.Inf(-1)), -1) || !math.IsInf(elements.RintSmall(math.Inf(1)), 1) {
		t.Error("rintSmall of NaN or infinity")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		x := (r.Float64()*2 - 1) * math.Ldexp(1, r.IntN(52))
		if elements.RintSmall(x) != math.RoundToEven(x) {
			t.Fatalf("elements.RintSmall(%v) = %v, want %v", x, elements.RintSmall(x), math.RoundToEven(x))
		}
	}
}

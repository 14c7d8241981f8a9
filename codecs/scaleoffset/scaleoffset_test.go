package scaleoffset

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

func spec(dt numeric.DataType, n int, fill numeric.Scalar) codec.ChunkSpec {
	if !fill.Valid() {
		fill = numeric.Zero(dt)
	}
	return codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: fill}
}

// elems encodes values (int64, uint64 or float64 Go values, or Scalars) as
// little-endian elements of dt.
func elems(t testing.TB, dt numeric.DataType, values ...any) []byte {
	t.Helper()
	var b []byte
	for _, v := range values {
		var s numeric.Scalar
		var err error
		switch v := v.(type) {
		case int64:
			s, err = numeric.IntScalar(dt, v)
		case int:
			s, err = numeric.IntScalar(dt, int64(v))
		case uint64:
			s, err = numeric.UintScalar(dt, v)
		case float64:
			if dt.IsInteger() {
				t.Fatalf("float %v for %v", v, dt)
			}
			s = numeric.FloatScalar(dt, v)
		case numeric.Scalar:
			s = v
		}
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, s.Bytes()...)
	}
	return b
}

func resolve(t testing.TB, config string, dt numeric.DataType, n int) codec.BoundArrayToArray {
	t.Helper()
	return resolveFill(t, config, dt, n, numeric.Scalar{})
}

func resolveFill(t testing.TB, config string, dt numeric.DataType, n int, fill numeric.Scalar) codec.BoundArrayToArray {
	t.Helper()
	b, err := mustCodec(t, config).ResolveArray(spec(dt, n, fill))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestConfigErrors(t *testing.T) {
	factory := []struct{ config, want string }{
		{`{"scale": 0}`, "zero"},
		{`{"scale": -0.0}`, "zero"},
		{`{"scale": 0e10}`, "zero"},
		{`{"scale": "0x0000000000000000"}`, "zero"},
		{`{"scale": "0x8000000000000000"}`, "zero"},
		{`{"scale": "0x80000000"}`, "zero"},
		{`{"scale": "0x0000"}`, "zero"},
		{`{"scale": true}`, "want a number"},
		{`{"offset": [1]}`, "want a number"},
		{`{"offset": null}`, "want a number"},
		{`{"offset": 1, "factor": 2}`, `unknown configuration key "factor"`},
		{`[1]`, "must be a JSON object"},
	}
	for _, tc := range factory {
		_, err := parseCodec(Name, tc.config)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s: error %v, want one containing %q", tc.config, err, tc.want)
		}
	}
	resolution := []struct {
		config string
		dt     numeric.DataType
		want   string
	}{
		{`{"scale": 0.1}`, numeric.Int32, "fraction"},
		{`{"offset": -1}`, numeric.Uint8, "out of range"},
		{`{"offset": 256}`, numeric.Uint8, "out of range"},
		{`{"offset": "NaN"}`, numeric.Int16, "want a JSON integer"},
		{`{"offset": 1.5}`, numeric.Int32, "fraction"},
		{`{"scale": 1e-400}`, numeric.Float64, "zero"},
		{`{"scale": 1e-50}`, numeric.Float32, "zero"},
		{`{"scale": 1e-8}`, numeric.Float16, "zero"},
		{`{"scale": "0x3f800000"}`, numeric.Float64, "hex needs exactly 16 digits"},
		{`{"offset": 1e39}`, numeric.Float32, "out of range"},
		{`{"offset": 1}`, numeric.Bool, "not supported"},
		{`{"offset": 1}`, numeric.Complex64, "not supported"},
		{``, numeric.Complex128, "not supported"},
	}
	for _, tc := range resolution {
		c := mustCodec(t, tc.config)
		_, err := c.ResolveArray(spec(tc.dt, 4, numeric.Scalar{}))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s on %v: error %v, want one containing %q", tc.config, tc.dt, err, tc.want)
		}
	}
}

func TestMarshalJSON(t *testing.T) {
	for config, want := range map[string]string{
		``:                                    `{"name":"scale_offset"}`,
		`{}`:                                  `{"name":"scale_offset"}`,
		`{"offset": 5, "scale": 0.1}`:         `{"name":"scale_offset","configuration":{"offset":5,"scale":0.1}}`,
		`{"scale": "0x3dcccccd"}`:             `{"name":"scale_offset","configuration":{"scale":"0x3dcccccd"}}`,
		`{"offset" : -10 , "scale" : "NaN" }`: `{"name":"scale_offset","configuration":{"offset":-10,"scale":"NaN"}}`,
	} {
		got, err := mustCodec(t, config).(*Codec).MarshalJSON()
		if err != nil || string(got) != want {
			t.Errorf("%s: MarshalJSON = %s, %v; want %s", config, got, err, want)
		}
	}
	c, err := New(numeric.FloatScalar(numeric.Float64, 5), numeric.FloatScalar(numeric.Float64, 0.1))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := c.MarshalJSON(); string(got) != `{"name":"scale_offset","configuration":{"offset":5,"scale":0.1}}` {
		t.Errorf("New: %s", got)
	}
	// float64 scalars serve an int32 array when they are integers
	_, err = c.ResolveArray(spec(numeric.Int32, 1, numeric.Scalar{}))
	if err == nil || !strings.Contains(err.Error(), "scale") {
		t.Errorf("New(5, 0.1) on int32: %v, want a scale error", err)
	}
	c, _ = New(numeric.FloatScalar(numeric.Float64, 5), numeric.FloatScalar(numeric.Float64, 3))
	if b, err := c.ResolveArray(spec(numeric.Int32, 1, numeric.Scalar{})); err != nil || b.Encoded().FillValue.String() != "-15" {
		t.Errorf("New(5, 3) on int32: %v, %v", b, err)
	}
	if _, err := New(numeric.Scalar{}, numeric.Zero(numeric.Int8)); err == nil {
		t.Error("New with a zero scale: no error")
	}
}

// Examples from the specification and from zarr-python's tests (rows 25-31
// of the project's spec anchors).
func TestSpecVectors(t *testing.T) {
	tests := []struct {
		name   string
		config string
		dt     numeric.DataType
		in     []any
		out    []any // nil: encoding fails at element errIndex
		errIdx int
	}{
		{"uint16 offset 1000", `{"offset": 1000}`, numeric.Uint16, []any{1000, 1100, 1200, 1255}, []any{0, 100, 200, 255}, 0},
		{"int8 scale 100 overflows", `{"scale": 100}`, numeric.Int8, []any{0, 1, 2}, nil, 2},
		{"uint8 negative intermediate", `{"offset": 10}`, numeric.Uint8, []any{10, 5, 20}, nil, 1},
		{"float64 NaN and Inf propagate", `{"offset": 0, "scale": 2}`, numeric.Float64,
			[]any{1.0, math.NaN(), math.Inf(1), math.Inf(-1)}, []any{2.0, math.NaN(), math.Inf(1), math.Inf(-1)}, 0},
		{"uint64 identity", ``, numeric.Uint64, []any{uint64(0), uint64(1 << 63), uint64(math.MaxUint64)}, []any{uint64(0), uint64(1 << 63), uint64(math.MaxUint64)}, 0},
		{"float64 spec example", `{"offset": -10, "scale": 0.1}`, numeric.Float64, []any{-10.0, 0.0, 2530.0}, []any{0.0, 1.0, 254.0}, 0},
		{"float32 overflow", `{"scale": 1e30}`, numeric.Float32, []any{1.0, 1e9, math.Inf(1)}, nil, 1},
		{"int64 overflow", `{"offset": -9223372036854775808}`, numeric.Int64, []any{-1, 0}, nil, 1},
		{"int64 product overflow", `{"scale": 3037000500}`, numeric.Int64, []any{int64(3037000499), int64(3037000500)}, nil, 1},
		{"uint64 product overflow", `{"scale": 4294967296}`, numeric.Uint64, []any{uint64(4294967295), uint64(4294967296)}, nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := elems(t, tc.dt, tc.in...)
			b := resolveFill(t, tc.config, tc.dt, len(tc.in), elements.ScalarAt(tc.dt, src, 0))
			dst := make([]byte, len(src))
			err := b.EncodeArray(dst, src)
			if tc.out == nil {
				var ee *codec.ElementError
				if !errors.As(err, &ee) || ee.Index != tc.errIdx || ee.Decode || !errors.Is(err, ErrValue) {
					t.Fatalf("EncodeArray error %v, want a *codec.ElementError at element %d", err, tc.errIdx)
				}
				t.Log(err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := elems(t, tc.dt, tc.out...)
			if !sameValues(tc.dt, dst, want) {
				t.Fatalf("encoded %x, want %x", dst, want)
			}
			back := make([]byte, len(src))
			if err := b.DecodeArray(back, dst); err != nil {
				t.Fatal(err)
			}
			if !sameValues(tc.dt, back, src) {
				t.Fatalf("decoded %x, want %x", back, src)
			}
		})
	}
}

// sameValues compares elements numerically (any NaN equals any NaN).
func sameValues(dt numeric.DataType, a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a)/dt.Size(); i++ {
		if !elements.ScalarAt(dt, a, i).Equal(elements.ScalarAt(dt, b, i)) {
			return false
		}
	}
	return true
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		config string
		dt     numeric.DataType
		in     []any
		idx    int
		want   string
	}{
		{`{"scale": 2}`, numeric.Int8, []any{2, 3, 4}, 1, "3 / 2 is not exact (remainder 1)"},
		{`{"offset": 100}`, numeric.Int8, []any{0, 50, 100}, 1, "50 / 1 + 100 = 150 is out of range for int8"},
		{`{"scale": -1}`, numeric.Int32, []any{1, math.MinInt32}, 1, "-2147483648 / -1 = 2147483648 is out of range"},
		{`{"scale": -1}`, numeric.Int64, []any{1, int64(math.MinInt64)}, 1, "out of range"},
		{`{"offset": 18446744073709551615}`, numeric.Uint64, []any{uint64(0), uint64(1)}, 1, "out of range"},
		{`{"scale": 1e-30}`, numeric.Float32, []any{1.0, 1e10}, 1, "not finite in float32"},
		{`{"scale": 0.001}`, numeric.Float16, []any{1.0, 100.0}, 1, "not finite in float16"},
	}
	for _, tc := range tests {
		src := elems(t, tc.dt, tc.in...)
		fill := numeric.Zero(tc.dt)
		if tc.dt == numeric.Uint64 {
			fill = numeric.ScalarFromBits(tc.dt, math.MaxUint64, 0)
		}
		b := resolveFill(t, tc.config, tc.dt, len(tc.in), fill)
		err := b.DecodeArray(make([]byte, len(src)), src)
		var ee *codec.ElementError
		if !errors.As(err, &ee) || ee.Index != tc.idx || !ee.Decode || !errors.Is(err, codec.ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s on %v: DecodeArray error %v, want element %d: %q", tc.config, tc.dt, err, tc.idx, tc.want)
		}
	}
}

// Without parameters the codec copies bits: -0.0 and NaN payloads survive.
func TestIdentityIsBitExact(t *testing.T) {
	for _, config := range []string{``, `{}`} {
		b := resolve(t, config, numeric.Float64, 3)
		src := elems(t, numeric.Float64, math.Copysign(0, -1), math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff8000000000123))
		dst := make([]byte, len(src))
		back := make([]byte, len(src))
		if err := b.EncodeArray(dst, src); err != nil || !bytes.Equal(dst, src) {
			t.Fatalf("%q: encode %x, %v", config, dst, err)
		}
		if err := b.DecodeArray(back, dst); err != nil || !bytes.Equal(back, src) {
			t.Fatalf("%q: decode %x, %v", config, back, err)
		}
	}
	// an absent offset is not added back as +0, which would turn -0 into +0
	b := resolve(t, `{"scale": 2}`, numeric.Float32, 1)
	negZero := elems(t, numeric.Float32, math.Copysign(0, -1))
	out := make([]byte, 4)
	if err := b.DecodeArray(out, negZero); err != nil || !bytes.Equal(out, negZero) {
		t.Errorf("decode -0 with scale 2: %x, %v", out, err)
	}
}

func TestFillValue(t *testing.T) {
	// zarr-python: float64 fill 10.0 with offset 5, scale 2 encodes to 10.0
	c := mustCodec(t, `{"offset": 5, "scale": 2}`)
	b, err := c.ResolveArray(spec(numeric.Float64, 4, numeric.FloatScalar(numeric.Float64, 10)))
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Encoded().FillValue; got != numeric.FloatScalar(numeric.Float64, 10) {
		t.Errorf("encoded fill %v, want 10", got)
	}
	// spec example: NaN fill stays NaN
	c = mustCodec(t, `{"offset": -10, "scale": 0.1}`)
	b, err = c.ResolveArray(spec(numeric.Float64, 4, numeric.FloatScalar(numeric.Float64, math.NaN())))
	if err != nil || !b.Encoded().FillValue.IsNaN() {
		t.Errorf("NaN fill: %v, %v", b, err)
	}
	// uint16 offset 1000: fill 1100 -> 100; fill 0 cannot be encoded
	c = mustCodec(t, `{"offset": 1000}`)
	fill, _ := numeric.IntScalar(numeric.Uint16, 1100)
	b, err = c.ResolveArray(spec(numeric.Uint16, 4, fill))
	if err != nil || b.Encoded().FillValue.String() != "100" {
		t.Errorf("uint16 fill 1100: %v, %v", b, err)
	}
	_, err = c.ResolveArray(spec(numeric.Uint16, 4, numeric.Zero(numeric.Uint16)))
	var ee *codec.ElementError
	if !errors.Is(err, codec.ErrConfig) || !errors.As(err, &ee) || ee.Index != -1 {
		t.Errorf("uint16 fill 0 with offset 1000: error %v", err)
	}
	// the pipeline checks the round trip: 0.1 -> (0.1-0)*3 -> /3 is not 0.1 in float64? check both ways
	p, err := codec.NewPipeline(spec(numeric.Float64, 4, numeric.FloatScalar(numeric.Float64, 0.1)),
		[]codec.Codec{mustCodec(t, `{"scale": 3}`), &bytescodec.Codec{Endian: numeric.LittleEndian}}, nil)
	want := refOp('/', refOp('*', 0.1, 3, numeric.Float64), 3, numeric.Float64) == 0.1
	if (err == nil) != want {
		t.Errorf("pipeline with fill 0.1, scale 3: %v (round trip exact: %v)", err, want)
	}
	if err == nil && p.Steps()[0].Encoded.FillValue.String() != "0.30000000000000004" {
		t.Errorf("encoded fill %v", p.Steps()[0].Encoded.FillValue)
	}
}

// Float arithmetic against exact rational arithmetic: two correctly rounded
// steps, each in the data type, for random values, offsets and scales.
func TestFloatArithmeticAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	types := []numeric.DataType{numeric.Float16, numeric.BFloat16, numeric.Float32, numeric.Float64}
	n := 64
	rounds := 300
	if testing.Short() {
		rounds = 30
	}
	for _, dt := range types {
		for range rounds {
			off := randFloat(r, dt)
			scale := randFloat(r, dt)
			if scale == 0 {
				continue
			}
			c, err := New(numeric.FloatScalar(dt, off), numeric.FloatScalar(dt, scale))
			if err != nil {
				t.Fatal(err)
			}
			b, err := c.ResolveArray(spec(dt, n, numeric.FloatScalar(dt, off)))
			if err != nil {
				t.Fatal(err)
			}
			in := make([]any, n)
			for i := range in {
				in[i] = randFloat(r, dt)
			}
			src := elems(t, dt, in...)
			checkOne := func(decode bool) {
				dst := make([]byte, len(src))
				var err error
				if decode {
					err = b.DecodeArray(dst, src)
				} else {
					err = b.EncodeArray(dst, src)
				}
				for i := range n {
					x := in[i].(float64)
					var want float64
					if decode {
						want = refOp('/', x, scale, dt)
						if !math.IsInf(want, 0) {
							want = refOp('+', want, off, dt)
						}
					} else {
						t1 := refOp('-', x, off, dt)
						want = t1
						if !math.IsInf(t1, 0) {
							want = refOp('*', t1, scale, dt)
						}
					}
					if math.IsInf(want, 0) {
						var ee *codec.ElementError
						if !errors.As(err, &ee) || ee.Index != i {
							t.Fatalf("%v off %v scale %v decode=%v: element %d (%v) overflows; error %v", dt, off, scale, decode, i, x, err)
						}
						return
					}
					got := elements.ScalarAt(dt, dst, i)
					if w := numeric.FloatScalar(dt, want); got != w {
						t.Fatalf("%v off %v scale %v decode=%v: element %d (%v) gives %v, want %v", dt, off, scale, decode, i, x, got, w)
					}
				}
				if err != nil {
					t.Fatalf("%v: unexpected error %v", dt, err)
				}
			}
			checkOne(false)
			checkOne(true)
		}
	}
}

// randFloat returns a finite value of dt: mostly ordinary magnitudes, with
// subnormals, huge values and signed zeros mixed in.
func randFloat(r *rand.Rand, dt numeric.DataType) float64 {
	var bits uint64
	switch r.IntN(8) {
	case 0:
		return math.Copysign(0, float64(r.IntN(2)*2-1))
	case 1, 2: // any finite bit pattern
		for {
			bits = r.Uint64() & (1<<dt.Bits() - 1)
			if v := numeric.WidenFloat(bits, dt); !math.IsInf(v, 0) && !math.IsNaN(v) {
				return v
			}
		}
	}
	v := (r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(7)-3))
	return numeric.FloatScalar(dt, v).Float64()
}

// Every int8 and uint8 value, for a grid of offsets and scales, against
// big.Int.
func TestIntArithmeticExhaustive8(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Int8, numeric.Uint8} {
		lo, hi, _ := dt.IntRange()
		var all []any
		for v := lo; v <= int64(hi); v++ {
			all = append(all, int(v))
		}
		for _, off := range []int64{lo, -3, -1, 0, 1, 7, 100, int64(hi)} {
			for _, scale := range []int64{lo, -2, -1, 1, 2, 3, 64, int64(hi)} {
				if off < lo || scale < lo || scale == 0 {
					continue
				}
				so, _ := numeric.IntScalar(dt, off)
				ss, _ := numeric.IntScalar(dt, scale)
				c, err := New(so, ss)
				if err != nil {
					t.Fatal(err)
				}
				b, err := c.ResolveArray(spec(dt, 1, so))
				if err != nil {
					t.Fatal(err)
				}
				for _, x := range all {
					src := elems(t, dt, x)
					dst := make([]byte, 1)
					in := func(v *big.Int) bool { return v.Cmp(big.NewInt(lo)) >= 0 && v.Cmp(big.NewInt(int64(hi))) <= 0 }
					d := new(big.Int).Sub(big.NewInt(int64(x.(int))), big.NewInt(off))
					p := new(big.Int).Mul(d, big.NewInt(scale))
					err := b.EncodeArray(dst, src)
					if ok := in(d) && in(p); ok != (err == nil) || ok && int64(elements.ScalarAt(dt, dst, 0).Float64()) != p.Int64() {
						t.Fatalf("%v encode %d off %d scale %d: %x, %v; want %v (ok %v)", dt, x, off, scale, dst, err, p, ok)
					}
					q, rem := new(big.Int).QuoRem(big.NewInt(int64(x.(int))), big.NewInt(scale), new(big.Int))
					s := new(big.Int).Add(q, big.NewInt(off))
					err = b.DecodeArray(dst, src)
					if ok := rem.Sign() == 0 && in(q) && in(s); ok != (err == nil) || ok && int64(elements.ScalarAt(dt, dst, 0).Float64()) != s.Int64() {
						t.Fatalf("%v decode %d off %d scale %d: %x, %v; want %v (ok %v)", dt, x, off, scale, dst, err, s, ok)
					}
				}
			}
		}
	}
}

// Buffers that cannot be viewed as typed slices (unaligned here, big-endian
// hosts in general) go through the copying path and give the same bytes.
func TestUnalignedBuffers(t *testing.T) {
	for _, dt := range []numeric.DataType{numeric.Int16, numeric.Uint32, numeric.Int64, numeric.Float32, numeric.Float64, numeric.BFloat16} {
		var src []byte
		if dt.IsFloat() {
			src = elems(t, dt, 3.0, 4.0, 5.0, 6.5, 7.0)
		} else {
			src = elems(t, dt, 3, 4, 5, 6, 7)
		}
		b := resolveFill(t, `{"offset": 3, "scale": 2}`, dt, 5, elements.ScalarAt(dt, src, 0))
		want := make([]byte, len(src))
		if err := b.EncodeArray(want, src); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 2*len(src)+2)
		usrc, udst := buf[1:1+len(src)], buf[1+len(src):1+2*len(src)]
		copy(usrc, src)
		if err := b.EncodeArray(udst, usrc); err != nil || !bytes.Equal(udst, want) {
			t.Errorf("%v unaligned encode: %x, %v; want %x", dt, udst, err, want)
		}
		if err := b.DecodeArray(usrc, udst); err != nil || !bytes.Equal(usrc, src) {
			t.Errorf("%v unaligned decode: %x, %v; want %x", dt, usrc, err, src)
		}
	}
}

func TestSizeErrors(t *testing.T) {
	b := resolve(t, `{"scale": 2}`, numeric.Int16, 4)
	if err := b.EncodeArray(make([]byte, 8), make([]byte, 7)); !errors.Is(err, codec.ErrSize) {
		t.Errorf("short src: %v", err)
	}
	if err := b.DecodeArray(make([]byte, 9), make([]byte, 8)); !errors.Is(err, codec.ErrSize) {
		t.Errorf("long dst: %v", err)
	}
	if _, err := b.DecodeFill(numeric.Zero(numeric.Int8)); err == nil {
		t.Error("DecodeFill of the wrong type: no error")
	}
}

// Float parameters accept the fill-value strings: hex of the type's width,
// "NaN" and the infinities (which make every finite element an error).
func TestFloatParameterStrings(t *testing.T) {
	b := resolve(t, `{"offset": "0x40a00000", "scale": "0x3dcccccd"}`, numeric.Float32, 2) // 5, 0.1f
	src := elems(t, numeric.Float32, 15.0, 5.0)
	dst := make([]byte, len(src))
	if err := b.EncodeArray(dst, src); err != nil {
		t.Fatal(err)
	}
	want := float32(float32(15-5) * float32(0.1))
	if got := elements.ScalarAt(numeric.Float32, dst, 0); got != numeric.FloatScalar(numeric.Float32, float64(want)) {
		t.Errorf("(15 - 5) * 0.1f = %v, want %v", got, want)
	}
	nan, _ := numeric.ParseFillValue(numeric.Float64, []byte(`"NaN"`))
	b = resolveFill(t, `{"offset": "Infinity"}`, numeric.Float64, 2, nan)
	src = elems(t, numeric.Float64, math.Inf(1), 1.0)
	err := b.EncodeArray(make([]byte, len(src)), src)
	var ee *codec.ElementError
	if !errors.As(err, &ee) || ee.Index != 1 {
		t.Errorf("offset Infinity: %v, want an error at element 1 (Inf - Inf = NaN propagates at 0)", err)
	}
}

// Decision D18: with only one of offset and scale, the absent one is
// skipped, so -0.0 survives every operation that keeps it. With only a
// scale, -0.0 encodes and decodes to -0.0 in every float type (an offset
// applied as 0 would add +0 on decoding and give +0.0). With only an
// offset of 0, encoding keeps -0.0 (-0 - 0 is -0) and decoding gives +0.0,
// as IEEE's -0 + 0 does.
func TestOneParameterKeepsNegativeZero(t *testing.T) {
	floats := []numeric.DataType{numeric.Float16, numeric.BFloat16, numeric.Float32, numeric.Float64}
	for _, dt := range floats {
		negZero := numeric.FloatScalar(dt, math.Copysign(0, -1)).Bytes()
		posZero := numeric.FloatScalar(dt, 0).Bytes()
		for _, tc := range []struct {
			config   string
			enc, dec []byte
		}{
			{`{"scale": 2}`, negZero, negZero},
			{`{"scale": 0.5}`, negZero, negZero},
			{`{"offset": 0}`, negZero, posZero},
		} {
			n := 64 // several vector groups in SIMD builds
			src := bytes.Repeat(negZero, n)
			b := resolve(t, tc.config, dt, n)
			enc := make([]byte, len(src))
			if err := b.EncodeArray(enc, src); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(enc, bytes.Repeat(tc.enc, n)) {
				t.Errorf("%v %s: -0 encodes to %x", dt, tc.config, enc[:dt.Size()])
			}
			dec := make([]byte, len(src))
			if err := b.DecodeArray(dec, src); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dec, bytes.Repeat(tc.dec, n)) {
				t.Errorf("%v %s: -0 decodes to %x", dt, tc.config, dec[:dt.Size()])
			}
		}
	}
}

// The fused scale_offset + cast_value pass keeps -0.0 as the two codecs do
// when only a scale is given.
func TestFusedOneParameterKeepsNegativeZero(t *testing.T) {
	n := 64
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{n}, FillValue: numeric.Zero(numeric.Float64)}
	f, _ := resolvePair(t, `{"scale": 2}`, `{"data_type": "float32"}`, spec)
	src := bytes.Repeat(numeric.FloatScalar(numeric.Float64, math.Copysign(0, -1)).Bytes(), n)
	enc := make([]byte, 4*n)
	if err := f.EncodeArray(enc, src); err != nil || !bytes.Equal(enc, bytes.Repeat([]byte{0, 0, 0, 0x80}, n)) {
		t.Errorf("encode: %x, %v", enc[:4], err)
	}
	dec := make([]byte, len(src))
	if err := f.DecodeArray(dec, enc); err != nil || !bytes.Equal(dec, src) {
		t.Errorf("decode: %x, %v", dec[:8], err)
	}
}

// Decision D20's example: float32 arithmetic decodes -27313 with offset
// 273.15 and scale 100 to 0.019989014, while the float64 reading (zarrita's)
// is the exact -27313 / 100 + 273.15 rounded once to float32, 0.02.
func TestFloat32ArithmeticExample(t *testing.T) {
	b := resolve(t, `{"offset": 273.15, "scale": 100}`, numeric.Float32, 1)
	dst := make([]byte, 4)
	if err := b.DecodeArray(dst, elems(t, numeric.Float32, -27313.0)); err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint32(dst); got != 0x3ca3c000 {
		t.Errorf("decoded %#x, want 0x3ca3c000 (0.019989014)", got)
	}
	exact := new(big.Rat).Add(new(big.Rat).Quo(big.NewRat(-27313, 1), big.NewRat(100, 1)), rat(273.15))
	f64, _ := exact.Float64()
	if got := math.Float32bits(float32(f64)); got != 0x3ca3d70a {
		t.Errorf("float64 reading %#x, want 0x3ca3d70a (0.02)", got)
	}
}

package numcodecs

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func TestFilterConfigErrors(t *testing.T) {
	bad := []struct{ name, config, want string }{
		{DeltaName, `{}`, `missing required key "dtype"`},
		{DeltaName, `{"dtype": "<U4"}`, `data type "<U4": string types (U, S, V) are not types a numcodecs filter computes in`},
		{DeltaName, `{"dtype": "<i4", "astype": 4}`, "want a string"},
		{DeltaName, `{"dtype": "<i4", "id": "delta"}`, `unknown configuration key "id"`},
		{BitRoundName, `{}`, `missing required key "keepbits"`},
		{BitRoundName, `{"keepbits": -1}`, "out of range"},
		{BitRoundName, `{"keepbits": 2.5}`, "want an integer"},
		{BitRoundName, `{"keepbits": "3"}`, "want an integer"},
		{QuantizeName, `{"dtype": "<f8"}`, `missing required key "digits"`},
		{QuantizeName, `{"digits": 2}`, `missing required key "dtype"`},
		{QuantizeName, `{"digits": 1.5, "dtype": "<f8"}`, "want an integer"},
		{QuantizeName, `{"digits": 2, "dtype": "<i4"}`, `"<i4" is int32, which numcodecs.quantize does not take`},
		{QuantizeName, `{"digits": 2, "dtype": "<f8", "astype": "<c16"}`, "does not take"},
		{QuantizeName, `{"digits": 308, "dtype": "<f8"}`, "cannot quantize to 308 digits"},
		{QuantizeName, `{"digits": -309, "dtype": "<f8"}`, "cannot quantize to -309 digits"},
		{PackBitsName, `{"bits": 8}`, `unknown configuration key "bits"`},
	}
	for _, tc := range bad {
		_, err := parseCodec(tc.name, tc.config)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s %s: error %v, want %q", tc.name, tc.config, err, tc.want)
		}
	}
	// checks that need the array's data type
	unresolvable := []struct {
		name, config string
		dt           numeric.DataType
		want         string
	}{
		{DeltaName, `{"dtype": "<i4"}`, numeric.Int64, `dtype "<i4" is int32 but the array's data type is int64`},
		{BitRoundName, `{"keepbits": 3}`, numeric.Int32, "int32 is not supported"},
		{BitRoundName, `{"keepbits": 3}`, numeric.BFloat16, "bfloat16 is not supported"},
		{BitRoundName, `{"keepbits": 11}`, numeric.Float16, "keepbits 11 is more than the 10 mantissa bits of float16"},
		{BitRoundName, `{"keepbits": 24}`, numeric.Float32, "more than the 23 mantissa bits"},
		{QuantizeName, `{"digits": 2, "dtype": "<f4"}`, numeric.Float64, "but the array's data type is float64"},
		{PackBitsName, `{}`, numeric.Uint8, "packbits packs bool arrays"},
	}
	for _, tc := range unresolvable {
		c, err := parseCodec(tc.name, tc.config)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.ResolveArray(spec(tc.dt, 3, numeric.Scalar{}))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s %s on %v: error %v, want %q", tc.name, tc.config, tc.dt, err, tc.want)
		}
	}
}

// MarshalJSON writes the configuration as numcodecs' get_config() does
// (without "id"), and the registry reads it back to an equal codec.
func TestFilterMarshalJSON(t *testing.T) {
	for _, tc := range []struct{ entry, want string }{
		{`{"name": "delta", "configuration": {"dtype": "<i2"}}`, `{"name":"numcodecs.delta","configuration":{"dtype":"<i2","astype":"<i2"}}`},
		{`{"name": "numcodecs.delta", "configuration": {"dtype": "<f8", "astype": ">f4"}}`, `{"name":"numcodecs.delta","configuration":{"dtype":"<f8","astype":">f4"}}`},
		{`{"name": "bitround", "configuration": {"keepbits": 7}}`, `{"name":"numcodecs.bitround","configuration":{"keepbits":7}}`},
		{`{"name": "quantize", "configuration": {"digits": -2, "dtype": "<f4"}}`, `{"name":"numcodecs.quantize","configuration":{"digits":-2,"dtype":"<f4","astype":"<f4"}}`},
		{`{"name": "numcodecs.packbits", "configuration": {}}`, `{"name":"numcodecs.packbits","configuration":{}}`},
	} {
		c, _, err := registry.Default().ParseCodec([]byte(tc.entry), "/codecs/0")
		if err != nil {
			t.Fatalf("%s: %v", tc.entry, err)
		}
		got, err := c.MarshalJSON()
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: MarshalJSON = %s, %v; want %s", tc.entry, got, err, tc.want)
		}
		again, _, err := registry.Default().ParseCodec(got, "/codecs/0")
		if err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		if back, _ := again.MarshalJSON(); string(back) != tc.want {
			t.Errorf("%s: written back as %s", got, back)
		}
	}
}

// A stored packbits chunk whose padding count does not match the chunk
// shape is corrupt; the padding bits themselves are ignored.
func TestPackBitsCorrupt(t *testing.T) {
	c, _ := parseCodec(PackBitsName, "")
	b, err := c.ResolveArray(spec(numeric.Bool, 10, numeric.BoolScalar(true)))
	if err != nil {
		t.Fatal(err)
	}
	if es := b.Encoded(); es.DataType != numeric.Uint8 || len(es.Shape) != 1 || es.Shape[0] != 3 || es.FillValue != numeric.ScalarOf(uint8(0xff)) {
		t.Errorf("encoded spec %v", es)
	}
	dst := make([]byte, 10)
	err = b.DecodeArray(dst, []byte{5, 0xff, 0xff})
	var ce *codec.CorruptError
	if !errors.As(err, &ce) || !errors.Is(err, codec.ErrCorrupt) || !strings.Contains(err.Error(), "5 padding bits recorded, but a chunk of 10 elements has 6") {
		t.Errorf("wrong padding count: %v", err)
	}
	if err := b.DecodeArray(dst, []byte{6, 0xff, 0xff}); err != nil || !bytes.Equal(dst, bytes.Repeat([]byte{1}, 10)) {
		t.Errorf("padding bits set: %v %v", dst, err)
	}
	for _, tc := range []struct{ dst, src int }{{10, 2}, {10, 4}, {9, 3}} {
		if err := b.DecodeArray(make([]byte, tc.dst), make([]byte, tc.src)); !errors.Is(err, codec.ErrSize) {
			t.Errorf("decode %d into %d bytes: %v", tc.src, tc.dst, err)
		}
		if err := b.EncodeArray(make([]byte, tc.src), make([]byte, tc.dst)); !errors.Is(err, codec.ErrSize) {
			t.Errorf("encode %d into %d bytes: %v", tc.dst, tc.src, err)
		}
	}
}

// Delta's first element goes through NumPy's scalar assignment: numcodecs
// cannot store NaN as a signed integer, and neither can this codec.
func TestDeltaFirstElementError(t *testing.T) {
	c, _ := parseCodec(DeltaName, `{"dtype": "<f8", "astype": "<i2"}`)
	nan, _ := numeric.ParseFillValue(numeric.Float64, []byte(`"NaN"`))
	b, err := c.ResolveArray(spec(numeric.Float64, 2, nan))
	if err != nil {
		t.Fatal(err)
	}
	// the fill value falls back to NumPy's astype of NaN
	if f := b.Encoded().FillValue; f != numeric.ScalarOf(int16(0)) {
		t.Errorf("encoded fill %v, want 0", f)
	}
	src := append(nan.Bytes(), numeric.FloatScalar(numeric.Float64, 1).Bytes()...)
	err = b.EncodeArray(make([]byte, 4), src)
	var ee *codec.ElementError
	if !errors.As(err, &ee) || ee.Index != 0 || !errors.Is(err, ErrValue) || err.Error() != `encode element 0 (value "NaN"): int() of NaN raises ValueError in NumPy` {
		t.Errorf("NaN first: %v", err)
	}
	// later NaNs are cast as astype casts them
	copy(src, numeric.FloatScalar(numeric.Float64, 3).Bytes())
	copy(src[8:], nan.Bytes())
	dst := make([]byte, 4)
	if err := b.EncodeArray(dst, src); err != nil || !bytes.Equal(dst, []byte{3, 0, 0, 0}) {
		t.Errorf("NaN second: %x, %v", dst, err)
	}
}

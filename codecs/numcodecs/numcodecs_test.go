package numcodecs

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// numcodecsCase is one vector of ../../testdata/numcodecs_fso/vectors.json,
// made by numcodecs 0.11 and NumPy 1.24 (generate.py beside it).
type numcodecsCase struct {
	Name              string          `json:"name"`
	Codec             string          `json:"codec"`
	Configuration     json.RawMessage `json:"configuration"`
	DType             string          `json:"dtype"`
	Input             string          `json:"input"`
	EncodedDType      string          `json:"encoded_dtype"`
	Encoded           string          `json:"encoded"`
	Decoded           string          `json:"decoded"`
	Fill              string          `json:"fill"`
	FillEncoded       string          `json:"fill_encoded"`
	FillDecoded       string          `json:"fill_decoded"`
	PositionDependent []int           `json:"position_dependent"`
}

const vectorsPath = "../../testdata/numcodecs_fso/vectors.json"

func loadNumcodecsCases(t testing.TB) []numcodecsCase {
	t.Helper()
	cases, err := readVectors()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no vectors")
	}
	return cases
}

var readFile = os.ReadFile

func decodeHex(s string) ([]byte, error) { return hex.DecodeString(s) }

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := decodeHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (tc numcodecsCase) entry() []byte {
	return []byte(`{"name": "` + tc.Codec + `", "configuration": ` + string(tc.Configuration) + `}`)
}

func TestNumcodecsVectors(t *testing.T) {
	for _, tc := range loadNumcodecsCases(t) {
		t.Run(tc.Name, func(t *testing.T) {
			c, _, err := registry.Default().ParseCodec(tc.entry(), "/codecs/0")
			if err != nil {
				t.Fatal(err)
			}
			dt, err := npType(tc.DType)
			if err != nil {
				t.Fatal(err)
			}
			edt, err := npType(tc.EncodedDType)
			if err != nil {
				t.Fatal(err)
			}
			in, enc, dec := unhex(t, tc.Input), unhex(t, tc.Encoded), unhex(t, tc.Decoded)
			fill, err := numeric.ScalarFromBytes(dt, unhex(t, tc.Fill))
			if err != nil {
				t.Fatal(err)
			}
			n := len(in) / dt.Size()
			b, err := c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: fill})
			if err != nil {
				t.Fatal(err)
			}
			es := b.Encoded()
			if es.DataType != edt || !bytes.Equal(es.FillValue.Bytes(), unhex(t, tc.FillEncoded)) {
				t.Errorf("encoded spec %v, want %v fill %s", es, edt, tc.FillEncoded)
			}
			gotEnc := make([]byte, len(enc))
			if err := b.EncodeArray(gotEnc, in); err != nil {
				t.Fatal(err)
			}
			compareElements(t, "encode", edt, gotEnc, enc, in, dt)
			gotDec := make([]byte, len(in))
			if err := b.DecodeArray(gotDec, enc); err != nil {
				t.Fatal(err)
			}
			compareElements(t, "decode", dt, gotDec, dec, enc, edt)
			fd, err := b.DecodeFill(es.FillValue)
			if err != nil || !bytes.Equal(fd.Bytes(), unhex(t, tc.FillDecoded)) {
				t.Errorf("DecodeFill(%v) = %v, %v; want %s", es.FillValue, fd, err, tc.FillDecoded)
			}
			// the element-by-element NumPy model agrees with the kernels
			if nb, ok := b.(*npBound); ok && (nb.encKernel != nil || nb.decKernel != nil) {
				slow := *nb
				slow.encKernel, slow.decKernel = nil, nil
				if err := slow.EncodeArray(gotEnc, in); err != nil {
					t.Fatal(err)
				}
				compareElements(t, "encode (model)", edt, gotEnc, enc, in, dt)
				if err := slow.DecodeArray(gotDec, enc); err != nil {
					t.Fatal(err)
				}
				compareElements(t, "decode (model)", dt, gotDec, dec, enc, edt)
			}
		})
	}
}

// compareElements reports every element of got that differs bitwise from
// want, with the input element that produced it.
func compareElements(t *testing.T, what string, dt numeric.DataType, got, want, in []byte, inDT numeric.DataType) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d bytes, want %d", what, len(got), len(want))
	}
	for i := 0; i < len(got)/dt.Size(); i++ {
		g, w := scalarAt(dt, got, i), scalarAt(dt, want, i)
		if g != w {
			t.Errorf("%s: element %d (input %v %v): got %v (%x), numcodecs %v (%x)", what, i, inDT, scalarAt(inDT, in, i), g, g.Bytes(), w, w.Bytes())
		}
	}
}

func TestNumcodecsConfig(t *testing.T) {
	bad := []struct{ name, config, want string }{
		{FixedScaleOffsetName, `{"offset": 0, "scale": 1}`, `missing required key "dtype"`},
		{FixedScaleOffsetName, `{"scale": 1, "dtype": "<f8"}`, `missing required key "offset"`},
		{FixedScaleOffsetName, `{"offset": 0, "scale": 0, "dtype": "<f8"}`, "zero"},
		{FixedScaleOffsetName, `{"offset": 0, "scale": 0.0, "dtype": "<f8"}`, "zero"},
		{FixedScaleOffsetName, `{"offset": 1180591620717411303424, "scale": 1, "dtype": "<f8"}`, "outside [-2^63, 2^64-1]"},
		{FixedScaleOffsetName, `{"offset": "1", "scale": 1, "dtype": "<f8"}`, "want a JSON number"},
		{FixedScaleOffsetName, `{"offset": 0, "scale": 1, "dtype": "<c8"}`, `"<c8" is complex64, which numcodecs.fixedscaleoffset does not take`},
		{FixedScaleOffsetName, `{"offset": 0, "scale": 1, "dtype": "<f8", "astype": "|b1"}`, `"|b1" is bool, which`},
		{FixedScaleOffsetName, `{"offset": 0, "scale": 1, "dtype": "<f8", "id": "fixedscaleoffset"}`, `unknown configuration key "id"`},
		{AsTypeName, `{"encode_dtype": "<f4"}`, `missing required key "decode_dtype"`},
		{AsTypeName, `{"encode_dtype": "<f4", "decode_dtype": "long"}`, `data type "long": NumPy reads it as a C long`},
	}
	for _, tc := range bad {
		_, err := parseCodec(tc.name, tc.config)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, codec.ErrConfig) {
			t.Errorf("%s %s: error %v, want %q", tc.name, tc.config, err, tc.want)
		}
	}
	// dtype must be the array's data type
	c, err := parseCodec("fixedscaleoffset", `{"offset": 0, "scale": 1, "dtype": "<f4"}`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ResolveArray(spec(numeric.Float64, 2, numeric.Scalar{})); err == nil || !errors.Is(err, codec.ErrConfig) {
		t.Errorf("dtype <f4 on a float64 array: %v", err)
	}
	c, _ = parseCodec("astype", `{"encode_dtype": "<f4", "decode_dtype": ">f8"}`)
	if _, err := c.ResolveArray(spec(numeric.Int8, 2, numeric.Scalar{})); err == nil {
		t.Error("astype decode_dtype >f8 on an int8 array: no error")
	}
	for config, want := range map[string]string{
		`{"offset": 1000, "scale": 10.0, "dtype": "<f8", "astype": "|u1"}`: `{"name":"numcodecs.fixedscaleoffset","configuration":{"offset":1000,"scale":10.0,"dtype":"<f8","astype":"|u1"}}`,
		`{"offset": -1.5, "scale": 2, "dtype": "<f4"}`:                     `{"name":"numcodecs.fixedscaleoffset","configuration":{"offset":-1.5,"scale":2,"dtype":"<f4","astype":"<f4"}}`,
	} {
		c, err := parseCodec(FixedScaleOffsetName, config)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := c.(*FixedScaleOffset).MarshalJSON(); string(got) != want {
			t.Errorf("MarshalJSON = %s, want %s", got, want)
		}
	}
	c, _ = parseCodec(AsTypeName, `{"encode_dtype": "<f4", "decode_dtype": "<f8"}`)
	if got, _ := c.(*AsType).MarshalJSON(); string(got) != `{"name":"numcodecs.astype","configuration":{"decode_dtype":"<f8","encode_dtype":"<f4"}}` {
		t.Errorf("astype MarshalJSON = %s", got)
	}
}

// The encoded fill value is what numcodecs' encode gives: 1000.5 becomes
// 5, which the pipeline checks decodes back; the usual NaN fill becomes 0
// (NumPy's cast of NaN to uint8), which decodes to 1000, not NaN. The codec
// resolves either way and declares the round trip advisory (D17), so an
// array written by numcodecs with a NaN fill opens with a warning.
func TestNumcodecsFillRoundTrip(t *testing.T) {
	c, err := parseCodec(FixedScaleOffsetName, `{"offset": 1000, "scale": 10, "dtype": "<f8", "astype": "|u1"}`)
	if err != nil {
		t.Fatal(err)
	}
	chain := []codec.Codec{c, &bytescodec.Codec{}}
	p, err := codec.NewPipeline(spec(numeric.Float64, 4, numeric.FloatScalar(numeric.Float64, 1000.5)), chain, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Steps()[0].Encoded.FillValue; got.String() != "5" || got.DataType() != numeric.Uint8 {
		t.Errorf("encoded fill %v (%v), want 5 (uint8)", got, got.DataType())
	}
	nan, _ := numeric.ParseFillValue(numeric.Float64, []byte(`"NaN"`))
	b, err := c.ResolveArray(spec(numeric.Float64, 4, nan))
	if err != nil {
		t.Fatalf("NaN fill: %v", err)
	}
	enc := b.Encoded().FillValue
	dec, err := b.DecodeFill(enc)
	if enc != numeric.ScalarOf(uint8(0)) || err != nil || dec != numeric.FloatScalar(numeric.Float64, 1000) {
		t.Errorf("NaN fill encodes to %v and decodes to %v (%v), want 0 and 1000", enc, dec, err)
	}
	// In a pipeline the failed round trip is a warning even in strict mode.
	for _, mode := range []codec.FillMode{codec.FillStrict, codec.FillWarn} {
		p, err := codec.NewPipeline(spec(numeric.Float64, 4, nan), chain, &codec.Options{FillMode: mode})
		if err != nil {
			t.Fatalf("%v: NaN fill: %v", mode, err)
		}
		w := p.Warnings()
		if len(w) != 1 || fillErr(w[0]).Index != 0 || !fillErr(w[0]).Advisory || fillErr(w[0]).Encoded.String() != "0" || fillErr(w[0]).Decoded.String() != "1000" {
			t.Errorf("%v: warnings %v, want one advisory round trip NaN -> 0 -> 1000", mode, w)
		}
		if got := p.Steps()[0].Encoded.FillValue; got != numeric.ScalarOf(uint8(0)) {
			t.Errorf("%v: encoded fill %v, want 0", mode, got)
		}
	}
	for _, name := range []string{FixedScaleOffsetName, AsTypeName, DeltaName, BitRoundName, QuantizeName, PackBitsName} {
		reg, _ := registry.Default().Lookup(name)
		c, err := reg.New(codec.EmptyConfig(name))
		if err != nil {
			// factories with required keys: build from a minimal configuration
			c, err = parseCodec(name, minimalConfig[name])
			if err != nil {
				t.Fatal(err)
			}
		}
		a, ok := c.(codec.FillRoundTripAdvisor)
		if !ok || !a.FillRoundTripAdvisory() {
			t.Errorf("%s: FillRoundTripAdvisory not true", name)
		}
	}
}

// minimalConfig is a valid configuration of each codec.
var minimalConfig = map[string]string{
	FixedScaleOffsetName: `{"offset": 0, "scale": 1, "dtype": "<f8"}`,
	AsTypeName:           `{"encode_dtype": "<f4", "decode_dtype": "<f8"}`,
	DeltaName:            `{"dtype": "<i4"}`,
	BitRoundName:         `{"keepbits": 3}`,
	QuantizeName:         `{"digits": 2, "dtype": "<f8"}`,
	PackBitsName:         `{}`,
}

// fillErr returns the *codec.FillRoundTripError of a warning, or nil.
func fillErr(w codec.Warning) *codec.FillRoundTripError {
	e, _ := w.Err.(*codec.FillRoundTripError)
	return e
}

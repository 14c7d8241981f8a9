package numcodecs

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/testvec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// filterCase is one vector of ../../testdata/numcodecs_filters/vectors.json,
// made by numcodecs 0.11 and NumPy 1.24 (generate.py beside it).
type filterCase struct {
	Name            string          `json:"name"`
	Codec           string          `json:"codec"`
	Configuration   json.RawMessage `json:"configuration"`
	DType           string          `json:"dtype"`
	Shape           []int           `json:"shape"`
	Input           *string         `json:"input"`
	Stored          *string         `json:"stored"`
	EncodedDType    string          `json:"encoded_dtype"`
	Encoded         string          `json:"encoded"`
	Decoded         string          `json:"decoded"`
	EncodeError     string          `json:"encode_error"`
	Fill            string          `json:"fill"`
	FillEncoded     *string         `json:"fill_encoded"`
	FillDecoded     string          `json:"fill_decoded"`
	FillEncodeError string          `json:"fill_encode_error"`
}

type filterVectors struct {
	Cases        []filterCase    `json:"cases"`
	QuantizeBits map[string]*int `json:"quantize_bits"`
}

const filterVectorsPath = "../../testdata/numcodecs_filters/vectors.json"

func readFilterVectors(t testing.TB) filterVectors {
	t.Helper()
	raw, err := os.ReadFile(filterVectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	var v filterVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 || len(v.QuantizeBits) == 0 {
		t.Fatal("no vectors")
	}
	return v
}

func (tc filterCase) entry() []byte {
	return []byte(`{"name": "` + tc.Codec + `", "configuration": ` + string(tc.Configuration) + `}`)
}

// resolveCase parses the case's codec and binds it to its chunk spec. A
// configuration the codec refuses gives nil and the error.
func resolveCase(t testing.TB, tc filterCase) (codec.BoundArrayToArray, error) {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(tc.entry(), "/codecs/0")
	if err != nil {
		return nil, err
	}
	dt, err := npType(tc.DType)
	if err != nil {
		t.Fatal(err)
	}
	fill, err := numeric.ScalarFromBytes(dt, testvec.Hex(tc.Fill))
	if err != nil {
		t.Fatal(err)
	}
	shape := tc.Shape
	if len(shape) == 0 {
		shape = nil
	}
	return c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: fill})
}

// withoutKernels returns b with its whole-chunk loops removed, so that it
// runs element by element through the NumPy model, or nil if b has none.
func withoutKernels(b codec.BoundArrayToArray) codec.BoundArrayToArray {
	switch b := b.(type) {
	case *deltaBound:
		if b.encKernel != nil || b.decKernel != nil {
			m := *b
			m.encKernel, m.decKernel = nil, nil
			return &m
		}
	case *npBound:
		if b.encKernel != nil || b.decKernel != nil {
			m := *b
			m.encKernel, m.decKernel = nil, nil
			return &m
		}
	}
	return nil
}

func TestFilterVectors(t *testing.T) {
	v := readFilterVectors(t)
	for _, tc := range v.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			b, err := resolveCase(t, tc)
			if tc.Codec == QuantizeName && tc.EncodeError != "" && tc.FillEncodeError != "" {
				// digits numcodecs can never encode with: a configuration error here
				if !errors.Is(err, codec.ErrConfig) {
					t.Errorf("resolve: %v, want a configuration error (numcodecs raises %s)", err, tc.EncodeError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			dt, _ := npType(tc.DType)
			es := b.Encoded()
			if tc.EncodedDType != "" {
				if edt, _ := npType(tc.EncodedDType); es.DataType != edt {
					t.Errorf("encoded data type %v, numcodecs %v", es.DataType, edt)
				}
			}
			impls := []codec.BoundArrayToArray{b}
			if m := withoutKernels(b); m != nil {
				impls = append(impls, m)
			}
			for k, impl := range impls {
				what := map[int]string{0: "", 1: " (model)"}[k]
				if tc.Input != nil {
					in := testvec.Hex(*tc.Input)
					got := make([]byte, es.Size())
					err := impl.EncodeArray(got, in)
					if tc.EncodeError != "" {
						var ee *codec.ElementError
						if !errors.As(err, &ee) || !errors.Is(err, ErrValue) {
							t.Errorf("encode%s: %v, want a *codec.ElementError (numcodecs raises %s)", what, err, tc.EncodeError)
						}
						continue
					}
					if err != nil {
						t.Fatalf("encode%s: %v", what, err)
					}
					compareElements(t, "encode"+what, es.DataType, got, testvec.Hex(tc.Encoded), in, dt)
				}
				stored := testvec.Hex(tc.Encoded)
				if tc.Stored != nil {
					stored = testvec.Hex(*tc.Stored)
				}
				got := make([]byte, len(testvec.Hex(tc.Decoded)))
				if err := impl.DecodeArray(got, stored); err != nil {
					t.Fatalf("decode%s: %v", what, err)
				}
				compareElements(t, "decode"+what, dt, got, testvec.Hex(tc.Decoded), stored, es.DataType)
			}
			if tc.FillEncoded == nil {
				return // numcodecs raises for the fill; the codec falls back to astype
			}
			if got := es.FillValue.Bytes(); !bytes.Equal(got, testvec.Hex(*tc.FillEncoded)) {
				t.Errorf("encoded fill %v (%x), numcodecs %s", es.FillValue, got, *tc.FillEncoded)
			}
			fd, err := b.DecodeFill(es.FillValue)
			if err != nil || !bytes.Equal(fd.Bytes(), testvec.Hex(tc.FillDecoded)) {
				t.Errorf("DecodeFill(%v) = %v (%v), numcodecs %s", es.FillValue, fd, err, tc.FillDecoded)
			}
		})
	}
}

// The scale Quantize uses matches numcodecs' float computation for every
// digits value around the range numcodecs accepts.
func TestQuantizeBits(t *testing.T) {
	v := readFilterVectors(t)
	for d := -330; d <= 330; d++ {
		want, ok := v.QuantizeBits[strconv.Itoa(d)]
		if !ok {
			t.Fatalf("no vector for digits %d", d)
		}
		bits, got := quantizeBits(int64(d))
		if got != (want != nil) || got && bits != *want {
			t.Errorf("digits %d: bits %d, %v; numcodecs %v", d, bits, got, want)
		}
	}
}

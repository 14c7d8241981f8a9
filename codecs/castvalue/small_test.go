package castvalue_test

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

// pipelineN resolves cast_value and bytes for a one-dimensional array of
// n elements of the float type dt with fill value 1.
func pipelineN(t testing.TB, config string, dt numeric.DataType, n int) (*codec.Pipeline, error) {
	t.Helper()
	return codec.NewPipeline(codec.ChunkSpec{DataType: dt, Shape: []int{n}, FillValue: numeric.FloatScalar(dt, 1)},
		[]codec.Codec{mustParse(t, config), &bytescodec.Codec{}}, nil)
}

// TestSmallTypes runs cast_value into the sub-byte integers and the small
// floats through a pipeline with bytes: fill values threaded, every value
// of the target decoded back and re-encoded to itself, and the registry's
// special-value rules at resolution.
func TestSmallTypes(t *testing.T) {
	fills := []struct {
		config, array, fill, encoded, contains string
	}{
		{`{"data_type": "float8_e4m3"}`, "float32", `"NaN"`, `"NaN"`, ""},
		{`{"data_type": "float8_e4m3fnuz"}`, "float32", `"NaN"`, `"NaN"`, ""},
		{`{"data_type": "float8_e5m2"}`, "float64", `"-Infinity"`, `"-Infinity"`, ""},
		{`{"data_type": "float8_e4m3fnuz"}`, "float32", `"Infinity"`, "", "Infinity"},
		{`{"data_type": "float4_e2m1fn"}`, "float32", `"NaN"`, "", "NaN"},
		{`{"data_type": "float4_e2m1fn", "scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}`, "float32", `"NaN"`, "0", ""},
		{`{"data_type": "int4"}`, "float32", "-8", "-8", ""},
		{`{"data_type": "uint2"}`, "int16", "3", "3", ""},
		{`{"data_type": "uint2"}`, "int16", "4", "", "does not fit uint2"},
		{`{"data_type": "float8_e8m0fnu"}`, "float32", "0.25", "0.25", ""},
		{`{"data_type": "float8_e8m0fnu"}`, "float32", "0", "", "float8_e8m0fnu"},
	}
	for _, tc := range fills {
		p, err := pipeline(t, tc.config, dtypeOf(t, tc.array), tc.fill)
		if tc.encoded == "" {
			if err == nil || !strings.Contains(err.Error(), tc.contains) {
				t.Errorf("%s %s fill %s: %v, want an error containing %q", tc.config, tc.array, tc.fill, err, tc.contains)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s fill %s: %v", tc.config, tc.array, tc.fill, err)
			continue
		}
		st := p.Steps()[0]
		if got := numeric.FormatFillValue(st.Encoded.FillValue); got != tc.encoded {
			t.Errorf("%s %s fill %s: encoded fill %s, want %s", tc.config, tc.array, tc.fill, got, tc.encoded)
		}
	}
	// every finite value of each float8 decodes to float32 exactly and encodes back to itself
	for _, name := range []string{"float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fnuz", "float8_e5m2",
		"float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn", "int2", "int4", "uint2", "uint4"} {
		dt := dtypeOf(t, name)
		config := `{"data_type": "` + name + `"}`
		var enc []byte
		for b := range 1 << dt.Bits() {
			s := numeric.ScalarFromBits(dt, uint64(b), 0)
			if s.IsNaN() || math.IsInf(s.Float64(), 0) || (s.Float64() == 0 && b != 0) {
				continue
			}
			enc = append(enc, byte(numeric.CanonicalByte(dt, byte(b))))
		}
		n := len(enc)
		pp, err := pipelineN(t, config, numeric.Float32, n)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		dec := make([]float32, n)
		db := unsafe.Slice((*byte)(unsafe.Pointer(&dec[0])), 4*n)
		if err := pp.Decode(db, enc); err != nil {
			t.Fatalf("%s: decode: %v", name, err)
		}
		for i, b := range enc {
			if want := numeric.ScalarFromBits(dt, uint64(b), 0).Float64(); float64(dec[i]) != want {
				t.Errorf("%s: %#02x decodes to %v, want %v", name, b, dec[i], want)
			}
		}
		back, err := pp.AppendEncode(nil, db)
		if err != nil || string(back) != string(enc) {
			t.Errorf("%s: re-encoding: %v", name, err)
		}
	}
}

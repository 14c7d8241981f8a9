package numcodecs_test

import (
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// TestFiltersRefuseSmallTypes resolves every numcodecs array filter for
// arrays of the sub-byte integers and the small floats, which NumPy's
// dtypes (and so the filters' configurations) cannot name: each refuses
// with an error that names the array's type, rather than computing on the
// bytes as if they were int8 or uint8.
func TestFiltersRefuseSmallTypes(t *testing.T) {
	configs := []string{
		`{"name": "numcodecs.delta", "configuration": {"dtype": "<i1"}}`,
		`{"name": "numcodecs.delta", "configuration": {"dtype": "<u1"}}`,
		`{"name": "numcodecs.fixedscaleoffset", "configuration": {"offset": 0, "scale": 1, "dtype": "<i1", "astype": "<i1"}}`,
		`{"name": "numcodecs.quantize", "configuration": {"digits": 1, "dtype": "<f4"}}`,
		`{"name": "numcodecs.bitround", "configuration": {"keepbits": 1}}`,
		`{"name": "numcodecs.astype", "configuration": {"encode_dtype": "<u1", "decode_dtype": "<u1"}}`,
		`{"name": "numcodecs.packbits", "configuration": {}}`,
	}
	for _, name := range []string{"int2", "int4", "uint2", "uint4", "float8_e4m3", "float8_e5m2", "float8_e8m0fnu", "float4_e2m1fn"} {
		dt, err := numeric.ParseDataType(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, cfg := range configs {
			c, _, err := registry.Default().ParseCodec([]byte(cfg), "/codecs/0")
			if err != nil {
				t.Fatalf("%s: %v", cfg, err)
			}
			_, err = c.(codec.ArrayToArray).ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{4}, FillValue: numeric.Zero(dt)})
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s on %s: %v, want an error naming %s", cfg, name, err, name)
			}
		}
	}
}

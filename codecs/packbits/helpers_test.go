package packbits

import (
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// testTypes maps the names the vector generators write to data types.
var testTypes = map[string]numeric.DataType{
	"bool": numeric.Bool, "int2": numeric.Int2, "uint2": numeric.Uint2, "int4": numeric.Int4, "uint4": numeric.Uint4,
	"float4_e2m1fn": numeric.Float4E2M1FN, "float6_e2m3fn": numeric.Float6E2M3FN, "float6_e3m2fn": numeric.Float6E3M2FN,
	"int8": numeric.Int8, "uint8": numeric.Uint8, "int16": numeric.Int16, "uint16": numeric.Uint16,
	"int32": numeric.Int32, "uint32": numeric.Uint32, "int64": numeric.Int64, "uint64": numeric.Uint64,
	"float16": numeric.Float16, "bfloat16": numeric.BFloat16, "float32": numeric.Float32, "float64": numeric.Float64,
	"complex64": numeric.Complex64, "complex128": numeric.Complex128, "float8_e4m3": numeric.Float8E4M3,
}

// bind parses a packbits codec with the given configuration JSON and
// binds it to a chunk of dt with shape.
func bind(t testing.TB, config string, dt numeric.DataType, shape ...int) codec.BoundArrayToBytes {
	t.Helper()
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name":"packbits","configuration":`+config+`}`), "/codecs/0")
	if err != nil {
		t.Fatalf("parse %s: %v", config, err)
	}
	b, err := c.(codec.ArrayToBytes).ResolveBytes(codec.ChunkSpec{DataType: dt, Shape: shape, FillValue: numeric.Zero(dt)})
	if err != nil {
		t.Fatalf("resolve %s for %v: %v", config, dt, err)
	}
	return b
}

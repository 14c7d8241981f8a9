package castvalue_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/codecs/castvalue"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A float64 array with a NaN fill value, stored as uint8: NaN is mapped
// to 0 and back, other values are rounded and clamped.
func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "cast_value", "configuration": {
			"data_type": "uint8", "out_of_range": "clamp",
			"scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}},
		"bytes"]`), "/codecs")
	if err != nil {
		panic(err)
	}
	nan, _ := numeric.ParseFillValue(numeric.Float64, []byte(`"NaN"`))
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{5}, FillValue: nan}, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	st := p.Steps()[0]
	fmt.Println("decoded:", st.Decoded)
	fmt.Println("encoded:", st.Encoded)

	stored, err := codec.AppendEncodeSlice(p, nil, []float64{1.5, 2.5, -7, 1000, nanOf()})
	if err != nil {
		panic(err)
	}
	fmt.Println("stored:", stored)
	back := make([]float64, 5)
	if err := codec.DecodeSlice(p, back, stored); err != nil {
		panic(err)
	}
	fmt.Println("read back:", back)
	// Output:
	// decoded: float64 [5] fill "NaN"
	// encoded: uint8 [5] fill 0
	// stored: [2 2 0 255 0]
	// read back: [2 2 NaN 255 NaN]
}

func nanOf() float64 {
	var zero float64
	return zero / zero
}

// Without out_of_range, a value that does not fit is an error naming the
// element.
func ExampleCastError() {
	c, err := castvalue.New(numeric.Int8, numeric.NearestEven, numeric.OutOfRangeError, nil, nil)
	if err != nil {
		panic(err)
	}
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{3}, FillValue: numeric.Zero(numeric.Float32)},
		[]codec.Codec{c, &bytescodec.Codec{}}, nil)
	if err != nil {
		panic(err)
	}
	_, err = codec.AppendEncodeSlice(p, nil, []float32{1, 2, 300.5})
	fmt.Println(err)
	var ee *codec.ElementError
	var ce *castvalue.CastError
	if errors.As(err, &ee) && errors.As(err, &ce) {
		fmt.Println(ee.Index, ee.Value, ce.Rule == numeric.CastOutOfRange)
	}
	// Output:
	// codec 0 (cast_value): encode element 2 (value 300.5): float32 does not fit int8 and out_of_range is not set
	// 2 300.5 true
}

// A fill value that does not survive the cast and back fails when the
// pipeline is resolved.
func Example_fillValue() {
	c, _ := castvalue.New(numeric.Int32, numeric.NearestEven, numeric.OutOfRangeError, nil, nil)
	fill := numeric.FloatScalar(numeric.Float64, 1.5)
	_, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{4}, FillValue: fill},
		[]codec.Codec{c, &bytescodec.Codec{Endian: numeric.LittleEndian}}, nil)
	fmt.Println(err)
	// Output:
	// codec 0 (cast_value): fill value 1.5 (float64) encodes to 2 (int32) but decodes back to 2
}

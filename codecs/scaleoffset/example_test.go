package scaleoffset_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/scaleoffset"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A float32 array stored as (x - 5) * 0.1; the fill value is transformed
// too.
func Example() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "scale_offset", "configuration": {"offset": 5, "scale": 0.1}},
		{"name": "bytes", "configuration": {"endian": "little"}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{4}, FillValue: numeric.FloatScalar(numeric.Float32, 15)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("encoded fill:", p.Steps()[0].Encoded.FillValue)

	enc, err := codec.AppendEncodeSlice(p, nil, []float32{5, 15, 25, -5})
	if err != nil {
		panic(err)
	}
	dec := make([]float32, 4)
	if err := codec.DecodeSlice(p, dec, enc); err != nil {
		panic(err)
	}
	fmt.Println("decoded:", dec)
	// Output:
	// encoded fill: 1
	// decoded: [5 15 25 -5]
}

// Integer arithmetic is exact: a value that does not fit is an error that
// names the element.
func Example_integerOverflow() {
	chain, _ := registry.Default().ParseCodecs([]byte(`[{"name": "scale_offset", "configuration": {"offset": 1000}}, {"name": "bytes", "configuration": {"endian": "little"}}]`), "/codecs")
	fill, _ := numeric.IntScalar(numeric.Uint16, 1000)
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{3}, FillValue: fill}, chain.Codecs, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = codec.AppendEncodeSlice(p, nil, []uint16{1000, 1255, 999})
	fmt.Println(err)
	// Output:
	// codec 0 (scale_offset): encode element 2 (value 999): 999 - 1000 = -1 is out of range for uint16 [0, 65535]
}

package numcodecs_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bytescodec"
	_ "github.com/zcodec/zcodec/codecs/numcodecs"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// numcodecs' own docstring example: float64 values around 1000 stored as
// uint8 with one decimal digit.
func Example_fixedScaleOffset() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "numcodecs.fixedscaleoffset", "configuration": {"offset": 1000, "scale": 10, "dtype": "<f8", "astype": "|u1"}},
		"bytes"
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	x := make([]float64, 10)
	for i := range x {
		x[i] = 1000 + float64(i)/9 // np.linspace(1000, 1001, 10)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{10}, FillValue: numeric.FloatScalar(numeric.Float64, 1000)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, x)
	if err != nil {
		panic(err)
	}
	fmt.Println(enc)
	dec := make([]float64, 10)
	if err := codec.DecodeSlice(p, dec, enc); err != nil {
		panic(err)
	}
	fmt.Println(dec)
	// Output:
	// [0 1 2 3 4 6 7 8 9 10]
	// [1000 1000.1 1000.2 1000.3 1000.4 1000.6 1000.7 1000.8 1000.9 1001]
}

// numcodecs' Delta docstring example: int16 values stored as the first
// value and then differences, as int8.
func Example_delta() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "numcodecs.delta", "configuration": {"dtype": "<i2", "astype": "|i1"}},
		{"name": "bytes", "configuration": {"endian": "little"}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	x := make([]int16, 10)
	for i := range x {
		x[i] = int16(100 + 2*i)
	}
	spec := codec.ChunkSpec{DataType: numeric.Int16, Shape: []int{10}, FillValue: numeric.ScalarOf(int16(0))}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, x)
	if err != nil {
		panic(err)
	}
	fmt.Println(enc)
	dec := make([]int16, 10)
	if err := codec.DecodeSlice(p, dec, enc); err != nil {
		panic(err)
	}
	fmt.Println(dec)
	// Output:
	// [100 2 2 2 2 2 2 2 2 2]
	// [100 102 104 106 108 110 112 114 116 118]
}

// numcodecs' PackBits docstring example: four bools become a padding count
// and one byte.
func Example_packBits() {
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "numcodecs.packbits", "configuration": {}}, "bytes"]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Bool, Shape: []int{4}, FillValue: numeric.BoolScalar(false)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, []bool{true, false, false, true})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Steps()[0].Encoded, enc)
	// Output:
	// uint8 [2] fill 0 [4 144]
}

// numcodecs' Quantize docstring example: two decimal digits kept as a
// multiple of 1/128.
func Example_quantize() {
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "numcodecs.quantize", "configuration": {"digits": 2, "dtype": "<f8"}}, {"name": "bytes", "configuration": {"endian": "little"}}]`), "/codecs")
	if err != nil {
		panic(err)
	}
	x := make([]float64, 10)
	for i := range x {
		x[i] = float64(i) / 9 // np.linspace(0, 1, 10)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{10}, FillValue: numeric.FloatScalar(numeric.Float64, 0)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, x)
	if err != nil {
		panic(err)
	}
	dec := make([]float64, 10)
	if err := codec.DecodeSlice(p, dec, enc); err != nil {
		panic(err)
	}
	fmt.Println(dec)
	// Output:
	// [0 0.109375 0.21875 0.3359375 0.4453125 0.5546875 0.6640625 0.78125 0.890625 1]
}

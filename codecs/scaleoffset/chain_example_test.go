package scaleoffset_test

import (
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/castvalue"
	_ "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// The specification's combined example: float64 data with NaN as fill
// value, offset -10 and scale 0.1 mapping [0, 2540] to [1, 255], cast to
// uint8 with NaN stored as 0, then compressed. Values are kept to the
// nearest multiple of 10 (12.3 and 5 come back as 10).
func Example_castValueChain() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "scale_offset", "configuration": {"offset": -10, "scale": 0.1}},
		{"name": "cast_value", "configuration": {
			"data_type": "uint8",
			"rounding": "nearest-even",
			"scalar_map": {"encode": [["NaN", 0]], "decode": [[0, "NaN"]]}}},
		"bytes",
		{"name": "zstd", "configuration": {"level": 3, "checksum": false}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	nan, _ := numeric.ParseFillValue(numeric.Float64, []byte(`"NaN"`))
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{6}, FillValue: nan}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	for _, st := range p.Steps()[:2] {
		fmt.Printf("%s: fill %v -> %v\n", st.Name, st.Decoded.FillValue, st.Encoded.FillValue)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, []float64{0, 12.3, math.NaN(), 2540, 5, 1000})
	if err != nil {
		panic(err)
	}
	dec := make([]float64, 6)
	if err := codec.DecodeSlice(p, dec, enc); err != nil {
		panic(err)
	}
	fmt.Println(dec)
	// Output:
	// scale_offset: fill "NaN" -> "NaN"
	// cast_value: fill "NaN" -> 0
	// [0 10 NaN 2540 10 1000]
}

// A pipeline runs scale_offset and the cast_value after it in one pass
// over each chunk, with the results of the two codecs run in turn.
func Example_fusedPass() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "scale_offset", "configuration": {"offset": 250, "scale": 4}},
		{"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp"}},
		"bytes"
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{4}, FillValue: numeric.FloatScalar(numeric.Float64, 250)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, []float64{250, 273.15, 300.1, 400})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.ArrayPasses(), enc)
	// Output:
	// [scale_offset+cast_value] [0 93 200 255]
}

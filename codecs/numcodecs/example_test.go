package numcodecs_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bytes"
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
	p, err := codec.NewPipeline(spec, chain.Codecs)
	if err != nil {
		panic(err)
	}
	enc, err := codec.EncodeSlice(p, nil, x)
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

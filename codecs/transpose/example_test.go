package transpose_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bytescodec"
	_ "github.com/zcodec/zcodec/codecs/transpose"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A 2x3 chunk stored in Fortran order: the transpose with order [1, 0]
// stores it as its 3x2 transpose.
func Example() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "transpose", "configuration": {"order": [1, 0]}},
		{"name": "bytes", "configuration": {"endian": "little"}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Int16, Shape: []int{2, 3}, FillValue: numeric.ScalarOf(int16(0))}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Steps()[0].Encoded.Shape)
	enc, err := codec.AppendEncodeSlice(p, nil, []int16{1, 2, 3, 4, 5, 6})
	if err != nil {
		panic(err)
	}
	fmt.Println(enc)
	// Output:
	// [3 2]
	// [1 0 4 0 2 0 5 0 3 0 6 0]
}

// The strings of early drafts are errors that say what to write.
func Example_fortranOrder() {
	_, _, err := registry.Default().ParseCodec([]byte(`{"name": "transpose", "configuration": {"order": "F"}}`), "/codecs/0")
	fmt.Println(err)
	// Output:
	// /codecs/0/configuration/order: transpose: "F" (Fortran order, an early draft's spelling of reversing the dimensions) is not valid: write the list [n-1, ..., 1, 0] for an n-dimensional array, such as [2, 1, 0] for 3 dimensions
}

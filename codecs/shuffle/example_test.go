package shuffle_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Shuffle puts the low bytes of the int16 values 1, 2, 3, 4 first, then
// their high bytes (numcodecs' own fixture).
func ExampleShuffle() {
	src := []byte{1, 0, 2, 0, 3, 0, 4, 0}
	dst := make([]byte, len(src))
	shuffle.Shuffle(dst, src, 2)
	fmt.Printf("% x\n", dst)
	// Output: 01 02 03 04 00 00 00 00
}

// A chain from Zarr metadata: without elementsize, shuffle takes the
// element size of the array's data type.
func Example_pipeline() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "numcodecs.shuffle"}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Int16, Shape: []int{4}, FillValue: numeric.Zero(numeric.Int16)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, _ := p.AppendEncode(nil, []byte{1, 0, 2, 0, 3, 0, 4, 0})
	fmt.Printf("% x\n", enc)
	dec := make([]byte, p.DecodedSize())
	if err := p.Decode(dec, enc); err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", dec)
	// Output:
	// 01 02 03 04 00 00 00 00
	// 01 00 02 00 03 00 04 00
}

package lz4_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/lz4"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// The int16 values 1, 2, 3, 4 encode to the bytes numcodecs writes for them
// (zarrita.js fixture 1d.contiguous.lz4.i2): the length 8, then one block.
func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "numcodecs.lz4", "configuration": {"acceleration": 1}}
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
	fmt.Printf("%x\n", enc)
	dec := make([]byte, p.DecodedSize())
	fmt.Println(p.Decode(dec, enc), dec)
	// A header that claims another size is refused before decoding.
	enc[0] = 0xff
	fmt.Println(p.Decode(dec, enc))
	// Output:
	// 08000000800100020003000400
	// <nil> [1 0 2 0 3 0 4 0]
	// codec 1 (numcodecs.lz4): numcodecs.lz4: corrupt chunk: header gives a decoded length of 255 bytes, want 8
}

package base64_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/base64"
	_ "github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`["bytes", "numcodecs.base64"]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{5}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, _ := p.AppendEncode(nil, []byte("zarr!"))
	fmt.Printf("%s\n", enc)
	dec := make([]byte, 5)
	fmt.Println(p.Decode(dec, enc), string(dec))
	// Output:
	// emFyciE=
	// <nil> zarr!
}

package bzip2_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bzip2"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "numcodecs.bz2", "configuration": {"level": 9}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{4096}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	src := bytes.Repeat([]byte("zarr"), 1024)
	enc, _ := p.AppendEncode(nil, src)
	fmt.Printf("%s...\n", enc[:4])
	dec := make([]byte, len(src))
	fmt.Println(p.Decode(dec, enc), bytes.Equal(dec, src))
	// Output:
	// BZh9...
	// <nil> true
}

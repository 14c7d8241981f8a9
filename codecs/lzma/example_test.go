package lzma_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/bytescodec"
	_ "github.com/zcodec/zcodec/codecs/lzma"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "numcodecs.lzma", "configuration": {"format": 1, "check": -1, "preset": 6, "filters": null}}
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
	fmt.Printf("%q...\n", enc[:6])
	dec := make([]byte, len(src))
	fmt.Println(p.Decode(dec, enc), bytes.Equal(dec, src))
	// Output:
	// "\xfd7zXZ\x00"...
	// <nil> true
}

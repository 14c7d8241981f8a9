package zstd_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "zstd", "configuration": {"level": 3, "checksum": true}}
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
	fmt.Printf("% x\n", enc[:4])
	dec := make([]byte, len(src))
	fmt.Println(p.Decode(dec, enc), bytes.Equal(dec, src))
	// A chunk spec of another size rejects the frame.
	small, _ := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{100}, FillValue: numeric.Zero(numeric.Uint8)}, chain.Codecs, nil)
	fmt.Println(small.Decode(make([]byte, 100), enc) != nil)
	// Output:
	// 28 b5 2f fd
	// <nil> true
	// true
}

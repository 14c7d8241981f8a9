package crc32c_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/crc32c"
	_ "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A chain that compresses and then checksums; a flipped bit is caught.
func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "zstd", "configuration": {"level": 3, "checksum": false}},
		"crc32c"
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{9}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, _ := p.AppendEncode(nil, []byte("123456789"))
	dec := make([]byte, 9)
	fmt.Println(p.Decode(dec, enc), string(dec))
	enc[5] ^= 1
	err = p.Decode(dec, enc)
	fmt.Println(errors.Is(err, codec.ErrCorrupt))
	// Output:
	// <nil> 123456789
	// true
}

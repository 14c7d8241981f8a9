package deflate_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/deflate"
	_ "github.com/zcodec/zcodec/codecs/shuffle"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// The chain numcodecs users write most: shuffle, then zlib.
func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "numcodecs.shuffle", "configuration": {"elementsize": 8}},
		{"name": "numcodecs.zlib", "configuration": {"level": 1}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{1000}, FillValue: numeric.Zero(numeric.Float64)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	src := make([]byte, p.DecodedSize())
	for i := range 1000 {
		numeric.FloatScalar(numeric.Float64, float64(i)/4).PutBytes(src[8*i:])
	}
	enc, _ := p.AppendEncode(nil, src)
	dec := make([]byte, len(src))
	fmt.Println(p.Decode(dec, enc), string(dec) == string(src), len(enc) < len(src)/4)
	// Output: <nil> true true
}

// gzip is the Zarr v3 core codec, whose level is required; numcodecs.gzip
// has the same format and numcodecs' default level 1.
func ExampleGzip() {
	for _, js := range []string{`{"name": "gzip", "configuration": {"level": 5}}`, `"numcodecs.gzip"`, `{"name": "gzip"}`} {
		c, _, err := registry.Default().ParseCodec(json.RawMessage(js), "/codecs/1")
		if err != nil {
			fmt.Println(err)
			continue
		}
		out, _ := c.MarshalJSON()
		fmt.Println(string(out))
	}
	// Output:
	// {"name":"gzip","configuration":{"level":5}}
	// {"name":"numcodecs.gzip","configuration":{"level":1}}
	// /codecs/1/configuration: gzip: configuration with "level" is required
}

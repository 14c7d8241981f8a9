package checksum32_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/checksum32"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func Example() {
	for _, js := range []string{
		`{"name": "numcodecs.crc32"}`,
		`{"name": "numcodecs.crc32", "configuration": {"location": "end"}}`,
		`{"name": "numcodecs.fletcher32"}`,
	} {
		c, _, err := registry.Default().ParseCodec(json.RawMessage(js), "/codecs/1")
		if err != nil {
			panic(err)
		}
		spec := codec.FixedBytes(9, codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{9}, FillValue: numeric.Zero(numeric.Uint8)})
		b, err := c.(codec.BytesToBytes).ResolveBytesToBytes(spec)
		if err != nil {
			panic(err)
		}
		enc, _ := b.AppendEncode(nil, []byte("123456789"))
		fmt.Printf("%-20s % x\n", c.Name(), enc)
	}
	// Output:
	// numcodecs.crc32      26 39 f4 cb 31 32 33 34 35 36 37 38 39
	// numcodecs.crc32      31 32 33 34 35 36 37 38 39 26 39 f4 cb
	// numcodecs.fletcher32 31 32 33 34 35 36 37 38 39 d5 09 df 09
}

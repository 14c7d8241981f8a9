package hdf5lz4_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"

	_ "github.com/zcodec/zcodec/codecs/hdf5lz4"
)

// A chunk framed as HDF5's lz4 filter frames it: an 8-byte big-endian
// total, a 4-byte block size, then length-prefixed blocks.
func Example() {
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_lz4", "configuration": {"blocksize": 16}}`), "/codecs/1")
	if err != nil {
		fmt.Println(err)
		return
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{20}, FillValue: numeric.Zero(numeric.Uint8)}
	b, _ := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(20, spec))
	enc, _ := b.AppendEncode(nil, []byte("abcdefghijklmnopqrst"))
	fmt.Printf("% x\n", enc[:12])
	dec, err := b.AppendDecode(nil, enc)
	fmt.Println(string(dec), err)
	// Output:
	// 00 00 00 00 00 00 00 14 00 00 00 10
	// abcdefghijklmnopqrst <nil>
}

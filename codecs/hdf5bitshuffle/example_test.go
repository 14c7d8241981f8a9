package hdf5bitshuffle_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Ten uint16 values with LZ4: the header (20 bytes; blocks of 4096
// elements, 8192 bytes), one LZ4 block of 18 bytes holding the 16 bytes of
// bit planes of the first eight elements as literals (0x55: bit 0 of
// elements 0, 2, 4, 6, ...), then the last two elements as they are.
func Example() {
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4"}}`), "/codecs/1")
	if err != nil {
		fmt.Println(err)
		return
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{10}, FillValue: numeric.Zero(numeric.Uint16)}
	b, _ := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(20, spec))
	in := []byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0, 9, 0, 10, 0}
	enc, _ := b.AppendEncode(nil, in)
	fmt.Printf("% x\n% x\n% x\n", enc[:12], enc[12:len(enc)-4], enc[len(enc)-4:])
	dec, err := b.AppendDecode(nil, enc)
	fmt.Println(dec, err)
	// Output:
	// 00 00 00 00 00 00 00 14 00 00 20 00
	// 00 00 00 12 f0 01 55 66 78 80 00 00 00 00 00 00 00 00 00 00 00 00
	// 09 00 0a 00
	// [1 0 2 0 3 0 4 0 5 0 6 0 7 0 8 0 9 0 10 0] <nil>
}

// The codec of a bitshuffle filter read from an HDF5 file: cd_values
// [major, minor, element size, block size, compression, level].
func ExampleFromCDValues() {
	c, err := hdf5bitshuffle.FromCDValues([]uint32{0, 4, 4, 0, 3, 5}, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	js, _ := c.MarshalJSON()
	fmt.Println(string(js))
	// Output:
	// {"name":"zcodec.hdf5_bitshuffle","configuration":{"elementsize":4,"compression":"zstd","level":5}}
}

package hdf5lzf_test

import (
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5lzf"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A chunk as h5py's LZF filter stores it: one LZF stream, here a literal
// run of "abc" and a back reference that repeats it three times.
func Example() {
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_lzf"}`), "/codecs/1")
	if err != nil {
		fmt.Println(err)
		return
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{12}, FillValue: numeric.Zero(numeric.Uint8)}
	b, _ := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(12, spec))
	enc, _ := b.AppendEncode(nil, []byte("abcabcabcabc"))
	fmt.Printf("% x\n", enc)
	dec, err := b.AppendDecode(nil, enc)
	fmt.Println(string(dec), err)
	// Output:
	// 02 61 62 63 e0 00 02
	// abcabcabcabc <nil>
}

// The codec of an LZF filter read from an HDF5 file.
func ExampleFromCDValues() {
	c, err := hdf5lzf.FromCDValues([]uint32{4, 261, 8192}, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	js, _ := c.MarshalJSON()
	fmt.Println(string(js))
	_, err = hdf5lzf.FromCDValues([]uint32{4, 261, 8190}, 4)
	fmt.Println(err)
	// Output:
	// {"name":"zcodec.hdf5_lzf"}
	// zcodec.hdf5_lzf: cd_values: chunk size 8190 (cd_values[2]) is not a whole number of 4-byte elements
}

package hdf5szip_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5szip"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A chunk of 64 little-endian int16 values framed as HDF5's szip filter
// frames it: the 4-byte decoded size, then the CCSDS 121 stream (the bytes
// libaec writes for it too).
func Example() {
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "zcodec.hdf5_szip",
		"configuration": {"options_mask": 169, "pixels_per_block": 16, "bits_per_pixel": 16, "pixels_per_scanline": 64}}`), "/codecs/1")
	if err != nil {
		fmt.Println(err)
		return
	}
	spec := codec.ChunkSpec{DataType: numeric.Int16, Shape: []int{64}, FillValue: numeric.Zero(numeric.Int16)}
	b, _ := c.(codec.BytesToBytes).ResolveBytesToBytes(codec.FixedBytes(128, spec))
	chunk := make([]byte, 0, 128)
	for i := range 64 {
		chunk = binary.LittleEndian.AppendUint16(chunk, uint16(1000+i))
	}
	enc, _ := b.AppendEncode(nil, chunk)
	fmt.Printf("%d bytes: % x\n", len(enc), enc)
	dec, err := b.AppendDecode(nil, enc)
	fmt.Println(binary.LittleEndian.Uint16(dec[126:]), err)
	// Output:
	// 32 bytes: 80 00 00 00 10 3e 82 49 24 92 49 24 89 24 92 49 24 92 48 92 49 24 92 49 24 89 24 92 49 24 92 48
	// 1063 <nil>
}

// FromCDValues reads the filter's parameters as an HDF5 file stores them.
func ExampleFromCDValues() {
	c, err := hdf5szip.FromCDValues([]uint32{141, 32, 64, 4096})
	if err != nil {
		fmt.Println(err)
		return
	}
	js, _ := c.MarshalJSON()
	fmt.Println(string(js))
	_, err = hdf5szip.FromCDValues([]uint32{169, 15, 16, 500})
	fmt.Println(err)
	// Output:
	// {"name":"zcodec.hdf5_szip","configuration":{"options_mask":141,"pixels_per_block":32,"bits_per_pixel":64,"pixels_per_scanline":4096}}
	// zcodec.hdf5_szip: pixels_per_block: cd_values[1] = 15 is not an even number from 2 to 64
}

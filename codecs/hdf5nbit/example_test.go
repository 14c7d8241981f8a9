package hdf5nbit_test

import (
	"encoding/binary"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5nbit"
	"github.com/zcodec/zcodec/numeric"
)

// The codec of an int32 dataset whose type keeps 12 bits at bit 4 (h5py:
// a copy of h5t.STD_I32LE with set_precision(12) and set_offset(4)),
// chunks of 4 elements. Each value takes 12 bits; decoding gives the
// values sign-extended, as h5py reads them.
func Example() {
	c, err := hdf5nbit.FromCDValues([]uint32{8, 0, 4, 1, 4, 0, 12, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	js, _ := c.MarshalJSON()
	fmt.Println(string(js))
	spec := codec.ChunkSpec{DataType: numeric.Int32, Shape: []int{4}, FillValue: numeric.Zero(numeric.Int32)}
	b, _ := c.ResolveBytesToBytes(codec.FixedBytes(16, spec))
	src := make([]byte, 16)
	for i, v := range []int32{1, -1, 2047, -2048} {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(v))
	}
	enc, _ := b.AppendEncode(nil, src)
	fmt.Printf("% x\n", enc)
	dec, _ := b.AppendDecode(nil, enc)
	fmt.Println(int32(binary.LittleEndian.Uint32(dec[4:])), int32(binary.LittleEndian.Uint32(dec[12:])))
	// Output:
	// {"name":"zcodec.hdf5_nbit","configuration":{"elements":4,"datatype":{"class":"atomic","size":4,"order":"little","precision":12,"offset":4}}}
	// 00 1f ff 7f f8 00 00
	// -1 -2048
}

package hdf5scaleoffset_test

import (
	"encoding/binary"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5scaleoffset"
	"github.com/zcodec/zcodec/numeric"
)

// The codec of an int16 dataset that h5py made with
// create_dataset(scaleoffset=0): bits computed per chunk, fill value 0.
// The values 100 to 106 and the fill marker take 3 bits each: the
// differences from 100, and 7 for the zeros.
func Example() {
	cd := []uint32{2, 0, 8, 0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	c, err := hdf5scaleoffset.FromCDValues(cd)
	if err != nil {
		fmt.Println(err)
		return
	}
	js, _ := c.MarshalJSON()
	fmt.Println(string(js))
	spec := codec.ChunkSpec{DataType: numeric.Int16, Shape: []int{8}, FillValue: numeric.Zero(numeric.Int16)}
	b, _ := c.ResolveBytesToBytes(codec.FixedBytes(16, spec))
	src := make([]byte, 16)
	for i, v := range []int16{100, 101, 0, 106, 103, 0, 100, 102} {
		binary.LittleEndian.PutUint16(src[2*i:], uint16(v))
	}
	enc, _ := b.AppendEncode(nil, src)
	fmt.Printf("bits %d, minimum %d, values % x\n", enc[0], enc[5], enc[hdf5scaleoffset.HeaderSize:])
	dec, _ := b.AppendDecode(nil, enc)
	fmt.Println(dec[4:6], dec[6:8])
	// Output:
	// {"name":"zcodec.hdf5_scaleoffset","configuration":{"scale_type":"int","scale_factor":0,"elements":8,"class":"integer","size":2,"sign":"signed","order":"little","fill_value":0}}
	// bits 3, minimum 100, values 07 e7 c2 00
	// [0 0] [106 0]
}

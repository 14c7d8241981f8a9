package packbits_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/packbits"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// Six int4 elements pack two to a byte, the first in the low nibble; the
// first byte records the 0 padding bits. Decoding sign-extends each to
// a byte (Go int8).
func Example() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "packbits", "configuration": {"padding_encoding": "first_byte"}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Int4, Shape: []int{2, 3}, FillValue: numeric.Zero(numeric.Int4)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	var chunk []byte // one byte per element, sign-extended
	for _, v := range []int8{1, -1, 7, -8, 0, 3} {
		chunk = append(chunk, byte(v))
	}
	enc, err := p.AppendEncode(nil, chunk)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", enc)
	dec := make([]byte, 6)
	if err := p.Decode(dec, enc); err != nil {
		panic(err)
	}
	for _, b := range dec {
		fmt.Print(int8(b), " ")
	}
	fmt.Println()
	// Output:
	// 00 f1 87 30
	// 1 -1 7 -8 0 3
}

// first_bit and last_bit keep bits 4 to 11 of each uint16: one byte per
// element.
func Example_bitRange() {
	chain, err := registry.Default().ParseCodecs([]byte(`[
		{"name": "packbits", "configuration": {"first_bit": 4, "last_bit": 11}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{3}, FillValue: numeric.Zero(numeric.Uint16)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, []uint16{0x0120, 0x0ab0, 0xf00f})
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", enc)
	dec := make([]uint16, 3)
	if err := codec.DecodeSlice(p, dec, enc); err != nil {
		panic(err)
	}
	fmt.Printf("%#04x\n", dec)
	// Output:
	// 12 ab 00
	// [0x0120 0x0ab0 0x0000]
}

package codec_test

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
)

func ExampleNewPipeline() {
	spec := codec.ChunkSpec{
		DataType:  numeric.Int16,
		Shape:     []int{2, 2},
		FillValue: numeric.Zero(numeric.Int16),
	}
	p, err := codec.NewPipeline(spec, []codec.Codec{&bytescodec.Codec{Endian: numeric.BigEndian}}, nil)
	if err != nil {
		panic(err)
	}

	// a decoded chunk holds little-endian elements in C order: 1, 2, 3, -1
	chunk := []byte{1, 0, 2, 0, 3, 0, 0xff, 0xff}
	enc, err := p.AppendEncode(nil, chunk)
	if err != nil {
		panic(err)
	}
	fmt.Printf("encoded: % x\n", enc)

	dec := make([]byte, p.DecodedSize())
	if err := p.Decode(dec, enc); err != nil {
		panic(err)
	}
	fmt.Printf("decoded: % x\n", dec)

	// a chunk of the wrong size is corrupt
	err = p.Decode(dec, enc[:7])
	fmt.Println(err)
	// Output:
	// encoded: 00 01 00 02 00 03 ff ff
	// decoded: 01 00 02 00 03 00 ff ff
	// codec 0 (bytes): bytes: corrupt chunk: chunk has 7 bytes, want 8
}

func ExampleAppendEncodeSlice() {
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{3}, FillValue: numeric.Zero(numeric.Float32)}
	p, err := codec.NewPipeline(spec, []codec.Codec{&bytescodec.Codec{Endian: numeric.BigEndian}}, nil)
	if err != nil {
		panic(err)
	}
	enc, err := codec.AppendEncodeSlice(p, nil, []float32{1, -2, 0.5})
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", enc)
	back := make([]float32, 3)
	if err := codec.DecodeSlice(p, back, enc); err != nil {
		panic(err)
	}
	fmt.Println(back)
	// Output:
	// 3f 80 00 00 c0 00 00 00 3f 00 00 00
	// [1 -2 0.5]
}

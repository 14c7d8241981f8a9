package blosc_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/blosc"
	_ "github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// A chain as zarr-python 3 writes it for a float32 array: bytes, then
// blosc with zstd and byte shuffle.
func Example() {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "blosc", "configuration": {"typesize": 4, "cname": "zstd", "clevel": 5, "shuffle": "shuffle", "blocksize": 0}}
	]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{100, 100}, FillValue: numeric.Zero(numeric.Float32)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	src := make([]byte, p.DecodedSize())
	for i := range 10000 {
		binary.LittleEndian.PutUint32(src[4*i:], uint32(0x43880000+i)) // floats near 272
	}
	enc, _ := p.AppendEncode(nil, src)
	fmt.Printf("frame header: version %d, typesize %d, %d bytes of data\n", enc[0], enc[3], binary.LittleEndian.Uint32(enc[4:]))
	dec := make([]byte, len(src))
	fmt.Println(p.Decode(dec, enc), bytes.Equal(dec, src), len(enc) < len(src)/4)
	// Output:
	// frame header: version 2, typesize 4, 40000 bytes of data
	// <nil> true true
}

// A Blosc codec built in Go, bound to a chunk of 1000 four-byte elements.
func ExampleCodec() {
	c := &blosc.Codec{Config: blosc.Config{Cname: "lz4", Clevel: 5, Shuffle: blosc.ByteShuffle, Typesize: 4}}
	b, err := c.ResolveBytesToBytes(codec.FixedBytes(4000, codec.ChunkSpec{}))
	if err != nil {
		panic(err)
	}
	data := make([]byte, 4000)
	for i := range 1000 {
		binary.LittleEndian.PutUint32(data[4*i:], uint32(i))
	}
	frame, _ := b.AppendEncode(nil, data)
	fmt.Printf("header % x\n", frame[:12])
	back, err := b.AppendDecode(nil, frame)
	fmt.Println(bytes.Equal(back, data), err)
	js, _ := json.Marshal(c)
	fmt.Println(string(js))
	// Output:
	// header 02 01 21 04 a0 0f 00 00 a0 0f 00 00
	// true <nil>
	// {"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}
}

// numcodecs.blosc with its defaults (lz4, clevel 5, byte shuffle) reads
// what zarr-python 2 and numcodecs wrote.
func ExampleNumcodecsCodec() {
	c, _, err := registry.Default().ParseCodec(json.RawMessage(`{"name": "numcodecs.blosc"}`), "/codecs/1")
	if err != nil {
		panic(err)
	}
	js, _ := c.MarshalJSON()
	fmt.Println(string(js))
	// Output:
	// {"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}}
}

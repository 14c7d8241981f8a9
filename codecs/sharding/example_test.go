package sharding_test

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store/byterange"
)

// memValue serves byte ranges of a value held in memory; a store's reader
// would issue HTTP range requests or read a file at offsets.
type memValue []byte

func (m memValue) ReadRange(_ context.Context, r byterange.Range) ([]byte, error) {
	switch {
	case r.Offset < 0:
		return m[len(m)+int(r.Offset):], nil
	case r.Length < 0:
		return m[r.Offset:], nil
	}
	return m[r.Offset : r.Offset+r.Length], nil
}

// A shard of 4x4 uint16 values in four 2x2 inner chunks, each zstd
// compressed, the index at the end with a checksum. One inner chunk is all
// fill value and is not stored.
func Example() {
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "sharding_indexed", "configuration": {
		"chunk_shape": [2, 2],
		"codecs": [{"name": "bytes", "configuration": {"endian": "little"}},
		           {"name": "zstd", "configuration": {"level": 3, "checksum": false}}],
		"index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}]}}]`), "/codecs")
	if err != nil {
		panic(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Uint16, Shape: []int{4, 4}, FillValue: numeric.Zero(numeric.Uint16)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		panic(err)
	}
	values := []uint16{
		1, 2, 0, 0,
		3, 4, 0, 0,
		5, 6, 7, 8,
		9, 10, 11, 12,
	}
	shard, err := codec.AppendEncodeSlice(p, nil, values)
	if err != nil {
		panic(err)
	}

	// Read one element: the index, then one inner chunk.
	one := make([]byte, 2)
	rgn := region.FromShape([]int64{3, 2}, []int64{1, 1})
	if err := p.DecodeRegion(context.Background(), memValue(shard), rgn, one, nil); err != nil {
		panic(err)
	}
	fmt.Println("element [3 2]:", binary.LittleEndian.Uint16(one))

	// Look inside the shard, as `zcodec verify` does.
	b, _ := sharding.FromPipeline(p)
	ix, err := b.ParseIndex(shard)
	if err != nil {
		panic(err)
	}
	for _, c := range ix.Chunks() {
		fmt.Println("inner chunk", c.Coords, "stored")
	}
	fmt.Println(ix.NumChunks()-ix.NumStored(), "absent")
	// Output:
	// element [3 2]: 11
	// inner chunk [0 0] stored
	// inner chunk [1 0] stored
	// inner chunk [1 1] stored
	// 1 absent
}

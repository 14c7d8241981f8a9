package codec_test

import (
	"context"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// storedValue serves byte ranges of one stored value held in memory.
type storedValue []byte

func (v storedValue) ReadRange(_ context.Context, r byterange.Range) ([]byte, error) {
	switch {
	case r.Offset < 0:
		return v[len(v)+int(r.Offset):], nil
	case r.Length < 0:
		return v[r.Offset:], nil
	}
	return v[r.Offset : r.Offset+r.Length], nil
}

// A chain without sharding cannot read part of a value: DecodeRegion reads
// it whole once and returns the region. With sharding_indexed as the
// array->bytes codec it reads the index and the inner chunks the region
// needs (see the sharding package's example).
func ExamplePipeline_DecodeRegion() {
	spec := codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{3, 4}, FillValue: numeric.Zero(numeric.Uint8)}
	p, err := codec.NewPipeline(spec, []codec.Codec{&bytescodec.Codec{}}, nil)
	if err != nil {
		panic(err)
	}
	chunk, err := p.AppendEncode(nil, []byte{
		0, 1, 2, 3,
		10, 11, 12, 13,
		20, 21, 22, 23,
	})
	if err != nil {
		panic(err)
	}
	rgn := region.FromShape([]int64{1, 1}, []int64{2, 2})
	dst := make([]byte, rgn.Size())
	if err := p.DecodeRegion(context.Background(), storedValue(chunk), rgn, dst, nil); err != nil {
		panic(err)
	}
	fmt.Println(dst, p.PartialDecoding())
	// Output: [11 12 21 22] false
}

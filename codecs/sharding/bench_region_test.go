package sharding_test

import (
	"context"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
)

// BenchmarkReadManyInnerChunks reads a region that touches each of the
// 4096 small inner chunks of a shard (4×4, bytes only) in part, through a
// byte range reader one range per inner chunk: the cost of placing each
// inner chunk's part in the region dominates.
func BenchmarkReadManyInnerChunks(b *testing.B) {
	p := pipeline(b, shardJSON([]int{4, 4}, bytesLE, indexCRC, ""), numeric.Float32, "0", 256, 256)
	shard, err := p.AppendEncode(nil, ramp(numeric.Float32, 256*256))
	if err != nil {
		b.Fatal(err)
	}
	r := &countingReader{value: shard}
	rgn := region.FromShape([]int64{1, 1}, []int64{254, 254})
	dst := make([]byte, 254*254*4)
	ctx := context.Background()
	opts := &codec.Options{Concurrency: 1, RangeGap: -1}
	b.ReportAllocs()
	for b.Loop() {
		r.reads = r.reads[:0]
		if err := p.DecodeRegion(ctx, r, rgn, dst, opts); err != nil {
			b.Fatal(err)
		}
	}
}

package sharding_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store/byterange"
)

// FuzzRegionHostileIndex reads random regions of uint16 [8 8] shards whose
// index is random bytes, through a reader that checks every range it is
// asked for, under a random budget. The chains: inner chunks [2 4] of
// bytes (fixed size) or zstd (variable size), or nested shards [4 8] of
// [2 4]; the index has no checksum, so that its entries themselves are
// exercised, at the start or the end. Nothing may panic, every error must
// match codec.ErrCorrupt, and when the whole shard decodes the region must
// read the same elements.
func FuzzRegionHostileIndex(f *testing.F) {
	nested := `[{"name": "sharding_indexed", "configuration": {"chunk_shape": [2, 4], "codecs": ` + zstdLE + `, "index_codecs": ` + bytesLE + `}}]`
	var pipes []*codec.Pipeline
	for _, loc := range []string{"end", "start"} {
		for _, inner := range []string{bytesLE, zstdLE, nested} {
			chunk := []int{2, 4}
			if inner == nested {
				chunk = []int{4, 8}
			}
			pipes = append(pipes, pipeline(f, shardJSON(chunk, inner, bytesLE, loc), numeric.Uint16, "7", 8, 8))
		}
	}
	src := ramp(numeric.Uint16, 64)
	for i, p := range pipes {
		enc, err := p.AppendEncode(nil, src)
		if err != nil {
			f.Fatal(err)
		}
		b, _ := sharding.FromPipeline(p)
		n := b.IndexSize()
		body, index := enc[:len(enc)-n], enc[len(enc)-n:]
		if b.IndexLocation() == sharding.IndexStart {
			body, index = enc[n:], enc[:n]
		}
		f.Add(uint8(i), body, index, uint8(1), uint8(2), uint8(5), uint8(3), uint8(1), true)
		f.Add(uint8(i), body, index, uint8(0), uint8(0), uint8(8), uint8(8), uint8(3), false)
		bad := bytes.Clone(index)
		bad[0] ^= 0x10
		f.Add(uint8(i), body, bad, uint8(3), uint8(0), uint8(2), uint8(8), uint8(4), true)
	}
	f.Fuzz(func(t *testing.T, which uint8, body, index []byte, s0, s1, n0, n1, budget uint8, sized bool) {
		p := pipes[int(which)%len(pipes)]
		b, _ := sharding.FromPipeline(p)
		n := b.IndexSize()
		index = append(bytes.Clone(index), make([]byte, max(0, n-len(index)))...)[:n]
		shard := append(bytes.Clone(body), index...)
		if b.IndexLocation() == sharding.IndexStart {
			shard = append(bytes.Clone(index), body...)
		}
		start := []int64{int64(s0 % 8), int64(s1 % 8)}
		rgn := region.FromShape(start, []int64{int64(n0) % (9 - start[0]), int64(n1) % (9 - start[1])})
		dst := make([]byte, rgn.Size()*2)
		cr := &countingReader{value: shard}
		var r byterange.Reader = cr
		if sized {
			r = sizedReader{cr}
		}
		ctx := context.Background()
		err := p.DecodeRegion(ctx, r, rgn, dst, &codec.Options{Concurrency: int(budget % 5)})
		if err != nil && !errors.Is(err, codec.ErrCorrupt) {
			t.Fatalf("error %v does not match ErrCorrupt", err)
		}
		for _, rd := range cr.Reads() {
			if !rd.Valid() || rd.IsSuffix() && rd.Length != int64(n) {
				t.Fatalf("read %v of a %d-byte shard with a %d-byte index", rd, len(shard), n)
			}
			if sized && !rd.IsSuffix() && rd.Length >= 0 && rd.Offset+rd.Length > int64(len(shard)) {
				t.Fatalf("read %v past the end of a %d-byte shard of known size", rd, len(shard))
			}
		}
		whole := make([]byte, p.DecodedSize())
		if p.Decode(whole, shard) != nil {
			return
		}
		if err != nil {
			t.Fatalf("the whole shard decodes, the region %v does not: %v", rgn, err)
		}
		if !bytes.Equal(dst, subArray(whole, []int{8, 8}, iint(rgn.Start), iint(rgn.Shape()), 2)) {
			t.Fatalf("region %v differs from the whole decode", rgn)
		}
	})
}

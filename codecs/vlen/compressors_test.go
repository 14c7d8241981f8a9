package vlen_test

import (
	"encoding/json"
	"runtime"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// TestCompressorsAllocateForTheData: after vlen-bytes the decoded size is
// not fixed and a decompressor's bound is Options.MaxChunkBytes (2 GiB by
// default); decoding a small chunk must allocate for the data, not for the
// bound.
func TestCompressorsAllocateForTheData(t *testing.T) {
	elems := make([][]byte, 64)
	for i := range elems {
		elems[i] = []byte("some bytes of an element, repeated a little")
	}
	chunk := vlenForm(elems)
	for _, cj := range []string{
		`{"name":"zstd","configuration":{"level":3}}`,
		`{"name":"gzip","configuration":{"level":5}}`,
		`{"name":"numcodecs.zlib","configuration":{"level":5}}`,
		`{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`,
		`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"noshuffle","typesize":1,"blocksize":0}}`,
		`{"name":"numcodecs.bz2","configuration":{"level":5}}`,
		`{"name":"numcodecs.lzma","configuration":{"format":1,"check":-1,"preset":null,"filters":null}}`,
	} {
		v, _, _ := registry.Default().ParseCodec(json.RawMessage(`{"name":"vlen-bytes"}`), "")
		c, _, err := registry.Default().ParseCodec(json.RawMessage(cj), "")
		if err != nil {
			t.Fatalf("%s: %v", cj, err)
		}
		p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Bytes, Shape: []int{64}, FillValue: numeric.Zero(numeric.Bytes)}, []codec.Codec{v, c}, nil)
		if err != nil {
			t.Fatalf("%s: %v", cj, err)
		}
		enc, err := p.AppendEncode(nil, chunk)
		if err != nil {
			t.Fatalf("%s: %v", cj, err)
		}
		p.AppendDecode(nil, enc) // warm the pools
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		out, err := p.AppendDecode(nil, enc)
		runtime.ReadMemStats(&after)
		if err != nil || len(out) != len(chunk) {
			t.Fatalf("%s: %v", cj, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
			t.Errorf("%s: decoding %d bytes allocated %d", cj, len(chunk), n)
		}
	}
}

package bench_test

import (
	"encoding/json"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// TestLongChain runs a chain whose later codecs see variable-length input
// (each compressor bounds the next decoder through its encoded spec).
func TestLongChain(t *testing.T) {
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "big"}},
		"numcodecs.shuffle",
		{"name": "numcodecs.lz4"},
		{"name": "zstd", "configuration": {"level": 1, "checksum": true}},
		{"name": "numcodecs.zlib"},
		{"name": "gzip", "configuration": {"level": 1}},
		"numcodecs.bz2",
		"crc32c"
	]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	const n = 10000
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{n}, FillValue: numeric.Zero(numeric.Float64)}, chain.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	in, err := benchdata.Chunk(numeric.Float64, benchdata.Smooth, 8*n, 1)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := p.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Encoded(); s.Fixed() || len(enc) > s.MaxSize {
		t.Fatalf("encoded %d bytes; spec %v", len(enc), s)
	}
	out := make([]byte, len(in))
	if err := p.Decode(out, enc); err != nil {
		t.Fatal(err)
	}
	if string(out) != string(in) {
		t.Fatal("round trip differs")
	}
	enc[len(enc)/2] ^= 0x40
	if err := p.Decode(out, enc); err == nil {
		t.Fatal("flipped bit not detected")
	}
}

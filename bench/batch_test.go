package bench_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// demoChain is the chain of zcodec's demo: float64 -> scale_offset ->
// cast_value uint8 (NaN -> 255) -> bytes -> zstd level 3.
const demoChain = `[
	{"name": "scale_offset", "configuration": {"offset": 243.15, "scale": 4}},
	{"name": "cast_value", "configuration": {"data_type": "uint8", "out_of_range": "clamp",
		"scalar_map": {"encode": [["NaN", 255]], "decode": [[255, "NaN"]]}}},
	"bytes",
	{"name": "zstd", "configuration": {"level": 3, "checksum": false}}
]`

func demoPipeline(tb testing.TB, n int) *codec.Pipeline {
	tb.Helper()
	chain, err := registry.Default().ParseCodecs([]byte(demoChain), "/codecs")
	if err != nil {
		tb.Fatal(err)
	}
	nan, _ := numeric.ParseFillValue(numeric.Float64, []byte(`"NaN"`))
	p, err := codec.NewPipeline(codec.ChunkSpec{DataType: numeric.Float64, Shape: []int{n}, FillValue: nan}, chain.Codecs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkBatch encodes and decodes a batch of 64 chunks of 1 MiB through
// the demo chain with 1 and 2 goroutines; MB/s are of decoded bytes. The
// ratio of the two shows how the batch API scales across cores.
func BenchmarkBatch(b *testing.B) {
	const chunks = 64
	p := demoPipeline(b, benchdata.ChunkBytes/8)
	srcs := make([][]byte, chunks)
	encs := make([][]byte, chunks)
	decs := make([][]byte, chunks)
	for i := range srcs {
		var err error
		srcs[i], err = benchdata.Chunk(numeric.Float64, benchdata.Smooth, benchdata.ChunkBytes, uint64(i+1))
		if err != nil {
			b.Fatal(err)
		}
		decs[i] = make([]byte, p.DecodedSize())
		for j := range decs[i] { // pre-touch: page faults stay out of the timings
			decs[i][j] = 1
		}
	}
	encs, err := p.AppendEncodeBatch(context.Background(), nil, srcs, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("encode/goroutines=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(chunks * benchdata.ChunkBytes))
			b.ReportAllocs()
			for b.Loop() {
				for i := range encs {
					encs[i] = encs[i][:0]
				}
				var err error
				if encs, err = p.AppendEncodeBatch(context.Background(), encs, srcs, &codec.Options{Concurrency: workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("decode/goroutines=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(chunks * benchdata.ChunkBytes))
			b.ReportAllocs()
			for b.Loop() {
				if err := p.DecodeBatch(context.Background(), decs, encs, &codec.Options{Concurrency: workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestBatchDemoChain checks that the batch API gives, chunk for chunk, what
// single calls give.
func TestBatchDemoChain(t *testing.T) {
	p := demoPipeline(t, 4096)
	srcs := make([][]byte, 9)
	for i := range srcs {
		srcs[i], _ = benchdata.Chunk(numeric.Float64, benchdata.Smooth, 8*4096, uint64(i+1))
	}
	encs, err := p.AppendEncodeBatch(context.Background(), nil, srcs, &codec.Options{Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, src := range srcs {
		single, err := p.AppendEncode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		dec := make([]byte, len(src))
		if err := p.Decode(dec, encs[i]); err != nil {
			t.Fatal(err)
		}
		dec2 := make([]byte, len(src))
		if err := p.Decode(dec2, single); err != nil {
			t.Fatal(err)
		}
		if string(dec) != string(dec2) {
			t.Fatalf("chunk %d: batch and single encodings decode differently", i)
		}
	}
}

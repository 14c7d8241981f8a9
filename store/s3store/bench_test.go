package s3store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/faultproxy"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/registry"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// BenchmarkRead64MiB reads a 64 MiB float32 array of 256 KiB chunks (256
// GETs) with zarr through the S3 store, the in-process server behind a
// fault proxy that adds latency to every request, at several read
// concurrencies: with 25 ms per request, the read keeps that many GETs in
// flight to hide it. Compare latency=25ms with latency=0 at the same
// concurrency.
func BenchmarkRead64MiB(b *testing.B) {
	const (
		n     = 16 << 20 // float32 elements: 64 MiB
		chunk = 64 << 10 // elements: 256 KiB
	)
	ctx := context.Background()
	f := newFakeS3(b)
	f.quiet = true
	p, err := faultproxy.New(f.URL)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	s := open(b, p.URL, "bench", &store.ObjectOptions{MaxInFlight: 64})
	chain, err := registry.Default().ParseCodecs(json.RawMessage(`[{"name":"bytes","configuration":{"endian":"little"}}]`), "/codecs")
	if err != nil {
		b.Fatal(err)
	}
	fill, _ := numeric.ParseFillValue(numeric.Float32, []byte(`"NaN"`))
	a, err := zarr.Create(ctx, s, "tas", &metadata.ArrayDefinition{Shape: []int64{n}, DataType: numeric.Float32,
		ChunkShape: []int{chunk}, FillValue: fill, Codecs: chain.Codecs}, &zarr.Options{Options: codec.Options{Concurrency: 16}})
	if err != nil {
		b.Fatal(err)
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(math.Sin(float64(i) / 1000))
	}
	if err := zarr.Write(ctx, a, region.Whole(a.Shape()), v); err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 4*n)
	for _, latency := range []time.Duration{0, 25 * time.Millisecond} {
		for _, conc := range []int{1, 8, 32, 64} {
			b.Run(fmt.Sprintf("latency=%v/concurrency=%d", latency, conc), func(b *testing.B) {
				p.SetLatency(latency)
				defer p.SetLatency(0)
				r, err := zarr.Open(ctx, s, "tas", &zarr.Options{Options: codec.Options{Concurrency: conc}})
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(4 * n)
				b.ReportAllocs()
				for b.Loop() {
					if err := r.ReadRegion(ctx, region.Whole(r.Shape()), buf); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	if got := math.Float32frombits(uint32(buf[4*12345]) | uint32(buf[4*12345+1])<<8 | uint32(buf[4*12345+2])<<16 | uint32(buf[4*12345+3])<<24); got != v[12345] {
		b.Fatalf("element 12345 read back as %v, want %v", got, v[12345])
	}
}

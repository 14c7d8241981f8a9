package sharding_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
)

// benchShard builds a float32 shard of shape with 64 inner chunks of
// chunk, smooth data (so zstd has work to do), and returns the pipeline,
// the decoded shard, the encoded shard and its inner chunks encoded one by
// one in C order of the grid.
func benchShard(b *testing.B, shape, chunk []int, inner string) (*codec.Pipeline, []byte, []byte, [][]byte) {
	p := pipeline(b, shardJSON(chunk, inner, indexCRC, ""), numeric.Float32, "0", shape...)
	src := ramp(numeric.Float32, prod(shape))
	shard, err := p.AppendEncode(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	sb, _ := sharding.FromPipeline(p)
	ix, err := sb.ParseIndex(shard)
	if err != nil || ix.NumStored() != 64 {
		b.Fatalf("%v, %d stored", err, ix.NumStored())
	}
	var chunks [][]byte
	for _, c := range ix.Chunks() {
		chunks = append(chunks, shard[c.Range.Offset:c.Range.Offset+c.Range.Length])
	}
	return p, src, shard, chunks
}

// BenchmarkDecode compares decoding a whole 64-inner-chunk shard with
// decoding its 64 inner chunks one by one through the inner chain (each
// into one chunk buffer, as separate chunks would be), in the same run.
// "rows" inner chunks are contiguous in the shard; "boxes" need a box copy
// into place.
func BenchmarkDecode(b *testing.B) {
	for _, tc := range []struct {
		name         string
		shape, chunk []int
	}{
		{"256KiB/rows", []int{64, 1024}, []int{1, 1024}},
		{"256KiB/boxes", []int{256, 256}, []int{32, 32}},
		{"1MiB/boxes", []int{512, 512}, []int{64, 64}},
	} {
		for _, inner := range []struct{ name, js string }{{"bytes", bytesLE}, {"zstd", zstdLE}} {
			p, src, shard, chunks := benchShard(b, tc.shape, tc.chunk, inner.js)
			sb, _ := sharding.FromPipeline(p)
			dst := make([]byte, len(src))
			b.Run(fmt.Sprintf("%s/%s/shard", tc.name, inner.name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					if err := p.Decode(dst, shard); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/%s/inner_one_by_one", tc.name, inner.name), func(b *testing.B) {
				ip := sb.Inner()
				buf := make([]byte, ip.DecodedSize())
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					for _, c := range chunks {
						if err := ip.Decode(buf, c); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// BenchmarkEncode encodes a whole 64-inner-chunk shard and, in the same
// run, its inner chunks one by one.
func BenchmarkEncode(b *testing.B) {
	for _, tc := range []struct {
		name         string
		shape, chunk []int
	}{
		{"256KiB/boxes", []int{256, 256}, []int{32, 32}},
		{"1MiB/boxes", []int{512, 512}, []int{64, 64}},
	} {
		p, src, _, _ := benchShard(b, tc.shape, tc.chunk, zstdLE)
		sb, _ := sharding.FromPipeline(p)
		b.Run(tc.name+"/zstd/shard", func(b *testing.B) {
			var out []byte
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if out, err = p.AppendEncode(out[:0], src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(tc.name+"/zstd/inner_one_by_one", func(b *testing.B) {
			ip := sb.Inner()
			chunk := make([]byte, ip.DecodedSize())
			var out []byte
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				for i := range 64 {
					copy(chunk, src[i*len(chunk):]) // same bytes as a gather
					var err error
					if out, err = ip.AppendEncode(out[:0], chunk); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkReadOneElement reads one element of a 64-inner-chunk shard
// through a byte range reader: the index and one inner chunk.
func BenchmarkReadOneElement(b *testing.B) {
	p, _, shard, _ := benchShard(b, []int{256, 256}, []int{32, 32}, zstdLE)
	r := &countingReader{value: shard}
	one := make([]byte, 4)
	rgn := region.FromShape([]int64{100, 200}, []int64{1, 1})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r.reads = r.reads[:0]
		if err := p.DecodeRegion(ctx, r, rgn, one, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeShardVsInner measures the cost of sharding itself on a
// noisy machine: every iteration decodes the whole 64-inner-chunk shard and
// then its 64 inner chunks one by one (each into its own destination, as 64
// unsharded chunks would be), timing each by the CPU time of its thread
// (the goroutine is locked to it; on Linux other processes' load does not
// count). It reports shard-ns/op, inner-ns/op and their ratio shard/inner
// (1.05 would be 5% over decoding the inner chunks alone). Run with -cpu 1:
// the parallel path of larger shards would run on other threads.
func BenchmarkDecodeShardVsInner(b *testing.B) {
	for _, tc := range []struct {
		name         string
		shape, chunk []int
		inner        string
	}{
		{"256KiB/rows/zstd", []int{64, 1024}, []int{1, 1024}, zstdLE},
		{"256KiB/boxes/zstd", []int{256, 256}, []int{32, 32}, zstdLE},
		{"256KiB/boxes/gzip", []int{256, 256}, []int{32, 32}, gzipLE},
		{"256KiB/rows/bytes", []int{64, 1024}, []int{1, 1024}, bytesLE},
		{"256KiB/boxes/bytes", []int{256, 256}, []int{32, 32}, bytesLE},
		{"1MiB/boxes/zstd", []int{512, 512}, []int{64, 64}, zstdLE},
	} {
		p, src, shard, chunks := benchShard(b, tc.shape, tc.chunk, tc.inner)
		sb, _ := sharding.FromPipeline(p)
		ip := sb.Inner()
		dst := make([]byte, len(src))
		bufs := make([]byte, len(src))
		size := ip.DecodedSize()
		b.Run(tc.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			// The thread's CPU time where the system gives it, wall time
			// otherwise.
			threadCPU := cputime.Thread
			if threadCPU() == 0 {
				threadCPU = func() time.Duration { return time.Duration(time.Now().UnixNano()) }
			}
			var shardT, innerT time.Duration
			b.SetBytes(int64(2 * len(src)))
			b.ReportAllocs()
			decodeShard := func() time.Duration {
				t0 := threadCPU()
				if err := p.Decode(dst, shard); err != nil {
					b.Fatal(err)
				}
				return threadCPU() - t0
			}
			decodeInner := func() time.Duration {
				t0 := threadCPU()
				for i, c := range chunks {
					if err := ip.Decode(bufs[i*size:(i+1)*size], c); err != nil {
						b.Fatal(err)
					}
				}
				return threadCPU() - t0
			}
			// Alternate which goes first: the second finds the encoded
			// bytes in cache.
			for i := 0; b.Loop(); i++ {
				if i%2 == 0 {
					shardT += decodeShard()
					innerT += decodeInner()
				} else {
					innerT += decodeInner()
					shardT += decodeShard()
				}
			}
			b.ReportMetric(float64(shardT.Nanoseconds())/float64(b.N), "shard-ns/op")
			b.ReportMetric(float64(innerT.Nanoseconds())/float64(b.N), "inner-ns/op")
			b.ReportMetric(float64(shardT)/float64(innerT), "shard/inner")
		})
	}
}

// BenchmarkSerialVsParallel compares, in alternation and by wall time, the
// whole-shard serial path (a codec resolved under GOMAXPROCS 1) with the
// parallel one (resolved under GOMAXPROCS 2) on a 4 MiB shard of 64 inner
// chunks, and reports serial/parallel for decoding and encoding (above 1:
// the parallel path is faster). Run with -cpu 2 on an otherwise idle
// machine; under load the figure says little.
func BenchmarkSerialVsParallel(b *testing.B) {
	for _, inner := range []struct{ name, js string }{{"zstd", zstdLE}, {"gzip", gzipLE}} {
		old := runtime.GOMAXPROCS(1)
		serial, src := bigShard(b, inner.js)
		runtime.GOMAXPROCS(2)
		parallel, _ := bigShard(b, inner.js)
		runtime.GOMAXPROCS(old)
		enc, err := serial.AppendEncode(nil, src)
		if err != nil {
			b.Fatal(err)
		}
		dst := make([]byte, len(src))
		var out []byte
		b.Run(inner.name, func(b *testing.B) {
			var decS, decP, encS, encP time.Duration
			timed := func(f func() error) time.Duration {
				t0 := time.Now()
				if err := f(); err != nil {
					b.Fatal(err)
				}
				return time.Since(t0)
			}
			for b.Loop() {
				decS += timed(func() error { return serial.Decode(dst, enc) })
				decP += timed(func() error { return parallel.Decode(dst, enc) })
				encS += timed(func() (err error) { out, err = serial.AppendEncode(out[:0], src); return err })
				encP += timed(func() (err error) { out, err = parallel.AppendEncode(out[:0], src); return err })
			}
			b.ReportMetric(float64(decS)/float64(decP), "dec-serial/parallel")
			b.ReportMetric(float64(encS)/float64(encP), "enc-serial/parallel")
		})
	}
}

package codec_test

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"runtime"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// benchChunkBytes is the decoded size of every benchmark chunk (1 MiB).
const benchChunkBytes = 1 << 20

// smoothChunk returns benchChunkBytes of a temperature-like field in the
// little-endian encoding of dt (float32 or float64).
func smoothChunk(dt numeric.DataType) []byte {
	b := make([]byte, benchChunkBytes)
	size := dt.Size()
	for i := range benchChunkBytes / size {
		x := float64(i)
		v := 273.15 + 20*math.Sin(2*math.Pi*x/4096) + 5*math.Sin(2*math.Pi*x/97) + 0.01*math.Sin(x*x)
		if size == 4 {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(v)))
		} else {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
		}
	}
	return b
}

// benchPipeline resolves the codec list chain for one 1 MiB chunk of dt.
func benchPipeline(b *testing.B, dt numeric.DataType, chain string) *codec.Pipeline {
	b.Helper()
	parsed, err := registry.Default().ParseCodecs(json.RawMessage(chain), "/codecs")
	if err != nil {
		b.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: dt, Shape: []int{benchChunkBytes / dt.Size()}, FillValue: numeric.Zero(dt)}
	p, err := codec.NewPipeline(spec, parsed.Codecs, nil)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// cpuLoop runs f b.N times on one locked OS thread and reports, beside the
// wall time, the thread's CPU time per operation (cpu-ns/op): on a machine
// shared with other work the wall time measures the waits as well.
func cpuLoop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(benchChunkBytes)
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Thread()
	for b.Loop() {
		f()
	}
	if used := cputime.Thread() - start; used > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkPipeline runs whole chunks through the pipeline. The copy case
// (copy() of the same 1 MiB) is the yardstick: compare the others with it
// as ratios measured in the same run. Throughput is counted in decoded
// bytes; cpu-ns/op is the CPU time of the benchmark's thread per chunk.
func BenchmarkPipeline(b *testing.B) {
	cases := []struct {
		name  string
		dt    numeric.DataType
		chain string
	}{
		{"bytes/f32", numeric.Float32, `[{"name": "bytes", "configuration": {"endian": "little"}}]`},
		{"scale_offset+bytes/f32", numeric.Float32,
			`[{"name": "scale_offset", "configuration": {"offset": 273.15, "scale": 10}}, {"name": "bytes", "configuration": {"endian": "little"}}]`},
		{"bytes+zstd/f64", numeric.Float64,
			`[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 1, "checksum": false}}]`},
	}
	src := map[numeric.DataType][]byte{numeric.Float32: smoothChunk(numeric.Float32), numeric.Float64: smoothChunk(numeric.Float64)}
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, benchChunkBytes)
		cpuLoop(b, func() { copy(dst, src[numeric.Float32]) })
	})
	for _, tc := range cases {
		p := benchPipeline(b, tc.dt, tc.chain)
		in := src[tc.dt]
		enc, err := p.AppendEncode(nil, in)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("encode/"+tc.name, func(b *testing.B) {
			dst := make([]byte, 0, 2*len(enc)+benchChunkBytes)
			cpuLoop(b, func() {
				if _, err := p.AppendEncode(dst[:0], in); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run("decode/"+tc.name, func(b *testing.B) {
			dst := make([]byte, benchChunkBytes)
			cpuLoop(b, func() {
				if err := p.Decode(dst, enc); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

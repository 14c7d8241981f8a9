package zarr

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

// The benchmark array: float32 [N, 512, 512] in chunks of [1, 512, 512]
// (1 MiB each) through the demo chain; N = 256 gives 256 MiB. Set
// ZCODEC_BENCH_MIB to change N, ZCODEC_BENCH_DIR to keep the store there
// (for measuring the commands on it).
const benchChain = `[{"name":"scale_offset","configuration":{"offset":243.15,"scale":4}},
	{"name":"cast_value","configuration":{"data_type":"uint8","rounding":"nearest-even","out_of_range":"clamp",
	  "scalar_map":{"encode":[["NaN",255]],"decode":[[255,"NaN"]]}}},
	"bytes",{"name":"zstd","configuration":{"level":3,"checksum":false}}]`

var benchStore struct {
	once sync.Once
	dir  string
	err  error
}

func benchArrayDir(b *testing.B) string {
	benchStore.once.Do(func() {
		n := int64(256)
		if v, err := strconv.Atoi(os.Getenv("ZCODEC_BENCH_MIB")); err == nil && v > 0 {
			n = int64(v)
		}
		dir := os.Getenv("ZCODEC_BENCH_DIR")
		if dir == "" {
			tmp, err := os.MkdirTemp("", "zcodec-bench-")
			if err != nil {
				benchStore.err = err
				return
			}
			dir = filepath.Join(tmp, "bench.zarr")
		}
		benchStore.dir = dir
		if _, err := os.Stat(filepath.Join(dir, "zarr.json")); err == nil {
			return // kept from an earlier run
		}
		d, err := store.CreateDir(dir)
		if err != nil {
			benchStore.err = err
			return
		}
		defer d.Close()
		a, err := Create(context.Background(), d, "", newMeta(b, []int64{n, 512, 512}, []int{1, 512, 512}, numeric.Float32, `"NaN"`, benchChain, ""), nil)
		if err != nil {
			benchStore.err = err
			return
		}
		plane := make([]float32, 512*512)
		for z := int64(0); z < n; z++ {
			for i := range plane {
				y, x := i/512, i%512
				plane[i] = float32(273.15 + 20*math.Sin(2*math.Pi*float64(y)/512+float64(z)/40) + 5*math.Cos(2*math.Pi*float64(x)/97) + 0.1*math.Sin(float64(i)*0.7))
			}
			if err := Write(context.Background(), a, region.FromShape([]int64{z, 0, 0}, []int64{1, 512, 512}), plane); err != nil {
				benchStore.err = err
				return
			}
		}
	})
	if benchStore.err != nil {
		b.Fatal(benchStore.err)
	}
	return benchStore.dir
}

// BenchmarkReadArray reads the whole benchmark array from the directory
// store into one buffer, with 1 and 2 goroutines.
func BenchmarkReadArray(b *testing.B) {
	dir := benchArrayDir(b)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("dir/workers=%d", workers), func(b *testing.B) {
			d, err := store.OpenDir(dir)
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			a, err := Open(context.Background(), d, "", &Options{Options: codec.Options{Concurrency: workers}})
			if err != nil {
				b.Fatal(err)
			}
			whole := region.Whole(a.Shape())
			dst := make([]byte, whole.Size()*4)
			// One untimed read first: the first pass of a process faults in
			// the destination and warms the page cache and the codecs'
			// pools, and measured 3x slower than the next ones.
			if err := a.ReadRegion(context.Background(), whole, dst); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(dst)))
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				if err := a.ReadRegion(context.Background(), whole, dst); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU reports the process's CPU time per operation since start
// (cpu-ms/op): on a machine shared with other work, wall time says little
// and CPU time says what the code costs.
func reportCPU(b *testing.B, start time.Duration) {
	if d := cputime.Process() - start; d > 0 {
		b.ReportMetric(float64(d)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkDecodeBatch decodes the same chunks, held in memory, with the
// pipeline's DecodeBatch into the same kind of buffer: the floor that
// BenchmarkReadArray is compared with.
func BenchmarkDecodeBatch(b *testing.B) {
	dir := benchArrayDir(b)
	d, err := store.OpenDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	a, err := Open(ctx, d, "", nil)
	if err != nil {
		b.Fatal(err)
	}
	n := int(a.GridShape()[0])
	srcs := make([][]byte, n)
	dsts := make([][]byte, n)
	size := a.Pipeline().DecodedSize()
	dst := make([]byte, n*size)
	for z := range n {
		if srcs[z], err = d.Get(ctx, a.ChunkKey([]int64{int64(z), 0, 0}), store.NoLimit); err != nil {
			b.Fatal(err)
		}
		dsts[z] = dst[z*size : (z+1)*size]
	}
	if err := a.Pipeline().DecodeBatch(ctx, dsts, srcs, &codec.Options{Concurrency: 2}); err != nil { // untimed, as in BenchmarkReadArray
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("memory/workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(len(dst)))
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				if err := a.Pipeline().DecodeBatch(ctx, dsts, srcs, &codec.Options{Concurrency: workers}); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

var stats100k struct {
	once sync.Once
	dir  string
	err  error
}

// bigGridDir returns a store holding an array of 100,000 stored chunks
// (uint8 [400, 250] in chunks of one element), made once per process in a
// temporary directory.
func bigGridDir(b *testing.B) string {
	stats100k.once.Do(func() {
		tmp, err := os.MkdirTemp("", "zcodec-100k-")
		if err != nil {
			stats100k.err = err
			return
		}
		stats100k.dir = tmp
		d, err := store.OpenDir(tmp)
		if err != nil {
			stats100k.err = err
			return
		}
		defer d.Close()
		if _, err := Create(context.Background(), d, "", newMeta(b, []int64{400, 250}, []int{1, 1}, numeric.Uint8, "0", `["bytes"]`, ""), nil); err != nil {
			stats100k.err = err
			return
		}
		for y := range 400 {
			os.MkdirAll(filepath.Join(tmp, "c", strconv.Itoa(y)), 0o777)
			for x := range 250 {
				if err := os.WriteFile(filepath.Join(tmp, "c", strconv.Itoa(y), strconv.Itoa(x)), []byte{1}, 0o666); err != nil {
					stats100k.err = err
					return
				}
			}
		}
	})
	if stats100k.err != nil {
		b.Fatal(stats100k.err)
	}
	return stats100k.dir
}

// BenchmarkStats100k opens an array of 100,000 stored chunks and counts
// them from the store's listing, the work of `zcodec info`: keys only, no
// chunk is read.
func BenchmarkStats100k(b *testing.B) {
	dir := bigGridDir(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		d, err := store.OpenDir(dir)
		if err != nil {
			b.Fatal(err)
		}
		a, err := Open(ctx, d, "", nil)
		if err != nil {
			b.Fatal(err)
		}
		st, err := a.Stats(ctx)
		if err != nil || st.Present != 100000 {
			b.Fatalf("%+v %v", st, err)
		}
		d.Close()
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if stats100k.dir != "" {
		os.RemoveAll(stats100k.dir)
	}
	if benchStore.dir != "" && os.Getenv("ZCODEC_BENCH_DIR") == "" {
		os.RemoveAll(filepath.Dir(benchStore.dir))
	}
	os.Exit(code)
}

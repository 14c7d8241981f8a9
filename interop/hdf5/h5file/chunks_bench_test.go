package h5file_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/internal/hdf5bench"
	"github.com/zcodec/zcodec/interop/hdf5/h5file"
)

var printCPU sync.Once

// benchFiles returns the generated benchmark files, or skips b saying
// how to write them.
func benchFiles(b *testing.B) *hdf5bench.Manifest {
	printCPU.Do(func() { fmt.Println("cpu:", bench.CPU()) })
	m, err := hdf5bench.Load()
	if err != nil {
		b.Skipf("%v; %s", err, hdf5bench.Hint)
	}
	return m
}

// scan opens the file that ra reads and lists every chunk of its dataset
// at the root named name, returning the count and the sum of sizes.
func scan(ctx context.Context, ra *os.File, size int64, name string, opts *h5file.Options) (n int64, bytes uint64, err error) {
	f, err := h5file.OpenReaderAt(ra, size, opts)
	if err != nil {
		return 0, 0, err
	}
	root, err := f.Root(ctx)
	if err != nil {
		return 0, 0, err
	}
	links, err := root.Links(ctx)
	if err != nil {
		return 0, 0, err
	}
	for _, l := range links {
		if l.Name != name {
			continue
		}
		o, err := f.Object(ctx, l.Addr)
		if err != nil {
			return 0, 0, err
		}
		d, err := o.Dataset(ctx)
		if err != nil {
			return 0, 0, err
		}
		err = d.Chunks(ctx, func(c h5file.Chunk) error {
			n++
			bytes += c.Size
			return nil
		})
		return n, bytes, err
	}
	return 0, 0, fmt.Errorf("no dataset %q at the root", name)
}

// BenchmarkChunks opens each listing file (10,000 and 100,000 chunks under
// a v1 B-tree, a fixed array and an extensible array) and lists every
// chunk's offset and size with Dataset.Chunks, each iteration a new File
// over the same *os.File (warm in the page cache). ns/chunk and
// cpu-ns/chunk (the process's CPU time) about equal between 10k and 100k
// say that the listing is linear in the chunks.
func BenchmarkChunks(b *testing.B) {
	m := benchFiles(b)
	ctx := context.Background()
	for _, size := range hdf5bench.Sizes {
		for _, index := range hdf5bench.Indexes {
			fi, ok := m.Listing(size, index)
			if !ok {
				b.Fatalf("the manifest has no %s %s file", size, index)
			}
			b.Run(size+"/"+index, func(b *testing.B) {
				ra, err := os.Open(m.Path(fi))
				if err != nil {
					b.Fatal(err)
				}
				defer ra.Close()
				n, _, err := scan(ctx, ra, fi.Bytes, fi.Dataset, nil)
				if err != nil {
					b.Fatal(err)
				}
				if n != fi.Chunks {
					b.Fatalf("%d chunks listed, the file has %d", n, fi.Chunks)
				}
				b.ReportAllocs()
				b.ResetTimer()
				c0 := cputime.Process()
				for b.Loop() {
					if _, _, err := scan(ctx, ra, fi.Bytes, fi.Dataset, nil); err != nil {
						b.Fatal(err)
					}
				}
				cpu := cputime.Process() - c0
				chunks := float64(b.N) * float64(fi.Chunks)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/chunks, "ns/chunk")
				if cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/chunks, "cpu-ns/chunk")
				}
				b.ReportMetric(chunks/b.Elapsed().Seconds(), "chunks/s")
			})
		}
	}
}

// BenchmarkChunksBigFile lists the 384 chunks of the big benchmark file
// (120.7 MB, its v1 B-tree nodes written among the chunks' data) as
// BenchmarkChunks does, with metadata read in blocks of the default size
// (h5file.DefaultBlockSize, 1 MiB), 64 KiB and 4 KiB: each block the
// index touches is read whole, so the block size, not the index, sets
// the cost of a listing here.
func BenchmarkChunksBigFile(b *testing.B) {
	m := benchFiles(b)
	fi, ok := m.Big()
	if !ok {
		b.Fatal("the manifest has no big file")
	}
	ctx := context.Background()
	ra, err := os.Open(m.Path(fi))
	if err != nil {
		b.Fatal(err)
	}
	defer ra.Close()
	for _, bs := range []int64{h5file.DefaultBlockSize, 64 << 10, 4 << 10} {
		b.Run(fmt.Sprintf("block=%dKiB", bs>>10), func(b *testing.B) {
			opts := &h5file.Options{BlockSize: bs}
			n, _, err := scan(ctx, ra, fi.Bytes, fi.Dataset, opts)
			if err != nil {
				b.Fatal(err)
			}
			if n != fi.Chunks {
				b.Fatalf("%d chunks listed, the file has %d", n, fi.Chunks)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, _, err := scan(ctx, ra, fi.Bytes, fi.Dataset, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*float64(fi.Chunks)), "ns/chunk")
		})
	}
}

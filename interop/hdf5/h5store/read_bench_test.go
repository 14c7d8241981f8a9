package h5store_test

import (
	"context"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/internal/hdf5bench"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

var printCPU sync.Once

// readWhole opens path with store.Open (the registered HDF5 format), its
// dataset ds with zarr.Open and reads it whole into dst.
func readWhole(ctx context.Context, path, ds string, opts *zarr.Options, dst []byte) error {
	st, err := store.Open(ctx, path, nil)
	if err != nil {
		return err
	}
	if c, ok := st.(io.Closer); ok {
		defer c.Close()
	}
	a, err := zarr.Open(ctx, st, ds, opts)
	if err != nil {
		return err
	}
	r := region.FromShape(make([]int64, len(a.Shape())), a.Shape())
	return a.ReadRegion(ctx, r, dst)
}

// BenchmarkReadDataset reads the big benchmark file's dataset (float32
// (96, 1024, 1024), 402.7 MB in 384 chunks of 1 MiB, shuffle + deflate
// level 4) whole into a buffer allocated once, opening the file each
// iteration (warm in the page cache): on one goroutine
// (a Concurrency of 1 in zarr.Options, what libhdf5 does on its one thread) and
// with the default concurrency (GOMAXPROCS); copy() of the same bytes is
// the ceiling. MB/s count decoded bytes; cpu-MB/s divide by the process's
// CPU time.
func BenchmarkReadDataset(b *testing.B) {
	printCPU.Do(func() { fmt.Println("cpu:", bench.CPU()) })
	m, err := hdf5bench.Load()
	if err != nil {
		b.Skipf("%v; %s", err, hdf5bench.Hint)
	}
	fi, ok := m.Big()
	if !ok {
		b.Fatal("the manifest has no big file")
	}
	ctx := context.Background()
	n := 4
	for _, s := range fi.Shape {
		n *= int(s)
	}
	dst := make([]byte, n)
	for i := range dst {
		dst[i] = 1 // written once, so that no iteration pays for page faults
	}
	for _, c := range []struct {
		name string
		opts *zarr.Options
	}{{"concurrency=1", &zarr.Options{Options: codec.Options{Concurrency: 1}}}, {"concurrency=default", nil}} {
		b.Run(c.name, func(b *testing.B) {
			if err := readWhole(ctx, m.Path(fi), fi.Dataset, c.opts, dst); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(n))
			b.ReportAllocs()
			b.ResetTimer()
			cputime.Loop(b, n, func() {
				if err := readWhole(ctx, m.Path(fi), fi.Dataset, c.opts, dst); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
	b.Run("copy", func(b *testing.B) {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(i)
		}
		b.SetBytes(int64(n))
		b.ReportAllocs()
		b.ResetTimer()
		cputime.Loop(b, n, func() { copy(dst, src) })
	})
}

package kerchunk_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/bench"
	"github.com/zcodec/zcodec/interop/hdf5/h5store"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store/byterange"
)

var printCPU sync.Once

// readerAt reads ranges through an io.ReaderAt, a new buffer each, as a
// file's reads would.
type readerAt struct {
	io.ReaderAt
	size int64
}

func (r readerAt) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	start, end, err := byterange.Bounds(br, r.size)
	if err == nil {
		b := make([]byte, end-start)
		_, err = r.ReadAt(b, start)
		return b, err
	}
	return nil, err
}

// nc50 returns testdata/hdf5remote's netCDF-4 file: 50 float32 variables
// of (20, 32, 32) in 4 chunks each, CF attributes, time, lat and lon, 4.4
// MB, whose headers and chunk indexes lie across its first 4 MiB.
func nc50(b *testing.B) []byte {
	gz, err := os.ReadFile("../../testdata/hdf5remote/nc50.nc.gz")
	if err != nil {
		b.Fatal(err)
	}
	z, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkFromHDF5 makes the reference set of the 50-variable netCDF-4
// file, opening it each iteration: through an io.ReaderAt over the bytes
// in memory (h5store.Open: the parsing, without the system's reads) and
// from a local file
// (h5store.OpenFile, warm in the page cache). MB/s count the file's bytes;
// chunks/op the chunks referenced or inlined.
func BenchmarkFromHDF5(b *testing.B) {
	printCPU.Do(func() { fmt.Println("cpu:", bench.CPU()) })
	data := nc50(b)
	path := filepath.Join(b.TempDir(), "nc50.nc")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name string
		open func() (*h5store.Store, error)
	}{
		{"readerat", func() (*h5store.Store, error) {
			return h5store.Open(ctx, readerAt{bytes.NewReader(data), int64(len(data))}, int64(len(data)), nil)
		}},
		{"file", func() (*h5store.Store, error) { return h5store.OpenFile(ctx, path, nil) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var chunks int64
			for b.Loop() {
				st, err := c.open()
				if err != nil {
					b.Fatal(err)
				}
				res, err := kerchunk.FromHDF5(ctx, st, "nc50.nc", nil)
				st.Close()
				if err != nil {
					b.Fatal(err)
				}
				if res.Stats.Arrays != 53 || len(res.Refused) > 0 {
					b.Fatalf("%d arrays, %d refused; want 53 and none", res.Stats.Arrays, len(res.Refused))
				}
				chunks = res.Stats.Referenced + res.Stats.Inlined
			}
			b.ReportMetric(float64(chunks), "chunks/op")
		})
	}
}

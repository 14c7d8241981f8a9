package refstore_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/bench"
	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/interop/kerchunk"
	_ "github.com/zcodec/zcodec/interop/kerchunk/refstore"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

var printCPU sync.Once

// The shape of the files a benchmark set refers to: setVars float32
// variables of setSteps x 32 x 32 each, in chunks of (1, 32, 32), as a
// combined set of netCDF-4 files of that many variables and steps holds.
const (
	setVars    = 50
	setSteps   = 2
	chunkBytes = 32 * 32 * 4
)

// setFiles serves, under any path, one file of setVars x setSteps raw
// chunks (chunk c's floats are all c), and counts the requests and the
// paths asked for.
type setFiles struct {
	*httptest.Server
	requests atomic.Int64
	mu       sync.Mutex
	paths    map[string]bool
}

func newSetFiles(b *testing.B) *setFiles {
	data := make([]byte, setVars*setSteps*chunkBytes)
	for i := 0; i < len(data); i += 4 {
		binary.LittleEndian.PutUint32(data[i:], math.Float32bits(float32(i/chunkBytes)))
	}
	s := &setFiles{paths: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		s.mu.Lock()
		s.paths[r.URL.Path] = true
		s.mu.Unlock()
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
	}))
	b.Cleanup(s.Close)
	return s
}

// take returns the requests and the distinct paths asked for since the
// last take.
func (s *setFiles) take() (requests int64, paths int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	paths = len(s.paths)
	clear(s.paths)
	return s.requests.Swap(0), paths
}

// writeSet writes, as JSON in dir, the set of n files combined along their
// first dimension: every variable's chunk (t, 0, 0) refers to file t /
// setSteps.
func writeSet(b *testing.B, dir, url string, n int) string {
	set := kerchunk.NewSet()
	inline := func(s string) kerchunk.Ref { return kerchunk.Ref{Inline: true, Data: []byte(s)} }
	set.Put(".zgroup", inline(`{"zarr_format":2}`))
	for v := range setVars {
		p := fmt.Sprintf("var%02d/", v)
		set.Put(p+".zarray", inline(fmt.Sprintf(`{"chunks":[1,32,32],"compressor":null,"dtype":"<f4","fill_value":null,"filters":null,"order":"C","shape":[%d,32,32],"zarr_format":2}`, n*setSteps)))
		set.Put(p+".zattrs", inline(`{"_ARRAY_DIMENSIONS":["time","lat","lon"],"units":"K"}`))
		for t := range n * setSteps {
			set.Put(fmt.Sprintf("%s%d.0.0", p, t), kerchunk.Ref{URL: fmt.Sprintf("%s/f%04d.nc", url, t/setSteps),
				Offset: int64((v*setSteps + t%setSteps) * chunkBytes), Length: chunkBytes})
		}
	}
	path := filepath.Join(dir, fmt.Sprintf("set%d.json", n))
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := set.WriteJSON(f); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkOpenSet opens a JSON reference set of 10, 100 and 1000 files
// (50 variables each, 100,000 references for 1000 files) with store.Open,
// which reads and parses it, opens var07 with zarr.Open and reads one
// chunk, of the middle file, over HTTP. MB/s count the JSON's bytes;
// requests/op and files/op are what the server saw: one of each, whatever
// the number of files.
func BenchmarkOpenSet(b *testing.B) {
	printCPU.Do(func() { fmt.Println("cpu:", bench.CPU()) })
	srv := newSetFiles(b)
	dir := b.TempDir()
	ctx := context.Background()
	buf := make([]byte, chunkBytes)
	for _, n := range []int{10, 100, 1000} {
		path := writeSet(b, dir, srv.URL, n)
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			fi, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(fi.Size())
			b.ReportAllocs()
			t := int64(n / 2 * setSteps)
			want := float32(7*setSteps + int(t)%setSteps)
			srv.take()
			var requests, files int64
			for b.Loop() {
				st, err := store.Open(ctx, path, nil)
				if err != nil {
					b.Fatal(err)
				}
				a, err := zarr.Open(ctx, st, "var07", nil)
				if err != nil {
					b.Fatal(err)
				}
				err = a.ReadRegion(ctx, region.FromShape([]int64{t, 0, 0}, []int64{1, 32, 32}), buf)
				st.(interface{ Close() error }).Close()
				if err != nil {
					b.Fatal(err)
				}
				if got := math.Float32frombits(binary.NativeEndian.Uint32(buf)); got != want {
					b.Fatalf("chunk %d of var07 holds %v, want %v", t, got, want)
				}
				r, p := srv.take()
				requests, files = requests+r, files+int64(p)
			}
			b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
			b.ReportMetric(float64(files)/float64(b.N), "files/op")
		})
	}
}

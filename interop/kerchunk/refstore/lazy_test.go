package refstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/zcodec/zcodec/codecs"
	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// fileServer serves files by path with Range requests, counting requests
// and the most in flight at once; delay holds each answer.
type fileServer struct {
	*httptest.Server
	files    map[string][]byte
	delay    time.Duration
	requests atomic.Int64
	inFlight atomic.Int64
	most     atomic.Int64
}

func newFileServer(t *testing.T, files map[string][]byte) *fileServer {
	s := &fileServer{files: files}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		n := s.inFlight.Add(1)
		defer s.inFlight.Add(-1)
		for m := s.most.Load(); n > m && !s.most.CompareAndSwap(m, n); m = s.most.Load() {
		}
		time.Sleep(s.delay)
		b, ok := s.files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
	}))
	t.Cleanup(s.Close)
	return s
}

// thousandFiles returns a set of 1000 one-chunk arrays, array i's chunk
// the 8 bytes of int64 i at offset 8 of file i, and the files.
func thousandFiles(url func(i int) string) (*kerchunk.Set, map[string][]byte) {
	set := kerchunk.NewSet()
	files := map[string][]byte{}
	set.Put(".zgroup", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2}`)})
	for i := range 1000 {
		b := make([]byte, 24)
		binary.LittleEndian.PutUint64(b[8:], uint64(i))
		files[fmt.Sprintf("/files/f%04d.bin", i)] = b
		v := fmt.Sprintf("v%04d", i)
		set.Put(v+"/.zarray", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2,"shape":[1],"chunks":[1],"dtype":"<i8","compressor":null,"filters":null,"fill_value":0,"order":"C"}`)})
		set.Put(v+"/0", kerchunk.Ref{URL: url(i), Offset: 8, Length: 8})
	}
	return set, files
}

// TestThousandFilesHTTP: a set of 1000 files over HTTP opens nothing and
// sends nothing; reading one chunk opens one store and sends one request.
func TestThousandFilesHTTP(t *testing.T) {
	ctx := context.Background()
	_, files := thousandFiles(func(int) string { return "" })
	srv := newFileServer(t, files)
	set, _ := thousandFiles(func(i int) string { return fmt.Sprintf("%s/files/f%04d.bin", srv.URL, i) })
	var opens atomic.Int64
	s, err := New(ctx, set, &Options{OpenStore: func(ctx context.Context, root string, o *store.OpenOptions) (store.Store, error) {
		opens.Add(1)
		return store.Open(ctx, root, o)
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if opens.Load() != 0 || srv.requests.Load() != 0 {
		t.Fatalf("New: %d opens, %d requests", opens.Load(), srv.requests.Load())
	}
	a, err := zarr.Open(ctx, s, "v0617", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := zarr.Read[int64](ctx, a, region.Whole([]int64{1}))
	if err != nil || got[0] != 617 {
		t.Fatalf("read v0617: %v, %v", got, err)
	}
	if opens.Load() != 1 || srv.requests.Load() != 1 {
		t.Errorf("reading one chunk of a set of 1000 files: %d opens, %d requests; want 1 and 1", opens.Load(), srv.requests.Load())
	}
	t.Logf("one chunk of a set of 1000 files over HTTP: %d open, %d request", opens.Load(), srv.requests.Load())
	// Every file: still one store (one origin), one request a chunk.
	for i := range 1000 {
		b, err := s.Get(ctx, fmt.Sprintf("v%04d/0", i), store.NoLimit)
		if err != nil || binary.LittleEndian.Uint64(b) != uint64(i) {
			t.Fatalf("chunk %d: %v", i, err)
		}
	}
	if opens.Load() != 1 || srv.requests.Load() != 1001 || s.OpenStores() != 1 {
		t.Errorf("reading every chunk: %d opens, %d requests, %d stores open; want 1, 1001, 1", opens.Load(), srv.requests.Load(), s.OpenStores())
	}
}

// TestThousandFilesLocal: the same with 1000 local files in 1000
// directories: one store (the file system's root) for them all.
func TestThousandFilesLocal(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	set, files := thousandFiles(func(i int) string { return fmt.Sprintf("d%04d/files/f%04d.bin", i, i) })
	for p, b := range files {
		var i int
		fmt.Sscanf(p, "/files/f%04d.bin", &i)
		q := filepath.Join(dir, fmt.Sprintf("d%04d", i), filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(q), 0o755)
		os.WriteFile(q, b, 0o644)
	}
	var opens atomic.Int64
	s, err := New(ctx, set, &Options{Location: filepath.Join(dir, "refs.json"), OpenStore: func(ctx context.Context, root string, o *store.OpenOptions) (store.Store, error) {
		opens.Add(1)
		return store.Open(ctx, root, o)
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range 1000 {
		b, err := s.Get(ctx, fmt.Sprintf("v%04d/0", i), store.NoLimit)
		if err != nil || binary.LittleEndian.Uint64(b) != uint64(i) {
			t.Fatalf("chunk %d: %v", i, err)
		}
	}
	if opens.Load() != 1 {
		t.Errorf("1000 local files in 1000 directories: %d opens, want 1", opens.Load())
	}
}

// TestInFlightBounded: reading an array of 256 chunks, each in a file of
// its own on one HTTP server, keeps at most PreferredConcurrency (the HTTP
// store's 8 connections) requests in flight, and more than one.
func TestInFlightBounded(t *testing.T) {
	ctx := context.Background()
	files := map[string][]byte{}
	set := kerchunk.NewSet()
	set.Put("a/.zarray", kerchunk.Ref{Inline: true, Data: []byte(`{"zarr_format":2,"shape":[256],"chunks":[1],"dtype":"<i8","compressor":null,"filters":null,"fill_value":0,"order":"C"}`)})
	for i := range 256 {
		b := make([]byte, 8)
		binary.LittleEndian.PutUint64(b, uint64(i*i))
		files[fmt.Sprintf("/c/%d", i)] = b
	}
	srv := newFileServer(t, files)
	srv.delay = 5 * time.Millisecond
	for i := range 256 {
		set.Put(fmt.Sprintf("a/%d", i), kerchunk.Ref{URL: fmt.Sprintf("%s/c/%d", srv.URL, i), Offset: 0, Length: 8})
	}
	s, err := New(ctx, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n := s.PreferredConcurrency(); n != 8 {
		t.Errorf("PreferredConcurrency = %d, want the HTTP store's 8", n)
	}
	a, err := zarr.Open(ctx, s, "a", nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := zarr.Read[int64](ctx, a, region.Whole([]int64{256}))
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != int64(i*i) {
			t.Fatalf("element %d = %d", i, v)
		}
	}
	most := srv.most.Load()
	t.Logf("256 chunks over HTTP: %d requests, at most %d in flight", srv.requests.Load(), most)
	if most > 8 || most < 2 || srv.requests.Load() != 256 {
		t.Errorf("%d requests, at most %d in flight; want 256, between 2 and 8", srv.requests.Load(), most)
	}
}

// TestStoresBounded: a set over more hosts than MaxStores keeps at most
// MaxStores stores open, closing the least recently used.
func TestStoresBounded(t *testing.T) {
	ctx := context.Background()
	o := newOpener()
	set := kerchunk.NewSet()
	for i := range 40 {
		root := fmt.Sprintf("s3://bucket%02d", i)
		o.mem(root).Set(ctx, "f", []byte{byte(i)})
		set.Put(fmt.Sprintf("k%02d", i), kerchunk.Ref{URL: root + "/f", Offset: 0, Length: 1})
	}
	var mu sync.Mutex
	closed := 0
	s, err := New(ctx, set, &Options{MaxStores: 4, OpenStore: func(ctx context.Context, root string, opts *store.OpenOptions) (store.Store, error) {
		m, err := o.open(ctx, root, opts)
		return &closing{Store: m, closed: func() { mu.Lock(); closed++; mu.Unlock() }}, err
	}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for round := range 3 {
		for i := range 40 {
			wg.Go(func() {
				b, err := s.Get(ctx, fmt.Sprintf("k%02d", i), store.NoLimit)
				if err != nil || b[0] != byte(i) {
					t.Errorf("round %d key %d: %v", round, i, err)
				}
			})
		}
		wg.Wait()
		if n := s.OpenStores(); n > 4 {
			t.Errorf("%d stores open, want at most 4", n)
		}
	}
	s.Close()
	mu.Lock()
	defer mu.Unlock()
	if closed != o.count() {
		t.Errorf("%d stores opened, %d closed", o.count(), closed)
	}
	if _, err := s.Get(ctx, "k00", store.NoLimit); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Get after Close: %v", err)
	}
}

type closing struct {
	store.Store
	closed func()
}

func (c *closing) Close() error { c.closed(); return nil }

package s3store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// fileStore is what the test format makes of a file: it only holds it.
type fileStore struct {
	store.Store
	f     *store.File
	inner string
}

func (s *fileStore) Close() error { return s.f.Close() }

var registerToy sync.Once

// registerToyFormat registers, once per test binary, a format of files
// that start with "TOYF".
func registerToyFormat() {
	registerToy.Do(func() {
		store.RegisterFormat(store.Format{
			Name:     "s3toy",
			HeadSize: 64,
			Match:    func(head []byte, size int64) bool { return bytes.HasPrefix(head, []byte("TOYF")) },
			Open: func(ctx context.Context, f *store.File, inner string, opts *store.OpenOptions) (store.Store, error) {
				return &fileStore{Store: store.ReadOnly(store.NewMemory()), f: f, inner: inner}, nil
			},
		})
	})
}

// summary is the method, key and Range header of each request, sorted.
func summary(reqs []*http.Request) []string {
	var s []string
	for _, r := range reqs {
		s = append(s, r.Method+" "+r.URL.Path+" "+r.Header.Get("Range"))
	}
	slices.Sort(s)
	return s
}

func TestOpenFileInBucket(t *testing.T) {
	registerToyFormat()
	f := newFakeS3(t)
	isolate(t)
	ctx := context.Background()
	toy := append([]byte("TOYF"), bytes.Repeat([]byte("0123456789"), 30)...)
	put := func(key string, v []byte) {
		if _, err := f.backend.PutObject(testBucket, key, nil, bytes.NewReader(v), int64(len(v)), nil); err != nil {
			t.Fatal(err)
		}
	}
	put("dir/data.toy", toy)
	put("small.toy", []byte("TOYF"))
	put("z.zarr/zarr.json", []byte("{}"))
	put("empty", nil)
	opts := &store.OpenOptions{Object: &store.ObjectOptions{Endpoint: f.URL}}
	bucket := "/" + testBucket + "/"
	const probe = " bytes=0-63"

	// A path inside a file: one probe of each of the four keys, at once.
	s, err := store.Open(ctx, "s3://"+testBucket+"/dir/data.toy/grp/var", opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"GET " + bucket + "dir" + probe, "GET " + bucket + "dir/data.toy" + probe, "GET " + bucket + "dir/data.toy/grp" + probe, "GET " + bucket + "dir/data.toy/grp/var" + probe}
	if got := summary(f.requests()); !slices.Equal(got, want) {
		t.Errorf("the probe sent\n%q\nwant\n%q", got, want)
	}
	fs, ok := s.(*fileStore)
	if !ok {
		t.Fatalf("Open returned %T, want the format's store as it is", s)
	}
	if n, err := fs.f.Size(ctx); err != nil || n != int64(len(toy)) || !bytes.Equal(fs.f.Head(), toy[:64]) || fs.inner != "grp/var" {
		t.Errorf("File size %d, %v, head %q, inner %q", n, err, fs.f.Head(), fs.inner)
	}
	if loc := fs.f.Location(); loc != "s3://"+testBucket+"/dir/data.toy" || fs.f.PreferredConcurrency() != store.DefaultObjectInFlight {
		t.Errorf("File.Location %q, PreferredConcurrency %d", loc, fs.f.PreferredConcurrency())
	}
	if v, err := fs.f.ReadRange(ctx, byterange.Range{Offset: 100, Length: 5}); err != nil || !bytes.Equal(v, toy[100:105]) {
		t.Errorf("File.ReadRange = %q, %v", v, err)
	}
	if got := f.requests(); len(got) != 1 {
		t.Errorf("a range read sent %d requests", len(got))
	}
	fs.Close()

	// An object smaller than the head read is the whole head.
	s, err = store.Open(ctx, "s3://"+testBucket+"/small.toy", opts)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := s.(*fileStore).f.Size(ctx); n != 4 || string(s.(*fileStore).f.Head()) != "TOYF" {
		t.Errorf("a 4-byte file: size %d, head %q", n, s.(*fileStore).f.Head())
	}
	f.requests()

	// A Zarr prefix: one probe, then the store of the prefix as before.
	s, err = store.Open(ctx, "s3://"+testBucket+"/z.zarr", opts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(f.requests()), []string{"GET " + bucket + "z.zarr" + probe}; !slices.Equal(got, want) {
		t.Errorf("the probe of a Zarr prefix sent %q, want %q", got, want)
	}
	if v, err := s.Get(ctx, "zarr.json", store.NoLimit); err != nil || string(v) != "{}" {
		t.Errorf("Get through the Zarr store: %q, %v", v, err)
	}
	if err := s.Set(ctx, "x", nil); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("the Zarr store is not read-only: %v", err)
	}
	if got := f.requests(); len(got) != 1 {
		t.Errorf("Get after the probe sent %d requests", len(got))
	}

	// Writing a file is refused.
	_, err = store.Open(ctx, "s3://"+testBucket+"/dir/data.toy", &store.OpenOptions{Write: true, Object: opts.Object})
	var le *store.LocationError
	if !errors.As(err, &le) || !errors.Is(err, store.ErrReadOnly) || !strings.Contains(err.Error(), "s3://"+testBucket+"/dir/data.toy is a s3toy file: it opens read-only") {
		t.Errorf("Open for writing of a file: %v", err)
	}
	if strings.Contains(err.Error(), testSecret) || strings.Contains(err.Error(), testKeyID) {
		t.Errorf("the error shows a credential: %v", err)
	}

	// GetHead of an empty object and of a missing one.
	st := open(t, f.URL, "", nil)
	if head, size, err := st.GetHead(ctx, "empty", 16); err != nil || len(head) != 0 || size != 0 {
		t.Errorf("GetHead of an empty object: %q, %d, %v", head, size, err)
	}
	if _, _, err := st.GetHead(ctx, "nothing", 16); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetHead of a missing object: %v", err)
	}
	var _ store.HeadGetter = st
	var _ io.Closer = fs
}

// TestOpenFileForbidden: a 403 of the location (what S3 answers for a
// missing key to a caller who may not list) is not a file, while another
// failure of the location is Open's error.
func TestOpenFileForbidden(t *testing.T) {
	registerToyFormat()
	f := newFakeS3(t)
	isolate(t)
	ctx := context.Background()
	f.backend.PutObject(testBucket, "z.zarr/zarr.json", nil, strings.NewReader("{}"), 2, nil)
	status := 0
	proxy := newStatusProxy(t, f.URL, "/"+testBucket+"/z.zarr", &status)
	opts := &store.OpenOptions{Object: &store.ObjectOptions{Endpoint: proxy, Retries: -1}}
	status = http.StatusForbidden
	s, err := store.Open(ctx, "s3://"+testBucket+"/z.zarr", opts)
	if err != nil {
		t.Fatalf("a 403 of the location: %v, want the Zarr store", err)
	}
	if v, err := s.Get(ctx, "zarr.json", store.NoLimit); err != nil || string(v) != "{}" {
		t.Errorf("Get: %q, %v", v, err)
	}
	status = http.StatusBadRequest
	if _, err := store.Open(ctx, "s3://"+testBucket+"/z.zarr", opts); err == nil || !strings.Contains(err.Error(), "400") {
		t.Errorf("a 400 of the location: %v, want Open to fail with it", err)
	}
}

// newStatusProxy returns the URL of a server that answers *status (with
// an S3 error body) to requests for path, and passes the others to the
// server at target.
func newStatusProxy(t *testing.T, target, path string, status *int) string {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != path || *status == 0 {
			rp.ServeHTTP(w, r)
			return
		}
		code := map[int]string{http.StatusForbidden: "AccessDenied", http.StatusBadRequest: "InvalidArgument"}[*status]
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(*status)
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>refused</Message></Error>`, code)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

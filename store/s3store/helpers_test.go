package s3store

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/zcodec/zcodec/store"
)

// testBucket is the bucket of the in-process server.
const testBucket = "zcodec-test"

// Credentials of the tests: the in-process server does not check them;
// tests that look for secrets in messages look for these.
const (
	testKeyID  = "AKIAZCODECTESTKEYID0"
	testSecret = "zcodecTESTsecretNEVERshownANYWHERE0123456"
	testToken  = "zcodecTESTsessionTOKENneverSHOWN"
)

// fakeS3 is an in-process S3 server (gofakes3 over memory) with one
// bucket, testBucket, recording the requests it receives.
type fakeS3 struct {
	URL     string
	backend *s3mem.Backend
	mu      sync.Mutex
	reqs    []*http.Request
	quiet   bool // record no requests (benchmarks)
}

func newFakeS3(t testing.TB) *fakeS3 {
	t.Helper()
	f := &fakeS3{backend: s3mem.New()}
	if err := f.backend.CreateBucket(testBucket); err != nil {
		t.Fatal(err)
	}
	h := gofakes3.New(f.backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		if !f.quiet {
			f.reqs = append(f.reqs, r.Clone(context.Background()))
		}
		f.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	return f
}

// requests returns the requests received so far and forgets them.
func (f *fakeS3) requests() []*http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.reqs
	f.reqs = nil
	return r
}

// isolate gives the test the environment of a machine with only the test
// credentials: no shared files, no region, no endpoint.
func isolate(t testing.TB) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(dir, "credentials"))
	t.Setenv("AWS_ACCESS_KEY_ID", testKeyID)
	t.Setenv("AWS_SECRET_ACCESS_KEY", testSecret)
	t.Setenv("AWS_SESSION_TOKEN", testToken)
	t.Setenv("AWS_PROFILE", "")
	t.Setenv("AWS_REGION", "")
	t.Setenv("AWS_DEFAULT_REGION", "")
	t.Setenv("AWS_ENDPOINT_URL", "")
	t.Setenv("AWS_ENDPOINT_URL_S3", "")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
}

// open returns a store on the server at endpoint, with fast retries.
func open(t testing.TB, endpoint, prefix string, opts *store.ObjectOptions) *Store {
	t.Helper()
	isolate(t)
	var o store.ObjectOptions
	if opts != nil {
		o = *opts
	}
	o.Endpoint = endpoint
	s, err := New(context.Background(), testBucket, prefix, &o)
	if err != nil {
		t.Fatal(err)
	}
	s.backoff0, s.backoffHi = time.Millisecond, 5*time.Millisecond
	return s
}

package s3store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/internal/storetest"
	"github.com/zcodec/zcodec/store"
)

func TestConformance(t *testing.T) {
	f := newFakeS3(t)
	storetest.Conformance(t, open(t, f.URL, "", nil))
}

// TestPrefix: a store under a prefix passes the suite, writes its keys
// under the prefix, and sees nothing outside it.
func TestPrefix(t *testing.T) {
	f := newFakeS3(t)
	ctx := context.Background()
	root := open(t, f.URL, "", nil)
	if err := root.Set(ctx, "outside", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := root.Set(ctx, "some/prefixed", []byte("x")); err != nil { // shares the prefix's first bytes
		t.Fatal(err)
	}
	s := open(t, f.URL, "/some/prefix/", nil)
	if got := s.String(); got != "s3://"+testBucket+"/some/prefix" {
		t.Errorf("String = %q", got)
	}
	storetest.Conformance(t, s)
	var keys []string
	root.List(ctx, "", func(e store.Entry) error { keys = append(keys, e.Key); return e.Err })
	slices.Sort(keys)
	want := []string{"outside", "some/prefix/a/.zarray", "some/prefix/a/c/d", "some/prefix/c.0.1", "some/prefix/zarr.json", "some/prefixed"}
	if !slices.Equal(keys, want) {
		t.Errorf("objects in the bucket: %q, want %q", keys, want)
	}
	if _, err := s.Get(ctx, "outside", store.NoLimit); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a key outside the prefix: %v", err)
	}
	for _, p := range []string{"a//b", "../x", "a\\b"} {
		if _, err := New(ctx, testBucket, p, &store.ObjectOptions{Endpoint: f.URL}); err == nil {
			t.Errorf("prefix %q accepted", p)
		}
	}
}

// TestListPages: a listing longer than a page comes whole, once, with
// sizes.
func TestListPages(t *testing.T) {
	f := newFakeS3(t)
	ctx := context.Background()
	s := open(t, f.URL, "p", nil)
	s.pageSize = 3
	want := map[string]int64{}
	for i := range 10 {
		k := fmt.Sprintf("c/%d", i)
		want[k] = int64(i * 7)
		if err := s.Set(ctx, k, bytes.Repeat([]byte{1}, i*7)); err != nil {
			t.Fatal(err)
		}
	}
	f.requests()
	got := map[string]int64{}
	if err := s.List(ctx, "c/", func(e store.Entry) error {
		if _, dup := got[e.Key]; dup || e.Err != nil {
			t.Errorf("entry %+v twice or with an error", e)
		}
		got[e.Key] = e.Size
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("listed %v, want %v", got, want)
	}
	if n := len(f.requests()); n != 4 {
		t.Errorf("%d list requests for 10 keys in pages of 3, want 4", n)
	}
}

// TestListInvalidNames: objects whose names are not keys come with an
// error matched by ErrInvalidKey, escaped; folder markers are skipped.
func TestListInvalidNames(t *testing.T) {
	f := newFakeS3(t)
	put := func(name string, n int) {
		if _, err := f.backend.PutObject(testBucket, name, nil, bytes.NewReader(make([]byte, n)), int64(n), nil); err != nil {
			t.Fatal(err)
		}
	}
	put("p/good/key", 3)
	put("p/a//b", 1)
	put("p/dot/./x", 1)
	put("p/back\\slash", 1)
	put("p/folder/", 0) // a console's folder marker
	put("p/", 0)        // the prefix's own marker
	put("p/notmarker/", 2)
	s := open(t, f.URL, "p", nil)
	var good []string
	bad := map[string]string{}
	err := s.List(context.Background(), "", func(e store.Entry) error {
		if e.Err == nil {
			good = append(good, e.Key)
			return nil
		}
		var ike *store.InvalidKeyError
		if !errors.Is(e.Err, store.ErrInvalidKey) || !errors.As(e.Err, &ike) || e.Size != -1 {
			t.Errorf("entry %+v: want an *InvalidKeyError and size -1", e)
			return nil
		}
		if store.ValidKey(e.Key) == nil {
			t.Errorf("entry %+v: its Key is a valid key", e)
		}
		bad[ike.Key] = e.Key
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(good, []string{"good/key"}) {
		t.Errorf("valid keys %q", good)
	}
	want := map[string]string{"a//b": "a//b", "dot/./x": "dot/./x", `back\slash`: `back\\slash`, "notmarker/": "notmarker/"}
	if fmt.Sprint(bad) != fmt.Sprint(want) {
		t.Errorf("invalid names %q, want %q", bad, want)
	}
}

// TestRequests: requests are path-style on the given endpoint, signed,
// and carry no checksum the server did not ask for (checksums "when
// required"); anonymous requests are not signed.
func TestRequests(t *testing.T) {
	f := newFakeS3(t)
	ctx := context.Background()
	s := open(t, f.URL, "p", nil)
	if err := s.Set(ctx, "k", []byte("value")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "k", store.NoLimit); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	for _, r := range reqs {
		if r.URL.Path != "/"+testBucket+"/p/k" {
			t.Errorf("%s %s: not path-style", r.Method, r.URL.Path)
		}
		if a := r.Header.Get("Authorization"); !strings.HasPrefix(a, "AWS4-HMAC-SHA256 Credential="+testKeyID+"/") || !strings.Contains(a, "/us-east-1/s3/") {
			t.Errorf("%s: Authorization %q", r.Method, a)
		}
		for k := range r.Header {
			if lk := strings.ToLower(k); strings.HasPrefix(lk, "x-amz-checksum") || lk == "x-amz-sdk-checksum-algorithm" || lk == "x-amz-trailer" {
				t.Errorf("%s carries %s", r.Method, k)
			}
		}
		if strings.Contains(r.Header.Get("Content-Encoding"), "aws-chunked") {
			t.Errorf("%s is aws-chunked", r.Method)
		}
	}
	anon := open(t, f.URL, "p", &store.ObjectOptions{Anonymous: true})
	if v, err := anon.Get(ctx, "k", store.NoLimit); err != nil || string(v) != "value" {
		t.Fatalf("anonymous Get: %q, %v", v, err)
	}
	for _, r := range f.requests() {
		if a := r.Header.Get("Authorization"); a != "" {
			t.Errorf("anonymous request signed: %q", a)
		}
	}
}

// TestEndpointAndRegion: the endpoint comes from the options, else
// AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL; the region from the options,
// else the chain, else us-east-1 (auto for gs).
func TestEndpointAndRegion(t *testing.T) {
	f := newFakeS3(t)
	ctx := context.Background()
	isolate(t)
	f.backend.PutObject(testBucket, "k", nil, strings.NewReader("v"), 1, nil)
	get := func(s *Store) error { _, err := s.Get(ctx, "k", store.NoLimit); return err }

	t.Setenv("AWS_ENDPOINT_URL", f.URL)
	s, err := New(ctx, testBucket, "", nil)
	if err != nil || get(s) != nil {
		t.Fatalf("AWS_ENDPOINT_URL: %v, %v", err, get(s))
	}
	if r := s.client.Options().Region; r != "us-east-1" {
		t.Errorf("region %q, want us-east-1", r)
	}
	t.Setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:1") // nothing listens
	t.Setenv("AWS_ENDPOINT_URL_S3", f.URL)
	t.Setenv("AWS_REGION", "eu-north-1")
	s, err = New(ctx, testBucket, "", nil)
	if err != nil || get(s) != nil {
		t.Fatalf("AWS_ENDPOINT_URL_S3 before AWS_ENDPOINT_URL: %v", err)
	}
	if r := s.client.Options().Region; r != "eu-north-1" {
		t.Errorf("region %q, want eu-north-1 from AWS_REGION", r)
	}
	t.Setenv("AWS_ENDPOINT_URL_S3", "http://127.0.0.1:1")
	s, err = New(ctx, testBucket, "", &store.ObjectOptions{Endpoint: f.URL, Region: "ap-south-2"})
	if err != nil || get(s) != nil {
		t.Fatalf("the option before the environment: %v", err)
	}
	if r := s.client.Options().Region; r != "ap-south-2" {
		t.Errorf("region %q, want the option's", r)
	}
	t.Setenv("AWS_ENDPOINT_URL_S3", "")
	t.Setenv("AWS_ENDPOINT_URL", "")
	t.Setenv("AWS_REGION", "")
	g, err := newStore(ctx, "gs", "public-bucket", "a/b", &store.ObjectOptions{Anonymous: true})
	if err != nil {
		t.Fatal(err)
	}
	if o := g.client.Options(); o.Region != "auto" || o.BaseEndpoint == nil || *o.BaseEndpoint != GCSEndpoint || !o.UsePathStyle {
		t.Errorf("gs: region %q, endpoint %v, path style %v", o.Region, o.BaseEndpoint, o.UsePathStyle)
	}
	if g.String() != "gs://public-bucket/a/b" {
		t.Errorf("gs String = %q", g.String())
	}
	if s, err := New(ctx, testBucket, "", nil); err != nil || s.client.Options().UsePathStyle || s.client.Options().BaseEndpoint != nil {
		t.Errorf("AWS itself: path style or an endpoint set (%v)", err)
	}
}

// TestBadOptions: endpoints and buckets that cannot be used are refused
// at New, and no message shows a credential.
func TestBadOptions(t *testing.T) {
	isolate(t)
	ctx := context.Background()
	for _, ep := range []string{"ftp://x", "http://", "http://user:hunter2secret@host:9000", "http://h/?X-Amz-Signature=hunter2secret", "::"} {
		_, err := New(ctx, "b", "", &store.ObjectOptions{Endpoint: ep})
		if err == nil {
			t.Errorf("endpoint %q accepted", ep)
		} else if strings.Contains(err.Error(), "hunter2secret") {
			t.Errorf("endpoint %q: the message shows the secret: %v", ep, err)
		}
	}
	for _, b := range []string{"", "a/b", "a?b", "..", strings.Repeat("b", 300)} {
		if _, err := New(ctx, b, "", nil); err == nil {
			t.Errorf("bucket %q accepted", b)
		}
	}
	if _, err := New(ctx, "b", "", &store.ObjectOptions{Profile: "no-such-profile"}); err == nil {
		t.Error("a missing profile accepted")
	}
}

// TestGetLimitBeforeBody: a value longer than the limit is refused from
// its Content-Length: the server announces a terabyte and sends nothing,
// and Get answers at once.
func TestGetLimitBeforeBody(t *testing.T) {
	var sent atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1099511627776")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		sent.Store(true)
	}))
	defer srv.Close()
	s := open(t, srv.URL, "", &store.ObjectOptions{Timeout: 10 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := s.Get(ctx, "k", 1000)
	var tl *store.TooLargeError
	if !errors.As(err, &tl) || tl.Size != 1<<40 || tl.Limit != 1000 {
		t.Fatalf("Get: %v, want a *TooLargeError of 1 TiB", err)
	}
}

// TestInFlightBound: no more requests than MaxInFlight are ever in flight,
// and that many are when the work allows.
func TestInFlightBound(t *testing.T) {
	f := newFakeS3(t)
	var now, peak atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := now.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
		defer now.Add(-1)
		proxy(f.URL, w, r)
	}))
	defer srv.Close()
	s := open(t, srv.URL, "", &store.ObjectOptions{MaxInFlight: 4})
	if s.PreferredConcurrency() != 4 {
		t.Errorf("PreferredConcurrency = %d", s.PreferredConcurrency())
	}
	ctx := context.Background()
	s.Set(ctx, "k", []byte("v"))
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			if _, err := s.Get(ctx, "k", store.NoLimit); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if p := peak.Load(); p != 4 {
		t.Errorf("peak of %d requests in flight, want 4", p)
	}
	if d := open(t, f.URL, "", nil); d.PreferredConcurrency() != store.DefaultObjectInFlight {
		t.Errorf("default PreferredConcurrency = %d", d.PreferredConcurrency())
	}
}

// proxy forwards a request to base, for servers that watch requests.
func proxy(base string, w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), r.Method, base+r.URL.RequestURI(), r.Body)
	req.Header = r.Header.Clone()
	req.ContentLength = r.ContentLength
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	w.Write(buf.Bytes())
}

// TestNoSuchBucket: a missing bucket is not a missing key.
func TestNoSuchBucket(t *testing.T) {
	f := newFakeS3(t)
	isolate(t)
	s, err := New(context.Background(), "no-such-bucket", "", &store.ObjectOptions{Endpoint: f.URL})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Get(context.Background(), "k", store.NoLimit)
	var e *Error
	if errors.Is(err, store.ErrNotFound) || !errors.As(err, &e) || e.Code != "NoSuchBucket" || e.Attempts != 1 {
		t.Fatalf("Get in a missing bucket: %v", err)
	}
	err = s.List(context.Background(), "", func(store.Entry) error { return nil })
	if !errors.As(err, &e) || e.Code != "NoSuchBucket" {
		t.Fatalf("List of a missing bucket: %v", err)
	}
}

// TestListETags: List gives each object's ETag, which changes when the
// object is rewritten with other bytes of the same size.
func TestListETags(t *testing.T) {
	f := newFakeS3(t)
	ctx := context.Background()
	s := open(t, f.URL, "e", nil)
	etag := func() string {
		t.Helper()
		var tag string
		if err := s.List(ctx, "", func(e store.Entry) error {
			tag = e.ETag
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return tag
	}
	s.Set(ctx, "k", []byte("abc"))
	first := etag()
	s.Set(ctx, "k", []byte("abd"))
	if second := etag(); first == "" || second == "" || first == second {
		t.Errorf("ETags %q then %q: want two different ones", first, second)
	}
}

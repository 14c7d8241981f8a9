package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/store/byterange"
)

// server serves the values of a memory store on the loopback address, with
// knobs for misbehaving.
type server struct {
	*httptest.Server
	values      map[string][]byte
	ignoreRange atomic.Bool  // answer 200 with the whole value
	noLength    atomic.Bool  // no Content-Length (chunked)
	failFirst   atomic.Int32 // answer 503 to this many requests first
	status      atomic.Int32 // answer this status to everything, when set
	delay       atomic.Int64 // nanoseconds to wait before answering
	requests    atomic.Int32
	inFlight    atomic.Int32
	maxInFlight atomic.Int32
	mu          sync.Mutex
	ranges      []string
}

func newServer(t *testing.T, values map[string][]byte) *server {
	s := &server{values: values}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *server) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for {
		m := s.maxInFlight.Load()
		if n <= m || s.maxInFlight.CompareAndSwap(m, n) {
			break
		}
	}
	s.mu.Lock()
	s.ranges = append(s.ranges, r.Header.Get("Range"))
	s.mu.Unlock()
	if d := s.delay.Load(); d > 0 {
		select {
		case <-time.After(time.Duration(d)):
		case <-r.Context().Done():
			return
		}
	}
	if st := s.status.Load(); st != 0 {
		w.WriteHeader(int(st))
		return
	}
	if s.failFirst.Add(-1) >= 0 {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	v, ok := s.values[strings.TrimPrefix(r.URL.Path, "/data/")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch {
	case s.ignoreRange.Load() && s.noLength.Load():
		w.WriteHeader(http.StatusOK)
		step := max(3, len(v)/16)
		for i := 0; i < len(v); i += step { // flushed pieces: chunked encoding
			w.Write(v[i:min(i+step, len(v))])
			w.(http.Flusher).Flush()
		}
	case s.ignoreRange.Load():
		w.Header().Set("Content-Length", fmt.Sprint(len(v)))
		w.Write(v)
	default:
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(v))
	}
}

func newHTTP(t *testing.T, s *server, opts *HTTPOptions) *HTTP {
	h, err := NewHTTP(s.URL+"/data", opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

var httpValues = map[string][]byte{
	"zarr.json":   []byte(`{"zarr_format":3}`),
	"c/0/0":       []byte("0123456789"),
	"a b/c%d":     []byte("escaped"),
	"empty":       {},
	"big":         bytes.Repeat([]byte("x"), 1<<20),
	"dir/.zarray": []byte("{}"),
}

func TestHTTPReads(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"ranges", "ignores Range", "ignores Range, no length"} {
		t.Run(mode, func(t *testing.T) {
			s := newServer(t, httpValues)
			s.ignoreRange.Store(mode != "ranges")
			s.noLength.Store(mode == "ignores Range, no length")
			h := newHTTP(t, s, nil)
			if v, err := h.Get(ctx, "c/0/0", NoLimit); err != nil || string(v) != "0123456789" {
				t.Fatalf("Get = %q, %v", v, err)
			}
			if v, err := h.Get(ctx, "a b/c%d", NoLimit); err != nil || string(v) != "escaped" {
				t.Errorf("Get of a key that needs escaping = %q, %v", v, err)
			}
			if v, err := h.Get(ctx, "empty", NoLimit); err != nil || len(v) != 0 {
				t.Errorf("Get of an empty value = %q, %v", v, err)
			}
			if _, err := h.Get(ctx, "c/0/1", NoLimit); !errors.Is(err, ErrNotFound) {
				t.Errorf("Get of a missing key: %v", err)
			}
			if _, err := h.Get(ctx, "big", 1000); !errors.Is(err, ErrTooLarge) {
				t.Errorf("Get over the limit: %v", err)
			}
			for _, tc := range []struct {
				r    byterange.Range
				want string
			}{
				{br(0, 10), "0123456789"},
				{br(2, 3), "234"},
				{br(7, -1), "789"},
				{br(-4, 4), "6789"},
				{br(-10, 10), "0123456789"},
				{br(3, 0), ""},
			} {
				got, err := h.GetRange(ctx, "c/0/0", tc.r)
				if err != nil || string(got) != tc.want {
					t.Errorf("GetRange %+v = %q, %v; want %q", tc.r, got, err, tc.want)
				}
			}
			for _, r := range []byterange.Range{br(8, 3), br(-11, 11), br(11, 0), br(20, 5)} {
				if got, err := h.GetRange(ctx, "c/0/0", r); !errors.Is(err, byterange.ErrRange) {
					t.Errorf("GetRange %+v = %q, %v; want byterange.ErrRange", r, got, err)
				}
			}
			if v, err := h.GetRange(ctx, "big", br(-3, 3)); err != nil || string(v) != "xxx" {
				t.Errorf("suffix of a large value = %q, %v", v, err)
			}
		})
	}
}

func TestHTTPRangeHeaders(t *testing.T) {
	s := newServer(t, httpValues)
	h := newHTTP(t, s, nil)
	ctx := context.Background()
	h.GetRange(ctx, "c/0/0", br(2, 3))
	h.GetRange(ctx, "c/0/0", br(-4, 4))
	h.GetRange(ctx, "c/0/0", br(5, -1))
	want := []string{"bytes=2-4", "bytes=-4", "bytes=5-"}
	if fmt.Sprint(s.ranges) != fmt.Sprint(want) {
		t.Errorf("Range headers %q, want %q", s.ranges, want)
	}
}

func TestHTTPReadOnly(t *testing.T) {
	s := newServer(t, httpValues)
	h := newHTTP(t, s, nil)
	ctx := context.Background()
	if err := h.Set(ctx, "k", nil); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Set: %v", err)
	}
	if err := h.Delete(ctx, "k"); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Delete: %v", err)
	}
	if err := h.List(ctx, "", func(Entry) error { return nil }); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("List: %v", err)
	}
	if _, err := h.Get(ctx, "../etc/passwd", NoLimit); !errors.Is(err, ErrInvalidKey) {
		t.Errorf("Get of an escaping key: %v", err)
	}
}

func TestHTTPRetries(t *testing.T) {
	ctx := context.Background()
	s := newServer(t, httpValues)
	s.failFirst.Store(2)
	h := newHTTP(t, s, nil)
	if v, err := h.Get(ctx, "c/0/0", NoLimit); err != nil || string(v) != "0123456789" {
		t.Fatalf("Get after two 503s = %q, %v", v, err)
	}
	if n := s.requests.Load(); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
	// a status that will not pass is not retried
	s.requests.Store(0)
	s.status.Store(http.StatusForbidden)
	var he *HTTPError
	if _, err := h.Get(ctx, "c/0/0", NoLimit); !errors.As(err, &he) || he.Status != 403 {
		t.Errorf("403: %v", err)
	}
	if n := s.requests.Load(); n != 1 {
		t.Errorf("403 was sent %d times", n)
	}
	// retries end
	s.requests.Store(0)
	s.status.Store(http.StatusBadGateway)
	h2 := newHTTP(t, s, &HTTPOptions{Retries: 2})
	if _, err := h2.Get(ctx, "c/0/0", NoLimit); !errors.As(err, &he) || he.Status != 502 {
		t.Errorf("502 forever: %v", err)
	}
	if n := s.requests.Load(); n != 3 {
		t.Errorf("%d requests with 2 retries, want 3", n)
	}
	s.requests.Store(0)
	h3 := newHTTP(t, s, &HTTPOptions{Retries: -1})
	h3.Get(ctx, "c/0/0", NoLimit)
	if n := s.requests.Load(); n != 1 {
		t.Errorf("%d requests with retries off, want 1", n)
	}
}

func TestHTTPTimeout(t *testing.T) {
	s := newServer(t, httpValues)
	s.delay.Store(int64(2 * time.Second))
	h := newHTTP(t, s, &HTTPOptions{Timeout: 50 * time.Millisecond, Retries: 1})
	start := time.Now()
	_, err := h.Get(context.Background(), "c/0/0", NoLimit)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Get from a server that hangs: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("gave up after %v", d)
	}
	// the caller's cancellation ends it at once, without retries
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	h2 := newHTTP(t, s, &HTTPOptions{Timeout: 10 * time.Second})
	start = time.Now()
	if _, err := h2.Get(ctx, "c/0/0", NoLimit); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled Get: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancelled after %v", d)
	}
}

func TestHTTPBoundedConnections(t *testing.T) {
	s := newServer(t, httpValues)
	s.delay.Store(int64(20 * time.Millisecond))
	h := newHTTP(t, s, &HTTPOptions{MaxInFlight: 3})
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if _, err := h.Get(context.Background(), "c/0/0", NoLimit); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if m := s.maxInFlight.Load(); m > 3 || m < 2 {
		t.Errorf("%d requests in flight at once, want at most 3 (and some overlap)", m)
	}
}

func TestNewHTTPBadURL(t *testing.T) {
	for _, u := range []string{"ftp://x/y", "file:///tmp", "http://", "http://h/p?q=1", "::"} {
		if _, err := NewHTTP(u, nil); err == nil {
			t.Errorf("NewHTTP(%q) succeeded", u)
		}
	}
}

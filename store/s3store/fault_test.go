package s3store

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/internal/faultproxy"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// faulty returns a store that reaches the in-process server through a
// fault proxy, with the value "0123456789abcdefghij" (20 bytes) at "k".
func faulty(t *testing.T, opts *store.ObjectOptions) (*Store, *faultproxy.Proxy) {
	t.Helper()
	f := newFakeS3(t)
	p, err := faultproxy.New(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	s := open(t, p.URL, "p", opts)
	if err := s.Set(context.Background(), "k", []byte(value20)); err != nil {
		t.Fatal(err)
	}
	return s, p
}

const value20 = "0123456789abcdefghij"

// noSecret fails the test when a message shows a test credential.
func noSecret(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for _, s := range []string{testSecret, testToken} {
		if strings.Contains(err.Error(), s) {
			t.Errorf("a message shows a credential: %v", err)
		}
	}
}

// requestsFor runs op and returns how many requests reached the proxy.
func requestsFor(p *faultproxy.Proxy, op func()) int64 {
	before := p.Requests()
	op()
	return p.Requests() - before
}

// TestRetriedFaults: faults that may pass are retried until the answer is
// whole, and the caller gets exactly the value.
func TestRetriedFaults(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		inject func(p *faultproxy.Proxy)
		want   int64 // requests for one operation
	}{
		{"SlowDown", func(p *faultproxy.Proxy) { p.Inject(faultproxy.SlowDown, 3, http.MethodGet) }, 4},
		{"500", func(p *faultproxy.Proxy) { p.InjectStatus(500, 2, http.MethodGet) }, 3},
		{"502", func(p *faultproxy.Proxy) { p.InjectStatus(502, 1, http.MethodGet) }, 2},
		{"429", func(p *faultproxy.Proxy) { p.InjectStatus(429, 2, http.MethodGet) }, 3},
		{"RequestTimeout", func(p *faultproxy.Proxy) { p.InjectCode(400, "RequestTimeout", 2, http.MethodGet) }, 3},
		{"reset", func(p *faultproxy.Proxy) { p.Inject(faultproxy.Reset, 2, http.MethodGet) }, 3},
		{"truncated", func(p *faultproxy.Proxy) { p.Inject(faultproxy.Truncate, 2, http.MethodGet) }, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, p := faulty(t, nil)
			for _, op := range []struct {
				name string
				run  func() ([]byte, error)
				want string
			}{
				{"Get", func() ([]byte, error) { return s.Get(ctx, "k", store.NoLimit) }, value20},
				{"GetRange", func() ([]byte, error) { return s.GetRange(ctx, "k", byterange.Range{Offset: 3, Length: 12}) }, value20[3:15]},
				{"GetRange suffix", func() ([]byte, error) { return s.GetRange(ctx, "k", byterange.Range{Offset: -8, Length: 8}) }, value20[12:]},
				{"GetRange open", func() ([]byte, error) { return s.GetRange(ctx, "k", byterange.Range{Offset: 5, Length: -1}) }, value20[5:]},
				{"List", func() ([]byte, error) {
					var keys []string
					err := s.List(ctx, "", func(e store.Entry) error { keys = append(keys, e.Key); return e.Err })
					return []byte(strings.Join(keys, ",")), err
				}, "k"},
			} {
				tc.inject(p)
				var got []byte
				var err error
				n := requestsFor(p, func() { got, err = op.run() })
				noSecret(t, err)
				if err != nil || string(got) != op.want {
					t.Errorf("%s: %q, %v; want %q", op.name, got, err, op.want)
				}
				if n != tc.want {
					t.Errorf("%s: %d requests, want %d", op.name, n, tc.want)
				}
				p.Clear()
			}
		})
	}
}

// TestRetriedWrites: Set and Delete are retried too (both are idempotent).
func TestRetriedWrites(t *testing.T) {
	ctx := context.Background()
	s, p := faulty(t, nil)
	p.Inject(faultproxy.SlowDown, 2, http.MethodPut)
	p.Inject(faultproxy.Reset, 1, http.MethodPut)
	if n := requestsFor(p, func() {
		if err := s.Set(ctx, "w", []byte("written")); err != nil {
			t.Fatal(err)
		}
	}); n != 4 {
		t.Errorf("Set: %d requests, want 4", n)
	}
	if v, err := s.Get(ctx, "w", store.NoLimit); err != nil || string(v) != "written" {
		t.Fatalf("after Set: %q, %v", v, err)
	}
	p.InjectStatus(503, 1, http.MethodDelete)
	if err := s.Delete(ctx, "w"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "w", store.NoLimit); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("after Delete: %v", err)
	}
}

// TestGiveUp: a fault that outlasts the retries ends in an *Error naming
// the last answer and the attempts; without retries, a truncated body is
// an error, never short data.
func TestGiveUp(t *testing.T) {
	ctx := context.Background()
	s, p := faulty(t, &store.ObjectOptions{Retries: 2})
	p.Inject(faultproxy.SlowDown, 100, http.MethodGet)
	var got []byte
	var err error
	n := requestsFor(p, func() { got, err = s.Get(ctx, "k", store.NoLimit) })
	var e *Error
	if !errors.As(err, &e) || e.Code != "SlowDown" || e.Status != 503 || e.Attempts != 3 || n != 3 || got != nil {
		t.Fatalf("Get through endless SlowDown: %q, %v (%d requests)", got, err, n)
	}
	if !strings.Contains(err.Error(), "gave up after 3 attempts") || !strings.Contains(err.Error(), "s3://"+testBucket+"/p") {
		t.Errorf("message %q", err)
	}
	noSecret(t, err)
	p.Clear()

	s, p = faulty(t, &store.ObjectOptions{Retries: -1})
	for _, r := range []byterange.Range{byterange.Whole, {Offset: 2, Length: 16}, {Offset: -10, Length: 10}} {
		p.Inject(faultproxy.Truncate, 1, http.MethodGet)
		var got []byte
		var err error
		if r == byterange.Whole {
			got, err = s.Get(ctx, "k", store.NoLimit)
		} else {
			got, err = s.GetRange(ctx, "k", r)
		}
		if err == nil || got != nil || !errors.As(err, &e) || e.Attempts != 1 {
			t.Errorf("truncated %v without retries: %q, %v", r, got, err)
		}
		if !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, errTruncated) {
			t.Errorf("truncated %v: %v does not say the body was cut", r, err)
		}
	}
}

// TestClientErrorsNotRetried: a 4xx answer (but 429 and S3's
// RequestTimeout) is final at once, and so is 501.
func TestClientErrorsNotRetried(t *testing.T) {
	ctx := context.Background()
	s, p := faulty(t, nil)
	for _, code := range []int{400, 401, 403, 405, 409, 412} {
		p.InjectStatus(code, 1, http.MethodGet)
		var err error
		n := requestsFor(p, func() { _, err = s.Get(ctx, "k", store.NoLimit) })
		var e *Error
		if !errors.As(err, &e) || e.Status != code || e.Attempts != 1 || n != 1 {
			t.Errorf("%d: %v after %d requests; want an *Error of one attempt", code, err, n)
		}
		noSecret(t, err)
	}
	for _, code := range []string{"InvalidArgument", "ExpiredToken"} {
		p.InjectCode(400, code, 1, http.MethodGet)
		var err error
		if n := requestsFor(p, func() { _, err = s.Get(ctx, "k", store.NoLimit) }); n != 1 {
			t.Errorf("400 %s: %d requests", code, n)
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != code {
			t.Errorf("400 %s: %v", code, err)
		}
	}
	p.InjectStatus(501, 1, http.MethodGet)
	if n := requestsFor(p, func() { s.Get(ctx, "k", store.NoLimit) }); n != 1 {
		t.Errorf("501: %d requests", n)
	}
	p.InjectStatus(403, 1, http.MethodPut)
	if n := requestsFor(p, func() {
		if err := s.Set(ctx, "k", []byte("x")); err == nil {
			t.Error("Set through 403 succeeded")
		}
	}); n != 1 {
		t.Errorf("Set through 403: %d requests", n)
	}
	if v, err := s.Get(ctx, "k", store.NoLimit); err != nil || string(v) != value20 {
		t.Errorf("after the faults: %q, %v", v, err)
	}
}

// TestContentRangeLies: an answer whose Content-Range is not the range
// asked for, or is missing, is a *store.ResponseError, not data, and not
// retried.
func TestContentRangeLies(t *testing.T) {
	ctx := context.Background()
	s, p := faulty(t, nil)
	for _, f := range []faultproxy.Fault{faultproxy.LieContentRange, faultproxy.DropContentRange} {
		for _, r := range []byterange.Range{{Offset: 2, Length: 5}, {Offset: -5, Length: 5}, {Offset: 4, Length: -1}} {
			p.Inject(f, 1, http.MethodGet)
			var got []byte
			var err error
			n := requestsFor(p, func() { got, err = s.GetRange(ctx, "k", r) })
			var re *store.ResponseError
			if !errors.As(err, &re) || got != nil || n != 1 {
				t.Errorf("%v on %v: %q, %v after %d requests", f, r, got, err, n)
			}
		}
	}
}

// TestAttemptTimeout: an attempt that outlasts Timeout is abandoned and
// retried; the last one's *store.TimeoutError matches DeadlineExceeded.
func TestAttemptTimeout(t *testing.T) {
	ctx := context.Background()
	s, p := faulty(t, &store.ObjectOptions{Timeout: 40 * time.Millisecond, Retries: 1})
	p.SetLatency(300 * time.Millisecond)
	t0 := time.Now()
	var err error
	n := requestsFor(p, func() { _, err = s.Get(ctx, "k", store.NoLimit) })
	var te *store.TimeoutError
	var e *Error
	if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &te) || te.Limit != "Timeout" || !errors.As(err, &e) || e.Attempts != 2 || n != 2 {
		t.Fatalf("Get through a slow proxy: %v after %d requests", err, n)
	}
	if d := time.Since(t0); d > 250*time.Millisecond {
		t.Errorf("two attempts of 40ms took %v", d)
	}
	p.SetLatency(0)
	cctx, cancel := context.WithCancel(ctx)
	p.SetLatency(200 * time.Millisecond)
	time.AfterFunc(20*time.Millisecond, cancel)
	if _, err := s.Get(cctx, "k", store.NoLimit); !errors.Is(err, context.Canceled) {
		t.Errorf("Get cancelled in flight: %v", err)
	}
}

// TestRangeEdges: empty ranges at the end, ranges past it and suffixes
// longer than the value, through a server that answers them as S3 does.
func TestRangeEdges(t *testing.T) {
	s, _ := faulty(t, nil)
	rangeEdges(t, s)
}

// rangeEdges checks the edges of GetRange on s, whatever the server.
func rangeEdges(t *testing.T, s *Store) {
	ctx := context.Background()
	if err := s.Set(ctx, "k", []byte(value20)); err != nil {
		t.Fatal(err)
	}
	if err := s.Set(ctx, "empty", nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key  string
		r    byterange.Range
		want string
		size int64 // for errors: the size the RangeError reports
	}{
		{"empty", byterange.Whole, "", 0},
		{"empty", byterange.Range{Offset: 0, Length: 0}, "", 0},
		{"empty", byterange.Range{Offset: -1, Length: 1}, "!", 0},
		{"empty", byterange.Range{Offset: 1, Length: -1}, "!", 0},
		{"k", byterange.Range{Offset: 20, Length: -1}, "", 0},
		{"k", byterange.Range{Offset: 20, Length: 0}, "", 0},
		{"k", byterange.Range{Offset: 21, Length: 0}, "!", 20},
		{"k", byterange.Range{Offset: 21, Length: -1}, "!", 20},
		{"k", byterange.Range{Offset: 15, Length: 10}, "!", 20},
		{"k", byterange.Range{Offset: -21, Length: 21}, "!", 20},
		{"k", byterange.Range{Offset: -20, Length: 20}, value20, 0},
	} {
		got, err := s.GetRange(ctx, tc.key, tc.r)
		if tc.want == "!" {
			var re *byterange.RangeError
			if !errors.As(err, &re) || got != nil || re.Size != tc.size {
				t.Errorf("%s %v: %q, %v; want a *RangeError of a %d-byte value", tc.key, tc.r, got, err, tc.size)
			}
			continue
		}
		if err != nil || string(got) != tc.want || got == nil {
			t.Errorf("%s %v: %q, %v; want %q", tc.key, tc.r, got, err, tc.want)
		}
	}
	if _, err := s.GetRange(ctx, "missing", byterange.Range{Offset: 3, Length: 0}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("empty range of a missing key: %v", err)
	}
	big := bytes.Repeat([]byte("0123456789"), 100_000)
	s.Set(ctx, "big", big)
	if got, err := s.GetRange(ctx, "big", byterange.Range{Offset: 12345, Length: 654321}); err != nil || !bytes.Equal(got, big[12345:12345+654321]) {
		t.Errorf("a large range: %d bytes, %v", len(got), err)
	}
}

// TestContentRangeWithoutSize: for a suffix or an open-ended range, a
// Content-Range whose size is "*" does not show that the bytes sent reach
// the end of the value, so it is refused, as the HTTP store refuses it.
func TestContentRangeWithoutSize(t *testing.T) {
	for _, tc := range []struct {
		cr string
		r  byterange.Range
	}{
		{"bytes 6-9/*", byterange.Range{Offset: -4, Length: 4}},
		{"bytes 6-9/*", byterange.Range{Offset: 6, Length: -1}},
		{"bytes +6-9/10", byterange.Range{Offset: -4, Length: 4}},
	} {
		if n, err := checkContentRange(tc.cr, nil, tc.r); err == nil || errors.Is(err, byterange.ErrRange) || !strings.Contains(err.Error(), tc.cr) {
			t.Errorf("%q for %v: %d, %v; want an error naming the Content-Range", tc.cr, tc.r, n, err)
		}
	}
	if n, err := checkContentRange("bytes 6-9/10", nil, byterange.Range{Offset: -4, Length: 4}); err != nil || n != 4 {
		t.Errorf("the last 4 bytes of 10: %d, %v", n, err)
	}
}

// TestSlotReleasedOnPanic: an attempt that panics gives its in-flight
// slot back, so that a program that recovers does not find the store
// blocked.
func TestSlotReleasedOnPanic(t *testing.T) {
	f := newFakeS3(t)
	s := open(t, f.URL, "p", &store.ObjectOptions{MaxInFlight: 1})
	func() {
		defer func() { recover() }()
		s.do(context.Background(), "GetObject", func(context.Context) error { panic("boom") })
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.do(ctx, "GetObject", func(context.Context) error { return nil }); err != nil {
		t.Errorf("after a panic, with one slot: %v", err)
	}
}

// TestLyingLengthAllocatesLittle: a body far shorter than the length the
// server announced costs no more memory than a small bound ahead of the
// bytes that arrived: with 64 requests in flight, a server that lies
// about every length must not make the store hold gigabytes.
func TestLyingLengthAllocatesLittle(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range 8 {
		if _, err := readExactly(strings.NewReader("abc"), 1<<40); !errors.Is(err, errTruncated) {
			t.Fatalf("3 bytes of an announced 1 TiB: %v, want errTruncated", err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 8; per > 2<<20 {
		t.Errorf("%d bytes allocated per read of 3 bytes announced as 1 TiB", per)
	}
}

// TestTimeoutIsIdleTimeInBody: Timeout bounds the wait for an answer and
// every pause in its body, not the whole body (MinRate does): a body that arrives
// steadily but takes longer than Timeout is read (many requests in flight
// share a link, and a large shard then takes a while), and one that stops
// for longer than Timeout is abandoned.
func TestTimeoutIsIdleTimeInBody(t *testing.T) {
	var pause atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "10")
		w.WriteHeader(http.StatusOK)
		for i := range 10 {
			if i > 0 {
				select {
				case <-time.After(time.Duration(pause.Load())):
				case <-r.Context().Done():
					return
				}
			}
			w.Write([]byte{'0' + byte(i)})
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	// Without MinRate: ten bytes in 360 ms are far slower than any rate
	// worth setting (TestSlowBodyMinRate).
	s := open(t, srv.URL, "p", &store.ObjectOptions{Timeout: 150 * time.Millisecond, Retries: -1, MinRate: -1})
	ctx := context.Background()
	pause.Store(int64(40 * time.Millisecond)) // 360 ms in all, never 150 ms without a byte
	if v, err := s.Get(ctx, "k", store.NoLimit); err != nil || string(v) != "0123456789" {
		t.Errorf("a steady body longer than Timeout: %q, %v", v, err)
	}
	pause.Store(int64(400 * time.Millisecond))
	if v, err := s.Get(ctx, "k", store.NoLimit); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a body that stops for longer than Timeout: %q, %v; want a timeout", v, err)
	}
}

package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/store/byterange"
)

// allocated returns the bytes f allocates (roughly: other goroutines
// count too).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHTTPIgnoredRangeAllocatesWhatArrives: a server that ignores Range
// and answers a few bytes makes a large suffix or range an error, without
// allocating the length asked for.
func TestHTTPIgnoredRangeAllocatesWhatArrives(t *testing.T) {
	const asked = 256 << 20
	s := newServer(t, map[string][]byte{"k": []byte("abc")})
	s.ignoreRange.Store(true)
	s.noLength.Store(true)
	h := newHTTP(t, s, &HTTPOptions{Retries: -1})
	ctx := context.Background()
	for _, r := range []byterange.Range{br(-asked, asked), br(1, asked)} {
		var err error
		n := allocated(func() { _, err = h.GetRange(ctx, "k", r) })
		if !errors.Is(err, byterange.ErrRange) {
			t.Errorf("%+v of a 3-byte value: %v, want byterange.ErrRange", r, err)
		}
		if n > 16<<20 {
			t.Errorf("%+v of a 3-byte value allocated %d bytes", r, n)
		}
	}
	// the same, read straight from a body
	for _, r := range []byterange.Range{br(-asked, asked), br(0, asked)} {
		n := allocated(func() { readIgnoredRange(strings.NewReader("abc"), -1, r) })
		if n > 1<<20 {
			t.Errorf("readIgnoredRange %+v of 3 bytes allocated %d bytes", r, n)
		}
	}
	// and a suffix of a long stream is still its last bytes
	long := bytes.Repeat([]byte("0123456789"), 10000)
	for _, n := range []int64{1, 7, 32 << 10, 32<<10 + 3, int64(len(long))} {
		got, err := lastBytes(bytes.NewReader(long), n, br(-n, n))
		if err != nil || !bytes.Equal(got, long[int64(len(long))-n:]) {
			t.Errorf("last %d bytes: %v", n, err)
		}
	}
}

// TestHTTPWrongContentRange: a 206 that does not answer the range asked
// for is a *ResponseError that shows what the server sent, not a claim
// about the value.
func TestHTTPWrongContentRange(t *testing.T) {
	var contentRange atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cr := contentRange.Load().(string)
		var first, last int
		fmt.Sscanf(strings.ReplaceAll(cr, "+", ""), "bytes %d-%d/", &first, &last)
		w.Header().Set("Content-Range", cr)
		w.WriteHeader(http.StatusPartialContent)
		w.Write(bytes.Repeat([]byte("x"), last-first+1))
	}))
	t.Cleanup(srv.Close)
	h, _ := NewHTTP(srv.URL, &HTTPOptions{Retries: -1})
	ctx := context.Background()
	for _, tc := range []struct {
		r    byterange.Range
		cr   string
		want error // byterange.ErrRange, or nil for a *ResponseError
	}{
		{br(-4, 4), "bytes 0-3/10", nil},               // the first bytes, not the last
		{br(-4, 4), "bytes 5-9/10", nil},               // five bytes for four
		{br(-4, 4), "bytes 0-2/3", byterange.ErrRange}, // the whole, shorter value: the suffix is too long
		{br(2, 3), "bytes 0-2/10", nil},
		{br(2, 3), "bytes 2-5/10", nil},
		{br(2, 3), "bytes 2-3/4", byterange.ErrRange}, // the value ends first
		{br(2, -1), "bytes 2-5/10", nil},
		{br(2, 3), "bytes 2-4/*", byterange.ErrRange}, // well formed: no error at all
		{br(2, 3), "bytes +2-+4/10", nil},             // signs are not digits
		{br(-3, 3), "bytes 7-9/*", nil},               // no size: nothing says these are the last bytes
		{br(7, -1), "bytes 7-9/*", nil},               // no size: nothing says the value ends there
	} {
		contentRange.Store(tc.cr)
		v, err := h.GetRange(ctx, "k", tc.r)
		var re *ResponseError
		switch {
		case tc.cr == "bytes 2-4/*":
			if err != nil || len(v) != 3 {
				t.Errorf("%+v answered %q: %q, %v", tc.r, tc.cr, v, err)
			}
		case tc.want != nil:
			if !errors.Is(err, tc.want) {
				t.Errorf("%+v answered %q: %v, want %v", tc.r, tc.cr, err, tc.want)
			}
		case !errors.As(err, &re) || errors.Is(err, byterange.ErrRange) || !strings.Contains(err.Error(), tc.cr):
			t.Errorf("%+v answered %q: %v, want a *ResponseError naming the Content-Range", tc.r, tc.cr, err)
		}
	}
}

// redirector answers every request with a redirect to to+path, and
// records the X-Api-Key it was sent.
func redirector(t *testing.T, to func() string, hits *atomic.Int32) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Query().Get("here") != "" {
			w.Write([]byte("same origin " + r.Header.Get("X-Api-Key")))
			return
		}
		http.Redirect(w, r, to()+r.URL.Path, http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestHTTPRedirects: configured headers never reach another origin.
func TestHTTPRedirects(t *testing.T) {
	var gotKey atomic.Value
	gotKey.Store("")
	var hits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		gotKey.Store(r.Header.Get("X-Api-Key"))
		w.Write([]byte("elsewhere"))
	}))
	t.Cleanup(other.Close)
	var srcHits, selfHits atomic.Int32
	src := redirector(t, func() string { return other.URL }, &srcHits)
	hdr := http.Header{"X-Api-Key": {"s3cr3t"}}
	ctx := context.Background()

	// default: refused, with both origins named, the other host untouched
	h, _ := NewHTTP(src.URL, &HTTPOptions{Header: hdr})
	_, err := h.Get(ctx, "k", NoLimit)
	var rde *RedirectError
	if !errors.As(err, &rde) || rde.From != origin(h.base) || !strings.Contains(err.Error(), strings.TrimPrefix(other.URL, "http://")) {
		t.Errorf("cross-origin redirect by default: %v, want a *RedirectError", err)
	}
	if hits.Load() != 0 {
		t.Errorf("the other origin was asked %d times", hits.Load())
	}
	if n := srcHits.Load(); n != 1 {
		t.Errorf("a refused redirect was retried: %d requests", n)
	}
	// opt in: followed, without the header
	h, _ = NewHTTP(src.URL, &HTTPOptions{Header: hdr, Redirects: RedirectAnyOrigin})
	if v, err := h.Get(ctx, "k", NoLimit); err != nil || string(v) != "elsewhere" {
		t.Errorf("RedirectAnyOrigin: %q, %v", v, err)
	}
	if k := gotKey.Load().(string); k != "" {
		t.Errorf("the header followed the redirect to another origin: X-Api-Key %q", k)
	}
	// the same origin: followed, with the header
	var self *httptest.Server
	self = redirector(t, func() string { return self.URL + "/?here=1&" }, &selfHits)
	sameURL := self.URL
	h, _ = NewHTTP(sameURL, &HTTPOptions{Header: hdr})
	if v, err := h.Get(ctx, "k", NoLimit); err != nil || string(v) != "same origin s3cr3t" {
		t.Errorf("same-origin redirect: %q, %v", v, err)
	}
	// none: refused even within the origin
	h, _ = NewHTTP(sameURL, &HTTPOptions{Header: hdr, Redirects: RedirectNone})
	if _, err := h.Get(ctx, "k", NoLimit); !errors.As(err, &rde) {
		t.Errorf("RedirectNone: %v", err)
	}
	// a caller's client keeps its own check, after the policy's
	var checked atomic.Int32
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { checked.Add(1); return nil }}
	h, _ = NewHTTP(src.URL, &HTTPOptions{Header: hdr, HTTPClient: client})
	if _, err := h.Get(ctx, "k", NoLimit); !errors.As(err, &rde) {
		t.Errorf("cross-origin redirect with a caller's client: %v", err)
	}
	h, _ = NewHTTP(sameURL, &HTTPOptions{Header: hdr, HTTPClient: client})
	if v, err := h.Get(ctx, "k", NoLimit); err != nil || string(v) != "same origin s3cr3t" || checked.Load() != 1 {
		t.Errorf("same-origin redirect with a caller's client: %q, %v, its check called %d times", v, err, checked.Load())
	}
	if hits.Load() != 1 {
		t.Errorf("the other origin was asked %d times, want 1 (the opt-in)", hits.Load())
	}
	var p RedirectPolicy
	if err := p.Set("any-origin"); err != nil || p != RedirectAnyOrigin || p.String() != "any-origin" {
		t.Errorf("RedirectPolicy.Set: %v %v", p, err)
	}
	if err := p.Set("all"); err == nil {
		t.Error("RedirectPolicy.Set accepted \"all\"")
	}
}

// TestHTTPRedactsSecrets drives every error path of the HTTP store with a
// password in the base URL and signatures in a redirect's query: none of
// them shows up in a message.
func TestHTTPRedactsSecrets(t *testing.T) {
	const secret = "s3cr3t"
	var target *httptest.Server
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch strings.TrimPrefix(r.URL.Path, "/data/") {
		case "403":
			w.WriteHeader(http.StatusForbidden)
		case "503":
			w.WriteHeader(http.StatusServiceUnavailable)
		case "redirect":
			http.Redirect(w, r, target.URL+"/x?X-Amz-Signature="+secret+"&X-Amz-Credential="+secret+"&token="+secret+"&sig="+secret+"&ok=1", http.StatusFound)
		case "bad206":
			w.Header().Set("Content-Range", "bytes 0-0/10")
			w.WriteHeader(http.StatusPartialContent)
			w.Write([]byte("x"))
		case "416":
			w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
		case "short":
			w.Header().Set("Content-Length", "100")
			w.Write([]byte("x"))
		case "hang":
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}
	}))
	t.Cleanup(srv.Close)
	target = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	t.Cleanup(target.Close)
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()

	withSecret := func(u string) string { return strings.Replace(u, "http://", "http://user:"+secret+"@", 1) + "/data" }
	opts := &HTTPOptions{Retries: 1, Timeout: 100 * time.Millisecond, Deadline: 150 * time.Millisecond}
	h, err := NewHTTP(withSecret(srv.URL), opts)
	if err != nil {
		t.Fatal(err)
	}
	h.backoffBase = time.Millisecond
	follow, _ := NewHTTP(withSecret(srv.URL), &HTTPOptions{Retries: -1, Redirects: RedirectAnyOrigin})
	dead, _ := NewHTTP(withSecret(closedURL), &HTTPOptions{Retries: -1})
	ctx := context.Background()
	var msgs []string
	add := func(what string, err error) {
		if err == nil {
			t.Errorf("%s: no error", what)
			return
		}
		msgs = append(msgs, what+": "+err.Error())
		var he *HTTPError
		if errors.As(err, &he) && strings.Contains(he.URL, secret) {
			t.Errorf("%s: HTTPError.URL %q", what, he.URL)
		}
	}
	for _, k := range []string{"403", "503", "redirect", "short", "hang"} {
		_, err := h.Get(ctx, k, NoLimit)
		add("get "+k, err)
	}
	_, err = follow.Get(ctx, "redirect", NoLimit)
	add("followed redirect", err)
	for _, k := range []string{"bad206", "416", "403"} {
		_, err := h.GetRange(ctx, k, br(-4, 4))
		add("get range "+k, err)
	}
	_, err = h.GetRange(ctx, "403", br(0, 0))
	add("empty range", err)
	_, err = dead.Get(ctx, "k", NoLimit)
	add("connection refused", err)
	for _, u := range []string{"http://user:" + secret + "@h:port/x", "http://user:" + secret + "@h/x?token=" + secret, "ftp://user:" + secret + "@h/x", "http://user:" + secret + "@h/%zz"} {
		_, err := NewHTTP(u, nil)
		add("NewHTTP "+u[:4], err)
	}
	msgs = append(msgs, "String: "+h.String(), "RedactURL: "+RedactURL("http://a:"+secret+"@h/p?X-Amz-Security-Token="+secret+"&a=b"))
	for _, m := range msgs {
		t.Log(m)
		if strings.Contains(m, secret) {
			t.Errorf("a secret in %q", m)
		}
	}
	if !strings.Contains(msgs[len(msgs)-1], "a=b") {
		t.Errorf("RedactURL dropped an ordinary parameter: %s", msgs[len(msgs)-1])
	}
}

// TestHTTPDeadline: a server that never answers costs one Deadline per
// request, however many retries are allowed; one that sends nothing after
// its headers is cut off by StallTimeout; one that drips by Timeout.
func TestHTTPDeadline(t *testing.T) {
	var mode atomic.Value
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		switch mode.Load().(string) {
		case "hang":
			<-r.Context().Done()
		case "stall":
			w.Header().Set("Content-Length", "10")
			w.Write([]byte("x"))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case "drip":
			w.Header().Set("Content-Length", "1000")
			for range 1000 {
				if _, err := w.Write([]byte("x")); err != nil {
					return
				}
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}
	}))
	t.Cleanup(srv.Close)
	ctx := context.Background()
	check := func(opts *HTTPOptions, limit string, within time.Duration) {
		t.Helper()
		h, _ := NewHTTP(srv.URL, opts)
		h.backoffBase = 10 * time.Millisecond
		requests.Store(0)
		start := time.Now()
		_, err := h.Get(ctx, "k", NoLimit)
		took := time.Since(start)
		var te *TimeoutError
		if !errors.As(err, &te) || te.Limit != limit || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want a *TimeoutError of %s", mode.Load(), err, limit)
		}
		if took > within {
			t.Errorf("%s: gave up after %v, want within %v", mode.Load(), took, within)
		}
	}
	mode.Store("hang")
	check(&HTTPOptions{Timeout: 100 * time.Millisecond, Retries: 1000, Deadline: 400 * time.Millisecond}, "Deadline", 2*time.Second)
	if n := requests.Load(); n < 2 {
		t.Errorf("%d attempts within the deadline, want retries", n)
	}
	mode.Store("stall")
	check(&HTTPOptions{Timeout: time.Minute, StallTimeout: 100 * time.Millisecond, Retries: -1}, "StallTimeout", 2*time.Second)
	mode.Store("drip")
	check(&HTTPOptions{Timeout: 200 * time.Millisecond, StallTimeout: time.Minute, Retries: -1}, "Timeout", 2*time.Second)
	// the defaults are documented and applied
	h, _ := NewHTTP(srv.URL, nil)
	if h.timeout != DefaultTimeout || h.deadline != DefaultDeadline || h.stall != DefaultStallTimeout {
		t.Errorf("defaults: %v %v %v", h.timeout, h.deadline, h.stall)
	}
	h, _ = NewHTTP(srv.URL, &HTTPOptions{Timeout: -1, Deadline: -1, StallTimeout: -1})
	if h.timeout > 0 || h.deadline > 0 || h.stall > 0 {
		t.Errorf("negative bounds: %v %v %v", h.timeout, h.deadline, h.stall)
	}

}

// TestHTTPDeadlineExcludesQueue: the deadline of a request starts with its
// first attempt, not while it waits for a connection slot behind others.
func TestHTTPDeadlineExcludesQueue(t *testing.T) {
	s := newServer(t, httpValues)
	s.delay.Store(int64(150 * time.Millisecond))
	h := newHTTP(t, s, &HTTPOptions{MaxInFlight: 1, Deadline: 400 * time.Millisecond, Retries: -1})
	var wg sync.WaitGroup
	for range 4 { // the last waits about 450 ms for its slot
		wg.Go(func() {
			if _, err := h.Get(context.Background(), "c/0/0", NoLimit); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// TestHTTPSlotReleasedOnPanic: an attempt that panics gives its slot
// back, so that a program that recovers does not find the store blocked.
func TestHTTPSlotReleasedOnPanic(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("x")) }))
	t.Cleanup(srv.Close)
	h, err := NewHTTP(srv.URL, &HTTPOptions{MaxInFlight: 1, Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() { recover() }()
		h.do(context.Background(), "get", "k", http.MethodGet, "", func(*http.Response) ([]byte, error) { panic("boom") })
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if v, err := h.Get(ctx, "k", NoLimit); err != nil || string(v) != "x" {
		t.Errorf("after a panic, with one slot: %q, %v", v, err)
	}
}

package s3store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// hostile returns a store without retries on a server that answers every
// request with h, and counts the requests it receives.
func hostile(t *testing.T, h http.HandlerFunc) (*Store, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return openAt(t, srv.URL, &store.ObjectOptions{Retries: -1}), &n
}

// openAt is open without isolate, for tests that run in parallel (the
// credentials come from the options' chain, which isolate would have
// set; these servers do not check them).
func openAt(t *testing.T, endpoint string, opts *store.ObjectOptions) *Store {
	t.Helper()
	o := *opts
	o.Endpoint, o.Anonymous = endpoint, true
	s, err := New(context.Background(), testBucket, "p", &o)
	if err != nil {
		t.Fatal(err)
	}
	s.backoff0, s.backoffHi = 0, 0
	return s
}

// endless writes body's start and then filler until the client goes away
// or limit bytes are written, and reports how many it wrote.
func endless(w http.ResponseWriter, r *http.Request, status int, start, filler string, limit int64, wrote *atomic.Int64) {
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(status)
	n, _ := io.WriteString(w, start)
	total := int64(n)
	chunk := strings.Repeat(filler, max(1, (32<<10)/len(filler)))
	for total < limit && r.Context().Err() == nil {
		n, err := io.WriteString(w, chunk)
		total += int64(n)
		if err != nil {
			break
		}
	}
	wrote.Store(total)
}

// TestEndlessErrorDocument: an error answer whose body does not end is
// read to MaxErrorBody and no further, and the error says so; it is not
// retried.
func TestEndlessErrorDocument(t *testing.T) {
	t.Parallel()
	var wrote atomic.Int64
	s, n := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		endless(w, r, http.StatusInternalServerError, "<Error><Code>InternalError</Code><Message>", "x", 256<<20, &wrote)
	})
	s.retries = 3
	_, err := s.Get(context.Background(), "k", store.NoLimit)
	var tl *AnswerTooLargeError
	if !errors.As(err, &tl) || tl.Limit != MaxErrorBody || tl.Op != "GetObject" || tl.Status != 500 {
		t.Fatalf("an endless error document: %v; want an *AnswerTooLargeError of %d bytes", err, MaxErrorBody)
	}
	if n.Load() != 1 {
		t.Errorf("%d requests, want 1", n.Load())
	}
	if !strings.Contains(err.Error(), "error document") || len(err.Error()) > 300 {
		t.Errorf("message %q", err)
	}
}

// TestEndlessListPage: a ListObjectsV2 page is read to MaxListPage and no
// further.
func TestEndlessListPage(t *testing.T) {
	t.Parallel()
	var wrote atomic.Int64
	s, _ := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		endless(w, r, http.StatusOK, `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>false</IsTruncated>`,
			"<Contents><Key>p/k</Key><Size>1</Size></Contents>", 256<<20, &wrote)
	})
	err := s.List(context.Background(), "", func(store.Entry) error { return nil })
	var tl *AnswerTooLargeError
	if !errors.As(err, &tl) || tl.Limit != MaxListPage || tl.Op != "ListObjectsV2" {
		t.Fatalf("an endless page: %v; want an *AnswerTooLargeError of %d bytes", err, MaxListPage)
	}
}

// TestErrorAnnouncedTooLong: an error answer whose Content-Length passes
// the bound is refused before its body is read, through the store's
// client or a given one.
func TestErrorAnnouncedTooLong(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000000000")
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, "<Error>")
	}))
	t.Cleanup(srv.Close)
	for _, c := range []*http.Client{nil, {}} {
		s := openAt(t, srv.URL, &store.ObjectOptions{Retries: -1, HTTPClient: c})
		_, err := s.Get(context.Background(), "k", store.NoLimit)
		var tl *AnswerTooLargeError
		if !errors.As(err, &tl) || tl.Status != 403 {
			t.Errorf("an error document of an announced 1 GB (client %v): %v", c, err)
		}
	}
}

// TestLongErrorMessage: a long <Message> is quoted as a short excerpt
// with its length.
func TestLongErrorMessage(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("m", 60<<10)
	s, _ := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>%s</Message></Error>`, long)
	})
	_, err := s.Get(context.Background(), "k", store.NoLimit)
	var e *Error
	if !errors.As(err, &e) || e.Code != "AccessDenied" {
		t.Fatalf("%.200v", err)
	}
	msg := err.Error()
	if len(msg) > 400 || !strings.Contains(msg, fmt.Sprintf("(%d bytes)", len(long))) || !strings.Contains(msg, `"mmm`) {
		t.Errorf("a message of %d bytes shown as %d: %.400s", len(long), len(msg), msg)
	}
}

// listPage writes a ListObjectsV2 page of one key.
func listPage(w http.ResponseWriter, key string, truncated bool, next string) {
	w.Header().Set("Content-Type", "application/xml")
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>%s</Name><Contents><Key>%s</Key><Size>1</Size></Contents><IsTruncated>%t</IsTruncated>`, testBucket, key, truncated)
	if next != "" {
		fmt.Fprintf(w, `<NextContinuationToken>%s</NextContinuationToken>`, next)
	}
	io.WriteString(w, `</ListBucketResult>`)
}

// TestListTokenCycle: continuation tokens that come back to one seen
// before in the listing (A, B, A) end it with an error, instead of a
// listing that never ends.
func TestListTokenCycle(t *testing.T) {
	t.Parallel()
	var pages atomic.Int64
	s, _ := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		if pages.Add(1) > 20 { // the listing would go on forever
			listPage(w, "p/end", false, "")
			return
		}
		switch r.URL.Query().Get("continuation-token") {
		case "":
			listPage(w, "p/a", true, "A")
		case "A":
			listPage(w, "p/b", true, "B")
		default:
			listPage(w, "p/c", true, "A")
		}
	})
	var keys []string
	err := s.List(context.Background(), "", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
	if err == nil || !strings.Contains(err.Error(), "continuation token") {
		t.Fatalf("tokens A, B, A: %v after %d pages (%q); want an error", err, pages.Load(), keys)
	}
	if pages.Load() != 3 {
		t.Errorf("%d pages, want 3", pages.Load())
	}
}

// TestUnparsableAnswer: a 2xx answer that does not parse is not retried,
// and the error says the answer does not parse, not "200 OK".
func TestUnparsableAnswer(t *testing.T) {
	t.Parallel()
	s, n := hostile(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		io.WriteString(w, "<<<this is not XML")
	})
	s.retries = 5
	err := s.List(context.Background(), "", func(store.Entry) error { return nil })
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Op != "ListObjectsV2" {
		t.Fatalf("garbage XML: %v; want a *ParseError", err)
	}
	if n.Load() != 1 {
		t.Errorf("%d requests, want 1", n.Load())
	}
	msg := err.Error()
	if !strings.Contains(msg, "the answer to ListObjectsV2 does not parse: ") || strings.Contains(msg, "200 OK") || strings.Contains(msg, "gave up") {
		t.Errorf("message %q", msg)
	}
}

// TestRangeRefusalNamesStatus: a GetRange answer that is refused names
// the status that came, a 200 as much as a 206.
func TestRangeRefusalNamesStatus(t *testing.T) {
	t.Parallel()
	for _, status := range []int{http.StatusOK, http.StatusPartialContent} {
		s, _ := hostile(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "20")
			w.Header().Set("Content-Range", "bytes 0-19/40") // never the range asked for
			w.WriteHeader(status)
			io.WriteString(w, value20)
		})
		for _, get := range []func() error{
			func() error {
				_, err := s.GetRange(context.Background(), "k", byterange.Range{Offset: 3, Length: 4})
				return err
			},
			func() error { _, _, err := s.GetHead(context.Background(), "k", 5); return err },
		} {
			err := get()
			var re *store.ResponseError
			want := fmt.Sprintf("%d %s", status, http.StatusText(status))
			if !errors.As(err, &re) || re.Status != status || !strings.Contains(err.Error(), want) {
				t.Errorf("a %d answer: %v; want a *store.ResponseError naming %q", status, err, want)
			}
		}
	}
}

// TestCrossOriginRedirect: a redirect to another origin (another port of
// the same host) is refused: neither the signature nor the request goes
// there, and the store reads nothing from it.
func TestCrossOriginRedirect(t *testing.T) {
	isolate(t)
	var elsewhere atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		io.WriteString(w, "from elsewhere")
	}))
	t.Cleanup(other.Close)
	for _, tc := range []struct {
		code   int
		client *http.Client
	}{{http.StatusTemporaryRedirect, nil}, {http.StatusPermanentRedirect, nil}, {http.StatusTemporaryRedirect, &http.Client{}}} {
		code := tc.code
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/moved/") { // within the origin: followed
				io.WriteString(w, "moved here")
				return
			}
			if strings.HasSuffix(r.URL.Path, "/near") {
				http.Redirect(w, r, "/moved"+r.URL.Path, code)
				return
			}
			http.Redirect(w, r, other.URL+r.URL.RequestURI(), code)
		}))
		t.Cleanup(srv.Close)
		s, err := New(context.Background(), testBucket, "p", &store.ObjectOptions{Endpoint: srv.URL, Retries: 2, HTTPClient: tc.client})
		if err != nil {
			t.Fatal(err)
		}
		s.backoff0, s.backoffHi = 0, 0
		v, err := s.Get(context.Background(), "k", store.NoLimit)
		var re *store.RedirectError
		if !errors.As(err, &re) || v != nil {
			t.Errorf("%d to another origin: %q, %v; want a *store.RedirectError", code, v, err)
		}
		if n := elsewhere.Load(); n != 0 {
			t.Errorf("%d: %d requests reached the other origin", code, n)
		}
		noSecret(t, err)
		if v, err := s.Get(context.Background(), "near", store.NoLimit); err != nil || string(v) != "moved here" {
			t.Errorf("%d within the origin: %q, %v", code, v, err)
		}
	}
}

// fakeClock is a clock that moves only when told.
type fakeClock struct{ t atomic.Int64 }

func (c *fakeClock) now() time.Time          { return time.Unix(0, c.t.Load()) }
func (c *fakeClock) advance(d time.Duration) { c.t.Add(int64(d)) }
func (c *fakeClock) nowAndThen(d time.Duration) func() time.Time {
	return func() time.Time { t := c.now(); c.advance(d); return t }
}

// TestSlowBodyMinRate: a body that arrives steadily but slower than
// MinRate, each byte in time for Timeout, is abandoned once it is late for
// its announced length, and the error names MinRate.
func TestSlowBodyMinRate(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "20000")
		w.WriteHeader(http.StatusOK)
		for range 20000 {
			if _, err := w.Write([]byte{'x'}); err != nil {
				return
			}
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	s := openAt(t, srv.URL, &store.ObjectOptions{Retries: -1, Timeout: 5 * time.Second})
	var c fakeClock
	s.now = c.nowAndThen(time.Second) // every look at the clock finds a second gone: 1 byte/s at most
	_, err := s.Get(context.Background(), "k", store.NoLimit)
	var te *store.TimeoutError
	if !errors.As(err, &te) || te.Limit != "MinRate" || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("20000 bytes at 1 byte/s: %v; want a *store.TimeoutError of MinRate", err)
	}
	if !strings.Contains(err.Error(), "MinRate") && !strings.Contains(err.Error(), "bytes/s") {
		t.Errorf("message %q does not name the minimum rate", err)
	}
	// At full speed the same body is read whatever the clock says, given
	// the time its length allows.
	s.now = c.now
	if v, err := s.Get(context.Background(), "k", store.NoLimit); err != nil || len(v) != 20000 {
		t.Errorf("the body in time: %d bytes, %v", len(v), err)
	}
}

package store

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fileServer serves values by path on the loopback address (Range
// requests answered by http.ServeContent), recording the paths asked for.
type fileServer struct {
	*httptest.Server
	values      map[string][]byte
	status      map[string]int // a status to answer for a path
	ignoreRange bool           // answer 200 with the whole value
	noLength    bool           // with ignoreRange: no Content-Length
	mu          sync.Mutex
	paths       []string
}

func newFileServer(t *testing.T, values map[string][]byte) *fileServer {
	s := &fileServer{values: values, status: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.Method+" "+r.URL.Path+" "+r.Header.Get("Range"))
		st := s.status[r.URL.Path]
		v, ok := s.values[r.URL.Path]
		s.mu.Unlock()
		switch {
		case st != 0:
			w.WriteHeader(st)
		case !ok:
			http.NotFound(w, r)
		case s.ignoreRange:
			if s.noLength {
				w.WriteHeader(http.StatusOK)
				w.(http.Flusher).Flush() // chunked: no Content-Length
			}
			w.Write(v)
		default:
			http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(v))
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// requests returns the requests received so far, sorted, and forgets them.
func (s *fileServer) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.paths
	s.paths = nil
	slices.Sort(p)
	return p
}

func TestOpenFileOverHTTP(t *testing.T) {
	ctx := context.Background()
	withFormats(t, toyFormats()...)
	toy := toyFile(false, 3000)
	srv := newFileServer(t, map[string][]byte{
		"/files/dir/data.toy":     toy,
		"/files/small.toy":        []byte("TOYF!"),
		"/files/z.zarr/zarr.json": []byte(`{"zarr_format":3,"node_type":"group"}`),
		"/files/empty":            {},
	})
	const probe = " bytes=0-1023"

	// A path inside a file: one round of probes, the location and each
	// ancestor once, then the format's reads.
	s, err := Open(ctx, srv.URL+"/files/dir/data.toy/grp/var", nil)
	got := srv.requests()
	want := []string{"GET /files" + probe, "GET /files/dir" + probe, "GET /files/dir/data.toy" + probe, "GET /files/dir/data.toy/grp" + probe, "GET /files/dir/data.toy/grp/var" + probe}
	if !slices.Equal(got, want) {
		t.Errorf("the probe of a path in a file sent\n%q\nwant\n%q", got, want)
	}
	ts := checkToy(t, s, err, "toyf", "grp/var", toy)
	if got := srv.requests(); len(got) != 2 {
		t.Errorf("two range reads of the File sent %q", got)
	}
	if ts.f.Location() != srv.URL+"/files/dir/data.toy" || ts.f.PreferredConcurrency() != 8 {
		t.Errorf("File.Location %q, PreferredConcurrency %d", ts.f.Location(), ts.f.PreferredConcurrency())
	}
	ts.Close()

	// The file itself, smaller than the head read.
	s, err = Open(ctx, srv.URL+"/files/small.toy", nil)
	checkToy(t, s, err, "toyf", "", []byte("TOYF!"))
	if got := srv.requests(); len(got) != 2+2 {
		t.Errorf("the probe of a file and two reads sent %q", got)
	}

	// A Zarr prefix: the probes find nothing, then the usual requests.
	s, err = Open(ctx, srv.URL+"/files/z.zarr", nil)
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := s.(*HTTP); !ok || h.String() != srv.URL+"/files/z.zarr" {
		t.Fatalf("Open of a Zarr prefix: %T %v, want the HTTP store of the location", s, s)
	}
	if got, want := srv.requests(), []string{"GET /files" + probe, "GET /files/z.zarr" + probe}; !slices.Equal(got, want) {
		t.Errorf("the probe of a Zarr prefix sent %q, want %q", got, want)
	}
	if _, err := s.Get(ctx, "zarr.json", NoLimit); err != nil {
		t.Fatal(err)
	}
	if got := srv.requests(); len(got) != 1 {
		t.Errorf("Get after the probe sent %q, want one request", got)
	}

	// A deep location: the location and 8 ancestors, no more.
	if _, err := Open(ctx, srv.URL+"/a/b/c/d/e/f/g/h/i/j", nil); err != nil {
		t.Fatal(err)
	}
	if got := srv.requests(); len(got) != 9 || slices.Contains(got, "GET /a"+probe) {
		t.Errorf("the probe of a deep location sent %d requests: %q", len(got), got)
	}

	// A failure of the location itself is Open's; of an ancestor, not.
	srv.status["/files/z.zarr"] = http.StatusInternalServerError
	_, err = Open(ctx, srv.URL+"/files/z.zarr", nil)
	var le *LocationError
	var he *HTTPError
	if !errors.As(err, &le) || !errors.As(err, &he) || he.Status != 500 || le.Location != srv.URL+"/files/z.zarr" {
		t.Errorf("a 500 of the location: %v, want a *LocationError holding the *HTTPError", err)
	}
	srv.requests()
	delete(srv.status, "/files/z.zarr")
	srv.status["/files"] = http.StatusInternalServerError
	if s, err := Open(ctx, srv.URL+"/files/z.zarr", nil); err != nil {
		t.Errorf("a 500 of an ancestor: %v, want it ignored", err)
	} else if _, ok := s.(*HTTP); !ok {
		t.Errorf("a 500 of an ancestor: %T, want the HTTP store", s)
	}
	// 403 is what S3 without ListBucket, or a web server for a directory,
	// answers for a prefix: not a file.
	srv.status["/files/z.zarr"] = http.StatusForbidden
	if s, err := Open(ctx, srv.URL+"/files/z.zarr", nil); err != nil {
		t.Errorf("a 403 of the location: %v, want the Zarr store", err)
	} else if _, ok := s.(*HTTP); !ok {
		t.Errorf("a 403 of the location: %T, want the HTTP store", s)
	}
	clear(srv.status)
	srv.requests()

	// A server that ignores Range: the size from Content-Length, or from
	// the body read to its end.
	for _, noLength := range []bool{false, true} {
		srv.ignoreRange, srv.noLength = true, noLength
		s, err = Open(ctx, srv.URL+"/files/dir/data.toy", nil)
		if err != nil {
			t.Fatalf("no Range, no length %v: %v", noLength, err)
		}
		ts := s.(*toyStore)
		if n, _ := ts.f.Size(ctx); n != int64(len(toy)) || !bytes.Equal(ts.f.Head(), toy[:1024]) {
			t.Errorf("no Range, no length %v: size %d, head of %d bytes", noLength, n, len(ts.f.Head()))
		}
	}
	srv.ignoreRange, srv.noLength = false, false
	srv.requests()

	// GetHead of an empty value (416) and of a missing one.
	h, _ := NewHTTP(srv.URL, nil)
	if head, size, err := h.GetHead(ctx, "files/empty", 16); err != nil || len(head) != 0 || size != 0 {
		t.Errorf("GetHead of an empty value: %q, %d, %v", head, size, err)
	}
	if _, _, err := h.GetHead(ctx, "files/nothing", 16); !errors.Is(err, ErrNotFound) {
		t.Errorf("GetHead of a missing value: %v", err)
	}
	srv.requests()

	// No format registered: no probe at all.
	withFormats(t)
	if _, err := Open(ctx, srv.URL+"/files/dir/data.toy", nil); err != nil {
		t.Fatal(err)
	}
	if got := srv.requests(); len(got) != 0 {
		t.Errorf("Open with no format registered sent %q", got)
	}
}

// TestGetHeadHTTPLies: answers that do not answer the head's range are
// *ResponseError values, never taken for a size.
func TestGetHeadHTTPLies(t *testing.T) {
	ctx := context.Background()
	var cr, cl string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", cr)
		if cl != "" {
			w.Header().Set("Content-Length", cl)
		}
		w.WriteHeader(http.StatusPartialContent)
		w.Write([]byte(strings.Repeat("x", 8)))
	}))
	defer srv.Close()
	h, _ := NewHTTP(srv.URL, &HTTPOptions{Retries: -1})
	for _, c := range []struct{ cr, cl string }{
		{"bytes 0-7/*", ""},    // no size
		{"bytes 1-8/100", ""},  // not from 0
		{"bytes 0-3/100", ""},  // fewer bytes than asked for in a longer value
		{"bytes 0-7/8", "4"},   // a Content-Length that contradicts
		{"bytes=0-7/8", ""},    // not a Content-Range
		{"bytes 0-15/100", ""}, // more than asked for
	} {
		cr, cl = c.cr, c.cl
		_, _, err := h.GetHead(ctx, "k", 8)
		var re *ResponseError
		if !errors.As(err, &re) {
			t.Errorf("Content-Range %q, Content-Length %q: %v, want a *ResponseError", c.cr, c.cl, err)
		}
	}
	cr, cl = "bytes 0-7/8", ""
	if head, size, err := h.GetHead(ctx, "k", 8); err != nil || string(head) != "xxxxxxxx" || size != 8 {
		t.Errorf("a right answer: %q, %d, %v", head, size, err)
	}
}

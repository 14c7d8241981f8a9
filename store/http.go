package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/shorten"
)

// HTTPOptions configure an HTTP store. The zero value gives the defaults.
type HTTPOptions struct {
	// Client sends the requests. Nil means a client of its own whose
	// transport keeps at most MaxConns connections to the host.
	Client *http.Client
	// MaxConns bounds the requests in flight at once (default 8).
	MaxConns int
	// Timeout bounds one attempt of a request, body included (default 60 s).
	Timeout time.Duration
	// Retries is the number of extra attempts after a failure that may
	// pass (default 3; negative for none). See the package documentation.
	Retries int
	// Header is added to every request (credentials, for instance).
	Header http.Header
}

// HTTP is a read-only store over HTTP(S): key "a/b" is the URL base + "/a/b"
// (each segment escaped). Get is a GET, GetRange a GET with a Range header.
// Set and Delete return ErrReadOnly; List returns errors.ErrUnsupported,
// since HTTP has no listing (arrays served over HTTP are read through their
// metadata, and groups through consolidated metadata).
type HTTP struct {
	base    *url.URL
	client  *http.Client
	sem     chan struct{}
	timeout time.Duration
	retries int
	header  http.Header
}

// NewHTTP returns a store for the http or https URL base.
func NewHTTP(base string, opts *HTTPOptions) (*HTTP, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("store: HTTP base URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("store: HTTP base URL %q: want http:// or https:// and a host", base)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("store: HTTP base URL %q: a query or fragment cannot be combined with keys", base)
	}
	var o HTTPOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxConns <= 0 {
		o.MaxConns = 8
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	switch {
	case o.Retries == 0:
		o.Retries = 3
	case o.Retries < 0:
		o.Retries = 0
	}
	if o.Client == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxConnsPerHost = o.MaxConns
		t.MaxIdleConnsPerHost = o.MaxConns
		t.DisableCompression = true // sizes and ranges are of the stored bytes
		o.Client = &http.Client{Transport: t}
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	return &HTTP{base: u, client: o.Client, sem: make(chan struct{}, o.MaxConns),
		timeout: o.Timeout, retries: o.Retries, header: o.Header.Clone()}, nil
}

// String returns the base URL.
func (h *HTTP) String() string { return h.base.String() }

// HTTPError reports a response status that is neither success nor "not
// found".
type HTTPError struct {
	URL    string
	Status int
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("GET %s: %d %s", e.URL, e.Status, http.StatusText(e.Status))
}

func (h *HTTP) keyURL(key string) string {
	segs := strings.Split(key, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return h.base.JoinPath(segs...).String()
}

// Get fetches key's value.
func (h *HTTP) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	if err := begin(ctx, "get", key); err != nil {
		return nil, err
	}
	return h.fetch(ctx, "get", key, "", func(resp *http.Response) ([]byte, error) {
		if resp.StatusCode != http.StatusOK {
			return nil, &HTTPError{URL: resp.Request.URL.String(), Status: resp.StatusCode}
		}
		if resp.ContentLength >= 0 {
			if err := checkLimit(resp.ContentLength, limit); err != nil {
				return nil, err
			}
		}
		return readBody(resp.Body, resp.ContentLength, limit)
	})
}

// readBody reads all of body, failing with ErrTooLarge past limit (< 0: no
// limit). size is the announced length, or -1.
func readBody(body io.Reader, size, limit int64) ([]byte, error) {
	r := body
	if limit >= 0 {
		r = io.LimitReader(body, limit+1)
	}
	var buf []byte
	if size >= 0 {
		// The announced size is the server's word: trust it only so far,
		// and let the buffer grow with what actually arrives.
		buf = make([]byte, 0, min(size, maxPrealloc)+1)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if limit >= 0 && int64(len(buf)) > limit {
			return nil, &TooLargeError{Size: size, Limit: limit}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// maxPrealloc is the most a read allocates ahead on the strength of a
// length the server announced (Content-Length, Content-Range).
const maxPrealloc = 1 << 20

// readExactly reads the n bytes a response announced, failing with
// io.ErrUnexpectedEOF (io.EOF when nothing came) on a shorter body, and
// allocating ahead no more than maxPrealloc bytes whatever n says.
func readExactly(body io.Reader, n int64) ([]byte, error) {
	buf, err := readBody(io.LimitReader(body, n), n, NoLimit)
	switch {
	case err != nil:
		return nil, err
	case len(buf) == 0 && n > 0:
		return nil, io.EOF
	case int64(len(buf)) < n:
		return nil, io.ErrUnexpectedEOF
	}
	return buf, nil
}

// GetRange fetches the bytes of key's value that r selects with a Range
// request. A 206 answer must carry exactly those bytes; a 200 answer (a
// server that ignores Range) is read only as far as r needs.
func (h *HTTP) GetRange(ctx context.Context, key string, r ByteRange) ([]byte, error) {
	if err := begin(ctx, "get range", key); err != nil {
		return nil, err
	}
	if !r.Valid() {
		return nil, &KeyError{Op: "get range", Key: key, Err: &RangeError{Range: r, Size: -1, Reason: "not a valid range"}}
	}
	if r.Length == 0 && r.Offset >= 0 {
		return h.emptyRange(ctx, key, r)
	}
	return h.fetch(ctx, "get range", key, "bytes="+r.String(), func(resp *http.Response) ([]byte, error) {
		switch resp.StatusCode {
		case http.StatusPartialContent:
			return readPartial(resp, r)
		case http.StatusOK:
			return readIgnoredRange(resp.Body, resp.ContentLength, r)
		case http.StatusRequestedRangeNotSatisfiable:
			size := int64(-1)
			if cr := resp.Header.Get("Content-Range"); strings.HasPrefix(cr, "bytes */") {
				if n, err := strconv.ParseInt(cr[len("bytes */"):], 10, 64); err == nil {
					size = n
				}
			}
			return nil, &RangeError{Range: r, Size: size, Reason: "the server says the range lies outside the value"}
		}
		return nil, &HTTPError{URL: resp.Request.URL.String(), Status: resp.StatusCode}
	})
}

// emptyRange checks that an empty range starts inside the value: at offset
// 0 the value must exist (a HEAD request); further on, the byte before the
// offset must.
func (h *HTTP) emptyRange(ctx context.Context, key string, r ByteRange) ([]byte, error) {
	if r.Offset > 0 {
		if _, err := h.GetRange(ctx, key, ByteRange{Offset: r.Offset - 1, Length: 1}); err != nil {
			var re *RangeError
			if errors.As(err, &re) {
				return nil, &KeyError{Op: "get range", Key: key, Err: &RangeError{Range: r, Size: re.Size, Reason: "starts after the end of the value"}}
			}
			return nil, err
		}
		return []byte{}, nil
	}
	_, err := h.do(ctx, "get range", key, http.MethodHead, "", func(resp *http.Response) ([]byte, error) {
		if resp.StatusCode != http.StatusOK {
			return nil, &HTTPError{URL: resp.Request.URL.String(), Status: resp.StatusCode}
		}
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	return []byte{}, nil
}

// readPartial checks a 206 answer against r and reads its body.
func readPartial(resp *http.Response, r ByteRange) ([]byte, error) {
	start, end, size, err := parseContentRange(resp.Header.Get("Content-Range"))
	if err != nil {
		return nil, err
	}
	n := end - start
	switch {
	case r.Offset < 0:
		if n != -r.Offset || size >= 0 && end != size {
			return nil, &RangeError{Range: r, Size: size, Reason: "the suffix is longer than the value"}
		}
	case start != r.Offset:
		return nil, fmt.Errorf("the server sent bytes from %d, not from %d as asked", start, r.Offset)
	case r.Length >= 0 && n != r.Length:
		return nil, &RangeError{Range: r, Size: size, Reason: "ends after the end of the value"}
	}
	if resp.ContentLength >= 0 && resp.ContentLength != n {
		return nil, fmt.Errorf("Content-Length %d does not match Content-Range %d-%d", resp.ContentLength, start, end-1)
	}
	return readExactly(resp.Body, n)
}

// parseContentRange parses "bytes FIRST-LAST/SIZE" (SIZE may be "*", then
// -1) into [start, end).
func parseContentRange(v string) (start, end, size int64, err error) {
	bad := func() (int64, int64, int64, error) {
		return 0, 0, 0, fmt.Errorf("206 answer with an unusable Content-Range %s", shorten.Quote(v))
	}
	rest, ok := strings.CutPrefix(v, "bytes ")
	if !ok {
		return bad()
	}
	span, total, ok := strings.Cut(rest, "/")
	if !ok {
		return bad()
	}
	first, last, ok := strings.Cut(span, "-")
	if !ok {
		return bad()
	}
	start, err1 := strconv.ParseInt(first, 10, 64)
	l, err2 := strconv.ParseInt(last, 10, 64)
	if err1 != nil || err2 != nil || start < 0 || l < start || l == 1<<63-1 {
		return bad()
	}
	size = -1
	if total != "*" {
		if size, err = strconv.ParseInt(total, 10, 64); err != nil || size <= l {
			return bad()
		}
	}
	return start, l + 1, size, nil
}

// readIgnoredRange takes the bytes r selects from a body holding the whole
// value (size bytes, or -1 when unknown), reading no further than needed
// and holding no more than the range in memory.
func readIgnoredRange(body io.Reader, size int64, r ByteRange) ([]byte, error) {
	if size >= 0 {
		start, end, err := Bounds(r, size)
		if err != nil {
			return nil, err
		}
		if _, err := io.CopyN(io.Discard, body, start); err != nil {
			return nil, err
		}
		return readExactly(body, end-start)
	}
	switch {
	case r.Offset < 0:
		return lastBytes(body, -r.Offset, r)
	default:
		if n, err := io.CopyN(io.Discard, body, r.Offset); err == io.EOF {
			return nil, &RangeError{Range: r, Size: n, Reason: "starts after the end of the value"}
		} else if err != nil {
			return nil, err
		}
		if r.Length < 0 {
			return readBody(body, -1, NoLimit)
		}
		buf := make([]byte, r.Length)
		if n, err := io.ReadFull(body, buf); err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, &RangeError{Range: r, Size: r.Offset + int64(n), Reason: "ends after the end of the value"}
		} else if err != nil {
			return nil, err
		}
		return buf, nil
	}
}

// lastBytes returns the last n bytes of a stream of unknown length, keeping
// only n bytes in memory.
func lastBytes(body io.Reader, n int64, r ByteRange) ([]byte, error) {
	ring := make([]byte, n)
	var total int64
	chunk := make([]byte, 32<<10)
	for {
		k, err := body.Read(chunk)
		for p := chunk[:k]; len(p) > 0; {
			c := copy(ring[total%n:], p)
			p = p[c:]
			total += int64(c)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if total < n {
		return nil, &RangeError{Range: r, Size: total, Reason: "the suffix is longer than the value"}
	}
	at := total % n
	return append(ring[at:], ring[:at]...), nil
}

// fetch runs a GET of key with an optional Range header through do.
func (h *HTTP) fetch(ctx context.Context, op, key, rng string, read func(*http.Response) ([]byte, error)) ([]byte, error) {
	return h.do(ctx, op, key, http.MethodGet, rng, read)
}

// retryable statuses: the server may answer differently on the next try.
func retryableStatus(code int) bool {
	switch code {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// do sends the request, up to 1+retries times, each attempt bounded by the
// timeout and holding one of the store's connection slots, and lets read
// turn the response into the result.
func (h *HTTP) do(ctx context.Context, op, key, method, rng string, read func(*http.Response) ([]byte, error)) ([]byte, error) {
	target := h.keyURL(key)
	fail := func(err error) ([]byte, error) { return nil, &KeyError{Op: op, Key: key, Err: err} }
	var last error
	for attempt := 0; attempt <= h.retries; attempt++ {
		if attempt > 0 {
			if err := sleep(ctx, backoff(attempt, last)); err != nil {
				return fail(err)
			}
		}
		out, retry, err := h.attempt(ctx, method, target, rng, read)
		if err == nil {
			return out, nil
		}
		if ctx.Err() != nil {
			return fail(ctx.Err())
		}
		last = err
		if !retry {
			break
		}
	}
	return fail(last)
}

// retryAfter is an error of an attempt that names how long the server asked
// us to wait.
type retryAfter struct {
	err  error
	wait time.Duration
}

func (e *retryAfter) Error() string { return e.err.Error() }
func (e *retryAfter) Unwrap() error { return e.err }

func (h *HTTP) attempt(ctx context.Context, method, target, rng string, read func(*http.Response) ([]byte, error)) (out []byte, retry bool, err error) {
	select {
	case h.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
	defer func() { <-h.sem }()
	actx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, method, target, nil)
	if err != nil {
		return nil, false, err
	}
	for k, vs := range h.header {
		req.Header[k] = vs
	}
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, true, err // a connection that failed, or an attempt that timed out
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return nil, false, ErrNotFound
	case retryableStatus(resp.StatusCode):
		err := &HTTPError{URL: target, Status: resp.StatusCode}
		if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil && s >= 0 {
			return nil, true, &retryAfter{err: err, wait: time.Duration(min(s, 30)) * time.Second}
		}
		return nil, true, err
	}
	out, err = read(resp)
	if err != nil {
		var (
			he *HTTPError
			re *RangeError
			te *TooLargeError
		)
		final := errors.As(err, &he) || errors.As(err, &re) || errors.As(err, &te)
		return nil, !final, err
	}
	return out, false, nil
}

// backoff is the wait before attempt (1, 2, ...): 100 ms doubling up to
// 3.2 s, with jitter, or what the server asked for.
func backoff(attempt int, last error) time.Duration {
	var ra *retryAfter
	if errors.As(last, &ra) {
		return ra.wait
	}
	d := 100 * time.Millisecond << min(attempt-1, 5)
	return d/2 + rand.N(d/2+1)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Set returns ErrReadOnly.
func (h *HTTP) Set(ctx context.Context, key string, value []byte) error {
	return &KeyError{Op: "set", Key: key, Err: ErrReadOnly}
}

// Delete returns ErrReadOnly.
func (h *HTTP) Delete(ctx context.Context, key string) error {
	return &KeyError{Op: "delete", Key: key, Err: ErrReadOnly}
}

// List returns errors.ErrUnsupported: HTTP has no listing.
func (h *HTTP) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	return &KeyError{Op: "list", Key: prefix, Err: fmt.Errorf("an HTTP store cannot list keys: %w", errors.ErrUnsupported)}
}

package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/store/internal/backoff"
	"github.com/zcodec/zcodec/store/internal/contentrange"
	"github.com/zcodec/zcodec/store/internal/overrun"
)

// HTTPOptions configure an HTTP store. A nil *HTTPOptions gives the
// defaults, as does the zero value of each field.
type HTTPOptions struct {
	// HTTPClient sends the requests. Nil means a client of its own whose
	// transport keeps at most MaxInFlight connections to the host, and
	// closes, rather than reuses, one on which the server sent more than
	// a response's Content-Length. The store
	// uses a copy of a given client whose CheckRedirect applies Redirects
	// first and then the client's own CheckRedirect, if any.
	HTTPClient *http.Client
	// MaxInFlight bounds the requests in flight at once (default 8).
	MaxInFlight int
	// Timeout bounds one attempt of a request, from sending it to the
	// last byte of the body (default DefaultTimeout; negative: no bound).
	Timeout time.Duration
	// Deadline bounds a whole request, every attempt and every wait
	// between attempts, from the start of its first attempt: waiting for
	// a connection slot behind the store's other requests before that
	// does not count (default DefaultDeadline; negative: no bound but the
	// caller's context).
	Deadline time.Duration
	// StallTimeout ends an attempt when no byte of the answer (headers or
	// body) arrives for this long, and retries it (default
	// DefaultStallTimeout; negative: no bound). It catches a server that
	// stops sending long before Timeout would.
	StallTimeout time.Duration
	// Retries is the number of extra attempts after a failure that may
	// pass (default 3; negative for none). See the package documentation.
	Retries int
	// Header is added to every request (credentials, for instance). It is
	// never sent to another origin (see Redirects).
	Header http.Header
	// Redirects says which redirects are followed (default
	// RedirectSameOrigin).
	Redirects RedirectPolicy
}

// The defaults of HTTPOptions.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultDeadline     = 2 * time.Minute
	DefaultStallTimeout = 20 * time.Second
)

// RedirectPolicy says which redirects an HTTP store follows. An origin is
// a scheme, a host and a port: http://example.com and
// http://example.com:80 are one origin; https://example.com and
// http://example.com:8080 are two others.
type RedirectPolicy int

const (
	// RedirectSameOrigin follows redirects within the origin of the base
	// URL, with Header, and refuses any other with a *RedirectError.
	RedirectSameOrigin RedirectPolicy = iota
	// RedirectAnyOrigin follows redirects to any origin, sending Header
	// only to the base URL's origin.
	RedirectAnyOrigin
	// RedirectNone follows no redirect: every one is a *RedirectError.
	RedirectNone
)

var redirectNames = [...]string{"same-origin", "any-origin", "none"}

// String returns "same-origin", "any-origin" or "none".
func (p RedirectPolicy) String() string {
	if p >= 0 && int(p) < len(redirectNames) {
		return redirectNames[p]
	}
	return "RedirectPolicy(" + strconv.Itoa(int(p)) + ")"
}

// Set parses "same-origin", "any-origin" or "none", so that a
// *RedirectPolicy is a flag.Value.
func (p *RedirectPolicy) Set(s string) error {
	for i, n := range redirectNames {
		if s == n {
			*p = RedirectPolicy(i)
			return nil
		}
	}
	return fmt.Errorf("redirect policy %s: want same-origin, any-origin or none", shorten.Quote(s))
}

// HTTP is a read-only store over HTTP(S): key "a/b" is the URL base + "/a/b"
// (each segment escaped). Get is a GET, GetRange a GET with a Range header.
// Set and Delete return ErrReadOnly; List returns errors.ErrUnsupported,
// since HTTP has no listing (arrays served over HTTP are read through their
// metadata, and groups through consolidated metadata).
type HTTP struct {
	base        *url.URL
	origin      string
	client      *http.Client
	sem         chan struct{}
	timeout     time.Duration // < 0: none
	deadline    time.Duration // < 0: none
	stall       time.Duration // < 0: none
	retries     int
	header      http.Header
	backoffBase time.Duration
}

// NewHTTP returns a store for the http or https URL base.
func NewHTTP(base string, opts *HTTPOptions) (*HTTP, error) {
	u, err := url.Parse(base)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL, which may hold a password
		}
		return nil, fmt.Errorf("store: HTTP base URL %s: %w", shorten.Quote(RedactURL(base)), err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("store: HTTP base URL %s: want http:// or https:// and a host", shorten.Quote(redactURL(u)))
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("store: HTTP base URL %s: a query or fragment cannot be combined with keys", shorten.Quote(redactURL(u)))
	}
	var o HTTPOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 8
	}
	o.Timeout = orDefault(o.Timeout, DefaultTimeout)
	o.Deadline = orDefault(o.Deadline, DefaultDeadline)
	o.StallTimeout = orDefault(o.StallTimeout, DefaultStallTimeout)
	switch {
	case o.Retries == 0:
		o.Retries = 3
	case o.Retries < 0:
		o.Retries = 0
	}
	if o.Redirects < RedirectSameOrigin || o.Redirects > RedirectNone {
		return nil, fmt.Errorf("store: HTTP redirect policy %d: want RedirectSameOrigin, RedirectAnyOrigin or RedirectNone", int(o.Redirects))
	}
	var client http.Client
	if o.HTTPClient != nil {
		client = *o.HTTPClient
	} else {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxConnsPerHost = o.MaxInFlight
		t.MaxIdleConnsPerHost = o.MaxInFlight
		t.DisableCompression = true // sizes and ranges are of the stored bytes
		// A connection on which the server sent more than it announced
		// is closed, not reused (nor reported on the standard logger).
		t.DialContext = overrun.Dial(t.DialContext)
		client.Transport = t
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	h := &HTTP{base: u, origin: origin(u), sem: make(chan struct{}, o.MaxInFlight),
		timeout: o.Timeout, deadline: o.Deadline, stall: o.StallTimeout,
		retries: o.Retries, header: o.Header.Clone(), backoffBase: 100 * time.Millisecond}
	client.CheckRedirect = h.checkRedirect(o.Redirects, client.CheckRedirect)
	h.client = &client
	return h, nil
}

// orDefault maps 0 to def and a negative duration to -1 (no bound).
func orDefault(d, def time.Duration) time.Duration {
	switch {
	case d == 0:
		return def
	case d < 0:
		return -1
	}
	return d
}

// origin returns scheme://host:port of u, with the scheme's default port
// made explicit.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// checkRedirect applies policy to a redirect, strips the configured
// headers from a request to another origin, and then asks next (the
// caller's client's own check; nil: Go's default of at most 10).
func (h *HTTP) checkRedirect(policy RedirectPolicy, next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if err := h.redirectAllowed(policy, next, req, via); err != nil {
			return &redirectStop{err}
		}
		return nil
	}
}

// redirectStop marks an error of the redirect check: the same redirect
// would meet it again, so it is not retried.
type redirectStop struct{ err error }

func (e *redirectStop) Error() string { return e.err.Error() }
func (e *redirectStop) Unwrap() error { return e.err }

// redirectAllowed returns nil when the redirect to req may be followed
// (after removing the configured headers from a request to another
// origin), and the reason otherwise.
func (h *HTTP) redirectAllowed(policy RedirectPolicy, next func(*http.Request, []*http.Request) error, req *http.Request, via []*http.Request) error {
	to := origin(req.URL)
	from := h.origin
	if len(via) > 0 {
		from = origin(via[len(via)-1].URL)
	}
	switch {
	case policy == RedirectNone, to != h.origin && policy == RedirectSameOrigin:
		return &RedirectError{From: from, To: to, Policy: policy}
	case to != h.origin:
		for k := range h.header {
			req.Header.Del(k)
		}
	}
	if next != nil {
		return next(req, via)
	}
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	return nil
}

// String returns the base URL, credentials redacted (see RedactURL).
func (h *HTTP) String() string { return redactURL(h.base) }

// HTTPError reports a response status that is neither success nor "not
// found".
type HTTPError struct {
	URL    string // the URL of the response, credentials redacted (see RedactURL)
	Status int
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("GET %s: %d %s", e.URL, e.Status, http.StatusText(e.Status))
}

// Is makes an HTTPError of status 403 match ErrForbidden.
func (e *HTTPError) Is(target error) bool {
	return target == ErrForbidden && e.Status == http.StatusForbidden
}

// ResponseError reports a successful response that does not answer the
// request: a 206 whose Content-Range is not the range asked for, or whose
// Content-Length contradicts it. It is not retried.
type ResponseError struct {
	URL    string // the URL of the response, credentials redacted (see RedactURL)
	Status int
	Reason string
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("GET %s: %d %s: %s", e.URL, e.Status, http.StatusText(e.Status), e.Reason)
}

// RedirectError reports a redirect that the store's RedirectPolicy
// refuses. From and To are origins (scheme://host:port), which hold no
// credentials.
type RedirectError struct {
	From, To string
	Policy   RedirectPolicy
}

func (e *RedirectError) Error() string {
	if e.Policy == RedirectNone {
		return fmt.Sprintf("redirect from %s to %s refused: redirects are not followed (redirect policy %s)", e.From, e.To, e.Policy)
	}
	return fmt.Sprintf("redirect from %s to another origin, %s, refused (redirect policy %s; %s follows it without the configured headers)", e.From, e.To, e.Policy, RedirectAnyOrigin)
}

// TimeoutError reports a request that ran out of time. Limit names the
// bound that ended it: "Timeout" (one attempt), "StallTimeout" (no byte
// arrived for that long) or "Deadline" (the whole request, retries
// included), as the fields of HTTPOptions, Duration being its value; or
// "MinRate" (ObjectOptions.MinRate: a body that came too slowly), Duration
// being the time the body had taken. It matches context.DeadlineExceeded.
type TimeoutError struct {
	Limit    string
	Duration time.Duration
	Attempts int   // the attempts made (for "Deadline")
	Err      error // the error of the last attempt, if any
}

func (e *TimeoutError) Error() string {
	switch e.Limit {
	case "Timeout":
		return fmt.Sprintf("no complete answer within %v, the time limit of one attempt", e.Duration)
	case "StallTimeout":
		return fmt.Sprintf("the server sent nothing for %v", e.Duration)
	case "MinRate":
		msg := fmt.Sprintf("the body came slower than the minimum rate (MinRate) and was abandoned after %v", e.Duration)
		if e.Err != nil {
			msg += ": " + e.Err.Error()
		}
		return msg
	}
	plural := "s"
	if e.Attempts == 1 {
		plural = ""
	}
	msg := fmt.Sprintf("gave up after %v (the deadline of one request) and %d attempt%s", e.Duration, e.Attempts, plural)
	if e.Err != nil {
		msg += "; last: " + e.Err.Error()
	}
	return msg
}

// Is makes every TimeoutError match context.DeadlineExceeded.
func (e *TimeoutError) Is(target error) bool { return target == context.DeadlineExceeded }

// Timeout reports true, as net.Error does for a timeout.
func (e *TimeoutError) Timeout() bool { return true }

// Unwrap returns Err.
func (e *TimeoutError) Unwrap() error { return e.Err }

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
			return nil, &HTTPError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode}
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
// limit). size is the announced length, or -1: it is only a hint, never
// allocated ahead beyond maxPrealloc; the buffer grows with the bytes that
// arrive.
func readBody(body io.Reader, size, limit int64) ([]byte, error) {
	r := body
	if limit >= 0 {
		r = io.LimitReader(body, limit+1)
	}
	var buf []byte
	if size >= 0 {
		buf = make([]byte, 0, min(size, maxPrealloc)+1)
	}
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, max(len(buf), 512))
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
// length the server announced (Content-Length, Content-Range) or the
// caller asked for.
const maxPrealloc = 64 << 10

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
// request. A 206 answer must carry exactly those bytes (a Content-Range
// that does not answer r is a *ResponseError); a 200 answer (a server that
// ignores Range) is read only as far as r needs, keeping in memory no more
// than the range and no more than what arrived.
func (h *HTTP) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	if err := begin(ctx, "get range", key); err != nil {
		return nil, err
	}
	if !r.Valid() {
		return nil, &KeyError{Op: "get range", Key: key, Err: &byterange.RangeError{Range: r, Size: -1, Reason: "not a valid range"}}
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
				if n, err := strconv.ParseInt(cr[len("bytes */"):], 10, 64); err == nil && n >= 0 {
					size = n
				}
			}
			return nil, &byterange.RangeError{Range: r, Size: size, Reason: "the server says the range lies outside the value"}
		}
		return nil, &HTTPError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode}
	})
}

// emptyRange checks that an empty range starts inside the value: at offset
// 0 the value must exist (a HEAD request); further on, the byte before the
// offset must.
func (h *HTTP) emptyRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	if r.Offset > 0 {
		if _, err := h.GetRange(ctx, key, byterange.Range{Offset: r.Offset - 1, Length: 1}); err != nil {
			var re *byterange.RangeError
			if errors.As(err, &re) {
				return nil, &KeyError{Op: "get range", Key: key, Err: &byterange.RangeError{Range: r, Size: re.Size, Reason: "starts after the end of the value"}}
			}
			return nil, err
		}
		return []byte{}, nil
	}
	_, err := h.do(ctx, "get range", key, http.MethodHead, "", func(resp *http.Response) ([]byte, error) {
		if resp.StatusCode != http.StatusOK {
			return nil, &HTTPError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode}
		}
		return nil, nil
	})
	if err != nil {
		return nil, err
	}
	return []byte{}, nil
}

// readPartial checks a 206 answer against r (contentrange.Check) and
// reads its body. A value shorter than the range asked for is a
// *byterange.RangeError (as a server answers when the range runs past the end: RFC
// 9110, section 14.1.2); a Content-Range that does not answer r otherwise
// is a *ResponseError that shows what the server sent.
func readPartial(resp *http.Response, r byterange.Range) ([]byte, error) {
	n, err := contentrange.Check(resp.Header.Get("Content-Range"), resp.ContentLength, r.Offset, r.Length, "bytes="+r.String())
	if err != nil {
		var short *contentrange.ShortError
		if errors.As(err, &short) {
			return nil, &byterange.RangeError{Range: r, Size: short.Size, Reason: short.Reason}
		}
		return nil, &ResponseError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode, Reason: err.Error()}
	}
	return readExactly(resp.Body, n)
}

// readIgnoredRange takes the bytes r selects from a body holding the whole
// value (size bytes, or -1 when unknown), reading no further than needed
// and holding no more than the range, and no more than what arrived, in
// memory.
func readIgnoredRange(body io.Reader, size int64, r byterange.Range) ([]byte, error) {
	if size >= 0 {
		start, end, err := byterange.Bounds(r, size)
		if err != nil {
			return nil, err
		}
		if _, err := io.CopyN(io.Discard, body, start); err != nil {
			return nil, err
		}
		return readExactly(body, end-start)
	}
	if r.Offset < 0 {
		return lastBytes(body, -r.Offset, r)
	}
	if n, err := io.CopyN(io.Discard, body, r.Offset); err == io.EOF {
		return nil, &byterange.RangeError{Range: r, Size: n, Reason: "starts after the end of the value"}
	} else if err != nil {
		return nil, err
	}
	if r.Length < 0 {
		return readBody(body, -1, NoLimit)
	}
	buf, err := readBody(io.LimitReader(body, r.Length), -1, NoLimit)
	if err != nil {
		return nil, err
	}
	if int64(len(buf)) < r.Length {
		return nil, &byterange.RangeError{Range: r, Size: r.Offset + int64(len(buf)), Reason: "ends after the end of the value"}
	}
	return buf, nil
}

// lastBytes returns the last n bytes of a stream of unknown length. Its
// buffer grows with the bytes that arrive up to n and then serves as a
// ring, so it holds no more than n bytes and no more than the stream.
func lastBytes(body io.Reader, n int64, r byterange.Range) ([]byte, error) {
	var ring []byte
	var total int64
	chunk := make([]byte, 32<<10)
	for {
		k, err := body.Read(chunk)
		for p := chunk[:k]; len(p) > 0; {
			if int64(len(ring)) < n { // filling: byte i at index i
				m := min(int64(len(p)), n-int64(len(ring)))
				if int64(cap(ring)) < int64(len(ring))+m {
					ring = slices.Grow(ring, int(min(max(int64(len(ring)), m), n-int64(len(ring)))))
				}
				ring = append(ring, p[:m]...)
				p = p[m:]
				total += m
				continue
			}
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
		return nil, &byterange.RangeError{Range: r, Size: total, Reason: "the suffix is longer than the value"}
	}
	at := int(total % n)
	slices.Reverse(ring[:at]) // rotate left by at, in place
	slices.Reverse(ring[at:])
	slices.Reverse(ring)
	return ring, nil
}

// attemptInSlot runs one attempt in the slot the caller took, and
// releases it however the attempt ends, a panic included.
func (h *HTTP) attemptInSlot(ctx context.Context, method, target, rng string, read func(*http.Response) ([]byte, error)) ([]byte, bool, error) {
	defer func() { <-h.sem }()
	return h.attempt(ctx, method, target, rng, read)
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

// do sends the request, up to 1+retries times within the deadline, each
// attempt bounded by the timeout and the stall timeout and holding one of
// the store's connection slots (released while it waits to retry), and
// lets read turn the response into the result.
func (h *HTTP) do(ctx context.Context, op, key, method, rng string, read func(*http.Response) ([]byte, error)) ([]byte, error) {
	target := h.keyURL(key)
	fail := func(err error) ([]byte, error) { return nil, &KeyError{Op: op, Key: key, Err: err} }
	// The deadline runs from the moment the first attempt has a connection
	// slot: waiting behind the store's other requests is not this one's.
	rctx := ctx
	var giveUp time.Time
	deadline := func(attempts int, last error) ([]byte, error) {
		return fail(&TimeoutError{Limit: "Deadline", Duration: h.deadline, Attempts: attempts, Err: last})
	}
	var last error
	attempts := 0
	for attempt := 0; attempt <= h.retries; attempt++ {
		if attempt > 0 {
			wait := h.backoff(attempt, last)
			if !giveUp.IsZero() && time.Now().Add(wait).After(giveUp) {
				return deadline(attempts, last) // the wait alone would pass the deadline
			}
			if err := backoff.Sleep(rctx, wait); err != nil {
				if ctx.Err() != nil {
					return fail(ctx.Err())
				}
				return deadline(attempts, last)
			}
		}
		select {
		case h.sem <- struct{}{}:
		case <-rctx.Done():
			if ctx.Err() != nil {
				return fail(ctx.Err())
			}
			return deadline(attempts, last)
		}
		if attempt == 0 && h.deadline > 0 {
			giveUp = time.Now().Add(h.deadline)
			var cancel context.CancelFunc
			rctx, cancel = context.WithDeadline(ctx, giveUp)
			defer cancel()
		}
		attempts++
		out, retry, err := h.attemptInSlot(rctx, method, target, rng, read)
		if err == nil {
			return out, nil
		}
		if ctx.Err() != nil {
			return fail(ctx.Err())
		}
		if rctx.Err() != nil {
			return deadline(attempts, last) // err says only that the deadline came
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

// errStalled is the cause of an attempt ended by the stall timeout.
var errStalled = errors.New("stalled")

// attempt sends the request once, in a connection slot its caller holds.
func (h *HTTP) attempt(ctx context.Context, method, target, rng string, read func(*http.Response) ([]byte, error)) (out []byte, retry bool, err error) {
	actx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if h.timeout > 0 {
		var cancelT context.CancelFunc
		actx, cancelT = context.WithTimeout(actx, h.timeout)
		defer cancelT()
	}
	var stall *time.Timer
	if h.stall > 0 {
		stall = time.AfterFunc(h.stall, func() { cancel(errStalled) })
		defer stall.Stop()
	}
	// timedOut turns an error of an attempt that one of its bounds ended
	// into a *TimeoutError (the caller's context and the deadline are
	// do's to judge).
	timedOut := func(err error) error {
		switch {
		case ctx.Err() != nil:
			return err
		case context.Cause(actx) == errStalled:
			return &TimeoutError{Limit: "StallTimeout", Duration: h.stall, Err: err}
		case actx.Err() != nil:
			return &TimeoutError{Limit: "Timeout", Duration: h.timeout, Err: err}
		}
		return err
	}
	req, err := http.NewRequestWithContext(actx, method, target, nil)
	if err != nil {
		return nil, false, redactErr(err)
	}
	for k, vs := range h.header {
		req.Header[k] = vs
	}
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		var rs *redirectStop
		if errors.As(err, &rs) {
			return nil, false, redactErr(err)
		}
		return nil, true, timedOut(redactErr(err)) // a connection that failed, or an attempt that timed out
	}
	defer resp.Body.Close()
	if stall != nil {
		stall.Reset(h.stall)
		resp.Body = &stallBody{ReadCloser: resp.Body, t: stall, d: h.stall}
	}
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return nil, false, ErrNotFound
	case retryableStatus(resp.StatusCode):
		err := &HTTPError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode}
		if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil && s >= 0 {
			return nil, true, &retryAfter{err: err, wait: time.Duration(min(s, 30)) * time.Second}
		}
		return nil, true, err
	}
	out, err = read(resp)
	if err != nil {
		var (
			he *HTTPError
			re *byterange.RangeError
			te *TooLargeError
			be *ResponseError
		)
		final := errors.As(err, &he) || errors.As(err, &re) || errors.As(err, &te) || errors.As(err, &be)
		return nil, !final, timedOut(err)
	}
	return out, false, nil
}

// stallBody restarts the stall timer whenever bytes arrive.
type stallBody struct {
	io.ReadCloser
	t *time.Timer
	d time.Duration
}

func (b *stallBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.t.Reset(b.d)
	}
	return n, err
}

// redactErr replaces the URL of a *url.Error (Go's client names the URL of
// a failed request) by its redacted form.
func redactErr(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return &url.Error{Op: ue.Op, URL: RedactURL(ue.URL), Err: ue.Err}
	}
	return err
}

// backoff is the wait before attempt (1, 2, ...): backoffBase (100 ms)
// doubling up to 32 times it, with jitter, or what the server asked for.
func (h *HTTP) backoff(attempt int, last error) time.Duration {
	var ra *retryAfter
	if errors.As(last, &ra) {
		return ra.wait
	}
	return backoff.Wait(h.backoffBase, h.backoffBase<<5, attempt)
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

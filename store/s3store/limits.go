package s3store

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/zcodec/zcodec/store"
)

// The bounds of the bodies the SDK reads whole: error documents and
// listing pages. Values (GetObject) are read by the store itself, within
// the limits of Get and the lengths of ranges.
const (
	// MaxErrorBody is the most read of an error answer's body: S3's
	// error documents take a few hundred bytes.
	MaxErrorBody = 64 << 10
	// MaxListPage is the most read of a ListObjectsV2 page: S3 sends at
	// most 1000 keys a page, of at most 1024 bytes each (3072 once URL
	// encoded), which take less than 4 MiB of XML.
	MaxListPage = 8 << 20
)

// AnswerTooLargeError reports an answer whose body is longer than the
// store reads for it: an error document longer than MaxErrorBody, or a
// ListObjectsV2 page longer than MaxListPage. It is not retried.
type AnswerTooLargeError struct {
	Op     string // the S3 operation
	Status int    // the HTTP status of the answer
	Limit  int64  // the bound it passed
}

func (e *AnswerTooLargeError) Error() string {
	what := "the answer"
	if e.Status < 200 || e.Status > 299 {
		what = "the error document"
	}
	return fmt.Sprintf("%s of the %d %s answer to %s is longer than %d bytes, the most read of it", what, e.Status, http.StatusText(e.Status), e.Op, e.Limit)
}

// ParseError reports a successful answer whose body does not parse (XML
// that is not S3's). It is not retried.
type ParseError struct {
	Op  string // the S3 operation
	Err error  // the parser's error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("the answer to %s does not parse: %v", e.Op, e.Err)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// opKey is the context key of the S3 operation an attempt runs, for the
// HTTP client to bound the answer's body by.
type opKey struct{}

// boundedClient sends the SDK's requests and bounds the bodies of the
// answers the SDK reads whole: an error answer's to MaxErrorBody, a
// ListObjectsV2 page to MaxListPage, any other answer but GetObject's to
// MaxErrorBody. Past the bound (or at once when Content-Length says so)
// the body fails with an *AnswerTooLargeError, and the connection is not
// read further.
type boundedClient struct {
	inner interface {
		Do(*http.Request) (*http.Response, error)
	}
}

func (c boundedClient) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.inner.Do(req)
	if err != nil || resp == nil || resp.Body == nil {
		return resp, err
	}
	op, _ := req.Context().Value(opKey{}).(string)
	limit := int64(MaxErrorBody)
	switch {
	case resp.StatusCode < 200 || resp.StatusCode > 299:
	case op == "ListObjectsV2":
		limit = MaxListPage
	case op == "GetObject":
		return resp, nil // read by the store, within its own bounds
	}
	b := &boundedBody{rc: resp.Body, left: limit, err: &AnswerTooLargeError{Op: op, Status: resp.StatusCode, Limit: limit}}
	if resp.ContentLength > limit {
		b.failed = true
	}
	resp.Body = b
	return resp, nil
}

// boundedBody is a body that fails with err once more than left bytes
// arrive.
type boundedBody struct {
	rc     io.ReadCloser
	left   int64
	err    error
	failed bool
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if b.failed {
		return 0, b.err
	}
	if int64(len(p)) > b.left {
		p = p[:b.left+1] // one byte more shows a body too long
	}
	n, err := b.rc.Read(p)
	if int64(n) > b.left {
		b.failed = true
		return int(b.left), b.err
	}
	b.left -= int64(n)
	return n, err
}

func (b *boundedBody) Close() error { return b.rc.Close() }

// sameOrigin is the CheckRedirect of the store's HTTP client: it refuses
// a redirect to another origin than the request's (scheme, host and
// port), as store.HTTP does by default, so that neither the signature nor
// the request leaves the endpoint; it follows 307 and 308 within the
// origin (at most 10), and then asks next, the given client's own check.
// Other redirects (S3's 301 for another region) come back as answers.
func sameOrigin(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		from, to := origin(via[0].URL), origin(req.URL)
		if to != from {
			return &store.RedirectError{From: origin(via[len(via)-1].URL), To: to, Policy: store.RedirectSameOrigin}
		}
		if next != nil {
			return next(req, via)
		}
		if req.Response != nil && req.Response.StatusCode != http.StatusTemporaryRedirect && req.Response.StatusCode != http.StatusPermanentRedirect {
			return http.ErrUseLastResponse
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
}

// origin returns scheme://host:port of u, the scheme's default port made
// explicit.
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

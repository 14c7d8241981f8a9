// Package faultproxy is a loopback HTTP reverse proxy for tests that
// injects the faults of a real network and a real object store between a
// client and a server: added latency, 503 SlowDown answers, connections
// reset before an answer, bodies cut short under their full
// Content-Length, a Content-Range that lies or is missing, and any status.
package faultproxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Fault is one kind of fault the proxy injects into a request.
type Fault int

const (
	// SlowDown answers 503 with an S3 "SlowDown" error document, without
	// forwarding the request.
	SlowDown Fault = iota + 1
	// Reset closes the client's connection (with a TCP reset) without
	// answering or forwarding.
	Reset
	// Truncate forwards the request and sends the answer's headers, its
	// Content-Length included, but only the first half of its body, then
	// closes the connection.
	Truncate
	// LieContentRange forwards the request and moves the Content-Range of
	// the answer one byte later, leaving the body as it is.
	LieContentRange
	// DropContentRange forwards the request and removes the Content-Range
	// of the answer.
	DropContentRange
	// Status answers with the status given to InjectStatus and an S3
	// error document, without forwarding the request.
	Status
)

var faultNames = [...]string{SlowDown: "SlowDown", Reset: "Reset", Truncate: "Truncate",
	LieContentRange: "LieContentRange", DropContentRange: "DropContentRange", Status: "Status"}

// String returns the fault's name.
func (f Fault) String() string {
	if f > 0 && int(f) < len(faultNames) {
		return faultNames[f]
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// Proxy is a running proxy. Its methods are safe for concurrent use.
type Proxy struct {
	// URL is the proxy's base URL (http://127.0.0.1:port), to give the
	// client in place of the server's.
	URL string

	srv      *httptest.Server
	rp       *httputil.ReverseProxy
	latency  atomic.Int64 // nanoseconds
	requests atomic.Int64
	injected atomic.Int64

	mu    sync.Mutex
	rules []*rule
}

type rule struct {
	fault   Fault
	status  int
	code    string // S3 error code of a Status fault; "" = one for the status
	left    int
	methods []string
}

// New starts a proxy in front of the server at target (an http URL). The
// Host header of each request is kept as the client sent it, so a server
// that checks signatures over it sees what the client signed.
func New(target string) (*Proxy, error) {
	u, err := url.Parse(target)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("faultproxy: target %q: want an http(s) URL with a host", target)
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 1024
	t.MaxIdleConns = 1024
	t.DisableCompression = true
	p := &Proxy{}
	p.rp = &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(u)
			pr.Out.Host = pr.In.Host
		},
		Transport:      t,
		ModifyResponse: p.modify,
		ErrorLog:       log.New(io.Discard, "", 0),
	}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	p.URL = p.srv.URL
	return p, nil
}

// Close stops the proxy.
func (p *Proxy) Close() { p.srv.Close() }

// SetLatency adds d before every request is forwarded or answered (0:
// none).
func (p *Proxy) SetLatency(d time.Duration) { p.latency.Store(int64(d)) }

// Inject makes the next n requests of the given methods (any method when
// none is given) meet fault f. Rules apply in the order they were
// injected; a request meets at most one fault.
func (p *Proxy) Inject(f Fault, n int, methods ...string) {
	p.mu.Lock()
	p.rules = append(p.rules, &rule{fault: f, left: n, methods: methods, status: http.StatusServiceUnavailable})
	p.mu.Unlock()
}

// InjectStatus makes the next n requests of the given methods (any when
// none is given) be answered with status code and an S3 error document.
func (p *Proxy) InjectStatus(code, n int, methods ...string) {
	p.mu.Lock()
	p.rules = append(p.rules, &rule{fault: Status, left: n, methods: methods, status: code})
	p.mu.Unlock()
}

// InjectCode makes the next n requests of the given methods (any when
// none is given) be answered with status and an S3 error document of
// code (S3 sends "RequestTimeout" with 400, for instance).
func (p *Proxy) InjectCode(status int, code string, n int, methods ...string) {
	p.mu.Lock()
	p.rules = append(p.rules, &rule{fault: Status, left: n, methods: methods, status: status, code: code})
	p.mu.Unlock()
}

// Clear drops every fault not yet injected.
func (p *Proxy) Clear() {
	p.mu.Lock()
	p.rules = nil
	p.mu.Unlock()
}

// Requests returns the number of requests the proxy has received.
func (p *Proxy) Requests() int64 { return p.requests.Load() }

// Injected returns the number of faults the proxy has injected.
func (p *Proxy) Injected() int64 { return p.injected.Load() }

// next takes the fault for a request of method, if any.
func (p *Proxy) next(method string) (*rule, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, r := range p.rules {
		if len(r.methods) > 0 && !slices.Contains(r.methods, method) {
			continue
		}
		r.left--
		if r.left <= 0 {
			p.rules = slices.Delete(p.rules, i, i+1)
		}
		p.injected.Add(1)
		return r, true
	}
	return nil, false
}

type ctxKey struct{}

func (p *Proxy) serve(w http.ResponseWriter, req *http.Request) {
	p.requests.Add(1)
	if d := time.Duration(p.latency.Load()); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-req.Context().Done():
			t.Stop()
			return
		}
	}
	r, ok := p.next(req.Method)
	if !ok {
		p.rp.ServeHTTP(w, req)
		return
	}
	switch r.fault {
	case SlowDown:
		s3Error(w, http.StatusServiceUnavailable, "SlowDown", "Please reduce your request rate.")
	case Status:
		code := r.code
		if code == "" {
			code = codeOf(r.status)
		}
		s3Error(w, r.status, code, "Injected by faultproxy.")
	case Reset:
		reset(w)
	case Truncate:
		// Each write is flushed, so the half body reaches the client
		// before the connection is dropped.
		p.rp.ServeHTTP(flushWriter{w}, req.WithContext(context.WithValue(req.Context(), ctxKey{}, r.fault)))
	default:
		p.rp.ServeHTTP(w, req.WithContext(context.WithValue(req.Context(), ctxKey{}, r.fault)))
	}
}

// modify applies a fault that changes the server's answer.
func (p *Proxy) modify(resp *http.Response) error {
	f, _ := resp.Request.Context().Value(ctxKey{}).(Fault)
	switch f {
	case Truncate:
		n := resp.ContentLength
		if n < 0 {
			n = 2 // unknown length: cut after a byte
		}
		resp.Body = &cut{ReadCloser: resp.Body, left: n / 2}
	case LieContentRange:
		if cr := resp.Header.Get("Content-Range"); cr != "" {
			resp.Header.Set("Content-Range", shift(cr))
		}
	case DropContentRange:
		resp.Header.Del("Content-Range")
	}
	return nil
}

// shift moves "bytes A-B/S" one byte later ("bytes A+1-B+1/S"); anything
// else becomes "bytes 1-1/1", which no answer of more than a byte has.
func shift(cr string) string {
	var a, b int64
	var size string
	if _, err := fmt.Sscanf(cr, "bytes %d-%d/%s", &a, &b, &size); err != nil {
		return "bytes 1-1/1"
	}
	return fmt.Sprintf("bytes %d-%d/%s", a+1, b+1, size)
}

// cut passes on the first left bytes of a body and then fails, so that
// the reverse proxy aborts the answer: the client gets fewer bytes than
// the Content-Length it was sent, and a closed connection.
type cut struct {
	io.ReadCloser
	left int64
}

func (c *cut) Read(b []byte) (int, error) {
	if c.left <= 0 {
		return 0, errCut
	}
	if int64(len(b)) > c.left {
		b = b[:c.left]
	}
	n, err := c.ReadCloser.Read(b)
	c.left -= int64(n)
	return n, err
}

var errCut = errors.New("faultproxy: body truncated")

// flushWriter flushes after every write.
type flushWriter struct{ http.ResponseWriter }

func (f flushWriter) Write(b []byte) (int, error) {
	n, err := f.ResponseWriter.Write(b)
	if fl, ok := f.ResponseWriter.(http.Flusher); ok {
		fl.Flush()
	}
	return n, err
}

func (f flushWriter) Unwrap() http.ResponseWriter { return f.ResponseWriter }

// reset closes the client's connection with a TCP reset.
func reset(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// s3Error writes an S3 error document.
func s3Error(w http.ResponseWriter, status int, code, msg string) {
	body := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		"<Error><Code>" + code + "</Code><Message>" + msg + "</Message><RequestId>faultproxy</RequestId></Error>"
	w.Header().Set("Content-Type", "application/xml")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// codeOf returns an S3 error code for status.
func codeOf(status int) string {
	switch status {
	case http.StatusForbidden:
		return "AccessDenied"
	case http.StatusNotFound:
		return "NoSuchKey"
	case http.StatusBadRequest:
		return "InvalidRequest"
	case http.StatusTooManyRequests:
		return "TooManyRequests"
	case http.StatusInternalServerError:
		return "InternalError"
	case http.StatusServiceUnavailable:
		return "ServiceUnavailable"
	}
	return strings.ReplaceAll(http.StatusText(status), " ", "")
}

package main

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// counter is the HTTP server the remote rows read from, on 127.0.0.1: it
// serves the files of one directory (http.ServeContent, Range GETs and
// HEADs) and counts the requests, the body bytes sent and the files they
// asked for, for both sides alike.
type counter struct {
	dir  string
	srv  *http.Server
	url  string
	reqs atomic.Int64
	sent atomic.Int64

	mu    sync.Mutex
	files map[string]bool
}

// traffic is what the server saw between two snapshots.
type traffic struct {
	Requests, Bytes int64
	Files           int // distinct files asked for
}

// startCounter serves dir on a free port of 127.0.0.1.
func startCounter(dir string) (*counter, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	c := &counter{dir: dir, files: map[string]bool{}, url: "http://" + ln.Addr().String()}
	c.srv = &http.Server{Handler: c, ReadHeaderTimeout: 10 * time.Second}
	go c.srv.Serve(ln)
	return c, nil
}

func (c *counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.reqs.Add(1)
	name := strings.TrimPrefix(r.URL.Path, "/")
	c.mu.Lock()
	c.files[name] = true
	c.mu.Unlock()
	if name == "" || strings.Contains(name, "/") || strings.HasPrefix(name, ".") {
		http.NotFound(w, r)
		return
	}
	f, err := os.Open(filepath.Join(c.dir, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	http.ServeContent(countingWriter{w, &c.sent}, r, name, time.Time{}, f)
}

// take returns what the server saw since the last take and starts anew.
func (c *counter) take() traffic {
	c.mu.Lock()
	n := len(c.files)
	clear(c.files)
	c.mu.Unlock()
	return traffic{Requests: c.reqs.Swap(0), Bytes: c.sent.Swap(0), Files: n}
}

func (c *counter) close() { c.srv.Close() }

// countingWriter counts the body bytes written.
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n.Add(int64(n))
	return n, err
}

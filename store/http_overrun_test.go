package store

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// overrunServer returns the URL of a server on 127.0.0.1 that answers
// every request with body, announced by its Content-Length, followed by
// extra bytes on the same connection; closed receives once for every
// connection the client closes.
func overrunServer(t *testing.T, body, extra string) (url string, closed <-chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	ch := make(chan struct{}, 100)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				br := bufio.NewReader(c)
				for {
					if _, err := http.ReadRequest(br); err != nil {
						ch <- struct{}{}
						return
					}
					fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: %d\r\n\r\n%s%s", len(body), body, extra)
				}
			}()
		}
	}()
	return "http://" + ln.Addr().String(), ch
}

// lockedBuffer is a bytes.Buffer for several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// captureLog sends what the standard logger prints to a buffer for the
// rest of the test (which must not run in parallel).
func captureLog(t *testing.T) *lockedBuffer {
	var buf lockedBuffer
	prev := log.Writer()
	log.SetOutput(&buf)
	t.Cleanup(func() { log.SetOutput(prev) })
	return &buf
}

// TestHTTPOverrunQuiet: a server that sends more than its Content-Length
// gets its connection closed, not reused, and Go's transport prints
// nothing about the unsolicited bytes it would otherwise find on the idle
// connection.
func TestHTTPOverrunQuiet(t *testing.T) {
	logged := captureLog(t)
	url, closed := overrunServer(t, "hello", "UNSOLICITED BYTES")
	h, err := NewHTTP(url, &HTTPOptions{Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if v, err := h.Get(context.Background(), "k", NoLimit); err != nil || string(v) != "hello" {
			t.Fatalf("Get %d: %q, %v", i, v, err)
		}
		select {
		case <-closed: // the client let the connection go
		case <-time.After(10 * time.Second):
			t.Fatalf("Get %d: the connection that overran is still open", i)
		}
	}
	if s := logged.String(); s != "" {
		t.Errorf("the standard logger printed %q", s)
	}
}

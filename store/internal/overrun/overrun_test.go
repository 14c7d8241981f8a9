package overrun

import (
	"errors"
	"net"
	"testing"
)

func TestParseHead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		head   string
		method string
		status int
		length int64
		ok     bool
	}{
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", "GET", 200, 5, true},
		{"HTTP/1.1 206 Partial Content\r\ncontent-length:  12 \r\n\r\n", "GET", 206, 12, true},
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", "HEAD", 200, 0, true},
		{"HTTP/1.1 204 No Content\r\n\r\n", "DELETE", 204, 0, true},
		{"HTTP/1.1 100 Continue\r\n\r\n", "PUT", 100, 0, true},
		{"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "GET", 0, 0, false},
		{"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", "GET", 0, 0, false},
		{"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "GET", 0, 0, false},
		{"HTTP/1.1 200 OK\r\n\r\n", "GET", 0, 0, false}, // read to the end of the connection
		{"HTTP/2 200\r\n\r\n", "GET", 0, 0, false},
		{"garbage\r\n\r\n", "GET", 0, 0, false},
	} {
		status, length, ok := parseHead([]byte(tc.head), tc.method)
		if status != tc.status || length != tc.length || ok != tc.ok {
			t.Errorf("%q after %s: %d, %d, %t; want %d, %d, %t", tc.head, tc.method, status, length, ok, tc.status, tc.length, tc.ok)
		}
	}
}

// exchange writes req on a connection of the package over a pipe whose
// other end answers resp, and returns what the client reads in reads of
// size bytes until an error.
func exchange(t *testing.T, req, resp string, size int) (string, error) {
	t.Helper()
	client, server := net.Pipe()
	t.Cleanup(func() { client.Close(); server.Close() })
	c := &conn{Conn: client}
	go func() {
		buf := make([]byte, len(req))
		for n := 0; n < len(req); {
			k, err := server.Read(buf[n:])
			if err != nil {
				return
			}
			n += k
		}
		server.Write([]byte(resp))
		server.Close()
	}()
	if _, err := c.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	var got []byte
	buf := make([]byte, size)
	for {
		n, err := c.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			return string(got), err
		}
	}
}

// TestConnStopsAtTheEnd: the client reads a response framed by
// Content-Length to its end and no further; what comes after fails the
// connection. Responses not so framed pass untouched.
func TestConnStopsAtTheEnd(t *testing.T) {
	t.Parallel()
	const get = "GET /k HTTP/1.1\r\nHost: x\r\n\r\n"
	const resp = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
	for _, size := range []int{1, 7, 4096} {
		got, err := exchange(t, get, resp+"EXTRA", size)
		if got != resp || !errors.Is(err, ErrOverrun) {
			t.Errorf("reads of %d: %q, %v; want the response and ErrOverrun", size, got, err)
		}
		got, err = exchange(t, get, resp, size)
		if got != resp || errors.Is(err, ErrOverrun) {
			t.Errorf("reads of %d, an exact response: %q, %v", size, got, err)
		}
	}
	cont := "HTTP/1.1 100 Continue\r\n\r\n" + resp
	if got, err := exchange(t, "PUT /k HTTP/1.1\r\n\r\n", cont+"X", 4096); got != cont || !errors.Is(err, ErrOverrun) {
		t.Errorf("after 100 Continue: %q, %v", got, err)
	}
	head := "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"
	if got, err := exchange(t, "HEAD /k HTTP/1.1\r\n\r\n", head+"hello", 4096); got != head || !errors.Is(err, ErrOverrun) {
		t.Errorf("a body after HEAD: %q, %v", got, err)
	}
	chunked := "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\nEXTRA"
	if got, err := exchange(t, get, chunked, 4096); got != chunked || errors.Is(err, ErrOverrun) {
		t.Errorf("chunked: %q, %v; want it whole", got, err)
	}
	tls := "\x16\x03\x01 anything at all"
	hello := "\x16\x03\x03 HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nmore"
	if got, err := exchange(t, tls, hello, 4096); errors.Is(err, ErrOverrun) || got != hello {
		t.Errorf("TLS: %q, %v; want it whole", got, err)
	}
}

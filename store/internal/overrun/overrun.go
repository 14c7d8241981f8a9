// Package overrun keeps an HTTP/1.1 client from reusing a connection on
// which the server sent more than it announced: bytes past the end of a
// response framed by Content-Length. Go's transport would put such a
// connection back in its idle pool, find the extra bytes there and print
// "Unsolicited response received on idle HTTP channel" to the standard
// logger; through a connection of Dial it finds the connection failed
// instead, and closes it quietly.
//
// Only plain HTTP/1.1 is followed: a connection that starts with a TLS
// handshake, or whose response is not framed by Content-Length (chunked,
// read to the end), is passed through untouched from then on.
package overrun

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"sync"
)

// ErrOverrun is the error of a read from a connection on which the
// server sent bytes past the end of its response, or bytes with no
// request to answer.
var ErrOverrun = errors.New("the server sent more than its response announced")

// DialFunc is the type of http.Transport.DialContext.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// Dial returns dial with every connection it makes followed as the
// package describes. A nil dial is a net.Dialer's.
func Dial(dial DialFunc) DialFunc {
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &conn{Conn: c}, nil
	}
}

// The states of a connection.
const (
	idle      = iota // no request written since the last response ended
	head             // reading a response's status line and header
	body             // reading a response's body
	untracked        // not followed: TLS, or a response not framed by Content-Length
)

// maxHead is the longest response header followed; a longer one makes
// the connection untracked.
const maxHead = 64 << 10

type conn struct {
	net.Conn
	mu     sync.Mutex
	state  int
	method string // of the request being answered
	hdr    []byte // the header read so far
	left   int64  // body bytes to come
	err    error  // ErrOverrun once the server overran
}

func (c *conn) Write(p []byte) (int, error) {
	c.mu.Lock()
	if c.state == idle && len(p) > 0 {
		if p[0] == 0x16 { // a TLS handshake record: not HTTP on the wire
			c.state = untracked
		} else {
			c.state = head
			c.method, _, _ = strings.Cut(string(p[:min(len(p), 16)]), " ")
			c.hdr = c.hdr[:0]
		}
	}
	c.mu.Unlock()
	return c.Conn.Write(p)
}

func (c *conn) Read(p []byte) (int, error) {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	n, err := c.Conn.Read(p)
	c.mu.Lock()
	defer c.mu.Unlock()
	keep, over := c.consume(p[:n])
	if over {
		c.err = ErrOverrun
		c.Conn.Close()
		if keep == 0 {
			return 0, c.err
		}
		return keep, nil // the response whole; the next read fails
	}
	return n, err
}

// consume follows the bytes b that arrived, and returns how many belong
// to the response being read, and whether more came than that.
func (c *conn) consume(b []byte) (keep int, over bool) {
	off := 0
	for off < len(b) {
		switch c.state {
		case untracked:
			return len(b), false
		case idle:
			return off, true
		case head:
			prev := len(c.hdr)
			c.hdr = append(c.hdr, b[off:]...)
			i := bytes.Index(c.hdr[max(0, prev-3):], []byte("\r\n\r\n"))
			if i < 0 {
				if len(c.hdr) > maxHead {
					c.state, c.hdr = untracked, nil
				}
				return len(b), false
			}
			end := max(0, prev-3) + i + 4
			off += end - prev
			status, length, ok := parseHead(c.hdr[:end], c.method)
			c.hdr = c.hdr[:0]
			switch {
			case !ok:
				c.state = untracked
			case status < 200: // 100 Continue and the like: the response follows
			case length == 0:
				c.state = idle
			default:
				c.state, c.left = body, length
			}
		case body:
			k := min(c.left, int64(len(b)-off))
			off += int(k)
			c.left -= k
			if c.left == 0 {
				c.state = idle
			}
		}
	}
	return off, false
}

// parseHead returns the status and the body length of a response header
// to a request of method, and false when the body is not framed by
// Content-Length alone.
func parseHead(h []byte, method string) (status int, length int64, ok bool) {
	lines := strings.Split(strings.TrimSuffix(string(h), "\r\n\r\n"), "\r\n")
	proto, rest, _ := strings.Cut(lines[0], " ")
	code, _, _ := strings.Cut(rest, " ")
	status, err := strconv.Atoi(code)
	if !strings.HasPrefix(proto, "HTTP/1.") || err != nil || len(code) != 3 {
		return 0, 0, false
	}
	length = -1
	for _, l := range lines[1:] {
		name, value, _ := strings.Cut(l, ":")
		value = strings.TrimSpace(value)
		switch {
		case strings.EqualFold(name, "Transfer-Encoding"):
			return 0, 0, false
		case strings.EqualFold(name, "Content-Length"):
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n < 0 || length >= 0 && n != length {
				return 0, 0, false
			}
			length = n
		}
	}
	switch {
	case status < 200:
		return status, 0, true
	case method == "HEAD" || status == 204 || status == 304:
		return status, 0, true
	case length < 0:
		return 0, 0, false // read to the end of the connection
	}
	return status, length, true
}

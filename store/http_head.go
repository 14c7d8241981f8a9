package store

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store/internal/contentrange"
)

// GetHead fetches the first min(n, size) bytes of key's value with one
// GET of the range "bytes=0-(n-1)" and learns the value's size from the
// answer: from the Content-Range of a 206 (which must start at 0, hold
// min(n, size) bytes and give the size, "/SIZE", not "/*"), from the
// Content-Length of a 200 (a server that ignores Range; without one, from
// the length of the body, read to its end and kept only as far as n), or
// as 0 from a 416 (only an empty value has no first byte). Any other
// answer is an error as GetRange's are.
func (h *HTTP) GetHead(ctx context.Context, key string, n int64) ([]byte, int64, error) {
	if err := headBounds("get head", key, n); err != nil {
		return nil, 0, err
	}
	if err := begin(ctx, "get head", key); err != nil {
		return nil, 0, err
	}
	rng := "bytes=0-" + strconv.FormatInt(n-1, 10)
	var size int64
	out, err := h.fetch(ctx, "get head", key, rng, func(resp *http.Response) ([]byte, error) {
		bad := func(why string) error {
			return &ResponseError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode, Reason: why}
		}
		switch resp.StatusCode {
		case http.StatusPartialContent:
			cr := resp.Header.Get("Content-Range")
			start, end, total, err := contentrange.Parse(cr)
			switch {
			case err != nil:
				return nil, bad(fmt.Sprintf("Content-Range %s does not answer Range %q: %v", shorten.Quote(cr), rng, err))
			case total < 0:
				return nil, bad(fmt.Sprintf("Content-Range %s does not answer Range %q: no size", shorten.Quote(cr), rng))
			case start != 0 || end != min(n, total):
				return nil, bad(fmt.Sprintf("Content-Range %s does not answer Range %q", shorten.Quote(cr), rng))
			case resp.ContentLength >= 0 && resp.ContentLength != end:
				return nil, bad(fmt.Sprintf("Content-Length %d with Content-Range %s", resp.ContentLength, shorten.Quote(cr)))
			}
			size = total
			return readExactly(resp.Body, end)
		case http.StatusOK:
			if resp.ContentLength >= 0 {
				size = resp.ContentLength
				return readExactly(resp.Body, min(n, size))
			}
			buf, err := readBody(io.LimitReader(resp.Body, n), -1, NoLimit)
			if err != nil {
				return nil, err
			}
			size = int64(len(buf))
			if size == n {
				rest, err := io.Copy(io.Discard, resp.Body)
				if err != nil {
					return nil, err
				}
				size += rest
			}
			return buf, nil
		case http.StatusRequestedRangeNotSatisfiable:
			if cr := resp.Header.Get("Content-Range"); cr != "" && cr != "bytes */0" {
				return nil, bad(fmt.Sprintf("Content-Range %s refuses Range %q, which only an empty value cannot satisfy", shorten.Quote(cr), rng))
			}
			size = 0
			return []byte{}, nil
		}
		return nil, &HTTPError{URL: redactURL(resp.Request.URL), Status: resp.StatusCode}
	})
	if err != nil {
		return nil, 0, err
	}
	return out, size, nil
}

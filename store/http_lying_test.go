package store

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

// TestHTTPLyingLengths serves headers that claim exabytes with a body of a
// few bytes: the store fails cleanly, without allocating what the headers
// claim (which would panic or exhaust memory).
func TestHTTPLyingLengths(t *testing.T) {
	const huge = "4611686018427387903" // 1<<62 - 1
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Range") != "" && r.URL.Path == "/partial" {
			w.Header().Set("Content-Range", "bytes 1-"+huge+"/*")
			w.Header().Set("Content-Length", huge)
			w.WriteHeader(http.StatusPartialContent)
		} else {
			w.Header().Set("Content-Length", huge)
			w.WriteHeader(http.StatusOK)
		}
		w.Write([]byte("abc"))
	}))
	t.Cleanup(srv.Close)
	h, err := NewHTTP(srv.URL, &HTTPOptions{Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := h.Get(ctx, "whole", NoLimit); err == nil {
		t.Error("get: no error for a body shorter than its Content-Length")
	}
	if _, err := h.GetRange(ctx, "ignored", byterange.Range{Offset: 1, Length: -1}); err == nil {
		t.Error("get range answered 200: no error for a body shorter than its Content-Length")
	}
	if _, err := h.GetRange(ctx, "partial", byterange.Range{Offset: 1, Length: -1}); err == nil {
		t.Error("get range answered 206: no error for a body shorter than its Content-Range")
	}
}

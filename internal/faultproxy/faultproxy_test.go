package faultproxy

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

var content = []byte("0123456789abcdefghij")

// origin serves content at every path, with ranges, and counts requests.
func origin(t *testing.T) (*httptest.Server, *int) {
	n := new(int)
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*n++
		http.ServeContent(w, r, "x", time.Time{}, bytes.NewReader(content))
	}))
	t.Cleanup(s.Close)
	return s, n
}

func start(t *testing.T) (*Proxy, *int) {
	s, n := origin(t)
	p, err := New(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p, n
}

func get(t *testing.T, url, rng string) (*http.Response, []byte, error) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err // resp even when the body failed
}

func TestPassThrough(t *testing.T) {
	p, n := start(t)
	resp, b, err := get(t, p.URL+"/k", "bytes=2-5")
	if err != nil || resp.StatusCode != 206 || string(b) != "2345" || resp.Header.Get("Content-Range") != "bytes 2-5/20" {
		t.Fatalf("%v %v %q %v", resp, b, err, resp.Header)
	}
	if *n != 1 || p.Requests() != 1 || p.Injected() != 0 {
		t.Errorf("origin saw %d, proxy %d, injected %d", *n, p.Requests(), p.Injected())
	}
}

func TestSlowDown(t *testing.T) {
	p, n := start(t)
	p.Inject(SlowDown, 2)
	for i := range 2 {
		resp, b, err := get(t, p.URL+"/k", "")
		if err != nil || resp.StatusCode != 503 || !strings.Contains(string(b), "<Code>SlowDown</Code>") {
			t.Fatalf("request %d: %v %q %v", i, resp, b, err)
		}
	}
	resp, b, err := get(t, p.URL+"/k", "")
	if err != nil || resp.StatusCode != 200 || !bytes.Equal(b, content) {
		t.Fatalf("third request: %v %q %v", resp, b, err)
	}
	if *n != 1 || p.Injected() != 2 {
		t.Errorf("origin saw %d requests, %d injected; want 1 and 2", *n, p.Injected())
	}
}

func TestReset(t *testing.T) {
	p, n := start(t)
	p.Inject(Reset, 1)
	if _, _, err := get(t, p.URL+"/k", ""); err == nil {
		t.Fatal("a reset connection gave an answer")
	}
	if *n != 0 {
		t.Errorf("the origin saw %d requests", *n)
	}
}

func TestTruncate(t *testing.T) {
	p, _ := start(t)
	p.Inject(Truncate, 1)
	resp, b, err := get(t, p.URL+"/k", "")
	if !errors.Is(err, io.ErrUnexpectedEOF) || resp.ContentLength != 20 || len(b) != 10 {
		t.Fatalf("truncated answer: length %d, %d bytes read, %v", resp.ContentLength, len(b), err)
	}
}

func TestContentRangeFaults(t *testing.T) {
	p, _ := start(t)
	p.Inject(LieContentRange, 1)
	p.Inject(DropContentRange, 1)
	resp, b, err := get(t, p.URL+"/k", "bytes=2-5")
	if err != nil || string(b) != "2345" || resp.Header.Get("Content-Range") != "bytes 3-6/20" {
		t.Fatalf("lie: %q %v %v", b, err, resp.Header)
	}
	resp, b, err = get(t, p.URL+"/k", "bytes=2-5")
	if err != nil || string(b) != "2345" || resp.StatusCode != 206 || resp.Header.Get("Content-Range") != "" {
		t.Fatalf("drop: %q %v %v", b, err, resp.Header)
	}
}

func TestStatusAndMethods(t *testing.T) {
	p, n := start(t)
	p.InjectStatus(http.StatusForbidden, 1, http.MethodHead)
	resp, _, err := get(t, p.URL+"/k", "")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a GET met a fault meant for HEAD: %v %v", resp, err)
	}
	resp, err = http.Head(p.URL + "/k")
	if err != nil || resp.StatusCode != 403 {
		t.Fatalf("HEAD: %v %v", resp, err)
	}
	resp.Body.Close()
	p.InjectCode(400, "RequestTimeout", 1)
	resp, b, err := get(t, p.URL+"/k", "")
	if err != nil || resp.StatusCode != 400 || !strings.Contains(string(b), "<Code>RequestTimeout</Code>") {
		t.Fatalf("InjectCode: %v %q %v", resp, b, err)
	}
	if *n != 1 {
		t.Errorf("origin saw %d requests, want 1", *n)
	}
}

func TestLatency(t *testing.T) {
	p, _ := start(t)
	p.SetLatency(30 * time.Millisecond)
	t0 := time.Now()
	if _, _, err := get(t, p.URL+"/k", ""); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d < 30*time.Millisecond {
		t.Errorf("answered in %v with 30ms of latency", d)
	}
}

func TestBadTarget(t *testing.T) {
	for _, target := range []string{"", "ftp://x", "http://", "::"} {
		if _, err := New(target); err == nil {
			t.Errorf("New(%q) succeeded", target)
		}
	}
}

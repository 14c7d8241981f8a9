package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// nc50 returns the netCDF-4 file of testdata/hdf5remote: 50 CF variables
// whose headers and chunk indexes lie across its first 4 MiB.
func nc50(t *testing.T) []byte {
	t.Helper()
	f, err := os.Open("../../testdata/hdf5remote/nc50.nc.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// countingHandler counts the requests h serves.
type countingHandler struct {
	h    http.Handler
	mu   sync.Mutex
	reqs []string
}

func (c *countingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	c.reqs = append(c.reqs, r.Method+" "+r.URL.Path+" "+r.Header.Get("Range"))
	c.mu.Unlock()
	c.h.ServeHTTP(w, r)
}

func (c *countingHandler) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.reqs
	c.reqs = nil
	return r
}

// infoArrays returns the array nodes of info --json, without their paths'
// prefix.
func infoArrays(t *testing.T, out string) map[string]json.RawMessage {
	t.Helper()
	var doc struct {
		Nodes []json.RawMessage `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("info --json: %v\n%s", err, out)
	}
	arrays := map[string]json.RawMessage{}
	for _, n := range doc.Nodes {
		var head struct {
			Path, Kind string
		}
		json.Unmarshal(n, &head)
		if head.Kind == "array" {
			arrays[head.Path] = n
		}
	}
	return arrays
}

// maxInfoRequests is what `info` of the 50-variable netCDF-4 file may
// cost over HTTP or S3: the probe that recognises the file (its first
// MiB) and the blocks of metadata after it.
const maxInfoRequests = 8

// TestInfoRemoteNetCDFRequests runs info on a netCDF-4 file of 50
// variables over HTTP and S3 and counts the requests the servers see: at
// most maxInfoRequests, with the same description as of the local file.
func TestInfoRemoteNetCDFRequests(t *testing.T) {
	data := nc50(t)
	local := filepath.Join(t.TempDir(), "nc50.nc")
	if err := os.WriteFile(local, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runIn(t, nil, "info", "--json", local)
	if code != 0 {
		t.Fatalf("info %s: %d\n%s", local, code, stderr)
	}
	want := infoArrays(t, out)
	if len(want) != 53 {
		t.Fatalf("%d arrays, want 50 variables and 3 coordinates", len(want))
	}

	t.Run("http", func(t *testing.T) {
		mux := http.NewServeMux()
		mux.HandleFunc("/data/nc50.nc", func(w http.ResponseWriter, r *http.Request) {
			http.ServeContent(w, r, "nc50.nc", time.Time{}, bytes.NewReader(data))
		})
		ch := &countingHandler{h: mux}
		srv := httptest.NewServer(ch)
		defer srv.Close()
		infoCounted(t, ch, want, srv.URL+"/data/nc50.nc")
		// a variable inside the file, by its path after the file's URL
		remote, stderr, code := runIn(t, nil, "cat", "--format", "raw", srv.URL+"/data/nc50.nc/var07")
		local, _, _ := runIn(t, nil, "cat", "--format", "raw", local+"/var07")
		if code != 0 || remote != local || len(local) != 20*32*32*4 {
			t.Errorf("cat of a variable over HTTP: exit %d, %d bytes, the local file's %d\n%s", code, len(remote), len(local), stderr)
		}
	})

	t.Run("s3", func(t *testing.T) {
		s3 := startFakeS3(t)
		if _, err := s3.backend.PutObject("zarr", "data/nc50.nc", map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
			t.Fatal(err)
		}
		ch := &countingHandler{h: s3Handler(t, s3)}
		srv := httptest.NewServer(ch)
		defer srv.Close()
		infoCounted(t, ch, want, "--endpoint", srv.URL, "s3://zarr/data/nc50.nc")
		remote, stderr, code := runIn(t, nil, "cat", "--format", "raw", "--endpoint", srv.URL, "s3://zarr/data/nc50.nc/var07")
		local, _, _ := runIn(t, nil, "cat", "--format", "raw", local+"/var07")
		if code != 0 || remote != local || len(local) != 20*32*32*4 {
			t.Errorf("cat of a variable over S3: exit %d, %d bytes, the local file's %d\n%s", code, len(remote), len(local), stderr)
		}
	})
}

// infoCounted runs info --json with args (its last the PATH), counts the
// requests ch served, at most maxInfoRequests, and compares the arrays
// with want.
func infoCounted(t *testing.T, ch *countingHandler, want map[string]json.RawMessage, args ...string) {
	t.Helper()
	out, stderr, code := runIn(t, nil, append([]string{"info", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("info: %d\n%s", code, stderr)
	}
	reqs := ch.take()
	if len(reqs) > maxInfoRequests {
		t.Errorf("info made %d requests, want at most %d:\n%s", len(reqs), maxInfoRequests, strings.Join(reqs, "\n"))
	}
	t.Logf("%d requests: %q", len(reqs), reqs)
	compareInfoArrays(t, infoArrays(t, out), want)
}

// s3Handler forwards to the fake S3 server.
func s3Handler(t *testing.T, s3 *fakeS3) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := http.NewRequestWithContext(r.Context(), r.Method, s3.url+r.URL.RequestURI(), r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		req.Header = r.Header.Clone()
		req.Host = r.Host
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	})
}

// compareInfoArrays compares the array nodes of two info --json outputs
// (their "error" texts name the PATH, which differs).
func compareInfoArrays(t *testing.T, got, want map[string]json.RawMessage) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d arrays, want %d", len(got), len(want))
	}
	for p, w := range want {
		if !bytes.Equal(got[p], w) {
			t.Errorf("array %s:\n got %s\nwant %s", p, got[p], w)
		}
	}
}

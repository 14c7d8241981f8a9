package store

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// FuzzDirKeys runs key validation and every operation of a directory
// store with one key against a real directory that has a file and links
// outside it: no key escapes the root, no call panics, and what ValidKey
// accepts is exactly what the store accepts.
func FuzzDirKeys(f *testing.F) {
	for _, k := range []string{"a/b", "zarr.json", "c/0/0", "..", "../outside/secret", "a/../../outside/secret",
		"up/secret", "up", "abs", "sub/loop/x", `a\b`, "a\xffb", "/etc/passwd", "a//b", "a/", ".", "a/./b", "a\x00b", "ü/日本"} {
		f.Add(k, []byte("v"))
	}
	base := f.TempDir()
	outside := filepath.Join(base, "outside")
	os.MkdirAll(outside, 0o777)
	secret := filepath.Join(outside, "secret")
	os.WriteFile(secret, []byte("outside"), 0o666)
	root := filepath.Join(base, "root")
	os.MkdirAll(filepath.Join(root, "sub"), 0o777)
	os.Symlink("../outside", filepath.Join(root, "up"))
	os.Symlink(secret, filepath.Join(root, "abs"))
	os.Symlink("loop", filepath.Join(root, "sub", "loop"))
	d, err := OpenDir(root)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { d.Close() })
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, key string, value []byte) {
		if len(key) > 1024 || len(value) > 1024 {
			return
		}
		verr := ValidKey(key)
		if verr != nil && !errors.Is(verr, ErrInvalidKey) {
			t.Fatalf("ValidKey(%q) = %v: not an ErrInvalidKey", key, verr)
		}
		if verr == nil && !filepath.IsLocal(filepath.FromSlash(key)) {
			t.Fatalf("ValidKey accepts %q, which is not local", key)
		}
		if perr := ValidPrefix(key + "/"); (perr == nil) != (verr == nil) {
			t.Fatalf("ValidKey(%q) = %v but ValidPrefix(%q) = %v", key, verr, key+"/", perr)
		}
		if j := Join("", key); j != key {
			t.Fatalf("Join(\"\", %q) = %q", key, j)
		}
		if jerr := ValidKey(Join(key, "zarr.json")); key != "" && (jerr == nil) != (verr == nil) {
			t.Fatalf("ValidKey(Join(%q, \"zarr.json\")) = %v, ValidKey(%q) = %v", key, jerr, key, verr)
		}
		_, gerr := d.Get(ctx, key, 4096)
		_, rerr := d.GetRange(ctx, key, br(-1, 1))
		serr := d.Set(ctx, key, value)
		var got []byte
		if serr == nil {
			got, err = d.Get(ctx, key, NoLimit)
			if err != nil || !bytes.Equal(got, value) {
				t.Fatalf("Get after Set(%q) = %q, %v", key, got, err)
			}
			// the value is where the key says, lexically inside the root
			if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(key))); err != nil || !bytes.Equal(b, value) {
				t.Fatalf("Set(%q) wrote elsewhere: %q, %v", key, b, err)
			}
		}
		derr := d.Delete(ctx, key)
		for op, err := range map[string]error{"Get": gerr, "GetRange": rerr, "Set": serr, "Delete": derr} {
			if verr != nil && !errors.Is(err, ErrInvalidKey) {
				t.Fatalf("%s(%q) = %v, want ErrInvalidKey", op, key, err)
			}
			if verr == nil && errors.Is(err, ErrInvalidKey) {
				t.Fatalf("%s(%q) = %v for a valid key", op, key, err)
			}
		}
		if b, err := os.ReadFile(secret); err != nil || string(b) != "outside" {
			t.Fatalf("after %q the file outside the root is %q, %v", key, b, err)
		}
		if es, _ := os.ReadDir(outside); len(es) != 1 {
			t.Fatalf("after %q the directory outside the root holds %d files", key, len(es))
		}
	})
}

// FuzzDirListNames creates files under hostile names (any bytes but "/"
// and NUL, which no name holds) and lists them: every file is reported
// once, as a value when its path is a valid key and otherwise as an
// ErrInvalidKey entry for its first invalid name, whose Key is printable
// and never a valid key; nothing else is reported.
func FuzzDirListNames(f *testing.F) {
	for _, s := range []string{"a\nb/c", "bad\xff", `back\slash/x`, "dir\xfe/inner/k\nok", "esc\x1b[2J\nsp ace", ".hidden\n" + "x" + tempMarker + "1",
		"a/b/c/d/e\na/b/f", "\u202e/rtl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		if len(spec) > 4096 {
			return
		}
		root := t.TempDir()
		created := map[string]bool{}
		for p := range strings.SplitSeq(spec, "\n") {
			segs := strings.Split(p, "/")
			if len(segs) > 20 || p == "" || strings.IndexByte(p, 0) >= 0 {
				continue
			}
			ok := true
			for _, s := range segs {
				if s == "" || s == "." || s == ".." || len(s) > 200 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			full := filepath.Join(root, filepath.FromSlash(p))
			if os.MkdirAll(filepath.Dir(full), 0o777) != nil {
				continue
			}
			if os.WriteFile(full, []byte("x"), 0o666) == nil {
				created[p] = true
			}
		}
		d, err := OpenDir(root)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		got := map[string]Entry{}
		invalid := map[string]bool{} // raw paths reported as invalid names
		err = d.List(context.Background(), "", func(e Entry) error {
			if _, dup := got[e.Key]; dup {
				t.Fatalf("%q reported twice", e.Key)
			}
			got[e.Key] = e
			if e.Err == nil {
				if ValidKey(e.Key) != nil {
					t.Fatalf("a value with an invalid key %q", e.Key)
				}
				return nil
			}
			var ike *InvalidKeyError
			if !errors.As(e.Err, &ike) {
				t.Fatalf("%q: %v, want an *InvalidKeyError", e.Key, e.Err)
			}
			if ValidKey(e.Key) == nil || e.Key != escapeKey(ike.Key) {
				t.Fatalf("invalid name %q reported as Key %q", ike.Key, e.Key)
			}
			invalid[ike.Key] = true
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for p := range created {
			segs := strings.Split(p, "/")
			first := -1
			for i := range segs {
				if ValidKey(segs[i]) != nil {
					first = i
					break
				}
			}
			switch {
			case first >= 0:
				if q := strings.Join(segs[:first+1], "/"); !invalid[q] {
					t.Fatalf("%q: its invalid name %q is not reported", p, q)
				}
			case strings.Contains(segs[len(segs)-1], tempMarker):
			default:
				want++
				if e, ok := got[p]; !ok || e.Err != nil {
					t.Fatalf("%q: reported as %+v (present %v)", p, e, ok)
				}
			}
		}
		if values := len(got) - len(invalid); values != want {
			t.Fatalf("%d values reported, %d created", values, want)
		}
	})
}

// hostileAnswer is what the fuzzed server answers.
type hostileAnswer struct {
	status        int
	contentRange  string
	contentLength string
	retryAfter    string
	body          []byte
	failFirst     int32
}

var hostileStatuses = []int{200, 206, 206, 206, 416, 404, 410, 503, 429, 500, 302, 204, 304}

// FuzzHTTPResponse serves answers the fuzzer writes (status, Content-Range,
// Content-Length, Retry-After, body, failures before it) on the loopback
// address and reads them with Get and GetRange: no panic; a result is
// never longer than asked or than the limit and is always bytes the server
// sent; attempts never exceed 1 + Retries; every request ends within its
// deadline.
func FuzzHTTPResponse(f *testing.F) {
	f.Add(uint8(1), "bytes 2-4/10", "", "", []byte("234"), uint8(0), int64(2), int64(3))
	f.Add(uint8(1), "bytes 0-3/10", "", "", []byte("0123"), uint8(0), int64(-4), int64(4))
	f.Add(uint8(1), "bytes 1-4611686018427387903/*", "4611686018427387903", "", []byte("abc"), uint8(0), int64(1), int64(-1))
	f.Add(uint8(0), "", "4611686018427387903", "", []byte("abc"), uint8(0), int64(-1<<40), int64(1<<40))
	f.Add(uint8(0), "", "", "", []byte("0123456789"), uint8(2), int64(-3), int64(3))
	f.Add(uint8(7), "", "", "1", []byte(""), uint8(9), int64(0), int64(1))
	f.Add(uint8(4), "bytes */5", "", "", []byte(""), uint8(0), int64(7), int64(1))
	f.Add(uint8(10), "", "", "", []byte(""), uint8(0), int64(0), int64(-1))
	var answer atomic.Pointer[hostileAnswer]
	var requests, failed atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		a := answer.Load()
		if failed.Add(1) <= a.failFirst {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if a.status == http.StatusFound {
			http.Redirect(w, r, r.URL.Path, http.StatusFound) // a loop, within the origin
			return
		}
		if a.contentRange != "" {
			w.Header().Set("Content-Range", a.contentRange)
		}
		if a.contentLength != "" {
			w.Header().Set("Content-Length", a.contentLength)
		}
		if a.retryAfter != "" {
			w.Header().Set("Retry-After", a.retryAfter)
		}
		w.WriteHeader(a.status)
		w.Write(a.body)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	f.Cleanup(srv.Close)
	const retries = 2
	h, err := NewHTTP(srv.URL, &HTTPOptions{Retries: retries, Timeout: 2 * time.Second, Deadline: 3 * time.Second})
	if err != nil {
		f.Fatal(err)
	}
	h.backoffBase = time.Microsecond
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, status uint8, contentRange, contentLength, retryAfter string, body []byte, failFirst uint8, off, length int64) {
		if len(body) > 1<<16 {
			return
		}
		a := &hostileAnswer{status: hostileStatuses[int(status)%len(hostileStatuses)], contentRange: contentRange,
			contentLength: contentLength, retryAfter: retryAfter, body: body, failFirst: int32(failFirst % 8)}
		if _, err := strconv.Atoi(contentLength); err != nil {
			a.contentLength = "" // the server itself refuses to send a malformed one
		}
		answer.Store(a)
		r := br(off, length)
		for _, op := range []string{"get", "get range"} {
			requests.Store(0)
			failed.Store(0)
			start := time.Now()
			var out []byte
			var err error
			const limit = 1 << 20
			if op == "get" {
				out, err = h.Get(ctx, "k", limit)
			} else {
				out, err = h.GetRange(ctx, "k", r)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Fatalf("%s took %v", op, took)
			}
			// an empty range at offset 0 is a HEAD; further on, a one-byte range and the request itself
			perAttempt := int32(1)
			if a.status == http.StatusFound {
				perAttempt = 11 // the request and 10 redirects
			}
			if n := requests.Load(); n > 2*(1+retries)*perAttempt {
				t.Fatalf("%s: %d requests for %d retries", op, n, retries)
			}
			if err != nil {
				var ke *KeyError
				if !errors.As(err, &ke) {
					t.Fatalf("%s: %v is not a *KeyError", op, err)
				}
				continue
			}
			if !bytes.Contains(body, out) {
				t.Fatalf("%s: %q is not bytes the server sent (%q)", op, out, body)
			}
			switch {
			case op == "get" && len(out) > limit:
				t.Fatalf("get: %d bytes past the limit", len(out))
			case op == "get range" && r.Offset < 0 && int64(len(out)) != -r.Offset,
				op == "get range" && r.Offset >= 0 && r.Length >= 0 && int64(len(out)) != r.Length:
				t.Fatalf("get range %+v: %d bytes", r, len(out))
			}
		}
	})
}

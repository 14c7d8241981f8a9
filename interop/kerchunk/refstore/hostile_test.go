package refstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/kerchunk"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// TestHostileReferences: each broken reference is an error naming the key
// and the URL (without credentials), matched by ErrReference and never by
// store.ErrNotFound (which would read as the fill value), and the absurd
// ones are refused before anything is opened.
func TestHostileReferences(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "small.bin"), []byte("0123456789"), 0o644)
	set := kerchunk.NewSet()
	for key, ref := range map[string]kerchunk.Ref{
		"missing":     {URL: "nothing.bin", Offset: 0, Length: 4},
		"past-end":    {URL: "small.bin", Offset: 8, Length: 4},
		"after-end":   {URL: "small.bin", Offset: 20, Length: -1},
		"credentials": {URL: "https://AKIAX:s3cr3tZZ@example.com/f.h5", Offset: 0, Length: 4},
		"signed":      {URL: "https://example.com/f.h5?X-Amz-Signature=deadbeef42", Offset: 0, Length: 4},
		"scheme":      {URL: "ftp://example.com/f.h5", Offset: 0, Length: 4},
		"chained":     {URL: "simplecache::https://example.com/f.h5", Offset: 0, Length: 4},
		"absurd":      {URL: "small.bin", Offset: 0, Length: 1 << 50},
		"overflow":    {URL: "small.bin", Offset: 1<<63 - 10, Length: 100},
		"negative":    {URL: "small.bin", Offset: -5, Length: 4},
		"null":        {URL: "", Offset: 0, Length: 4},
		"dir":         {URL: ".", Offset: 0, Length: 4},
	} {
		set.Put(key, ref)
	}
	o := newOpener()
	counting := func(ctx context.Context, root string, opts *store.OpenOptions) (store.Store, error) {
		if root == "/" {
			o.mu.Lock()
			o.opens = append(o.opens, root)
			o.mu.Unlock()
			return store.Open(ctx, root, opts)
		}
		return store.Open(ctx, root, opts)
	}
	s, err := New(ctx, set, &Options{Location: filepath.Join(dir, "refs.json"), OpenStore: counting})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct {
		key, says, url string
		is             error
	}{
		{"missing", "does not exist", "nothing.bin", nil},
		{"past-end", "", "small.bin", byterange.ErrRange},
		{"after-end", "", "small.bin", byterange.ErrRange},
		{"credentials", `"@"`, "https://xxxxx@example.com/f.h5", nil},
		{"signed", "query", "https://example.com/f.h5?xxxxx", nil},
		{"scheme", "no store is registered", "ftp://example.com/f.h5", store.ErrUnknownScheme},
		{"chained", "chained", "simplecache::https://example.com/f.h5", nil},
		{"absurd", "longer than", "small.bin", nil},
		{"overflow", "past the largest", "small.bin", nil},
		{"negative", "not a byte range", "small.bin", nil},
		{"null", "no URL", "null", nil},
		{"dir", "", dir, nil},
	} {
		_, err := s.Get(ctx, c.key, store.NoLimit)
		var ke *store.KeyError
		switch {
		case err == nil:
			t.Errorf("%s: no error", c.key)
			continue
		case !errors.Is(err, ErrReference) || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalidKey):
			t.Errorf("%s: %v; want ErrReference, neither ErrNotFound nor ErrInvalidKey", c.key, err)
		case !errors.As(err, &ke) || ke.Key != c.key:
			t.Errorf("%s: %v; want a *store.KeyError naming the key", c.key, err)
		case !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), c.url):
			t.Errorf("%s: %v; want it to say %q and name %s", c.key, err, c.says, c.url)
		case c.is != nil && !errors.Is(err, c.is):
			t.Errorf("%s: %v; want it matched by %v", c.key, err, c.is)
		}
		if m := err.Error(); strings.Contains(m, "s3cr3tZZ") || strings.Contains(m, "deadbeef42") || strings.Contains(m, "AKIAX") {
			t.Errorf("%s: the error shows a secret: %v", c.key, m)
		}
		t.Logf("%s: %v", c.key, err)
	}
	// A limit refuses a long range before anything is opened.
	o.opens = nil
	s2, _ := New(ctx, set, &Options{Location: filepath.Join(dir, "refs.json"), OpenStore: counting})
	if _, err := s2.Get(ctx, "absurd", 1<<20); !errors.Is(err, store.ErrTooLarge) || len(o.opens) != 0 {
		t.Errorf("an absurd length under a limit: %v, %d opens; want ErrTooLarge and none", err, len(o.opens))
	}
}

// TestRemoteSetLocalFile: a set read from elsewhere may not read this
// machine's files unless AllowLocal says so.
func TestRemoteSetLocalFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	os.WriteFile(secret, []byte("private"), 0o600)
	set := kerchunk.NewSet()
	set.Put("a", kerchunk.Ref{URL: secret, Offset: 0, Length: -1})
	set.Put("b", kerchunk.Ref{URL: "file://" + filepath.ToSlash(secret), Offset: 0, Length: -1})
	for _, loc := range []string{"https://example.com/refs.json", "s3://bkt/refs.json"} {
		s, _ := New(ctx, set, &Options{Location: loc})
		for _, k := range []string{"a", "b"} {
			if b, err := s.Get(ctx, k, store.NoLimit); err == nil || !strings.Contains(err.Error(), "may not name a local file") {
				t.Errorf("a set at %s reads %s: %q, %v", loc, k, b, err)
			}
		}
		s, _ = New(ctx, set, &Options{Location: loc, AllowLocal: true})
		if b, err := s.Get(ctx, "a", store.NoLimit); err != nil || string(b) != "private" {
			t.Errorf("AllowLocal: %q, %v", b, err)
		}
	}
}

// TestInvalidKeysInSet: keys of a set that are not store keys cannot be
// read and are listed with ErrInvalidKey, escaped.
func TestInvalidKeysInSet(t *testing.T) {
	ctx := context.Background()
	set := kerchunk.NewSet()
	for _, k := range []string{"/abs", "a/../b", "a//b", "nul\x00", "back\\slash", "bad\xffutf8", "ok"} {
		set.Put(k, kerchunk.Ref{Inline: true, Data: []byte("x")})
	}
	s, _ := New(ctx, set, nil)
	var good, bad []string
	s.List(ctx, "", func(e store.Entry) error {
		if e.Err != nil {
			if !errors.Is(e.Err, store.ErrInvalidKey) || store.ValidKey(e.Key) == nil {
				t.Errorf("entry %q: %v", e.Key, e.Err)
			}
			bad = append(bad, e.Key)
		} else {
			good = append(good, e.Key)
		}
		return nil
	})
	if len(good) != 1 || good[0] != "ok" || len(bad) != 6 {
		t.Errorf("listed %q and invalid %q", good, bad)
	}
	for _, k := range []string{"/abs", "a/../b", "nul\x00"} {
		if _, err := s.Get(ctx, k, store.NoLimit); !errors.Is(err, store.ErrInvalidKey) {
			t.Errorf("Get %q: %v", k, err)
		}
	}
}

// TestHugeJSON: a JSON set larger than MaxJSONBytes is refused from its
// size, before it is read (a sparse file).
func TestHugeJSON(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "huge.json")
	head := `{"version": 1, "refs": {".zgroup": "{\"zarr_format\": 2}"` + strings.Repeat(`, "v/0.0": ["s3://b/f.h5", 100, 200]`, 4000)
	if err := os.WriteFile(p, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, MaxJSONBytes+1); err != nil {
		t.Skip("no sparse file:", err)
	}
	_, err := store.Open(context.Background(), p, nil)
	if !errors.Is(err, store.ErrTooLarge) || !strings.Contains(err.Error(), "kerchunk") {
		t.Errorf("a huge set: %v, want ErrTooLarge", err)
	}
}

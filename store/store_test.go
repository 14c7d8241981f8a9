package store

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
)

// conformance runs the behaviour every writable store shares.
func conformance(t *testing.T, s Store) {
	ctx := context.Background()
	if _, err := s.Get(ctx, "a/b", NoLimit); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get of a missing key: %v, want ErrNotFound", err)
	}
	if _, err := s.GetRange(ctx, "a/b", br(0, 1)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetRange of a missing key: %v, want ErrNotFound", err)
	}
	value := []byte("0123456789")
	for _, k := range []string{"a/b", "a/c/d", "zarr.json", "a/.zarray", "c.0.1"} {
		if err := s.Set(ctx, k, value); err != nil {
			t.Fatalf("Set %q: %v", k, err)
		}
	}
	value[0] = 'X' // the store must have copied it
	got, err := s.Get(ctx, "a/b", NoLimit)
	if err != nil || string(got) != "0123456789" {
		t.Fatalf("Get = %q, %v", got, err)
	}
	if _, err := s.Get(ctx, "a/b", 9); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Get with a 9-byte limit of a 10-byte value: %v, want ErrTooLarge", err)
	}
	if got, err := s.Get(ctx, "a/b", 10); err != nil || len(got) != 10 {
		t.Fatalf("Get with an exact limit: %q, %v", got, err)
	}
	for _, tc := range []struct {
		r    ByteRange
		want string
	}{
		{br(0, 10), "0123456789"},
		{br(2, 3), "234"},
		{br(7, -1), "789"},
		{br(10, -1), ""},
		{br(10, 0), ""},
		{br(-4, 4), "6789"},
		{br(-10, 10), "0123456789"},
	} {
		got, err := s.GetRange(ctx, "a/b", tc.r)
		if err != nil || string(got) != tc.want {
			t.Errorf("GetRange %+v = %q, %v; want %q", tc.r, got, err, tc.want)
		}
	}
	for _, r := range []ByteRange{br(8, 3), br(11, -1), br(11, 0), br(-11, 11), br(-2, 3), br(-4, -1), br(0, -2), br(-1<<63, -1)} {
		if got, err := s.GetRange(ctx, "a/b", r); !errors.Is(err, ErrRange) {
			t.Errorf("GetRange %+v = %q, %v; want ErrRange", r, got, err)
		}
	}
	var keys []string
	if err := s.List(ctx, "", func(e Entry) error {
		keys = append(keys, e.Key)
		if e.Size != 10 && e.Size != -1 {
			t.Errorf("List: %s has size %d", e.Key, e.Size)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	if want := []string{"a/.zarray", "a/b", "a/c/d", "c.0.1", "zarr.json"}; !slices.Equal(keys, want) {
		t.Errorf("List(\"\") = %q, want %q", keys, want)
	}
	keys = nil
	s.List(ctx, "a/", func(e Entry) error { keys = append(keys, e.Key); return nil })
	slices.Sort(keys)
	if want := []string{"a/.zarray", "a/b", "a/c/d"}; !slices.Equal(keys, want) {
		t.Errorf("List(\"a/\") = %q, want %q", keys, want)
	}
	keys = nil
	s.List(ctx, "nothing/", func(e Entry) error { keys = append(keys, e.Key); return nil })
	s.List(ctx, "zarr.json/", func(e Entry) error { keys = append(keys, e.Key); return nil })
	if len(keys) != 0 {
		t.Errorf("List of absent prefixes = %q", keys)
	}
	stop := errors.New("stop")
	if err := s.List(ctx, "", func(Entry) error { return stop }); err != stop {
		t.Errorf("List does not return fn's error: %v", err)
	}
	if err := s.List(ctx, "a", func(Entry) error { return nil }); !errors.Is(err, ErrInvalidKey) {
		t.Errorf("List(\"a\") = %v, want ErrInvalidKey", err)
	}
	if err := s.Set(ctx, "a/b", nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "a/b", 0); err != nil || len(got) != 0 {
		t.Errorf("empty value: %q, %v", got, err)
	}
	if err := s.Delete(ctx, "a/b"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "a/b"); err != nil {
		t.Errorf("Delete of an absent key: %v", err)
	}
	if _, err := s.Get(ctx, "a/b", NoLimit); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	for _, k := range badKeys {
		if _, err := s.Get(ctx, k, NoLimit); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Get(%q) = %v, want ErrInvalidKey", k, err)
		}
		if err := s.Set(ctx, k, []byte("x")); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Set(%q) = %v, want ErrInvalidKey", k, err)
		}
		if err := s.Delete(ctx, k); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Delete(%q) = %v, want ErrInvalidKey", k, err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Get(cctx, "zarr.json", NoLimit); !errors.Is(err, context.Canceled) {
		t.Errorf("Get with a cancelled context: %v", err)
	}
	if err := s.Set(cctx, "x", []byte("1")); !errors.Is(err, context.Canceled) {
		t.Errorf("Set with a cancelled context: %v", err)
	}
}

var badKeys = []string{"", "/abs", "a/../b", "..", ".", "a/./b", "a//b", "a/", "a\x00b", `a\b`, `..\..\etc`, "\xff"}

func TestMemory(t *testing.T) { conformance(t, NewMemory()) }

func TestZeroMemory(t *testing.T) {
	var m Memory
	if err := m.Set(context.Background(), "k", []byte{1}); err != nil {
		t.Fatal(err)
	}
}

func TestValidKey(t *testing.T) {
	for _, k := range []string{"a", "a/b", "c/0/0", ".zarray", "a/.zattrs", "c.0.0", "..a", "a..", "ü/日本"} {
		if err := ValidKey(k); err != nil {
			t.Errorf("ValidKey(%q) = %v", k, err)
		}
	}
	for _, k := range badKeys {
		var ike *InvalidKeyError
		if err := ValidKey(k); !errors.As(err, &ike) || !errors.Is(err, ErrInvalidKey) {
			t.Errorf("ValidKey(%q) = %v, want an *InvalidKeyError", k, err)
		}
	}
}

func TestReadOnly(t *testing.T) {
	m := NewMemory()
	ctx := context.Background()
	m.Set(ctx, "k", []byte("v"))
	ro := ReadOnly(m)
	if v, err := ro.Get(ctx, "k", NoLimit); err != nil || string(v) != "v" {
		t.Fatalf("Get through ReadOnly: %q, %v", v, err)
	}
	if err := ro.Set(ctx, "k", nil); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Set: %v", err)
	}
	if err := ro.Delete(ctx, "k"); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Delete: %v", err)
	}
}

func TestCounting(t *testing.T) {
	ctx := context.Background()
	c := NewCounting(NewMemory())
	c.Set(ctx, "k", []byte("hello"))
	c.Get(ctx, "k", NoLimit)
	c.GetRange(ctx, "k", br(-2, 2))
	c.Get(ctx, "missing", NoLimit)
	reqs := c.Requests()
	if len(reqs) != 4 || reqs[1].Op != "get" || reqs[2].Range != (br(-2, 2)) || reqs[2].Bytes != 2 || !errors.Is(reqs[3].Err, ErrNotFound) {
		t.Fatalf("requests: %+v", reqs)
	}
	if n := c.BytesRead(); n != 7 {
		t.Errorf("BytesRead = %d, want 7", n)
	}
	c.Reset()
	if len(c.Requests()) != 0 {
		t.Error("Reset kept requests")
	}
}

func TestKeyErrorMessage(t *testing.T) {
	_, err := NewMemory().Get(context.Background(), "c/0/1", NoLimit)
	if got, want := err.Error(), `store: get "c/0/1": not found`; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	long := bytes.Repeat([]byte("k"), 5000)
	_, err = NewMemory().Get(context.Background(), string(long), NoLimit)
	if len(err.Error()) > 300 {
		t.Errorf("a long key is not shortened: %d bytes", len(err.Error()))
	}
}

func br(off, n int64) ByteRange { return ByteRange{Offset: off, Length: n} }

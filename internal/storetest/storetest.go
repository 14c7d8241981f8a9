// Package storetest holds the behaviour every store.Store shares, as a
// test any store's package can run against a store of its own.
package storetest

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// Conformance runs the behaviour every writable store shares against s,
// which must be empty: missing keys, Set and Get (with and without a size
// limit), GetRange in its three forms and out of range, List with
// prefixes and sizes, empty values, Delete (idempotent), invalid keys and
// cancelled contexts.
func Conformance(t *testing.T, s store.Store) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.Get(ctx, "a/b", store.NoLimit); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Get of a missing key: %v, want store.ErrNotFound", err)
	}
	if _, err := s.GetRange(ctx, "a/b", br(0, 1)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("GetRange of a missing key: %v, want store.ErrNotFound", err)
	}
	value := []byte("0123456789")
	for _, k := range []string{"a/b", "a/c/d", "zarr.json", "a/.zarray", "c.0.1"} {
		if err := s.Set(ctx, k, value); err != nil {
			t.Fatalf("Set %q: %v", k, err)
		}
	}
	value[0] = 'X' // the store must have copied it
	got, err := s.Get(ctx, "a/b", store.NoLimit)
	if err != nil || string(got) != "0123456789" {
		t.Fatalf("Get = %q, %v", got, err)
	}
	if _, err := s.Get(ctx, "a/b", 9); !errors.Is(err, store.ErrTooLarge) {
		t.Fatalf("Get with a 9-byte limit of a 10-byte value: %v, want store.ErrTooLarge", err)
	}
	if got, err := s.Get(ctx, "a/b", 10); err != nil || len(got) != 10 {
		t.Fatalf("Get with an exact limit: %q, %v", got, err)
	}
	for _, tc := range []struct {
		r    byterange.Range
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
	for _, r := range []byterange.Range{br(8, 3), br(11, -1), br(11, 0), br(-11, 11), br(-2, 3), br(-4, -1), br(0, -2), br(-1<<63, -1)} {
		if got, err := s.GetRange(ctx, "a/b", r); !errors.Is(err, byterange.ErrRange) {
			t.Errorf("GetRange %+v = %q, %v; want byterange.ErrRange", r, got, err)
		}
	}
	var keys []string
	if err := s.List(ctx, "", func(e store.Entry) error {
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
	s.List(ctx, "a/", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
	slices.Sort(keys)
	if want := []string{"a/.zarray", "a/b", "a/c/d"}; !slices.Equal(keys, want) {
		t.Errorf("List(\"a/\") = %q, want %q", keys, want)
	}
	keys = nil
	s.List(ctx, "nothing/", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
	s.List(ctx, "zarr.json/", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
	if len(keys) != 0 {
		t.Errorf("List of absent prefixes = %q", keys)
	}
	stop := errors.New("stop")
	if err := s.List(ctx, "", func(store.Entry) error { return stop }); err != stop {
		t.Errorf("List does not return fn's error: %v", err)
	}
	if err := s.List(ctx, "a", func(store.Entry) error { return nil }); !errors.Is(err, store.ErrInvalidKey) {
		t.Errorf("List(\"a\") = %v, want store.ErrInvalidKey", err)
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
	if _, err := s.Get(ctx, "a/b", store.NoLimit); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	for _, k := range BadKeys {
		if _, err := s.Get(ctx, k, store.NoLimit); !errors.Is(err, store.ErrInvalidKey) {
			t.Errorf("Get(%q) = %v, want store.ErrInvalidKey", k, err)
		}
		if err := s.Set(ctx, k, []byte("x")); !errors.Is(err, store.ErrInvalidKey) {
			t.Errorf("Set(%q) = %v, want store.ErrInvalidKey", k, err)
		}
		if err := s.Delete(ctx, k); !errors.Is(err, store.ErrInvalidKey) {
			t.Errorf("Delete(%q) = %v, want store.ErrInvalidKey", k, err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Get(cctx, "zarr.json", store.NoLimit); !errors.Is(err, context.Canceled) {
		t.Errorf("Get with a cancelled context: %v", err)
	}
	if err := s.Set(cctx, "x", []byte("1")); !errors.Is(err, context.Canceled) {
		t.Errorf("Set with a cancelled context: %v", err)
	}
}

// BadKeys are keys every store refuses with store.ErrInvalidKey.
var BadKeys = []string{"", "/abs", "a/../b", "..", ".", "a/./b", "a//b", "a/", "a\x00b", `a\b`, `..\..\etc`, "\xff"}

func br(off, n int64) byterange.Range { return byterange.Range{Offset: off, Length: n} }

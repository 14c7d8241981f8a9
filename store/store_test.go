package store

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/store/byterange"
)

var badKeys = []string{"", "/abs", "a/../b", "..", ".", "a/./b", "a//b", "a/", "a\x00b", `a\b`, `..\..\etc`, "\xff"}

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

func br(off, n int64) byterange.Range { return byterange.Range{Offset: off, Length: n} }

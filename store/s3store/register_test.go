package s3store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/store"
)

// TestRegistered: importing the package registers s3 and gs (registering
// either again is the programming error RegisterScheme panics on).
func TestRegistered(t *testing.T) {
	for _, scheme := range []string{"s3", "gs"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s was not registered", scheme)
				}
			}()
			store.RegisterScheme(scheme, opener(scheme))
		}()
	}
}

// TestOpener: the opener takes the object options, and store.Open makes
// what it opens read-only unless asked to write.
func TestOpener(t *testing.T) {
	f := newFakeS3(t)
	isolate(t)
	ctx := context.Background()
	loc := store.Location{Scheme: "s3", Host: testBucket, Path: "x/y", Raw: "s3://" + testBucket + "/x/y"}
	obj := &store.ObjectOptions{Endpoint: f.URL, MaxInFlight: 7}
	w, err := opener("s3")(ctx, loc, &store.OpenOptions{Write: true, Object: obj})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Set(ctx, "k", []byte("v")); err != nil {
		t.Fatal(err)
	}
	if s, ok := w.(*Store); !ok || s.PreferredConcurrency() != 7 || fmt.Sprint(s) != "s3://"+testBucket+"/x/y" {
		t.Errorf("opened for writing: %T %v", w, w)
	}
	r, err := store.Open(ctx, loc.Raw, &store.OpenOptions{Object: obj})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := r.Get(ctx, "k", store.NoLimit); err != nil || string(v) != "v" {
		t.Errorf("read-only Get: %q, %v", v, err)
	}
	if err := r.Set(ctx, "k", nil); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("read-only Set: %v", err)
	}
	if _, err := opener("gs")(ctx, store.Location{Scheme: "gs", Host: "bad/bucket"}, nil); err == nil {
		t.Error("a bad bucket opened")
	}
}

// TestOddKeys: valid keys with characters that URLs and XML treat
// specially reach the server and come back from List unchanged.
func TestOddKeys(t *testing.T) {
	f := newFakeS3(t)
	ctx := context.Background()
	s := open(t, f.URL, "odd prefix+", nil)
	keys := []string{"ü/日本", "a b+c%2F", "..a/b..", "x?y#z", "c/0.0", "-dash", "semi;colon=eq&amp", "tab\tnew\nline", "~tilde/!*'()"}
	for i, k := range keys {
		if err := s.Set(ctx, k, []byte{byte(i)}); err != nil {
			t.Fatalf("Set %q: %v", k, err)
		}
	}
	for i, k := range keys {
		if v, err := s.Get(ctx, k, store.NoLimit); err != nil || len(v) != 1 || v[0] != byte(i) {
			t.Errorf("Get %q: %v, %v", k, v, err)
		}
	}
	got := map[string]bool{}
	if err := s.List(ctx, "", func(e store.Entry) error {
		if e.Err != nil {
			t.Errorf("entry %+v", e)
		}
		got[e.Key] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if !got[k] {
			t.Errorf("List misses %q (got %v)", k, got)
		}
	}
	if len(got) != len(keys) {
		t.Errorf("List gives %d keys, want %d", len(got), len(keys))
	}
}

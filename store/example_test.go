package store_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
)

// A directory store: values are files under the root, written atomically;
// no key leads out of the root.
func ExampleCreateDir() {
	ctx := context.Background()
	root, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(root)
	d, err := store.CreateDir(filepath.Join(root, "data.zarr"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Close()
	if err := d.Set(ctx, "c/0/1", []byte("chunk bytes")); err != nil {
		fmt.Println(err)
		return
	}
	v, _ := d.Get(ctx, "c/0/1", store.NoLimit)
	fmt.Printf("%s\n", v)
	_, err = d.Get(ctx, "../outside", store.NoLimit)
	fmt.Println(errors.Is(err, store.ErrInvalidKey))
	// Output:
	// chunk bytes
	// true
}

// A memory store, and the three forms of a byte range: offset and length,
// an open end, and a suffix (how a shard's trailing index is read).
func ExampleNewMemory() {
	ctx := context.Background()
	m := store.NewMemory()
	_ = m.Set(ctx, "shard", []byte("0123456789"))
	for _, r := range []byterange.Range{{Offset: 2, Length: 3}, {Offset: 7, Length: -1}, {Offset: -4, Length: 4}} {
		b, _ := m.GetRange(ctx, "shard", r)
		fmt.Printf("%v: %s\n", r, b)
	}
	_, err := m.GetRange(ctx, "shard", byterange.Range{Offset: 8, Length: 5})
	fmt.Println(errors.Is(err, byterange.ErrRange))
	_ = m.List(ctx, "", func(e store.Entry) error {
		fmt.Println(e.Key, e.Size)
		return nil
	})
	// Output:
	// 2-4: 234
	// 7-: 789
	// -4: 6789
	// true
	// shard 10
}

// A read-only HTTP store: keys are paths under the base URL, ranges are
// Range requests, and nothing it prints holds a password.
func ExampleNewHTTP() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/data.zarr/zarr.json" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, `{"zarr_format": 3, "node_type": "group"}`)
	}))
	defer srv.Close()
	ctx := context.Background()
	h, err := store.NewHTTP(srv.URL+"/data.zarr", &store.HTTPOptions{Retries: -1})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := h.Get(ctx, "zarr.json", 1<<20)
	fmt.Printf("%s\n", v)
	_, err = h.Get(ctx, "c/0", 1<<20)
	fmt.Println(errors.Is(err, store.ErrNotFound))
	err = h.Set(ctx, "c/0", nil)
	fmt.Println(errors.Is(err, store.ErrReadOnly))
	fmt.Println(store.RedactURL("https://user:s3cr3t@example.com/a.zarr"))
	// Output:
	// {"zarr_format": 3, "node_type": "group"}
	// true
	// true
	// https://xxxxx@example.com/a.zarr
}

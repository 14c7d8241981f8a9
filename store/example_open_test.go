package store_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/zcodec/zcodec/store"
)

// Open is the one way from a location to a store: a directory (created
// here, with Write and Create), read-only unless Write is set.
func ExampleOpen() {
	ctx := context.Background()
	root, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(root)
	dir := filepath.Join(root, "data.zarr")
	w, err := store.Open(ctx, dir, &store.OpenOptions{Write: true, Create: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = w.Set(ctx, "zarr.json", []byte(`{"zarr_format":3,"node_type":"group"}`))
	w.(io.Closer).Close()

	r, err := store.Open(ctx, dir, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.(io.Closer).Close()
	v, _ := r.Get(ctx, "zarr.json", store.NoLimit)
	fmt.Printf("%s\n", v)
	fmt.Println(errors.Is(r.Set(ctx, "zarr.json", nil), store.ErrReadOnly))

	// s3:// and gs:// need the package that registers them.
	_, err = store.Open(ctx, "s3://bucket/data.zarr", nil)
	fmt.Println(errors.Is(err, store.ErrUnknownScheme))
	// Output:
	// {"zarr_format":3,"node_type":"group"}
	// true
	// true
}

// ParseLocation tells directories, HTTP and object stores apart, and
// refuses credentials written into a URL without showing them.
func ExampleParseLocation() {
	for _, s := range []string{"data/a.zarr", "file:///srv/a.zarr", "https://example.com/a.zarr", "s3://bucket/archive/a.zarr/", "gs://bucket"} {
		loc, _ := store.ParseLocation(s)
		fmt.Printf("%-6s host %-12q path %-18q %s\n", loc.Scheme, loc.Host, loc.Path, loc)
	}
	_, err := store.ParseLocation("s3://AKIDEXAMPLE:wJalrXUtnFEMI/K7MDENG@bucket/a.zarr")
	fmt.Println(errors.Is(err, store.ErrCredentialsInURL))
	var le *store.LocationError
	if errors.As(err, &le) {
		fmt.Println(le.Location)
	}
	// Output:
	// file   host ""           path "data/a.zarr"      data/a.zarr
	// file   host ""           path "/srv/a.zarr"      file:///srv/a.zarr
	// https  host "example.com" path "/a.zarr"          https://example.com/a.zarr
	// s3     host "bucket"     path "archive/a.zarr"   s3://bucket/archive/a.zarr
	// gs     host "bucket"     path ""                 gs://bucket
	// true
	// s3://xxxxx@bucket/a.zarr
}

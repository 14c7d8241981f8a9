package main

import (
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/zcodec/zcodec/store"
	_ "github.com/zcodec/zcodec/store/s3store"
)

// TestConvertS3Parts converts into an in-process S3 server (gofakes3), in
// one process and in parts, and compares the objects with a conversion
// into a directory, byte for byte.
func TestConvertS3Parts(t *testing.T) {
	backend := s3mem.New()
	if err := backend.CreateBucket("zc"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server())
	defer srv.Close()
	dir := t.TempDir()
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(dir, "credentials"))
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIATEST")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	t.Setenv("AWS_REGION", "us-east-1")
	t.Setenv("AWS_ENDPOINT_URL", srv.URL)
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	if _, err := store.Open(context.Background(), "s3://zc/probe", &store.OpenOptions{Write: true}); errors.Is(err, store.ErrUnknownScheme) {
		t.Skip("s3:// is not registered in this build (store/s3store)")
	}

	src := partsSource(t, dir, "src.zarr", 2)
	want := filepath.Join(dir, "want")
	mustRun(t, 0, "convert", "--consolidate", src, want)
	mustRun(t, 0, "convert", "--consolidate", src, "s3://zc/one.zarr")
	sameFiles(t, "one process", memContents(t, "s3://zc/one.zarr"), storeFiles(t, want))

	mustRun(t, 0, "convert", "--plan", "--consolidate", src, "s3://zc/parts.zarr")
	for _, p := range []string{"2/3", "0/3", "1/3", "0/3"} {
		mustRun(t, 0, "convert", "--part", p, src, "s3://zc/parts.zarr")
	}
	mustRun(t, 2, "convert", "--finalize", "--parts", "4", "s3://zc/parts.zarr")
	mustRun(t, 0, "convert", "--status", "--parts", "3", "s3://zc/parts.zarr")
	mustRun(t, 0, "convert", "--finalize", "--parts", "3", "s3://zc/parts.zarr")
	sameFiles(t, "parts", memContents(t, "s3://zc/parts.zarr"), storeFiles(t, want))
}

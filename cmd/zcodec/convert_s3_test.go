package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
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
	dir := convertS3(t)

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

// convertS3 starts an in-process S3 server (gofakes3) with the bucket zc,
// points the AWS environment of the test at it, and returns a temporary
// directory. It skips the test when s3:// is not registered.
func convertS3(t *testing.T) string {
	t.Helper()
	return convertS3Through(t, nil)
}

// convertS3Through is convertS3 with the server's handler wrapped by wrap
// (unless nil), to watch or answer the requests of the commands.
func convertS3Through(t *testing.T, wrap func(http.Handler) http.Handler) string {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("zc"); err != nil {
		t.Fatal(err)
	}
	var h http.Handler = gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server()
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
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
	return dir
}

// uploadDir copies every key of the directory store at dir into the
// store at loc; with swap set, the values of swap[0] and swap[1] change
// places.
func uploadDir(t *testing.T, dir, loc string, swap ...string) {
	t.Helper()
	ctx := context.Background()
	files := storeFiles(t, dir)
	if len(swap) == 2 {
		files[swap[0]], files[swap[1]] = files[swap[1]], files[swap[0]]
	}
	s, err := store.Open(ctx, loc, &store.OpenOptions{Write: true, Create: true})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range files {
		if err := s.Set(ctx, k, v); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConvertS3OtherSource runs a part against another S3 source whose
// metadata is the plan's source's, two chunks of g/a of the same size
// swapped: the ETags the listing gives tell them apart, and the part is
// refused, naming the array and the first key that differs; the plan's
// own source then converts as a directory does.
func TestConvertS3OtherSource(t *testing.T) {
	dir := convertS3(t)
	local := partsSource(t, dir, "src.zarr", 1)
	files := storeFiles(t, local)
	var first, second string
	for i := 0; i < 20 && second == ""; i++ {
		for j := i + 1; j < 20; j++ {
			a, b := fmt.Sprintf("g/a/c/%d/%d", i/4, i%4), fmt.Sprintf("g/a/c/%d/%d", j/4, j%4)
			if fa, fb := files[a], files[b]; fa != nil && fb != nil && len(fa) == len(fb) && !bytes.Equal(fa, fb) {
				first, second = a, b
				break
			}
		}
	}
	if second == "" {
		t.Fatal("no two chunks of g/a of the same size")
	}
	uploadDir(t, local, "s3://zc/src.zarr")
	uploadDir(t, local, "s3://zc/other.zarr", first, second)
	want := filepath.Join(dir, "want")
	mustRun(t, 0, "convert", local, want)

	mustRun(t, 0, "convert", "--plan", "s3://zc/src.zarr", "s3://zc/dst.zarr")
	out := mustRun(t, 1, "convert", "--part", "0/1", "s3://zc/other.zarr", "s3://zc/dst.zarr")
	if !strings.Contains(out, "/g/a") || !strings.Contains(out, first) || !strings.Contains(out, "s3://zc/src.zarr") {
		t.Errorf("a part against another source does not name /g/a, %s and the plan's source:\n%s", first, out)
	}
	mustRun(t, 1, "convert", "--finalize", "--parts", "1", "s3://zc/dst.zarr")
	mustRun(t, 0, "convert", "--part", "0/1", "s3://zc/src.zarr", "s3://zc/dst.zarr")
	mustRun(t, 0, "convert", "--finalize", "--parts", "1", "s3://zc/dst.zarr")
	sameFiles(t, "from the plan's source", memContents(t, "s3://zc/dst.zarr"), storeFiles(t, want))
}

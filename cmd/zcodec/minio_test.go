package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/google/go-cmp/cmp"

	"github.com/zcodec/zcodec/store"
)

// minioBucket returns the bucket of the real S3-compatible server the
// environment names (ZCODEC_TEST_S3_ENDPOINT, with AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY; .ci/minio starts MinIO and sets them), creating
// it when absent, and points AWS_ENDPOINT_URL at the server for the
// commands; the test is skipped when no server is named.
func minioBucket(t *testing.T) string {
	t.Helper()
	endpoint := os.Getenv("ZCODEC_TEST_S3_ENDPOINT")
	if endpoint == "" {
		t.Skip("ZCODEC_TEST_S3_ENDPOINT is not set: the commands against a real S3 server (MinIO, started by .ci/minio) are skipped")
	}
	if os.Getenv("AWS_ACCESS_KEY_ID") == "" || os.Getenv("AWS_SECRET_ACCESS_KEY") == "" {
		t.Skip("ZCODEC_TEST_S3_ENDPOINT is set without AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: skipped")
	}
	bucket := os.Getenv("ZCODEC_TEST_S3_BUCKET")
	if bucket == "" {
		bucket = "zcodec-test"
	}
	t.Setenv("AWS_ENDPOINT_URL", endpoint)
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	if os.Getenv("AWS_REGION") == "" {
		t.Setenv("AWS_REGION", "us-east-1")
	}
	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c := s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true; o.BaseEndpoint = aws.String(endpoint) })
	if _, err := c.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(bucket)}); err != nil {
		var owned *types.BucketAlreadyOwnedByYou
		var exists *types.BucketAlreadyExists
		if !errors.As(err, &owned) && !errors.As(err, &exists) {
			t.Fatalf("creating bucket %s: %v", bucket, err)
		}
	}
	return bucket
}

// removePrefix deletes every object under the location.
func removePrefix(t *testing.T, loc string) {
	ctx := context.Background()
	s, err := store.Open(ctx, loc, &store.OpenOptions{Write: true})
	if err != nil {
		t.Error(err)
		return
	}
	var keys []string
	if err := s.List(ctx, "", func(e store.Entry) error { keys = append(keys, e.Key); return nil }); err != nil {
		t.Error(err)
	}
	for _, k := range keys {
		if err := s.Delete(ctx, k); err != nil {
			t.Error(err)
		}
	}
}

// TestMinIO runs the commands on s3:// against a real S3 server: convert
// into it (one process, and in parts with a part run twice), info, cat,
// verify and advise on what it holds, each compared with the same command
// on a directory; the objects are byte-identical to a conversion into a
// directory.
func TestMinIO(t *testing.T) {
	bucket := minioBucket(t)
	base := fmt.Sprintf("s3://%s/zcodec-cli-%016x", bucket, rand.Uint64())
	t.Cleanup(func() { removePrefix(t, base) })
	dir := t.TempDir()
	src := partsSource(t, dir, "src.zarr", 2)
	want := filepath.Join(dir, "want.zarr")
	mustRun(t, 0, "convert", "--consolidate", src, want)

	one := base + "/one.zarr"
	mustRun(t, 0, "convert", "--consolidate", src, one)
	sameFiles(t, "one process", memContents(t, one), storeFiles(t, want))

	parts := base + "/parts.zarr"
	mustRun(t, 0, "convert", "--plan", "--consolidate", src, parts)
	mustRun(t, 1, "convert", "--status", "--parts", "3", parts)
	for _, p := range []string{"1/3", "2/3", "0/3", "1/3"} {
		mustRun(t, 0, "convert", "--part", p, src, parts)
	}
	mustRun(t, 0, "convert", "--status", "--parts", "3", parts)
	mustRun(t, 0, "convert", "--finalize", "--parts", "3", parts)
	sameFiles(t, "parts", memContents(t, parts), storeFiles(t, want))

	for _, args := range [][]string{{"info", "--json"}, {"verify", "--json"}} {
		local := mustRun(t, 0, append(args, want)...)
		remote := mustRun(t, 0, append(args, one)...)
		l, r := parseDoc(t, "local", local), parseDoc(t, "s3", remote)
		if d := cmp.Diff(l.Nodes, r.Nodes); d != "" || string(l.Arrays) != string(r.Arrays) {
			t.Errorf("%s differs between a directory and s3:// (-directory +s3):\n%s\n%s", args[0], d, cmp.Diff(string(l.Arrays), string(r.Arrays)))
		}
	}
	const array = "g/a" // float32, from partsSource
	if l, r := mustRun(t, 0, "cat", "--format", "csv", want+"/"+array), mustRun(t, 0, "cat", "--format", "csv", one+"/"+array); l != r || l == "" {
		t.Errorf("cat %s differs between a directory and s3://", array)
	}
	if out := mustRun(t, 0, "advise", "--abs-tol", "0.01", one+"/"+array); !strings.Contains(out, "codecs") {
		t.Errorf("advise on s3:// printed no chain:\n%s", out)
	}
}

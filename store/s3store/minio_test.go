package s3store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/zcodec/zcodec/internal/storetest"
	"github.com/zcodec/zcodec/store"
)

// TestMinIO runs the conformance suite and the range edges against a
// real S3-compatible server (MinIO in CI): set ZCODEC_TEST_S3_ENDPOINT to
// its URL, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY to its keys, and
// optionally ZCODEC_TEST_S3_BUCKET (default "zcodec-test"; created when
// absent). Each run works under a prefix of its own and deletes it.
func TestMinIO(t *testing.T) {
	endpoint := os.Getenv("ZCODEC_TEST_S3_ENDPOINT")
	if endpoint == "" {
		t.Skip("ZCODEC_TEST_S3_ENDPOINT is not set: the suite against a real S3 server (e.g. MinIO) is skipped; " +
			"set it to the server's URL, with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
	}
	if os.Getenv("AWS_ACCESS_KEY_ID") == "" || os.Getenv("AWS_SECRET_ACCESS_KEY") == "" {
		t.Skip("ZCODEC_TEST_S3_ENDPOINT is set but AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY is not: the real-server suite is skipped")
	}
	bucket := os.Getenv("ZCODEC_TEST_S3_BUCKET")
	if bucket == "" {
		bucket = "zcodec-test"
	}
	ctx := context.Background()
	opts := &store.ObjectOptions{Endpoint: endpoint}
	root, err := New(ctx, bucket, "", opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := root.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &bucket}); err != nil {
		_, err := root.client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: &bucket})
		var owned *types.BucketAlreadyOwnedByYou
		if err != nil && !errors.As(err, &owned) {
			t.Fatalf("creating bucket %s: %v", bucket, err)
		}
	}
	prefix := fmt.Sprintf("zcodec-s3store-test-%d", time.Now().UnixNano())
	t.Cleanup(func() {
		var keys []string
		root.List(ctx, prefix+"/", func(e store.Entry) error { keys = append(keys, e.Key); return nil })
		for _, k := range keys {
			root.Delete(ctx, k)
		}
	})
	t.Run("conformance", func(t *testing.T) {
		s, err := New(ctx, bucket, prefix+"/conformance", opts)
		if err != nil {
			t.Fatal(err)
		}
		storetest.Conformance(t, s)
	})
	t.Run("ranges", func(t *testing.T) {
		s, err := New(ctx, bucket, prefix+"/ranges", opts)
		if err != nil {
			t.Fatal(err)
		}
		rangeEdges(t, s)
	})
	t.Run("pages", func(t *testing.T) {
		s, err := New(ctx, bucket, prefix+"/pages", opts)
		if err != nil {
			t.Fatal(err)
		}
		s.pageSize = 2
		for i := range 5 {
			if err := s.Set(ctx, fmt.Sprintf("k%d", i), make([]byte, i)); err != nil {
				t.Fatal(err)
			}
		}
		n := 0
		if err := s.List(ctx, "", func(e store.Entry) error {
			if e.Err != nil || e.Size != int64(e.Key[1]-'0') {
				t.Errorf("entry %+v", e)
			}
			n++
			return nil
		}); err != nil || n != 5 {
			t.Errorf("listed %d keys in pages of 2: %v", n, err)
		}
	})
}

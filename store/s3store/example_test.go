package s3store_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/byterange"
	"github.com/zcodec/zcodec/store/s3store"
)

// A store over a bucket of an S3-compatible server. Here the server is an
// in-process fake; for AWS leave Endpoint empty, for MinIO, Ceph or R2
// give its URL (or set AWS_ENDPOINT_URL). Credentials come from the SDK's
// chain; Anonymous sends unsigned requests, as public buckets take.
func ExampleNew() {
	backend := s3mem.New()
	backend.CreateBucket("archive")
	server := httptest.NewServer(gofakes3.New(backend).Server())
	defer server.Close()

	ctx := context.Background()
	s, err := s3store.New(ctx, "archive", "climate/tas.zarr", &store.ObjectOptions{Endpoint: server.URL, Anonymous: true})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	if err := s.Set(ctx, "zarr.json", []byte(`{"zarr_format":3,"node_type":"group"}`)); err != nil {
		log.Fatal(err)
	}
	head, err := s.GetRange(ctx, "zarr.json", byterange.Range{Offset: 0, Length: 16})
	if err != nil {
		log.Fatal(err)
	}
	tail, err := s.GetRange(ctx, "zarr.json", byterange.Range{Offset: -8, Length: 8})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s, string(head), string(tail), s.PreferredConcurrency())
	s.List(ctx, "", func(e store.Entry) error {
		fmt.Println(e.Key, e.Size, e.Err)
		return nil
	})
	// Output:
	// s3://archive/climate/tas.zarr {"zarr_format":3 "group"} 64
	// zarr.json 37 <nil>
}

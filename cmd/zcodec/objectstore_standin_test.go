package main

// A stand-in for the s3:// and gs:// store, for the tests of the command
// line while store/s3store registers none: a minimal store over the AWS
// SDK that reads store.ObjectOptions as the real one documents (flags
// over the environment; path-style addressing at an endpoint; checksums
// only when required). useStandInObjectStore registers it only when
// nothing else did, so the tests run against store/s3store as soon as it
// registers its schemes, and this file can then go.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/zcodec/zcodec/store"
)

var standIn sync.Once

// useStandInObjectStore registers the stand-in for s3:// and gs:// unless
// a store is registered for them.
func useStandInObjectStore() {
	standIn.Do(func() {
		_, err := store.Open(context.Background(), "s3://probe", &store.OpenOptions{Object: &store.ObjectOptions{Anonymous: true, Endpoint: "http://127.0.0.1:1"}})
		if !errors.Is(err, store.ErrUnknownScheme) {
			return
		}
		store.RegisterScheme("s3", openStandIn)
		store.RegisterScheme("gs", openStandIn)
	})
}

type standInStore struct {
	c              *s3.Client
	bucket, prefix string
}

func openStandIn(ctx context.Context, loc store.Location, opts *store.OpenOptions) (store.Store, error) {
	o := store.ObjectOptions{}
	if opts.Object != nil {
		o = *opts.Object
	}
	var lo []func(*config.LoadOptions) error
	if o.Region != "" {
		lo = append(lo, config.WithRegion(o.Region))
	}
	if o.Profile != "" {
		lo = append(lo, config.WithSharedConfigProfile(o.Profile))
	}
	if o.Anonymous {
		lo = append(lo, config.WithCredentialsProvider(aws.AnonymousCredentials{}))
	}
	cfg, err := config.LoadDefaultConfig(ctx, lo...)
	if err != nil {
		return nil, err
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	endpoint := o.Endpoint
	for _, v := range []string{"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"} {
		if endpoint == "" {
			endpoint = os.Getenv(v)
		}
	}
	c := s3.NewFromConfig(cfg, func(so *s3.Options) {
		if endpoint != "" {
			so.BaseEndpoint = aws.String(endpoint)
			so.UsePathStyle = true
		}
		so.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		so.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return &standInStore{c: c, bucket: loc.Host, prefix: loc.Path}, nil
}

func (s *standInStore) key(k string) string { return store.Join(s.prefix, k) }

func (s *standInStore) err(op, key string, err error) error {
	var ae smithy.APIError
	if errors.As(err, &ae) && (ae.ErrorCode() == "NoSuchKey" || ae.ErrorCode() == "NotFound") {
		err = store.ErrNotFound
	}
	return &store.KeyError{Op: op, Key: key, Err: err}
}

func (s *standInStore) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	out, err := s.c.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key))})
	if err != nil {
		return nil, s.err("get", key, err)
	}
	defer out.Body.Close()
	if n := aws.ToInt64(out.ContentLength); limit >= 0 && n > limit {
		return nil, s.err("get", key, &store.TooLargeError{Size: n, Limit: limit})
	}
	b, err := io.ReadAll(out.Body)
	if err != nil {
		return nil, s.err("get", key, err)
	}
	return b, nil
}

func (s *standInStore) GetRange(ctx context.Context, key string, r store.ByteRange) ([]byte, error) {
	head, err := s.c.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key))})
	if err != nil {
		return nil, s.err("get range", key, err)
	}
	start, end, err := store.Bounds(r, aws.ToInt64(head.ContentLength))
	if err != nil || start == end {
		if err != nil {
			return nil, s.err("get range", key, err)
		}
		return []byte{}, nil
	}
	out, err := s.c.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key)),
		Range: aws.String(fmt.Sprintf("bytes=%d-%d", start, end-1))})
	if err != nil {
		return nil, s.err("get range", key, err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err == nil && int64(len(b)) != end-start {
		err = fmt.Errorf("%d bytes for a range of %d", len(b), end-start)
	}
	if err != nil {
		return nil, s.err("get range", key, err)
	}
	return b, nil
}

func (s *standInStore) Set(ctx context.Context, key string, value []byte) error {
	_, err := s.c.PutObject(ctx, &s3.PutObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key)), Body: bytes.NewReader(value)})
	if err != nil {
		return s.err("set", key, err)
	}
	return nil
}

func (s *standInStore) Delete(ctx context.Context, key string) error {
	if _, err := s.c.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: aws.String(s.key(key))}); err != nil {
		return s.err("delete", key, err)
	}
	return nil
}

func (s *standInStore) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	full := s.prefix + "/" + prefix
	if s.prefix == "" {
		full = prefix
	}
	p := s3.NewListObjectsV2Paginator(s.c, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: aws.String(full)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return s.err("list", prefix, err)
		}
		for _, o := range page.Contents {
			k := aws.ToString(o.Key)
			if s.prefix != "" {
				k = strings.TrimPrefix(k, s.prefix+"/")
			}
			if err := fn(store.Entry{Key: k, Size: aws.ToInt64(o.Size)}); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *standInStore) PreferredConcurrency() int { return store.DefaultObjectInFlight }

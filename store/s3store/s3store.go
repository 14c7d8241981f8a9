package s3store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go/logging"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/store/internal/bucketname"
	"github.com/zcodec/zcodec/store/internal/overrun"
)

// Store is a store.Store over one bucket of an S3-compatible object store,
// under a key prefix: key "a/b" is the object "prefix/a/b". It implements
// store.ConcurrencyHint, fmt.Stringer and io.Closer. It is safe for
// concurrent use.
type Store struct {
	client    *s3.Client
	scheme    string // "s3" or "gs"
	bucket    string
	prefix    string // "" or a key followed by "/"
	sem       chan struct{}
	retries   int
	timeout   time.Duration // < 0: none
	minRate   int64         // bytes per second of a body; <= 0: none
	backoff0  time.Duration // the first wait between attempts
	backoffHi time.Duration // the longest wait between attempts
	pageSize  int32         // ListObjectsV2 MaxKeys; 0: the server's default
	now       func() time.Time
}

// The defaults of store.ObjectOptions for this package.
const (
	// DefaultRetries is the number of retries after a first attempt that
	// failed in a way that may pass.
	DefaultRetries = 5
	// DefaultRegion is the region used when neither the options nor the
	// SDK's configuration chain name one.
	DefaultRegion = "us-east-1"
	// GCSEndpoint is the endpoint of gs:// stores: Google Cloud Storage's
	// XML API, which speaks the S3 protocol (with HMAC keys for signed
	// requests).
	GCSEndpoint = "https://storage.googleapis.com"
)

// New returns a store over the objects of bucket under prefix (a key, or
// "" for the whole bucket; leading and trailing "/" are dropped), with
// credentials from the SDK's default chain (environment, shared files,
// the profile, web identity, container and instance roles) unless
// opts.Anonymous. It sends no request: a bucket that does not exist or
// credentials that do not work show at the first operation.
func New(ctx context.Context, bucket, prefix string, opts *store.ObjectOptions) (*Store, error) {
	return newStore(ctx, "s3", bucket, prefix, opts)
}

func newStore(ctx context.Context, scheme, bucket, prefix string, opts *store.ObjectOptions) (*Store, error) {
	var o store.ObjectOptions
	if opts != nil {
		o = *opts
	}
	if err := validBucket(bucket); err != nil {
		return nil, err
	}
	prefix = strings.Trim(prefix, "/")
	if prefix != "" {
		if err := store.ValidKey(prefix); err != nil {
			return nil, fmt.Errorf("s3store: prefix: %w", err)
		}
		prefix += "/"
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = store.DefaultObjectInFlight
	}
	switch {
	case o.Retries == 0:
		o.Retries = DefaultRetries
	case o.Retries < 0:
		o.Retries = 0
	}
	switch {
	case o.Timeout == 0:
		o.Timeout = store.DefaultTimeout
	case o.Timeout < 0:
		o.Timeout = -1
	}
	switch {
	case o.MinRate == 0:
		o.MinRate = store.DefaultMinRate
	case o.MinRate < 0:
		o.MinRate = -1
	}
	endpoint, err := resolveEndpoint(scheme, o.Endpoint)
	if err != nil {
		return nil, err
	}
	load := []func(*config.LoadOptions) error{
		config.WithRequestChecksumCalculation(aws.RequestChecksumCalculationWhenRequired),
		config.WithResponseChecksumValidation(aws.ResponseChecksumValidationWhenRequired),
		config.WithLogger(logging.Nop{}), // a library does not write to the program's stderr
	}
	if o.Region != "" {
		load = append(load, config.WithRegion(o.Region))
	}
	if o.Profile != "" {
		load = append(load, config.WithSharedConfigProfile(o.Profile))
	}
	if o.HTTPClient == nil {
		n := o.MaxInFlight
		load = append(load, config.WithHTTPClient(awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) {
			t.MaxIdleConnsPerHost = n // keep a connection for every request in flight
			t.MaxIdleConns = max(t.MaxIdleConns, n)
		})))
	}
	cfg, err := config.LoadDefaultConfig(ctx, load...)
	if err != nil {
		return nil, fmt.Errorf("s3store: the AWS configuration: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = DefaultRegion
		if scheme == "gs" {
			cfg.Region = "auto"
		}
	}
	if endpoint == "" && cfg.BaseEndpoint != nil {
		endpoint = *cfg.BaseEndpoint // endpoint_url of the shared configuration
	}
	// The requests go through a client of the store's own: over the
	// transport the configuration built (with its CA bundle, if any) or
	// the given client's, refusing redirects to another origin, and
	// bounding the bodies the SDK reads whole.
	var hc http.Client
	if o.HTTPClient != nil {
		hc = *o.HTTPClient
	} else if bc, ok := cfg.HTTPClient.(*awshttp.BuildableClient); ok {
		t := bc.GetTransport()
		// A connection on which the server sent more than it announced
		// is closed, not reused (nor reported on the standard logger).
		t.DialContext = overrun.Dial(t.DialContext)
		hc.Transport = t
	} else {
		return nil, fmt.Errorf("s3store: the AWS configuration gave an HTTP client of type %T", cfg.HTTPClient) // not reached: the client is the one given above
	}
	hc.CheckRedirect = sameOrigin(hc.CheckRedirect)
	client := s3.NewFromConfig(cfg, func(so *s3.Options) {
		so.HTTPClient = boundedClient{&hc}
		so.Retryer = aws.NopRetryer{} // the store retries whole operations, bodies included
		if endpoint != "" {
			so.BaseEndpoint = aws.String(endpoint)
			so.UsePathStyle = true
		}
		switch {
		case o.Anonymous:
			so.Credentials = aws.AnonymousCredentials{}
		case so.Credentials != nil:
			so.Credentials = markedCredentials{so.Credentials}
		}
	})
	backoff0, backoffHi := 100*time.Millisecond, 5*time.Second
	switch {
	case o.Backoff > 0:
		backoff0 = o.Backoff
	case o.Backoff < 0:
		backoff0, backoffHi = 0, 0
	}
	return &Store{client: client, scheme: scheme, bucket: bucket, prefix: prefix,
		sem: make(chan struct{}, o.MaxInFlight), retries: o.Retries, timeout: o.Timeout, minRate: o.MinRate,
		backoff0: backoff0, backoffHi: backoffHi, now: time.Now}, nil
}

// resolveEndpoint returns the endpoint to use: the given one, else
// AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL (both ignored when
// AWS_IGNORE_CONFIGURED_ENDPOINT_URLS is true), else GCSEndpoint for gs,
// else "" (the SDK's). It refuses an endpoint that is not an http(s) URL
// with a host, or that holds credentials.
func resolveEndpoint(scheme, given string) (string, error) {
	ep, from := given, "the endpoint"
	if ep == "" {
		if ignore, _ := strconv.ParseBool(os.Getenv("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS")); !ignore {
			for _, name := range []string{"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"} {
				if v := os.Getenv(name); v != "" {
					ep, from = v, name
					break
				}
			}
		}
	}
	if ep == "" {
		if scheme == "gs" {
			return GCSEndpoint, nil
		}
		return "", nil
	}
	u, err := url.Parse(ep)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL
		}
		return "", fmt.Errorf("s3store: %s %s: %w", from, shorten.Quote(store.RedactURL(ep)), err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return "", fmt.Errorf("s3store: %s %s: want http:// or https:// and a host", from, shorten.Quote(store.RedactURL(ep)))
	case u.User != nil:
		return "", fmt.Errorf("s3store: %s %s: credentials do not belong in the endpoint (they come from the SDK's chain)", from, shorten.Quote(store.RedactURL(ep)))
	case u.RawQuery != "" || u.Fragment != "":
		return "", fmt.Errorf("s3store: %s %s: an endpoint has no query or fragment", from, shorten.Quote(store.RedactURL(ep)))
	}
	return strings.TrimSuffix(ep, "/"), nil
}

// validBucket checks a bucket name as store.ParseLocation does
// (bucketname.Check).
func validBucket(b string) error {
	if err := bucketname.Check(b); err != nil {
		return fmt.Errorf("s3store: %w", err)
	}
	return nil
}

// String returns "s3://bucket/prefix" (or "gs://..."): it holds no
// credential.
func (s *Store) String() string {
	if s.prefix == "" {
		return s.scheme + "://" + s.bucket
	}
	return s.scheme + "://" + s.bucket + "/" + strings.TrimSuffix(s.prefix, "/")
}

// PreferredConcurrency returns the store's bound on requests in flight
// (store.ObjectOptions.MaxInFlight): readers of many chunks keep that
// many going to hide each request's latency.
func (s *Store) PreferredConcurrency() int { return cap(s.sem) }

// Close releases nothing and returns nil: the store holds no resource
// beyond idle connections, which the HTTP client closes in time.
func (s *Store) Close() error { return nil }

// objectKey returns the object key of a store key.
func (s *Store) objectKey(key string) string { return s.prefix + key }

var (
	_ store.Store           = (*Store)(nil)
	_ store.ConcurrencyHint = (*Store)(nil)
	_ fmt.Stringer          = (*Store)(nil)
	_ io.Closer             = (*Store)(nil)
)

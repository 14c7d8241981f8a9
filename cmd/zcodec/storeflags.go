package main

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// storeFlags are the flags of the commands that open a store (info, cat,
// verify, convert, advise): how an HTTP or object store is reached, and
// for those that decode, the largest chunk they accept.
type storeFlags struct {
	// maxChunkBytes is --max-chunk-bytes; 0 for a command that never
	// decodes (info), which keeps the library's default.
	maxChunkBytes byteSize
	timeout       time.Duration
	redirects     store.RedirectPolicy
	// The object-store flags; "" and 0 leave the environment's settings
	// and the store's defaults.
	endpoint, region, profile string
	anonymous                 bool
	maxInFlight               int
	// backoff is the command's environment's (no flag sets it).
	backoff time.Duration
}

// storeFlags adds --timeout, --redirects and the object-store flags to the
// command, and --max-chunk-bytes when it decodes chunks.
func (f *flags) storeFlags(decodes bool) *storeFlags {
	sf := &storeFlags{redirects: store.RedirectSameOrigin}
	if f.env != nil {
		sf.backoff = f.env.backoff
	}
	if decodes {
		sf.maxChunkBytes = byteSize(defaultMaxChunkBytes)
		f.Var(&sf.maxChunkBytes, "max-chunk-bytes", "refuse arrays whose chunks (shards) decode to more than this, before reading any")
	}
	f.DurationVar(&sf.timeout, "timeout", 0, fmt.Sprintf("HTTP stores: give up on a request, retries included, after this long, such as 30s or 5m (default %v; each attempt at most %v); object stores: bound the wait for each answer, and each pause in a body being read, to this long, a body taking no longer than this plus a second per %d KiB", store.DefaultDeadline, store.DefaultTimeout, store.DefaultMinRate>>10))
	f.Var(&sf.redirects, "redirects", "HTTP stores: which redirects to follow: same-origin, any-origin (configured headers stay with the first origin) or none")
	f.StringVar(&sf.endpoint, "endpoint", "", "s3:// and gs:// stores: the service's `URL` (MinIO, Ceph, R2, a test server), addressed path-style (default: $AWS_ENDPOINT_URL_S3, then $AWS_ENDPOINT_URL, then AWS S3, or https://storage.googleapis.com for gs://)")
	// Not --region: cat's --region is the region of the array to write.
	f.StringVar(&sf.region, "s3-region", "", "s3:// and gs:// stores: the region `R` of the bucket, to sign for (default: $AWS_REGION, then the profile's, then us-east-1)")
	f.StringVar(&sf.profile, "profile", "", "s3:// and gs:// stores: the shared-configuration profile `P` whose credentials and settings to use (default: $AWS_PROFILE, then \"default\")")
	f.BoolVar(&sf.anonymous, "anonymous", false, "s3:// and gs:// stores: send unsigned requests, for public buckets (no credentials are looked up)")
	f.IntVar(&sf.maxInFlight, "max-in-flight", 0, fmt.Sprintf("s3:// and gs:// stores: keep at most `N` requests in flight at once (default %d)", store.DefaultObjectInFlight))
	return sf
}

// check validates the values after parsing; a usage error is returned for
// the command to print with flags.fail.
func (sf *storeFlags) check() error {
	if sf.timeout < 0 {
		return fmt.Errorf("--timeout %v: want a positive duration", sf.timeout)
	}
	if sf.maxInFlight < 0 {
		return fmt.Errorf("--max-in-flight %d: want a positive number", sf.maxInFlight)
	}
	if sf.endpoint != "" {
		loc, err := store.ParseLocation(sf.endpoint)
		var le *store.LocationError
		switch {
		case errors.As(err, &le):
			return fmt.Errorf("--endpoint %s: %v", le.Location, le.Err)
		case err != nil:
			return fmt.Errorf("--endpoint: %v", err)
		case loc.Scheme != "http" && loc.Scheme != "https":
			return fmt.Errorf("--endpoint %s: want an http:// or https:// URL", shown(sf.endpoint))
		}
	}
	return nil
}

// openOptions are the options of store.Open for the command's PATH:
// read-only unless write, HTTP and object stores configured by the flags.
func (sf *storeFlags) openOptions(write bool) *store.OpenOptions {
	return &store.OpenOptions{Write: write, HTTP: sf.httpOptions(), Object: sf.objectOptions()}
}

// objectOptions builds the options of an object store from the flags, the
// one place where the flags meet store.ObjectOptions. The environment's
// settings (AWS_ENDPOINT_URL, AWS_REGION, AWS_PROFILE, credentials) are
// read by the store, under the flags.
func (sf *storeFlags) objectOptions() *store.ObjectOptions {
	o := &store.ObjectOptions{}
	if sf == nil {
		return o
	}
	o.Endpoint, o.Region, o.Profile = sf.endpoint, sf.region, sf.profile
	o.Anonymous, o.MaxInFlight, o.Backoff = sf.anonymous, sf.maxInFlight, sf.backoff
	if sf.timeout > 0 {
		o.Timeout = sf.timeout
	}
	return o
}

// arrayOptions are the options every array of the command is opened with.
func (sf *storeFlags) arrayOptions() *zarr.Options {
	if sf == nil || sf.maxChunkBytes == 0 {
		return nil
	}
	return &zarr.Options{Options: codec.Options{MaxChunkBytes: int64(sf.maxChunkBytes)}}
}

// httpOptions builds the options of an HTTP store from the flags, the one
// place where the flags meet store.HTTPOptions: --timeout is the deadline
// of a whole request (every attempt and the waits between them), and no
// attempt runs longer than it; --redirects is the store's redirect policy.
func (sf *storeFlags) httpOptions() *store.HTTPOptions {
	o := &store.HTTPOptions{}
	if sf == nil {
		return o
	}
	if sf.timeout > 0 {
		o.Deadline = sf.timeout
		o.Timeout = min(sf.timeout, store.DefaultTimeout)
	}
	o.Redirects = sf.redirects
	return o
}

// withinBudget returns a, or a opened again with a smaller concurrency by
// reopen (from the metadata a was opened with: a group's member from the
// group's consolidated metadata, as it was opened the first time), so that
// the chunks a command decodes at once (verify: cat and convert hold one
// slab at a time, which bounds them) hold no more than opts.MaxChunkBytes
// (--max-chunk-bytes) together: each chunk at work holds one decoded
// chunk, and GOMAXPROCS chunks of nearly the limit would otherwise take
// GOMAXPROCS times the limit.
func withinBudget(a *zarr.Array, opts *zarr.Options, reopen func(*zarr.Options) (*zarr.Array, error)) *zarr.Array {
	if opts == nil || opts.Concurrency > 0 {
		return a
	}
	defaultConc := runtime.GOMAXPROCS(0)
	if h, ok := a.Store().(store.ConcurrencyHint); ok {
		defaultConc = max(defaultConc, h.PreferredConcurrency()) // zarr's default over such a store
	}
	n := concurrencyWithin(opts.MaxChunkBytes, int64(a.Pipeline().DecodedSize()), defaultConc)
	if n == 0 {
		return a
	}
	o := *opts
	o.Concurrency = n
	b, err := reopen(&o)
	if err != nil {
		return a // opened once already: the command reports what fails
	}
	return b
}

// concurrencyWithin returns how many chunks of chunk bytes (decoded) may
// be at work at once within limit bytes, at least 1; or 0 when limit is
// not set or the library's default number of them (defaultConc) fits,
// which leaves that default.
func concurrencyWithin(limit, chunk int64, defaultConc int) int {
	chunk = max(chunk, 1)
	if limit <= 0 || chunk*int64(defaultConc) <= limit {
		return 0
	}
	return int(max(1, limit/chunk))
}

package main

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// storeFlags are the flags of the commands that open a store (info, cat,
// verify, convert, advise): how an HTTP store is reached, and for those
// that decode, the largest chunk they accept.
type storeFlags struct {
	// maxChunkBytes is --max-chunk-bytes; 0 for a command that never
	// decodes (info), which keeps the library's default.
	maxChunkBytes byteSize
	timeout       time.Duration
	redirects     store.RedirectPolicy
}

// storeFlags adds --timeout and --redirects to the command, and
// --max-chunk-bytes when it decodes chunks.
func (f *flags) storeFlags(decodes bool) *storeFlags {
	sf := &storeFlags{redirects: store.RedirectSameOrigin}
	if decodes {
		sf.maxChunkBytes = byteSize(defaultMaxChunkBytes)
		f.Var(&sf.maxChunkBytes, "max-chunk-bytes", "refuse arrays whose chunks (shards) decode to more than this, before reading any")
	}
	f.DurationVar(&sf.timeout, "timeout", 0, fmt.Sprintf("HTTP stores: give up on a request, retries included, after this long, such as 30s or 5m (default %v; each attempt at most %v)", store.DefaultDeadline, store.DefaultTimeout))
	f.Var(&sf.redirects, "redirects", "HTTP stores: which redirects to follow: same-origin, any-origin (configured headers stay with the first origin) or none")
	return sf
}

// check validates the values after parsing; a usage error is returned for
// the command to print with flags.fail.
func (sf *storeFlags) check() error {
	if sf.timeout < 0 {
		return fmt.Errorf("--timeout %v: want a positive duration", sf.timeout)
	}
	return nil
}

// arrayOptions are the options every array of the command is opened with.
func (sf *storeFlags) arrayOptions() *zarr.Options {
	if sf == nil || sf.maxChunkBytes == 0 {
		return nil
	}
	return &zarr.Options{MaxChunkBytes: int64(sf.maxChunkBytes)}
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

// withinBudget returns a, or a opened again with a smaller concurrency,
// so that the chunks a command decodes at once (verify: cat and convert
// hold one slab at a time, which bounds them) hold no more than
// opts.MaxChunkBytes (--max-chunk-bytes) together: each chunk at work
// holds one decoded chunk, and GOMAXPROCS chunks of nearly the limit would
// otherwise take GOMAXPROCS times the limit.
func withinBudget(ctx context.Context, a *zarr.Array, opts *zarr.Options) *zarr.Array {
	if opts == nil || opts.Concurrency > 0 {
		return a
	}
	n := concurrencyWithin(opts.MaxChunkBytes, int64(a.Pipeline().DecodedSize()))
	if n == 0 {
		return a
	}
	o := *opts
	o.Concurrency = n
	b, err := zarr.Open(ctx, a.Store(), a.Path(), &o)
	if err != nil {
		return a // opened once already: the command reports what fails
	}
	return b
}

// concurrencyWithin returns how many chunks of chunk bytes (decoded) may
// be at work at once within limit bytes, at least 1; or 0 when limit is
// not set or GOMAXPROCS of them fit, which leaves the library's default.
func concurrencyWithin(limit, chunk int64) int {
	chunk = max(chunk, 1)
	if limit <= 0 || chunk*int64(runtime.GOMAXPROCS(0)) <= limit {
		return 0
	}
	return int(max(1, limit/chunk))
}

// openOptions are the options of store.Open for the command's PATH.
func (sf *storeFlags) openOptions(write bool) *store.OpenOptions {
	return &store.OpenOptions{Write: write, HTTP: sf.httpOptions()}
}

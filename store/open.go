package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

// OpenOptions control Open. A nil *OpenOptions opens read-only with the
// defaults.
type OpenOptions struct {
	// Write opens the store for writing. By default Open returns the store
	// wrapped in ReadOnly, and an HTTP location cannot be opened for
	// writing at all.
	Write bool
	// Create, with Write, creates a directory location that does not
	// exist (and its parents). Object-store buckets are never created;
	// their prefixes need no creating. Create without Write is an error.
	Create bool
	// HTTP configures http:// and https:// locations (nil: defaults).
	HTTP *HTTPOptions
	// Object configures object-store locations, s3:// and gs:// (nil:
	// defaults).
	Object *ObjectOptions
	// NoFormats opens the location as a store of keys, as if no file or
	// directory format were registered (see RegisterFormat and
	// RegisterDirFormat): Open probes nothing and sends no request. A
	// store reading the files that references name (whose own formats do
	// not matter) opens them so.
	NoFormats bool
}

// ObjectOptions configure access to an object store. They are plain data:
// package store links no object-store SDK; the package registered for the
// scheme (store/s3store for s3:// and gs://) reads them and documents the
// details.
type ObjectOptions struct {
	// Endpoint is the service's URL. "" means AWS_ENDPOINT_URL_S3, then
	// AWS_ENDPOINT_URL, then the provider's default. When an endpoint is
	// set (by this field or the environment), path-style addressing is
	// used, as MinIO, Ceph, R2 and test servers expect.
	Endpoint string
	// Region is the region to sign for. "" means the SDK's chain
	// (AWS_REGION, the profile), then "us-east-1".
	Region string
	// Profile is the shared-configuration profile. "" means AWS_PROFILE,
	// then the default profile.
	Profile string
	// Anonymous sends unsigned requests, for public buckets: no
	// credentials are looked up.
	Anonymous bool
	// MaxInFlight bounds the requests in flight at once per store; 0
	// means DefaultObjectInFlight.
	MaxInFlight int
	// Retries is the number of retries after a first attempt that may
	// pass; 0 means the package's default, a negative value none.
	Retries int
	// Timeout bounds one attempt of a request: the wait for the answer,
	// and then each pause in a body being read (see store/s3store); 0
	// means DefaultTimeout, a negative value no bound (the caller's
	// context still bounds the whole operation, and MinRate applies
	// only with a Timeout).
	Timeout time.Duration
	// MinRate is the slowest a body may arrive, in bytes per second: an
	// attempt whose body has taken longer than Timeout plus a second for
	// every MinRate bytes read fails with a *TimeoutError of "MinRate"
	// (and is retried), so that a body that trickles in a byte at a time
	// is not read for hours; 0 means DefaultMinRate, a negative value no
	// bound but Timeout's on each pause.
	MinRate int64
	// HTTPClient sends the requests; nil means a client over the SDK's
	// transport that closes, rather than reuses, a connection on which
	// the server sent more than a response's Content-Length. Either way
	// the store refuses redirects to another origin and bounds the bodies
	// the SDK reads (see store/s3store).
	HTTPClient *http.Client
	// Backoff is the wait before the first retry, doubling with every
	// retry up to 5 s (see store/s3store); 0 means 100 ms, a negative
	// value no wait at all (tests that make requests fail).
	Backoff time.Duration
}

// DefaultObjectInFlight is the default number of requests an object store
// keeps in flight: object stores answer each request after tens of
// milliseconds but serve many at once, so throughput comes from
// concurrency, not from the number of cores.
const DefaultObjectInFlight = 64

// DefaultMinRate is the default ObjectOptions.MinRate, 32 KiB/s: what
// each of DefaultObjectInFlight requests gets of a 2 MiB/s link.
const DefaultMinRate = 32 << 10

// Opener opens a store for a location of a registered scheme. opts is
// never nil. Open wraps the store in ReadOnly unless opts.Write is set.
type Opener func(ctx context.Context, loc Location, opts *OpenOptions) (Store, error)

// ErrUnknownScheme: no store is registered for the scheme of a location.
var ErrUnknownScheme = errors.New("no store is registered for the scheme")

var schemes struct {
	sync.RWMutex
	m map[string]Opener
}

// builtinSchemes are the schemes Open serves itself.
var builtinSchemes = map[string]bool{"file": true, "http": true, "https": true}

// RegisterScheme makes Open use open for locations of scheme (lower case,
// without "://"), as store/s3store does for "s3" and "gs" from its init
// function. Registering a scheme twice, a built-in scheme ("file",
// "http", "https"), a scheme that is not a lower-case URL scheme, or a nil
// opener is a programming error and panics.
func RegisterScheme(scheme string, open Opener) {
	if open == nil {
		panic("store: RegisterScheme " + scheme + " with a nil Opener")
	}
	if s, _, ok := splitScheme(scheme + "://"); !ok || s != scheme {
		panic("store: RegisterScheme: " + fmt.Sprintf("%q", scheme) + " is not a lower-case URL scheme")
	}
	if builtinSchemes[scheme] {
		panic("store: RegisterScheme: " + scheme + " is built in")
	}
	schemes.Lock()
	defer schemes.Unlock()
	if schemes.m[scheme] != nil {
		panic("store: RegisterScheme: " + scheme + " registered twice")
	}
	if schemes.m == nil {
		schemes.m = map[string]Opener{}
	}
	schemes.m[scheme] = open
}

// schemePackages names the package whose import registers a scheme, for
// the error of Open when it was not imported.
var schemePackages = map[string]string{
	"s3": "github.com/zcodec/zcodec/store/s3store",
	"gs": "github.com/zcodec/zcodec/store/s3store",
}

// Open opens the store at location (see ParseLocation): a directory, an
// HTTP store (read-only), or an object store through the Opener
// registered for its scheme. Unless opts.Write is set, the store is
// wrapped in ReadOnly. The caller closes the store through io.Closer when
// it implements it (a directory holds open files).
//
// A directory must exist and be a directory, unless opts.Write and
// opts.Create are set, when a missing one is created. Errors about the
// location are *LocationError values (ErrUnknownScheme for a scheme no
// package registered, naming the package to import for s3:// and gs://),
// and so are the errors of an Opener, wrapped.
//
// When a file format is registered (RegisterFormat), a location may also
// name a file of that format, or a path inside one ("data.nc/grp/var"),
// which opens as the store the format makes of it, read-only and not
// wrapped: see "Files of other formats" in the package documentation. So
// does a directory of a registered directory format (RegisterDirFormat),
// or a path inside one. OpenOptions.NoFormats turns both off.
func Open(ctx context.Context, location string, opts *OpenOptions) (Store, error) {
	loc, err := ParseLocation(location)
	if err != nil {
		return nil, err
	}
	var o OpenOptions
	if opts != nil {
		o = *opts
	}
	fail := func(err error) (Store, error) {
		return nil, &LocationError{Location: loc.String(), Err: err}
	}
	if o.Create && !o.Write {
		return fail(errors.New("OpenOptions.Create needs Write"))
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	var s Store
	switch loc.Scheme {
	case "file":
		var p probes
		if !o.NoFormats {
			p = registeredProbes()
		}
		if len(p.files) > 0 {
			f, ok, err := openLocalFile(ctx, loc, &o, p.files, p.headSize)
			if err != nil {
				return fail(err)
			}
			if ok {
				return f, nil
			}
		}
		if len(p.dirs) > 0 && !o.Write {
			f, ok, err := openLocalDir(ctx, loc, &o, p)
			if err != nil {
				return fail(err)
			}
			if ok {
				return f, nil
			}
		}
		d, err := openDirLocation(loc, &o, p.files)
		if err != nil {
			return fail(err)
		}
		s = d
	case "http", "https":
		if o.Write {
			return fail(fmt.Errorf("an HTTP store cannot be written: %w", ErrReadOnly))
		}
		h, err := NewHTTP(loc.Raw, o.HTTP)
		if err != nil {
			return fail(err)
		}
		if p := registeredProbes(); !o.NoFormats && !p.none() {
			f, ok, err := openHTTPFile(ctx, loc, h, &o, p)
			if err != nil {
				return fail(err)
			}
			if ok {
				return f, nil
			}
		}
		return h, nil
	default:
		schemes.RLock()
		open := schemes.m[loc.Scheme]
		schemes.RUnlock()
		if open == nil {
			if pkg := schemePackages[loc.Scheme]; pkg != "" {
				return fail(fmt.Errorf("%w: %s:// needs the package %s: import _ %q", ErrUnknownScheme, loc.Scheme, pkg, pkg))
			}
			return fail(fmt.Errorf("%w: %s://", ErrUnknownScheme, loc.Scheme))
		}
		if p := registeredProbes(); !o.NoFormats && !p.none() {
			f, ok, err := openObjectFile(ctx, loc, open, &o, p)
			if err != nil {
				return fail(err)
			}
			if ok {
				return f, nil
			}
		}
		if s, err = open(ctx, loc, &o); err != nil {
			return fail(err)
		}
	}
	if !o.Write {
		s = ReadOnly(s)
	}
	return s, nil
}

// openDirLocation opens (or, with Write and Create, creates) the
// directory of a file location. formats are the registered formats, none
// of which recognised a regular file at the location.
func openDirLocation(loc Location, o *OpenOptions, formats []Format) (*Dir, error) {
	fi, err := os.Stat(loc.Path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is in the *LocationError
	}
	switch {
	case errors.Is(err, fs.ErrNotExist) && o.Write && o.Create:
		return CreateDir(loc.Path)
	case err != nil:
		return nil, err
	case !fi.IsDir() && len(formats) > 0 && fi.Mode().IsRegular():
		names := make([]string, len(formats))
		for i, f := range formats {
			names[i] = f.Name
		}
		return nil, fmt.Errorf("not a directory (a Zarr store is a directory holding zarr.json, or .zarray/.zgroup), and no registered file format (%s) recognises the file", strings.Join(names, ", "))
	case !fi.IsDir():
		return nil, errors.New("not a directory (a Zarr store is a directory holding zarr.json, or .zarray/.zgroup)")
	}
	return OpenDir(loc.Path)
}

package store

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// OpenOptions control Open. nil = read-only, defaults.
type OpenOptions struct {
	Write  bool           // open for writing (default: read-only, through ReadOnly)
	Create bool           // with Write: create the location when absent (a directory; buckets are never created)
	HTTP   *HTTPOptions   // for http:// and https://
	Object *ObjectOptions // for object stores (s3://, gs:// ...)
}

// ObjectOptions configure object-store access (plain data: store links no
// SDK). A nil *ObjectOptions gives the defaults, as does the zero value of
// each field.
type ObjectOptions struct {
	Endpoint    string        // "" = AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL / the provider's default; when set (by field or env) path-style addressing is used
	Region      string        // "" = the SDK chain (AWS_REGION, profile); then "us-east-1"
	Profile     string        // shared-config profile; "" = AWS_PROFILE / default
	Anonymous   bool          // unsigned requests (public buckets)
	MaxInFlight int           // requests in flight per store; 0 = DefaultObjectInFlight
	Retries     int           // retries after the first attempt; 0 = the store's default, negative = none
	Timeout     time.Duration // per request attempt; 0 = DefaultTimeout, negative = no bound
	HTTPClient  *http.Client  // nil = the SDK's; tests inject a fault proxy here
}

// DefaultObjectInFlight is the default of ObjectOptions.MaxInFlight.
const DefaultObjectInFlight = 64

// Opener opens a store for a URL of a registered scheme.
type Opener func(ctx context.Context, loc Location, opts *OpenOptions) (Store, error)

// Location is a parsed store address.
type Location struct {
	Scheme string // "file", "http", "https", "s3", "gs"
	Host   string // bucket or host
	Path   string // prefix or directory, no leading/trailing slash for object stores
	Raw    string
}

var (
	schemesMu sync.Mutex
	schemes   = map[string]Opener{}
)

// RegisterScheme makes Open use open for URLs of scheme. It panics when
// the scheme is registered twice (a programming error).
func RegisterScheme(scheme string, open Opener) {
	schemesMu.Lock()
	defer schemesMu.Unlock()
	if _, dup := schemes[scheme]; dup {
		panic(fmt.Sprintf("store: scheme %q registered twice", scheme))
	}
	schemes[scheme] = open
}

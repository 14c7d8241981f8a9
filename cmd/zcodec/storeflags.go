package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
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
	redirects     string
}

// Values of --redirects.
const (
	redirectsSameHost = "same-host"
	redirectsAll      = "all"
	redirectsNone     = "none"
)

// storeFlags adds --timeout and --redirects to the command, and
// --max-chunk-bytes when it decodes chunks.
func (f *flags) storeFlags(decodes bool) *storeFlags {
	sf := &storeFlags{redirects: redirectsSameHost}
	if decodes {
		sf.maxChunkBytes = byteSize(defaultMaxChunkBytes)
		f.Var(&sf.maxChunkBytes, "max-chunk-bytes", "refuse arrays whose chunks (shards) decode to more than this, before reading any")
	}
	f.DurationVar(&sf.timeout, "timeout", 0, "HTTP stores: give up on an attempt of a request after this long, such as 30s or 2m (default 60s)")
	f.StringVar(&sf.redirects, "redirects", redirectsSameHost, "HTTP stores: which redirects to follow: same-host, all or none")
	return sf
}

// check validates the values after parsing; a usage error is returned for
// the command to print with flags.fail.
func (sf *storeFlags) check() error {
	switch sf.redirects {
	case redirectsSameHost, redirectsAll, redirectsNone:
	default:
		return fmt.Errorf("--redirects %q: want same-host, all or none", sf.redirects)
	}
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

// httpOptions builds the options of an HTTP store from the flags. It is
// the one place where the flags meet store.HTTPOptions:
//
//   - --timeout sets HTTPOptions.Timeout, which bounds each attempt of a
//     request. Where the store offers a total deadline per request
//     (retries included), set it here from --timeout too.
//   - --redirects is enforced here by the client's CheckRedirect, on a
//     transport configured as the store's own default one. Where the store
//     offers a redirect policy of its own, map --redirects to it here and
//     drop the client.
func (sf *storeFlags) httpOptions() *store.HTTPOptions {
	o := &store.HTTPOptions{}
	if sf == nil {
		sf = &storeFlags{redirects: redirectsSameHost}
	}
	o.Timeout = sf.timeout
	const maxConns = 8 // the store's default
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxConnsPerHost = maxConns
	t.MaxIdleConnsPerHost = maxConns
	t.DisableCompression = true // sizes and ranges are of the stored bytes
	o.MaxConns = maxConns
	o.Client = &http.Client{Transport: t, CheckRedirect: redirectPolicy(sf.redirects)}
	return o
}

// errRedirect is the cause of a redirect that --redirects refuses.
var errRedirect = errors.New("redirect refused")

// redirectPolicy returns the CheckRedirect of --redirects: same-host
// follows a redirect to the same host and port (from http to https too,
// never back), all follows any, none follows none; at most 10 in a row.
func redirectPolicy(mode string) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return fmt.Errorf("%w: more than 10 redirects in a row", errRedirect)
		}
		from := via[len(via)-1].URL
		switch mode {
		case redirectsAll:
			return nil
		case redirectsNone:
			return fmt.Errorf("%w: the server redirects to %s (--redirects same-host or all follows it)", errRedirect, redactedURL(req.URL))
		}
		if !sameHost(via[0].URL, req.URL) || from.Scheme == "https" && req.URL.Scheme != "https" {
			return fmt.Errorf("%w: the server redirects to another host, %s (--redirects all follows it)", errRedirect, redactedURL(req.URL))
		}
		return nil
	}
}

// sameHost reports whether a and b name the same host and port (the
// scheme's default port when none is written), or the same host reached
// over https instead of http on the default ports.
func sameHost(a, b *url.URL) bool {
	if !strings.EqualFold(a.Hostname(), b.Hostname()) {
		return false
	}
	upgrade := a.Scheme == "http" && b.Scheme == "https" && a.Port() == "" && b.Port() == ""
	return upgrade || port(a) == port(b)
}

func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

// redactedURL is u without its password and query, which may hold secrets.
func redactedURL(u *url.URL) string {
	c := *u
	c.RawQuery = ""
	c.Fragment = ""
	return c.Redacted()
}

package store

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/store/internal/bucketname"
)

// Location is a parsed store address: what every command and library
// caller gives to Open, parsed by one parser, ParseLocation.
type Location struct {
	// Scheme is "file" for a directory (a plain path or a file:// URL),
	// "http" or "https", or the scheme of an object store ("s3", "gs", or
	// any other a package registered with RegisterScheme), in lower case.
	Scheme string
	// Host is the bucket of an object store, the host (and port) of an
	// HTTP URL, and "" for a directory.
	Host string
	// Path is the directory of a file location (as given, or decoded from
	// the file:// URL), the path of an HTTP URL (as sent, without a
	// trailing "/"), or the prefix of an object store: "" or a valid key
	// (see ValidKey), with no leading or trailing "/", taken as written
	// (object-store URLs are not percent-decoded, as the AWS and gcloud
	// command lines take them).
	Path string
	// Raw is the string ParseLocation was given. It holds no credentials:
	// ParseLocation refuses a location that carries any.
	Raw string
}

// LocationError reports a location that ParseLocation or Open refuses.
// Location is the location as shown in messages: without the user
// information, query or fragment of a URL, so that the error never carries
// a credential that was written into it.
type LocationError struct {
	Location string
	Err      error
}

func (e *LocationError) Error() string {
	return fmt.Sprintf("store: location %s: %v", e.Location, e.Err)
}

// Unwrap returns Err.
func (e *LocationError) Unwrap() error { return e.Err }

// ErrCredentialsInURL: a location URL holds "@", taken for user
// information ("scheme://user:secret@host/..."). Credentials come from the
// environment (for object stores, the provider's usual chain: variables,
// shared profiles, instance roles), never from a URL, which ends up in
// shell histories, process listings and logs. An "@" anywhere in a URL
// is refused, not only in its host part, because a secret may hold "/"
// (AWS secret keys often do), which would move the "@" into the path; a
// literal "@" in an HTTP path is written "%40".
var ErrCredentialsInURL = errors.New(`a URL holding "@" (user information, "user:secret@") is refused: give credentials through the environment (for object stores: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or a role); write a literal "@" of an HTTP path as %40`)

// ParseLocation parses a store location:
//
//   - a plain path ("data/a.zarr", "/srv/x.zarr") or a file:// URL
//     ("file:///srv/x.zarr", host empty or "localhost"): a directory;
//   - an http:// or https:// URL: a store read over HTTP;
//   - scheme://bucket/prefix for any other scheme ("s3://bucket/a/b.zarr",
//     "gs://bucket"): an object store, opened by the package registered
//     for the scheme (see RegisterScheme).
//
// A string is a URL when it starts with a scheme of two characters or
// more (a letter, then letters, digits, "+", "-" or ".") followed by
// "://"; write "./s3://x" for a directory of that name. A one-letter
// "scheme" is a drive letter: "C://data" is a path. It refuses an empty location, an "@" anywhere
// in a URL (ErrCredentialsInURL), a query or a fragment in any URL, a
// URL without a host or bucket, a bucket name that is not one (letters,
// digits, ".", "-" and "_", at most 222 bytes, not "." or ".."), and an object-store prefix
// that is not a valid key (an empty, "." or ".." segment, invalid UTF-8,
// NUL, a backslash). Its errors are *LocationError values that never show
// the user information, query or fragment of what they were given.
func ParseLocation(s string) (Location, error) {
	if s == "" {
		return Location{}, &LocationError{Location: `""`, Err: errors.New("empty location")}
	}
	scheme, rest, ok := splitScheme(s)
	if !ok {
		return Location{Scheme: "file", Path: s, Raw: s}, nil
	}
	fail := func(err error) (Location, error) {
		return Location{}, &LocationError{Location: redactLocation(s), Err: err}
	}
	if strings.Contains(rest, "@") {
		return fail(ErrCredentialsInURL)
	}
	if strings.ContainsAny(rest, "?#") {
		return fail(errors.New("a query or a fragment cannot be combined with keys"))
	}
	switch scheme {
	case "file":
		return parseFileURL(s, fail)
	case "http", "https":
		return parseHTTPURL(s, scheme, fail)
	}
	bucket, prefix, _ := strings.Cut(rest, "/")
	if err := checkBucket(bucket); err != nil {
		return fail(err)
	}
	prefix = strings.TrimSuffix(prefix, "/")
	if prefix != "" {
		if err := ValidPrefix(prefix + "/"); err != nil {
			var ke *InvalidKeyError
			if errors.As(err, &ke) {
				err = fmt.Errorf("the prefix %s is not a key: %s", strconv.Quote(prefix), ke.Reason)
			}
			return fail(err)
		}
	}
	return Location{Scheme: scheme, Host: bucket, Path: prefix, Raw: s}, nil
}

// splitScheme returns the lower-cased scheme of s and what follows its
// "://", when s starts with a URL scheme and "://".
func splitScheme(s string) (scheme, rest string, ok bool) {
	i := strings.Index(s, "://")
	if i <= 1 {
		return "", "", false // none, or a drive letter ("C://data")
	}
	for j, c := range []byte(s[:i]) {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (j == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return "", "", false
		}
	}
	return strings.ToLower(s[:i]), s[i+3:], true
}

func parseFileURL(s string, fail func(error) (Location, error)) (Location, error) {
	u, err := url.Parse(s)
	if err != nil {
		return fail(urlReason(err))
	}
	if u.Host != "" && !strings.EqualFold(u.Host, "localhost") {
		return fail(fmt.Errorf("a file URL names a directory on this machine: want file:///path or file://localhost/path, not host %s", strconv.Quote(u.Host)))
	}
	if u.Path == "" {
		return fail(errors.New("no directory in the file URL"))
	}
	return Location{Scheme: "file", Path: u.Path, Raw: s}, nil
}

func parseHTTPURL(s, scheme string, fail func(error) (Location, error)) (Location, error) {
	u, err := url.Parse(s)
	if err != nil {
		return fail(urlReason(err))
	}
	if u.User != nil {
		return fail(ErrCredentialsInURL)
	}
	if u.Host == "" {
		return fail(errors.New("no host in the URL"))
	}
	return Location{Scheme: scheme, Host: u.Host, Path: strings.TrimSuffix(u.EscapedPath(), "/"), Raw: s}, nil
}

// urlReason is the reason of a url.Parse error without the URL, which may
// hold what the message must not show.
func urlReason(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// checkBucket checks a bucket name as package s3store does
// (bucketname.Check).
func checkBucket(b string) error { return bucketname.Check(b) }

// String returns the location for messages: a directory as given, a URL
// in its parsed form. It holds no credentials: ParseLocation refuses
// them, and the user information, query or fragment of a Raw URL set
// otherwise is shown as "xxxxx". A location holding characters that are
// not printable (control characters, invalid UTF-8) is quoted as
// strconv.Quote does.
func (l Location) String() string {
	var s string
	switch l.Scheme {
	case "file", "http", "https":
		s = l.Raw
		switch {
		case s != "" && l.Scheme != "file" && strings.ContainsAny(s, "@?#"):
			// A Location built without ParseLocation: never show what
			// a URL's user information, query or fragment may hold.
			return redactLocation(s)
		case s != "":
		case l.Scheme == "file":
			s = l.Path
		default:
			s = l.Scheme + "://" + l.Host + l.Path
		}
	default:
		s = l.Scheme + "://" + l.Host
		if l.Path != "" {
			s += "/" + l.Path
		}
	}
	if !printable(s) {
		return strconv.Quote(s)
	}
	return s
}

// printable reports whether s is valid UTF-8 of printable characters.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

// redactLocation returns a location ParseLocation refuses, for its error:
// everything between "://" and the last "@" (user information, whatever
// "/", "?" or "#" a secret holds) becomes "xxxxx", then a query or
// fragment becomes "?xxxxx", and the result is quoted and cut as a name
// when it is not printable or longer than shorten.NameLimit.
// When a "?" or "#" comes before the last "@", which of them ends the
// secret cannot be told, and nothing after "://" is shown.
func redactLocation(s string) string {
	i, j, k := strings.Index(s, "://"), strings.LastIndex(s, "@"), strings.IndexAny(s, "?#")
	switch {
	case i >= 0 && j > i && k >= 0 && k < j:
		s = s[:i+3] + redacted
	case i >= 0 && j > i:
		s = s[:i+3] + redacted + s[j:]
	}
	if k := strings.IndexAny(s, "?#"); k >= 0 {
		s = s[:k] + "?" + redacted
	}
	if printable(s) && len(s) <= shorten.NameLimit {
		return s
	}
	return shorten.QuoteName(s)
}

package refstore

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/zcodec/zcodec/store"
)

// target is where a reference's URL leads: a key of the store at a root
// location (the file system's root, an HTTP origin, a bucket).
type target struct {
	root   string // the root's location, as store.Open takes it
	key    string // the file's key in the root's store
	scheme string // "file", "http", "https", or an object store's
	shown  string // the URL for messages
}

// base is the location relative URLs resolve against: the directory that
// holds the reference set.
type base struct {
	scheme string   // "" when there is none
	dir    string   // a local set: the directory holding it
	host   string   // a remote set: the host or bucket
	segs   []string // a remote set: the segments of the directory holding it
	why    string   // with scheme "": why relative URLs cannot be resolved
}

// parseBase returns the base of a set at location.
func parseBase(location string) base {
	if location == "" {
		return base{why: "the reference set has no location to resolve it against"}
	}
	if !printable(location) || strings.HasPrefix(location, `"`) {
		return base{why: "the reference set's location is not printable"}
	}
	loc, err := store.ParseLocation(location)
	if err != nil {
		return base{why: "the reference set's location is not one: " + err.Error()}
	}
	switch loc.Scheme {
	case "file":
		return base{scheme: "file", dir: filepath.Dir(loc.Path)}
	case "http", "https":
		segs, ok := unescapeSegments(loc.Path)
		if !ok {
			return base{why: "the reference set's URL has a path that is not one of keys"}
		}
		if len(segs) > 0 {
			segs = segs[:len(segs)-1]
		}
		return base{scheme: loc.Scheme, host: loc.Host, segs: segs}
	}
	var segs []string
	if loc.Path != "" {
		segs = strings.Split(loc.Path, "/")
		segs = segs[:len(segs)-1]
	}
	return base{scheme: loc.Scheme, host: loc.Host, segs: segs}
}

// remote reports whether the base is not on this machine.
func (b base) remote() bool { return b.scheme != "" && b.scheme != "file" }

// origin returns the base's scheme and host ("https://example.com"), "" for
// a set that is not read over HTTP.
func (b base) origin() string {
	if b.scheme != "http" && b.scheme != "https" {
		return ""
	}
	return b.scheme + "://" + strings.ToLower(b.host)
}

// schemeAliases are fsspec's other names of schemes zcodec reads.
var schemeAliases = map[string]string{"gcs": "gs", "s3a": "s3"}

// resolve returns where the URL of a reference leads, resolved against b;
// allowLocal lets a remote set name local files.
func resolve(raw string, b base, allowLocal bool) (target, error) {
	fail := func(reason string) (target, error) {
		return target{}, &RefError{URL: showURL(raw), Reason: reason}
	}
	switch {
	case raw == "":
		return target{}, &RefError{URL: "null", Reason: "no URL, and the store has no default file for it"}
	case strings.Contains(raw, "::"):
		return fail(`a chained fsspec URL ("::") is not read: name the file itself`)
	}
	scheme, rest, isURL := splitScheme(raw)
	if !isURL {
		if strings.Contains(raw, "://") {
			return fail("not a URL zcodec reads (the scheme is not one)")
		}
		return resolvePath(raw, b, allowLocal)
	}
	if a, ok := schemeAliases[scheme]; ok {
		scheme, raw = a, a+"://"+rest
	}
	loc, err := store.ParseLocation(raw)
	if err != nil {
		var le *store.LocationError
		if errors.As(err, &le) {
			err = le.Err // the URL is shown by the RefError
		}
		return target{}, &RefError{URL: showURL(raw), Reason: "not a URL zcodec reads", Err: err}
	}
	switch loc.Scheme {
	case "file":
		if b.remote() && !allowLocal {
			return fail("a reference set that is not on this machine may not name a local file")
		}
		return localTarget(raw, loc.Path)
	case "http", "https":
		segs, ok := unescapeSegments(loc.Path)
		key := strings.Join(segs, "/")
		if !ok || store.ValidKey(key) != nil {
			return fail("the URL's path does not name a file")
		}
		return target{root: loc.Scheme + "://" + loc.Host, key: key, scheme: loc.Scheme, shown: showURL(raw)}, nil
	}
	if loc.Path == "" {
		return fail("the URL names a bucket, not a file")
	}
	return target{root: loc.Scheme + "://" + loc.Host, key: loc.Path, scheme: loc.Scheme, shown: showURL(raw)}, nil
}

// resolvePath resolves a URL without a scheme: a local path, or a path
// relative to the set's location.
func resolvePath(raw string, b base, allowLocal bool) (target, error) {
	fail := func(reason string) (target, error) {
		return target{}, &RefError{URL: showURL(raw), Reason: reason}
	}
	abs := filepath.IsAbs(raw) || strings.HasPrefix(raw, "/")
	switch {
	case abs && b.remote() && !allowLocal:
		return fail("a reference set that is not on this machine may not name a local file")
	case abs:
		return localTarget(raw, raw)
	case b.scheme == "":
		return fail("a relative URL, and " + b.why)
	case b.scheme == "file":
		return localTarget(raw, filepath.Join(b.dir, filepath.FromSlash(raw)))
	}
	// Relative to a remote set: "/"-separated segments, taken as written.
	segs := append([]string(nil), b.segs...)
	for _, s := range strings.Split(raw, "/") {
		switch s {
		case "", ".":
		case "..":
			if len(segs) == 0 {
				return fail("a relative URL that leads above the root of its host or bucket")
			}
			segs = segs[:len(segs)-1]
		default:
			segs = append(segs, s)
		}
	}
	key := strings.Join(segs, "/")
	if err := store.ValidKey(key); err != nil {
		return fail("a relative URL that names no file")
	}
	shown := b.scheme + "://" + b.host + "/"
	if b.scheme == "http" || b.scheme == "https" {
		for i, s := range segs {
			segs[i] = url.PathEscape(s)
		}
	}
	return target{root: b.scheme + "://" + b.host, key: key, scheme: b.scheme, shown: showURL(shown + strings.Join(segs, "/"))}, nil
}

// localTarget returns the target of a local file at path (raw is the URL
// the set wrote): the file's real path (links followed), as a key of the
// store of its volume's root.
func localTarget(raw, path string) (target, error) {
	shown := showURL(raw)
	if raw != path {
		shown = showURL(path)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		e := &RefError{URL: shown, Length: -1, Reason: "the file cannot be found"}
		if errors.Is(err, os.ErrNotExist) {
			e.Reason = "the file does not exist"
		} else {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			e.Err = err
		}
		return target{}, e
	}
	if real, err = filepath.Abs(real); err != nil {
		return target{}, &RefError{URL: shown, Length: -1, Err: err}
	}
	vol := filepath.VolumeName(real)
	root := vol + string(filepath.Separator)
	key := filepath.ToSlash(strings.TrimLeft(real[len(vol):], `/\`))
	if store.ValidKey(key) != nil {
		return target{}, &RefError{URL: shown, Length: -1, Reason: fmt.Sprintf("the path %s cannot be read as a key", showURL(real))}
	}
	return target{root: root, key: key, scheme: "file", shown: shown}, nil
}

// splitScheme returns the lower-cased scheme of s and what follows its
// "://", when s starts with a URL scheme (two characters or more: a
// one-letter one is a drive letter) and "://", as store.ParseLocation
// reads them.
func splitScheme(s string) (scheme, rest string, ok bool) {
	i := strings.Index(s, "://")
	if i <= 1 {
		return "", "", false
	}
	for j, c := range []byte(s[:i]) {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (j == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return "", "", false
		}
	}
	return strings.ToLower(s[:i]), s[i+3:], true
}

// unescapeSegments returns the unescaped segments of an escaped URL path
// ("" or "/a/b%20c"); ok is false when one cannot be unescaped into a
// key's segment.
func unescapeSegments(path string) (segs []string, ok bool) {
	path = strings.TrimPrefix(path, "/")
	if path == "" {
		return nil, true
	}
	for _, e := range strings.Split(path, "/") {
		s, err := url.PathUnescape(e)
		if err != nil || strings.Contains(s, "/") {
			return nil, false
		}
		segs = append(segs, s)
	}
	return segs, true
}

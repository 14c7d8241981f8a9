package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// maxProbeDepth is how many path segments above a remote location Open
// looks for the file that the location may name a path inside.
const maxProbeDepth = 8

// candidate is one key that may hold a file of a registered format: the
// location itself, or one of its ancestors, with inner the rest of the
// location's path.
type candidate struct {
	key, inner string
	location   string // the file's location for messages
}

// found is a file of a registered format that a probe recognised.
type found struct {
	candidate
	format Format
	head   []byte
	size   int64
}

// probeFiles reads, at once, the first headSize bytes of every candidate
// through g (one request each), and returns the deepest (the first in
// cands) that a registered format recognises. A failure of cands[0], the
// location itself, is returned unless it says that the key holds no value
// or may not be read (ErrNotFound, ErrForbidden: what a prefix of keys
// answers); failures of its ancestors are taken for "not a file".
func probeFiles(ctx context.Context, g HeadGetter, cands []candidate, list []Format, headSize int) (*found, error) {
	results := make([]*found, len(cands))
	errs := make([]error, len(cands))
	var wg sync.WaitGroup
	for i, c := range cands {
		wg.Go(func() {
			head, size, err := g.GetHead(ctx, c.key, int64(headSize))
			if err != nil {
				errs[i] = err
				return
			}
			if f, ok := matchFormat(list, head, size); ok {
				results[i] = &found{candidate: c, format: f, head: head, size: size}
			}
		})
	}
	wg.Wait()
	if err := errs[0]; err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrForbidden) {
		return nil, err
	}
	for _, r := range results {
		if r != nil {
			return r, nil
		}
	}
	return nil, nil
}

// openFormat opens the file a probe found through its format, reading it
// as key of s; closeFile closes what the File holds.
func openFormat(ctx context.Context, s Store, fd *found, o *OpenOptions, closeFile func() error) (Store, error) {
	f := &File{s: s, key: fd.key, size: fd.size, head: fd.head, location: fd.location, close: closeFile}
	if o.Write {
		f.Close()
		return nil, fmt.Errorf("%s is %s %s file: it opens read-only: %w", fd.location, article(fd.format.Name), fd.format.Name, ErrReadOnly)
	}
	opts := *o
	st, err := fd.format.Open(ctx, f, fd.inner, &opts)
	if err != nil {
		f.Close()
		// The *LocationError around it names the file; say the format,
		// unless the format's own error does.
		if strings.HasPrefix(err.Error(), fd.format.Name+":") {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", fd.format.Name, err)
	}
	return st, nil
}

// article is "an" before a name that starts with a vowel or an "h" (read
// as a letter: "an hdf5 file"), "a" otherwise ("a netcdf file").
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiouhAEIOUH", rune(name[0])) {
		return "an"
	}
	return "a"
}

// openLocalFile opens a file location that names a regular file, or a
// path inside one (the longest existing ancestor of a path that does not
// exist), when a registered format recognises the file. ok is false when
// the location names no such file.
func openLocalFile(ctx context.Context, loc Location, o *OpenOptions, list []Format, headSize int) (s Store, ok bool, err error) {
	file, inner, ok := localFile(loc.Path)
	if !ok {
		return nil, false, nil
	}
	// Read the file where it is, so that a link to it is followed once,
	// here, and the directory store then confines every read to the
	// file's own directory.
	real, err := filepath.EvalSymlinks(file)
	if err != nil {
		return nil, false, err
	}
	dir, name := filepath.Split(real)
	if dir == "" {
		dir = "."
	}
	d, err := OpenDir(dir)
	if err != nil {
		return nil, false, err
	}
	head, size, err := d.GetHead(ctx, name, int64(headSize))
	if err != nil {
		d.Close()
		return nil, false, err
	}
	format, ok := matchFormat(list, head, size)
	if !ok {
		d.Close()
		return nil, false, nil
	}
	fd := &found{candidate: candidate{key: name, inner: inner, location: Location{Scheme: "file", Path: file}.String()}, format: format, head: head, size: size}
	s, err = openFormat(ctx, d, fd, o, d.Close)
	return s, err == nil, err
}

// localFile returns the regular file that path names, or whose path it
// continues (the longest ancestor of a path that does not exist, when
// that ancestor is a regular file), and the rest of path, "/"-separated.
func localFile(path string) (file, inner string, ok bool) {
	var rest []string
	for p := path; ; {
		fi, err := os.Stat(p)
		switch {
		case err == nil && fi.Mode().IsRegular():
			return p, strings.Join(rest, "/"), true
		case err == nil:
			return "", "", false
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return "", "", false
		}
		parent, base := splitLast(p)
		if parent == "" || base == "" {
			return "", "", false
		}
		rest = append([]string{base}, rest...)
		p = parent
	}
}

// splitLast splits a path at its last separator, ignoring trailing ones:
// "a/b//c/" is "a/b" and "c"; a path without a separator has no parent
// ("").
func splitLast(p string) (parent, base string) {
	vol := filepath.VolumeName(p)
	p = p[len(vol):]
	for len(p) > 1 && os.IsPathSeparator(p[len(p)-1]) {
		p = p[:len(p)-1]
	}
	i := len(p) - 1
	for i >= 0 && !os.IsPathSeparator(p[i]) {
		i--
	}
	if i < 0 {
		return "", p
	}
	base = p[i+1:]
	parent = p[:i]
	for len(parent) > 1 && os.IsPathSeparator(parent[len(parent)-1]) {
		parent = parent[:len(parent)-1]
	}
	if parent == "" {
		parent = p[:1] // the root
	}
	return vol + parent, base
}

// remoteCandidates returns the keys to probe for a location whose path
// is the "/"-separated segments segs, in a store rooted at the bucket or
// host root: the location itself and up to maxProbeDepth ancestors,
// deepest first, each with the rest of the path. loc makes the location
// of a file from its segments. Segments that are not keys end the list.
func remoteCandidates(segs []string, loc func(n int) string) []candidate {
	var cands []candidate
	for n := len(segs); n >= 1 && n >= len(segs)-maxProbeDepth; n-- {
		key := strings.Join(segs[:n], "/")
		if ValidKey(key) != nil {
			continue
		}
		cands = append(cands, candidate{key: key, inner: strings.Join(segs[n:], "/"), location: loc(n)})
	}
	return cands
}

// httpSegments returns the unescaped segments of an HTTP location's
// path, and the escaped ones; ok is false when a segment cannot be
// unescaped into a key segment (an escaped "/", a bad escape).
func httpSegments(path string) (segs, escaped []string, ok bool) {
	path = strings.TrimPrefix(path, "/")
	if path == "" {
		return nil, nil, true
	}
	escaped = strings.Split(path, "/")
	for _, e := range escaped {
		s, err := url.PathUnescape(e)
		if err != nil || strings.Contains(s, "/") {
			return nil, nil, false
		}
		segs = append(segs, s)
	}
	return segs, escaped, true
}

// openHTTPFile probes an HTTP location for a file of a registered format
// (see probeFiles) through h, the store of the location. ok is false when
// none is found.
func openHTTPFile(ctx context.Context, loc Location, h *HTTP, o *OpenOptions, list []Format, headSize int) (Store, bool, error) {
	segs, escaped, ok := httpSegments(loc.Path)
	if !ok || len(segs) == 0 {
		return nil, false, nil
	}
	root := h.atRoot()
	cands := remoteCandidates(segs, func(n int) string {
		return Location{Scheme: loc.Scheme, Host: loc.Host, Path: "/" + strings.Join(escaped[:n], "/")}.String()
	})
	if len(cands) == 0 || cands[0].inner != "" {
		return nil, false, nil // the location itself is not a key
	}
	fd, err := probeFiles(ctx, root, cands, list, headSize)
	if err != nil || fd == nil {
		return nil, false, err
	}
	s, err := openFormat(ctx, root, fd, o, nil)
	return s, err == nil, err
}

// atRoot returns a store reading the same server as h, with the same
// client, connections and options, whose keys are paths from the host's
// root.
func (h *HTTP) atRoot() *HTTP {
	c := *h
	u := *h.base
	u.Path, u.RawPath = "", ""
	c.base = &u
	return &c
}

// openObjectFile probes an object-store location for a file of a
// registered format (see probeFiles) through a store of the bucket's
// root that open makes. ok is false when none is found (or when that
// store cannot read heads, HeadGetter), and the caller opens the
// location as a store of keys.
func openObjectFile(ctx context.Context, loc Location, open Opener, o *OpenOptions, list []Format, headSize int) (Store, bool, error) {
	if loc.Path == "" {
		return nil, false, nil
	}
	segs := strings.Split(loc.Path, "/")
	cands := remoteCandidates(segs, func(n int) string {
		return Location{Scheme: loc.Scheme, Host: loc.Host, Path: strings.Join(segs[:n], "/")}.String()
	})
	rootLoc := Location{Scheme: loc.Scheme, Host: loc.Host}
	rootLoc.Raw = rootLoc.String()
	root, err := open(ctx, rootLoc, o)
	if err != nil {
		return nil, false, err
	}
	g, ok := root.(HeadGetter)
	if !ok {
		closeStore(root)
		return nil, false, nil
	}
	fd, err := probeFiles(ctx, g, cands, list, headSize)
	if err != nil || fd == nil {
		closeStore(root)
		return nil, false, err
	}
	s, err := openFormat(ctx, root, fd, o, func() error { return closeStore(root) })
	return s, err == nil, err
}

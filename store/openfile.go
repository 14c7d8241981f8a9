package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/zcodec/zcodec/store/byterange"
)

// maxProbeDepth is how many path segments above a remote location Open
// looks for the file that the location may name a path inside.
const maxProbeDepth = 8

// candidate is one key that may hold a file of a registered format: the
// location itself, or one of its ancestors, with inner the rest of the
// location's path; or, with dirKey set, the value of a directory format's
// Key in such a directory.
type candidate struct {
	key, inner string
	location   string // the file's (the directory's) location for messages
	dirKey     string // for a directory: the Key whose value key is
	n          int    // the number of path segments of the file (directory)
}

// found is a file of a registered format that a probe recognised, or a
// directory of a registered directory format (isDir).
type found struct {
	candidate
	format    Format
	isDir     bool
	dirFormat DirFormat
	head      []byte
	tail      []byte
	size      int64
}

// probeFiles reads, at once, the first bytes of every candidate through g
// (one request each: p.headSize bytes of a file, p.dirHead bytes of a
// directory's Key, and then, for a Key value longer than that, its last
// p.dirTail bytes through s), and returns the first in cands that a
// registered format recognises (the deepest: cands are in that order). A
// failure of cands[0], when it is the location itself as a file, is
// returned unless it says that the key holds no value or may not be read
// (ErrNotFound, ErrForbidden: what a prefix of keys answers); failures of
// its ancestors, and of every directory probe, are taken for "not a file"
// and "not a directory of a format".
func probeFiles(ctx context.Context, s Store, g HeadGetter, cands []candidate, p probes) (*found, error) {
	results := make([]*found, len(cands))
	errs := make([]error, len(cands))
	var wg sync.WaitGroup
	for i, c := range cands {
		wg.Go(func() {
			if c.dirKey != "" {
				results[i] = probeDir(ctx, s, g, c, p)
				return
			}
			head, size, err := g.GetHead(ctx, c.key, int64(p.headSize))
			if err != nil {
				errs[i] = err
				return
			}
			if f, ok := matchFormat(p.files, head, size); ok {
				results[i] = &found{candidate: c, format: f, head: head, size: size}
			}
		})
	}
	wg.Wait()
	if len(cands) > 0 && cands[0].dirKey == "" && cands[0].inner == "" {
		if err := errs[0]; err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrForbidden) {
			return nil, err
		}
	}
	for _, r := range results {
		if r != nil {
			return r, nil
		}
	}
	return nil, nil
}

// probeDir reads the head of a directory format's Key in a directory, and
// its tail when it is longer, and returns the directory format that
// recognises it, if any.
func probeDir(ctx context.Context, s Store, g HeadGetter, c candidate, p probes) *found {
	head, size, err := g.GetHead(ctx, c.key, int64(p.dirHead))
	if err != nil {
		return nil
	}
	tail, err := dirTail(ctx, s, c.key, head, size, p.dirTail)
	if err != nil {
		return nil
	}
	if f, ok := matchDirFormat(p.dirs, c.dirKey, head, tail, size); ok {
		return &found{candidate: c, isDir: true, dirFormat: f, head: head, tail: tail, size: size}
	}
	return nil
}

// dirTail returns the last min(size, n) bytes of key's value, whose first
// bytes are head: cut from head when it holds them, else read through s
// with one request.
func dirTail(ctx context.Context, s Store, key string, head []byte, size int64, n int) ([]byte, error) {
	t := min(size, int64(n))
	if int64(len(head)) >= size {
		return head[int64(len(head))-t:], nil
	}
	if t == 0 {
		return nil, nil
	}
	return s.GetRange(ctx, key, byterange.Range{Offset: -t, Length: t})
}

// dirCandidates returns the directory probes of a location whose path is
// the "/"-separated segments segs: the Key of every registered directory
// format (keys) under the location itself (even when it is the root of a
// host or bucket, len(segs) == 0) and under each of its ancestors that
// remoteCandidates probes for files. loc makes the location of a
// directory from its number of segments.
func dirCandidates(segs []string, keys []string, loc func(n int) string) []candidate {
	var cands []candidate
	for n := len(segs); n >= 0 && n >= len(segs)-maxProbeDepth; n-- {
		if n == 0 && len(segs) > 0 {
			break // never the root as an ancestor
		}
		dir := strings.Join(segs[:n], "/")
		if n > 0 && ValidKey(dir) != nil {
			continue
		}
		for _, k := range keys {
			cands = append(cands, candidate{key: Join(dir, k), inner: strings.Join(segs[n:], "/"), location: loc(n), dirKey: k, n: n})
		}
	}
	return cands
}

// mergeCandidates merges the probes of files and of directories, deepest
// first, a file before the directories of the same depth.
func mergeCandidates(files, dirs []candidate) []candidate {
	all := append(slices.Clone(files), dirs...)
	slices.SortStableFunc(all, func(a, b candidate) int {
		if a.n != b.n {
			return b.n - a.n
		}
		switch {
		case a.dirKey == "" && b.dirKey != "":
			return -1
		case a.dirKey != "" && b.dirKey == "":
			return 1
		}
		return 0
	})
	return all
}

// openDirFormat opens the directory a probe found through its format; d
// holds the directory's store and is closed when the format fails.
func openDirFormat(ctx context.Context, fd *found, d *Directory, o *OpenOptions) (Store, error) {
	opts := *o
	st, err := fd.dirFormat.Open(ctx, d, fd.inner, &opts)
	if err != nil {
		d.Close()
		if strings.HasPrefix(err.Error(), fd.dirFormat.Name+":") {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", fd.dirFormat.Name, err)
	}
	return st, nil
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

// openLocalDir opens a directory location, or a path inside one (the
// deepest existing directory at or above the path, and up to
// maxProbeDepth of its ancestors, never the file system's root unless it
// is that directory), when a registered directory format recognises it by
// the value of its Key there. ok is false when none does.
func openLocalDir(ctx context.Context, loc Location, o *OpenOptions, p probes) (s Store, ok bool, err error) {
	dir, inner, ok := localDir(loc.Path)
	if !ok {
		return nil, false, nil
	}
	for depth := 0; depth <= maxProbeDepth; depth++ {
		for _, k := range p.dirKeys {
			head, tail, size, ok := readLocalKey(filepath.Join(dir, filepath.FromSlash(k)), p.dirHead, p.dirTail)
			if !ok {
				continue
			}
			f, ok := matchDirFormat(p.dirs, k, head, tail, size)
			if !ok {
				continue
			}
			d, err := OpenDir(dir)
			if err != nil {
				return nil, false, err
			}
			fd := &found{candidate: candidate{inner: inner, location: Location{Scheme: "file", Path: dir}.String()}, isDir: true, dirFormat: f}
			s, err := openDirFormat(ctx, fd, &Directory{s: ReadOnly(d), location: fd.location, head: head, tail: tail, size: size}, o)
			return s, err == nil, err
		}
		parent, base := splitLast(dir)
		if parent == "" || base == "" || isRoot(parent) {
			break
		}
		dir, inner = parent, Join(base, inner)
	}
	return nil, false, nil
}

// isRoot reports whether p is the root of a file system (or of a volume).
func isRoot(p string) bool {
	p = p[len(filepath.VolumeName(p)):]
	return p != "" && strings.Trim(p, `/\`) == "" && os.IsPathSeparator(p[0])
}

// localDir returns the directory path names, or whose path it continues
// (the longest ancestor of a path that does not exist, when that ancestor
// is a directory), and the rest of path, "/"-separated.
func localDir(path string) (dir, inner string, ok bool) {
	var rest []string
	for p := path; ; {
		fi, err := os.Stat(p)
		switch {
		case err == nil && fi.IsDir():
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

// readLocalKey reads the first min(size, headSize) bytes of the regular
// file at path, and its last min(size, tailSize) bytes (cut from the head
// when it holds them). ok is false when path is not a readable regular
// file.
func readLocalKey(path string, headSize, tailSize int) (head, tail []byte, size int64, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, 0, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, nil, 0, false
	}
	size = fi.Size()
	head = make([]byte, min(size, int64(headSize)))
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil, nil, 0, false
	}
	t := min(size, int64(tailSize))
	if int64(len(head)) >= size {
		return head, head[int64(len(head))-t:], size, true
	}
	tail = make([]byte, t)
	if _, err := f.ReadAt(tail, size-t); err != nil {
		return nil, nil, 0, false
	}
	return head, tail, size, true
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
		cands = append(cands, candidate{key: key, inner: strings.Join(segs[n:], "/"), location: loc(n), n: n})
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

// openHTTPFile probes an HTTP location for a file of a registered format,
// and for a directory of a registered directory format (see probeFiles),
// through h, the store of the location. ok is false when none is found.
func openHTTPFile(ctx context.Context, loc Location, h *HTTP, o *OpenOptions, p probes) (Store, bool, error) {
	segs, escaped, ok := httpSegments(loc.Path)
	if !ok {
		return nil, false, nil
	}
	locOf := func(n int) string {
		path := ""
		if n > 0 {
			path = "/" + strings.Join(escaped[:n], "/")
		}
		return Location{Scheme: loc.Scheme, Host: loc.Host, Path: path}.String()
	}
	var files []candidate
	if len(p.files) > 0 && len(segs) > 0 {
		files = remoteCandidates(segs, locOf)
		if len(files) == 0 || files[0].inner != "" {
			files = nil // the location itself is not a key
		}
	}
	var dirs []candidate
	if len(p.dirs) > 0 && !o.Write {
		dirs = dirCandidates(segs, p.dirKeys, locOf)
	}
	if len(files) == 0 && len(dirs) == 0 {
		return nil, false, nil
	}
	root := h.atRoot()
	fd, err := probeFiles(ctx, root, root, mergeCandidates(files, dirs), p)
	if err != nil || fd == nil {
		return nil, false, err
	}
	if !fd.isDir {
		s, err := openFormat(ctx, root, fd, o, nil)
		return s, err == nil, err
	}
	ds := h
	if fd.n != len(segs) {
		if ds, err = NewHTTP(fd.location, o.HTTP); err != nil {
			return nil, false, err
		}
	}
	d := &Directory{s: ReadOnly(ds), location: fd.location, head: fd.head, tail: fd.tail, size: fd.size}
	s, err := openDirFormat(ctx, fd, d, o)
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
// registered format, and for a directory of a registered directory format
// (see probeFiles), through a store of the bucket's root that open makes.
// ok is false when none is found (or when that store cannot read heads,
// HeadGetter), and the caller opens the location as a store of keys.
func openObjectFile(ctx context.Context, loc Location, open Opener, o *OpenOptions, p probes) (Store, bool, error) {
	var segs []string
	if loc.Path != "" {
		segs = strings.Split(loc.Path, "/")
	}
	locOf := func(n int) string {
		return Location{Scheme: loc.Scheme, Host: loc.Host, Path: strings.Join(segs[:n], "/")}.String()
	}
	var files, dirs []candidate
	if len(p.files) > 0 && len(segs) > 0 {
		files = remoteCandidates(segs, locOf)
	}
	if len(p.dirs) > 0 && !o.Write {
		dirs = dirCandidates(segs, p.dirKeys, locOf)
	}
	if len(files) == 0 && len(dirs) == 0 {
		return nil, false, nil
	}
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
	fd, err := probeFiles(ctx, root, g, mergeCandidates(files, dirs), p)
	if err != nil || fd == nil {
		closeStore(root)
		return nil, false, err
	}
	if !fd.isDir {
		s, err := openFormat(ctx, root, fd, o, func() error { return closeStore(root) })
		return s, err == nil, err
	}
	closeStore(root)
	dirLoc := Location{Scheme: loc.Scheme, Host: loc.Host, Path: strings.Join(segs[:fd.n], "/")}
	dirLoc.Raw = dirLoc.String()
	ds, err := open(ctx, dirLoc, o)
	if err != nil {
		return nil, false, err
	}
	d := &Directory{s: ReadOnly(ds), location: fd.location, head: fd.head, tail: fd.tail, size: fd.size}
	s, err := openDirFormat(ctx, fd, d, o)
	return s, err == nil, err
}

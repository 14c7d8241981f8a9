package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// openStore opens the store a command's PATH names, read-only unless
// write: a directory, an http:// or https:// URL (read-only), or an
// object store (s3://bucket/prefix, gs://bucket/prefix), reached as sf
// says. It is store.Open with the options of the flags; an error names
// the location without credentials. The caller calls the returned
// function to close the store.
func openStore(ctx context.Context, path string, write bool, sf *storeFlags) (store.Store, func(), error) {
	if path == "" {
		return nil, nil, errors.New("empty path")
	}
	s, err := store.Open(ctx, path, sf.openOptions(write))
	if err != nil {
		var le *store.LocationError
		if errors.As(err, &le) {
			return nil, nil, fmt.Errorf("%s: %w", le.Location, le.Err)
		}
		return nil, nil, err
	}
	closeStore := func() {}
	if c, ok := s.(io.Closer); ok {
		closeStore = func() { c.Close() }
	}
	return s, closeStore, nil
}

// target is what a PATH holds: one array, or a group and its members.
type target struct {
	array   *zarr.Array // when PATH is an array
	group   *zarr.Group // when PATH is a group
	members []zarr.Node
	// problems lists the keys of the group's hierarchy that Members could
	// not use (names that are not keys, unreadable entries or metadata),
	// nil when there are none: members holds the nodes it read.
	problems *zarr.MembersError
	// opts are the options the arrays are opened with (members too).
	opts *zarr.Options
	// path is PATH as the user gave it, to name the nodes (nodeName).
	path string
	// st is the store the nodes are in.
	st store.Store
	// source is the target as the source of a conversion, nil when the
	// target was not opened by openTarget.
	source *convert.Source
}

// openTarget opens the node at the root of s: a group with its members, or
// an array opened with opts (convert.OpenSource, the source of a
// conversion).
func openTarget(ctx context.Context, s store.Store, opts *zarr.Options) (*target, error) {
	src, err := convert.OpenSource(ctx, s, opts)
	if err != nil {
		return nil, err
	}
	return &target{array: src.Array(), group: src.Group(), members: src.Members(), problems: src.Problems(), opts: opts, st: s, source: src}, nil
}

// consolidatedMismatches returns, one line for each, the nodes on which
// the group's consolidated metadata and the nodes' own metadata disagree
// (zarr.Group.CheckConsolidated), each line naming the node, the fields
// and which copy is used (the consolidated one, as for every command that
// reaches the node through the group); nil when t is not a group with
// consolidated metadata or its store cannot list.
func (t *target) consolidatedMismatches(ctx context.Context) []string {
	if t.group == nil || !t.group.Consolidated() {
		return nil
	}
	ms, err := t.group.CheckConsolidated(ctx)
	if errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	if err != nil {
		return []string{"the consolidated metadata could not be compared with the store: " + namedErr(t.path, err).Error()}
	}
	lines := make([]string, len(ms))
	for i, m := range ms {
		lines[i] = nodeName(t.path, m.Path) + ": " + m.Reason()
	}
	return lines
}

// openPath opens the store at path and the node at its root, for the
// commands that take a PATH; an error opening the node names path. The
// caller calls the returned function to close the store.
func openPath(ctx context.Context, path string, sf *storeFlags) (*target, func(), error) {
	s, closeStore, err := openStore(ctx, path, false, sf)
	if err != nil {
		return nil, nil, err
	}
	t, err := openTarget(ctx, s, sf.arrayOptions())
	if err != nil {
		closeStore()
		return nil, nil, pathErr(path, err)
	}
	t.path = path
	return t, closeStore, nil
}

// openArrayAt opens the array at the root of s; a group is an error that
// lists its arrays.
func openArrayAt(ctx context.Context, s store.Store, path string, opts *zarr.Options) (*zarr.Array, error) {
	t, err := openTarget(ctx, s, opts)
	if err != nil {
		return nil, pathErr(path, err)
	}
	path = shown(path)
	if t.array != nil {
		return t.array, nil
	}
	var names []string
	for _, m := range t.members {
		if m.Kind == "array" {
			names = append(names, strings.TrimSuffix(path, "/")+"/"+m.Path)
		}
	}
	if len(names) == 0 && t.problems != nil {
		return nil, fmt.Errorf("%s is a group with no arrays that can be read: %w", path, t.problems)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s is a group with no arrays", path)
	}
	if len(names) > 5 {
		names = append(names[:5], "...")
	}
	return nil, fmt.Errorf("%s is a group; give the path of one of its arrays: %s", path, strings.Join(names, ", "))
}

// failf prints a command's error and returns status 1. After a signal, an
// error among args that the cancelled context caused is told as
// "interrupted", which is all the user needs to know of it.
func failf(w io.Writer, cmd string, format string, args ...any) int {
	for _, a := range args {
		if err, ok := a.(error); ok && errors.Is(err, context.Canceled) && interrupted() {
			fmt.Fprintf(w, "zcodec %s: interrupted\n", cmd)
			return 1
		}
	}
	args = slices.Clone(args)
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = flagged(err)
		}
	}
	fmt.Fprintf(w, "zcodec %s: %s\n", cmd, fmt.Sprintf(format, args...))
	return 1
}

// limitHeap sets a soft limit on the Go heap for the commands that stream
// arrays (cat, convert), unless GOMEMLIMIT is set: their working set is one
// slab (16 MiB) and, per goroutine, a few chunks of the largest size given,
// so a limit keeps the garbage of a long run from growing the process
// (measured: convert of a 512 MiB array peaked at 70 MiB without it, 47 MiB
// with it, for the same CPU time).
func limitHeap(chunkBytes ...int) {
	largest := 0
	for _, n := range chunkBytes {
		largest = max(largest, n)
	}
	setHeapLimit(48<<20 + 4*int64(runtime.GOMAXPROCS(0))*int64(largest))
}

// setHeapLimit sets the soft limit on the Go heap to n bytes, unless the
// GOMEMLIMIT environment variable set one.
func setHeapLimit(n int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(n)
}

// checkDisjoint returns a usage error when the new store dst would be
// written into the store src reads, or hold it: dst equal to src, inside
// it, or src inside dst, after making both absolute, cleaning them and
// resolving their symbolic links (of dst, which does not exist yet, those
// of its longest existing ancestor); for object stores, the same scheme
// and bucket with one prefix equal to or below the other (both are reached
// through the same endpoint flags). what names dst in the message ("DST",
// "--apply").
func checkDisjoint(src, dst, what string) error {
	if err := checkDisjointObjects(src, dst, what); err != nil {
		return err
	}
	src, srcLocal := localDir(src)
	dst, dstLocal := localDir(dst)
	if !srcLocal || !dstLocal {
		return nil // no URL store shares a directory with another
	}
	s, err := resolvePath(src)
	if err != nil {
		return nil // SRC cannot be opened: the open says why
	}
	d, err := resolvePath(dst)
	if err != nil {
		return nil
	}
	switch {
	case s == d:
		return fmt.Errorf("%s %s is the store SRC %s: give a new directory outside it", what, memberName(dst), memberName(src))
	case within(d, s):
		return fmt.Errorf("%s %s lies inside SRC %s: the result would be written into the store being read; give a directory outside it", what, memberName(dst), memberName(src))
	case within(s, d):
		return fmt.Errorf("SRC %s lies inside %s %s: give a directory that does not hold the store being read", memberName(src), what, memberName(dst))
	}
	return nil
}

// checkDisjointObjects is checkDisjoint for two object-store locations.
func checkDisjointObjects(src, dst, what string) error {
	s, serr := store.ParseLocation(src)
	d, derr := store.ParseLocation(dst)
	switch {
	case serr != nil || derr != nil, s.Scheme != d.Scheme, s.Host != d.Host:
		return nil
	case s.Scheme == "file" || s.Scheme == "http" || s.Scheme == "https":
		return nil
	}
	below := func(p, q string) bool { return q == "" || strings.HasPrefix(p, q+"/") }
	switch {
	case s.Path == d.Path:
		return fmt.Errorf("%s %s is the store SRC %s: give a new location outside it", what, d, s)
	case below(d.Path, s.Path):
		return fmt.Errorf("%s %s lies inside SRC %s: the result would be written into the store being read; give a location outside it", what, d, s)
	case below(s.Path, d.Path):
		return fmt.Errorf("SRC %s lies inside %s %s: give a location that does not hold the store being read", s, what, d)
	}
	return nil
}

// localDir returns the directory a PATH names and true, or false when
// PATH is not a directory (a URL of another scheme, or no location).
func localDir(path string) (string, bool) {
	loc, err := store.ParseLocation(path)
	if err != nil || loc.Scheme != "file" {
		return "", false
	}
	return loc.Path, true
}

// shown is PATH as messages print it: a directory as given, a URL as
// store.Location prints it, which holds no credentials (store.Open
// refuses a URL that carries any, and the message of that refusal shows
// none).
func shown(path string) string {
	loc, err := store.ParseLocation(path)
	var le *store.LocationError
	switch {
	case err == nil && loc.Scheme == "file":
		return path
	case err == nil:
		return loc.String()
	case errors.As(err, &le):
		return le.Location
	}
	return path
}

// within reports whether the clean absolute path p lies under dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// resolvePath returns path absolute, clean, with the symbolic links of its
// longest existing prefix resolved.
func resolvePath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rest := ""
	for p := abs; ; {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest), nil
		}
		parent := filepath.Dir(p)
		if parent == p {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// pathErr is the error of opening the node at the root of the store at
// path: its nodes named under path (namedErr), or, when it names none,
// path and the error.
func pathErr(path string, err error) error {
	if hasNode(err) {
		return namedErr(path, err)
	}
	return fmt.Errorf("%s: %w", shown(path), err)
}

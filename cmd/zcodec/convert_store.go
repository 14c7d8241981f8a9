package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"

	"github.com/zcodec/zcodec/convert"
	"github.com/zcodec/zcodec/store"
)

// destination is DST opened for writing.
type destination struct {
	s     store.Store
	loc   store.Location
	close func()
}

// local reports whether DST is a directory (not an object store).
func (d *destination) local() bool { return d.loc.Scheme == "file" }

// parseDestination parses DST and refuses a location that cannot be
// written (HTTP).
func parseDestination(dst string) (store.Location, error) {
	loc, err := store.ParseLocation(dst)
	if err != nil {
		return loc, err
	}
	if loc.Scheme == "http" || loc.Scheme == "https" {
		return loc, fmt.Errorf("DST %s: an HTTP store is read-only; give a directory, s3:// or gs://", loc)
	}
	return loc, nil
}

// openDestination opens DST for writing: a directory (created when create
// is set and it is absent) or an object store.
func openDestination(ctx context.Context, dst string, sf *storeFlags, create bool) (*destination, error) {
	loc, err := parseDestination(dst)
	if err != nil {
		return nil, err
	}
	opts := sf.openOptions(true)
	opts.Create = create
	s, err := store.Open(ctx, dst, opts)
	if err != nil {
		var le *store.LocationError
		if errors.As(err, &le) {
			return nil, fmt.Errorf("%s: %w", le.Location, le.Err)
		}
		return nil, err
	}
	d := &destination{s: s, loc: loc, close: func() {}}
	if c, ok := s.(io.Closer); ok {
		d.close = func() { c.Close() }
	}
	return d, nil
}

// removePlanDir removes the directories a directory store leaves behind
// when the plan's keys are deleted.
func (d *destination) removePlanDir() {
	if d.local() {
		os.Remove(filepath.Join(d.loc.Path, filepath.FromSlash(convert.Dir)))
		os.Remove(filepath.Join(d.loc.Path, ".zcodec"))
	}
}

// removeAll deletes every key of d: what a failed conversion into an
// empty object store wrote. It runs with its own context, so that it
// still runs after a signal cancelled the conversion's. The metadata
// documents go first, and the chunks only once all of them are gone: a
// removal that fails half-way (the store became unreachable) must not
// leave a published zarr.json over chunks already deleted, which would
// read as an array of fill values.
func (d *destination) removeAll(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	var meta, rest []string
	err := d.s.List(ctx, "", func(e store.Entry) error {
		switch {
		case e.Err != nil:
		case metadataKey(e.Key):
			meta = append(meta, e.Key)
		default:
			rest = append(rest, e.Key)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range meta {
		if err := d.s.Delete(ctx, k); err != nil {
			return fmt.Errorf("%w (the chunks are left in place until the metadata is gone)", err)
		}
	}
	var first error
	for _, k := range rest {
		if err := d.s.Delete(ctx, k); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// metadataKey reports whether key names a Zarr metadata document (v3
// zarr.json, v2 .zarray, .zgroup, .zattrs, .zmetadata).
func metadataKey(key string) bool {
	switch path.Base(key) {
	case "zarr.json", ".zarray", ".zgroup", ".zattrs", ".zmetadata":
		return true
	}
	return false
}

// notEmpty returns the error of a conversion into d that found d not
// empty (a *convert.NotEmptyError) as the command says it, naming DST;
// any other error as it is.
func (d *destination) notEmpty(err error) error {
	var ne *convert.NotEmptyError
	if errors.As(err, &ne) {
		return &namedError{msg: fmt.Sprintf("DST %s is not empty (it holds %s) and holds no conversion plan; give a new location, or, when a convert that stopped left those keys, delete every key under DST and run again", d.loc, memberName(ne.Key)), err: err}
	}
	return err
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// openStore opens the store a command's PATH names: an http:// or https://
// URL (read-only) or a directory, read-only unless write.
func openStore(path string, write bool) (store.Store, func(), error) {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		if write {
			return nil, nil, fmt.Errorf("%s: an HTTP store is read-only", path)
		}
		h, err := store.NewHTTP(path, nil)
		if err != nil {
			return nil, nil, err
		}
		return h, func() {}, nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.IsDir() {
		return nil, nil, fmt.Errorf("%s: not a directory (a Zarr store is a directory holding zarr.json, or .zarray/.zgroup)", path)
	}
	d, err := store.OpenDir(path)
	if err != nil {
		return nil, nil, err
	}
	var s store.Store = d
	if !write {
		s = store.ReadOnly(d)
	}
	return s, func() { d.Close() }, nil
}

// target is what a PATH holds: one array, or a group and its members.
type target struct {
	array   *zarr.Array // when PATH is an array
	group   *zarr.Group // when PATH is a group
	members []zarr.Node
}

// openTarget opens the node at the root of s: a group with its members, or
// an array.
func openTarget(ctx context.Context, s store.Store) (*target, error) {
	g, err := zarr.OpenGroup(ctx, s, "")
	if err == nil {
		members, err := g.Members(ctx)
		if err != nil {
			return nil, err
		}
		return &target{group: g, members: members}, nil
	}
	if !errors.Is(err, zarr.ErrNotGroup) && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	a, aerr := zarr.Open(ctx, s, "", nil)
	if aerr != nil {
		return nil, aerr
	}
	return &target{array: a}, nil
}

// openPath opens the store at path and the node at its root, for the
// commands that take a PATH; an error opening the node names path. The
// caller calls the returned function to close the store.
func openPath(ctx context.Context, path string) (*target, func(), error) {
	s, closeStore, err := openStore(path, false)
	if err != nil {
		return nil, nil, err
	}
	t, err := openTarget(ctx, s)
	if err != nil {
		closeStore()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, closeStore, nil
}

// openArrayAt opens the array at the root of s; a group is an error that
// lists its arrays.
func openArrayAt(ctx context.Context, s store.Store, path string) (*zarr.Array, error) {
	t, err := openTarget(ctx, s)
	if err != nil {
		return nil, err
	}
	if t.array != nil {
		return t.array, nil
	}
	var names []string
	for _, m := range t.members {
		if m.Kind == "array" {
			names = append(names, strings.TrimSuffix(path, "/")+"/"+m.Path)
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s is a group with no arrays", path)
	}
	if len(names) > 5 {
		names = append(names[:5], "...")
	}
	return nil, fmt.Errorf("%s is a group; give the path of one of its arrays: %s", path, strings.Join(names, ", "))
}

// failf prints a command's error and returns status 1. An error among
// args that a cancelled context caused (Ctrl-C) is told as "interrupted",
// which is all the user needs to know of it.
func failf(w io.Writer, cmd string, format string, args ...any) int {
	for _, a := range args {
		if err, ok := a.(error); ok && errors.Is(err, context.Canceled) {
			fmt.Fprintf(w, "zcodec %s: interrupted\n", cmd)
			return 1
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

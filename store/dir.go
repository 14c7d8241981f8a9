package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
)

// Dir is a store in a directory on disk: key "a/b/c" is the file a/b/c
// under the directory. It is the store zarr-python calls a local store.
//
// Every access goes through an os.Root, so no key, and no symbolic link met
// on the way, can reach a file outside the directory. Only regular files
// are values: a key that names a directory is ErrIsDirectory, and any other
// kind of file (a FIFO, a device) is an error, never opened. Writes are
// atomic (a temporary file renamed over the key).
type Dir struct {
	root *os.Root
	path string
}

// tempMarker is in the name of every temporary file of a write in
// progress; List skips such files.
const tempMarker = ".zcodec-tmp."

// OpenDir opens the existing directory path as a store.
func OpenDir(path string) (*Dir, error) {
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, fmt.Errorf("store: open directory: %w", err)
	}
	return &Dir{root: root, path: path}, nil
}

// CreateDir creates the directory path (and its parents) if it does not
// exist and opens it as a store.
func CreateDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o777); err != nil {
		return nil, fmt.Errorf("store: create directory: %w", err)
	}
	return OpenDir(path)
}

// Path returns the directory's path as given to OpenDir or CreateDir.
func (d *Dir) Path() string { return d.path }

// Close releases the directory. The store must not be used afterwards.
func (d *Dir) Close() error { return d.root.Close() }

// String returns the directory's path.
func (d *Dir) String() string { return d.path }

// open opens key's file for reading after checking that it is a regular
// file, and returns it with its size.
func (d *Dir) open(ctx context.Context, op, key string) (*os.File, int64, error) {
	if err := begin(ctx, op, key); err != nil {
		return nil, 0, err
	}
	name := filepath.FromSlash(key)
	fail := func(err error) (*os.File, int64, error) { return nil, 0, &KeyError{Op: op, Key: key, Err: mapErr(err)} }
	if statFirst {
		fi, err := d.root.Stat(name)
		if err != nil {
			return fail(err)
		}
		if err := regular(fi); err != nil {
			return fail(err)
		}
	}
	f, err := d.root.OpenFile(name, openFlags, 0)
	if err != nil {
		return fail(err)
	}
	// Check what was opened (on systems without O_NONBLOCK, again: the
	// file may have been replaced since).
	fi, err := f.Stat()
	if err == nil {
		err = regular(fi)
	}
	if err != nil {
		f.Close()
		return fail(err)
	}
	return f, fi.Size(), nil
}

func regular(fi fs.FileInfo) error {
	switch {
	case fi.IsDir():
		return ErrIsDirectory
	case !fi.Mode().IsRegular():
		return fmt.Errorf("not a regular file (%v)", fi.Mode().Type())
	}
	return nil
}

// mapErr turns "no such file" and "a parent is not a directory" into
// ErrNotFound and keeps every other error.
func mapErr(err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return ErrNotFound
	}
	return err
}

// Get reads key's file.
func (d *Dir) Get(ctx context.Context, key string, limit int64) ([]byte, error) {
	f, size, err := d.open(ctx, "get", key)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := checkLimit(size, limit); err != nil {
		return nil, &KeyError{Op: "get", Key: key, Err: err}
	}
	buf := make([]byte, size)
	if _, err := io.ReadFull(f, buf); err != nil {
		return nil, &KeyError{Op: "get", Key: key, Err: fmt.Errorf("file shrank while reading: %w", err)}
	}
	return buf, nil
}

// GetRange reads the bytes of key's file that r selects.
func (d *Dir) GetRange(ctx context.Context, key string, r ByteRange) ([]byte, error) {
	f, size, err := d.open(ctx, "get range", key)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	start, end, err := Bounds(r, size)
	if err != nil {
		return nil, &KeyError{Op: "get range", Key: key, Err: err}
	}
	buf := make([]byte, end-start)
	if _, err := f.ReadAt(buf, start); err != nil {
		return nil, &KeyError{Op: "get range", Key: key, Err: fmt.Errorf("file shrank while reading: %w", err)}
	}
	return buf, nil
}

// Set writes value to a temporary file beside key's file and renames it
// over the key, creating the directories on the way.
func (d *Dir) Set(ctx context.Context, key string, value []byte) error {
	if err := begin(ctx, "set", key); err != nil {
		return err
	}
	fail := func(err error) error { return &KeyError{Op: "set", Key: key, Err: err} }
	name := filepath.FromSlash(key)
	dir, base := path.Split(key)
	if dir != "" {
		if err := d.root.MkdirAll(filepath.FromSlash(strings.TrimSuffix(dir, "/")), 0o777); err != nil {
			return fail(err)
		}
	}
	if fi, err := d.root.Lstat(name); err == nil {
		if fi.IsDir() {
			return fail(ErrIsDirectory)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			// The rename below replaces the link, not its target; still,
			// a link that leads out of the directory is refused.
			if _, err := d.root.Stat(name); err != nil && !errors.Is(mapErr(err), ErrNotFound) {
				return fail(err)
			}
		}
	}
	tmp := filepath.FromSlash(dir + "." + base + tempMarker + fmt.Sprintf("%016x", rand.Uint64()))
	f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return fail(err)
	}
	_, werr := f.Write(value)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		if werr = ctx.Err(); werr == nil {
			werr = d.root.Rename(tmp, name)
		}
	}
	if werr != nil {
		d.root.Remove(tmp)
		return fail(werr)
	}
	return nil
}

// Delete removes key's file. Directories are left in place.
func (d *Dir) Delete(ctx context.Context, key string) error {
	if err := begin(ctx, "delete", key); err != nil {
		return err
	}
	name := filepath.FromSlash(key)
	fi, err := d.root.Lstat(name)
	if err != nil {
		if errors.Is(mapErr(err), ErrNotFound) {
			return nil
		}
		return &KeyError{Op: "delete", Key: key, Err: err}
	}
	if fi.IsDir() {
		return &KeyError{Op: "delete", Key: key, Err: ErrIsDirectory}
	}
	if err := d.root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &KeyError{Op: "delete", Key: key, Err: err}
	}
	return nil
}

// List walks the directory under prefix and reports every regular file
// (and every symbolic link to one inside the directory) whose path is a
// valid key, with its size. Directories are read, and their files' sizes
// looked up, on up to GOMAXPROCS goroutines; fn is called from List's own
// goroutine, in no particular order.
func (d *Dir) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	if err := ValidPrefix(prefix); err != nil {
		return &KeyError{Op: "list", Key: prefix, Err: err}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type batch struct {
		entries []Entry
		err     error
	}
	var (
		pending sync.WaitGroup
		dirs    = make(chan string, 1024)
		results = make(chan batch, 64)
		queue   []string // directories waiting for room in dirs
		qmu     sync.Mutex
	)
	// enqueue never blocks a worker: directories that do not fit the
	// channel wait in queue until a worker takes the next one.
	enqueue := func(rel string) {
		pending.Add(1)
		select {
		case dirs <- rel:
		default:
			qmu.Lock()
			queue = append(queue, rel)
			qmu.Unlock()
		}
	}
	next := func() (string, bool) {
		qmu.Lock()
		defer qmu.Unlock()
		if n := len(queue); n > 0 {
			rel := queue[n-1]
			queue = queue[:n-1]
			return rel, true
		}
		return "", false
	}
	var workers sync.WaitGroup
	work := func(rel string) {
		defer pending.Done()
		if ctx.Err() != nil {
			return // stopped: only count it done, so that pending.Wait returns
		}
		entries, subdirs, err := d.readDir(ctx, rel)
		for _, sd := range subdirs {
			enqueue(sd)
		}
		select {
		case results <- batch{entries, err}:
		case <-ctx.Done():
		}
	}
	for range runtime.GOMAXPROCS(0) {
		workers.Go(func() {
			// Every directory enqueued must be taken, even after a stop:
			// dirs closes only when all of them are done.
			for rel := range dirs {
				work(rel)
				for rel, ok := next(); ok; rel, ok = next() {
					work(rel)
				}
			}
		})
	}
	enqueue(strings.TrimSuffix(prefix, "/"))
	go func() {
		pending.Wait()
		close(dirs)
		workers.Wait()
		close(results)
	}()
	var firstErr error
	for b := range results {
		if firstErr != nil {
			continue
		}
		if b.err != nil {
			firstErr = &KeyError{Op: "list", Key: prefix, Err: b.err}
			cancel()
			continue
		}
		for _, e := range b.entries {
			if err := fn(e); err != nil {
				firstErr = err
				cancel()
				break
			}
		}
	}
	if firstErr == nil && ctx.Err() != nil {
		firstErr = &KeyError{Op: "list", Key: prefix, Err: context.Cause(ctx)}
	}
	return firstErr
}

// readDir reads the directory rel ("" for the root): the keys of its
// regular files with their sizes, and its subdirectories.
func (d *Dir) readDir(ctx context.Context, rel string) (entries []Entry, subdirs []string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	name := "."
	if rel != "" {
		name = filepath.FromSlash(rel)
	}
	f, err := d.root.Open(name)
	if err != nil {
		if errors.Is(mapErr(err), ErrNotFound) {
			return nil, nil, nil // nothing under the prefix
		}
		return nil, nil, err
	}
	des, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		if errors.Is(err, syscall.ENOTDIR) {
			return nil, nil, nil // a file where the prefix's directory would be
		}
		return nil, nil, err
	}
	for _, de := range des {
		p := de.Name()
		if rel != "" {
			p = rel + "/" + p
		}
		if de.IsDir() {
			subdirs = append(subdirs, p)
			continue
		}
		if strings.Contains(de.Name(), tempMarker) || ValidKey(p) != nil {
			continue
		}
		fi, err := de.Info()
		if err != nil {
			continue // removed since the directory was read
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			if fi, err = d.root.Stat(filepath.FromSlash(p)); err != nil || fi.IsDir() {
				continue // a link that leads nowhere, out of the directory, or to a directory
			}
		}
		if fi.Mode().IsRegular() {
			entries = append(entries, Entry{Key: p, Size: fi.Size()})
		}
	}
	return entries, subdirs, nil
}

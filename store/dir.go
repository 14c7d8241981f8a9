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
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/zcodec/zcodec/store/byterange"
)

// Dir is a store in a directory on disk: key "a/b/c" is the file a/b/c
// under the directory. It is the store zarr-python calls a local store.
//
// Every access goes through an os.Root, so no key, and no symbolic link met
// on the way, can reach a file outside the directory. Only regular files
// are values: a key that names anything else (a directory, a FIFO, a
// device, a link out of the directory or to nothing) is an *UnreadableError
// (matched by ErrUnreadable, and by ErrIsDirectory for a directory), found
// without blocking and never taken for an absent key. Writes are atomic (a
// temporary file renamed over the key).
type Dir struct {
	root *os.Root
	path string
	dirs dirCache // handles of the directories of keys read lately
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
func (d *Dir) Close() error {
	d.dirs.clear()
	return d.root.Close()
}

// String returns the directory's path.
func (d *Dir) String() string { return d.path }

// open opens key's file for reading after checking that it is a regular
// file, and returns it with its size. A key that holds nothing is
// ErrNotFound; a key that names something that is not a readable value (a
// directory, a FIFO, a device, a link out of the directory) is an
// *UnreadableError, found without blocking.
func (d *Dir) open(ctx context.Context, op, key string) (*os.File, int64, error) {
	if err := begin(ctx, op, key); err != nil {
		return nil, 0, err
	}
	fail := func(err error) (*os.File, int64, error) { return nil, 0, &KeyError{Op: op, Key: key, Err: err} }
	if f, size, err, ok := d.openCached(key); ok {
		if err != nil {
			return fail(err)
		}
		return f, size, nil
	}
	name := filepath.FromSlash(key)
	if statFirst {
		d.hookName(name)
		fi, err := d.root.Stat(name)
		if err != nil {
			return fail(d.openErr(d.root, name, err))
		}
		if err := regular(fi); err != nil {
			return fail(err)
		}
	}
	d.hookName(name)
	f, err := d.root.OpenFile(name, openFlags, 0)
	if err != nil {
		return fail(d.openErr(d.root, name, err))
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

// openErr classifies an error of opening name in r: ErrNotFound when
// nothing is there, an *UnreadableError when something is there that
// cannot be opened (a symbolic link that leads out of the directory, to
// nothing or in a loop; a file without permission), and err itself
// otherwise (an error of the system, such as too many open files).
func (d *Dir) openErr(r *os.Root, name string, err error) error {
	notFound := errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
	d.hookName(name)
	fi, lerr := r.Lstat(name)
	switch {
	case lerr != nil && notFound:
		return ErrNotFound
	case lerr == nil && fi.Mode()&fs.ModeSymlink != 0:
		return &UnreadableError{Reason: "a symbolic link that leads out of the store, to nothing or in a loop", Err: err}
	case lerr == nil && fi.IsDir():
		return &UnreadableError{Err: ErrIsDirectory}
	case errors.Is(err, fs.ErrPermission):
		return &UnreadableError{Reason: "permission denied", Err: err}
	case escapes(err), errors.Is(err, syscall.ELOOP):
		return &UnreadableError{Reason: "a path through a symbolic link that leads out of the store or in a loop", Err: err}
	case notFound:
		return ErrNotFound
	}
	return err
}

// escapes reports whether err is os.Root's refusal of a path that leads
// out of the root (an error the os package does not export).
func escapes(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Err != nil && pe.Err.Error() == "path escapes from parent"
}

// mapErr turns "no such file" and "a parent is not a directory" into
// ErrNotFound and keeps every other error.
func mapErr(err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return ErrNotFound
	}
	return err
}

// regular returns nil for a regular file and an *UnreadableError for
// anything else.
func regular(fi fs.FileInfo) error {
	switch {
	case fi.IsDir():
		return &UnreadableError{Err: ErrIsDirectory}
	case !fi.Mode().IsRegular():
		return &UnreadableError{Reason: "not a regular file but " + kind(fi.Mode())}
	}
	return nil
}

// kind names a type of file that is not a value.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeIrregular != 0:
		return "a file of an unknown kind"
	}
	return fmt.Sprintf("a file of mode %v", m.Type())
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
func (d *Dir) GetRange(ctx context.Context, key string, r byterange.Range) ([]byte, error) {
	f, size, err := d.open(ctx, "get range", key)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	start, end, err := byterange.Bounds(r, size)
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
	d.dirs.clear()
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
	d.dirs.clear()
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
// (and every symbolic link to one inside the directory) with its key and
// size, and, with Err set, everything else it finds that is not a value:
// names that are not valid keys (not descended into), FIFOs, devices,
// sockets, links that lead out of the directory, to nothing or to a
// directory (not followed), and directories it cannot read. Temporary
// files of writes in progress are skipped. Directories are read on up to
// GOMAXPROCS goroutines; fn is called from List's own goroutine, in no
// particular order.
//
// Each directory is opened from its parent's open handle, so the work of
// a listing is linear in the number of entries whatever the depth of the
// tree; List holds about one open file per level of the directory it is
// reading.
func (d *Dir) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	if err := ValidPrefix(prefix); err != nil {
		return &KeyError{Op: "list", Key: prefix, Err: err}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := &walker{d: d, ctx: ctx, results: make(chan dirBatch, 64)}
	w.cond = sync.NewCond(&w.mu)
	start := strings.TrimSuffix(prefix, "/")
	w.stack = []dirItem{{name: start, rel: start}}
	stopWaiters := context.AfterFunc(ctx, func() {
		w.mu.Lock()
		w.cond.Broadcast()
		w.mu.Unlock()
	})
	defer stopWaiters()
	var workers sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		workers.Go(w.work)
	}
	go func() {
		workers.Wait()
		w.drain()
		close(w.results)
	}()
	var firstErr error
	for b := range w.results {
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

// dirHandle is an open directory whose subdirectories wait to be opened
// from it; it is closed when the last of them has been.
type dirHandle struct {
	root *os.Root
	refs atomic.Int64
}

func (h *dirHandle) release() {
	if h != nil && h.refs.Add(-1) == 0 {
		h.root.Close()
	}
}

// dirItem is a directory waiting to be read: name in parent (parent nil:
// name relative to the store's root), with key path rel.
type dirItem struct {
	parent    *dirHandle
	name, rel string
}

// dirBatch is what reading one directory found.
type dirBatch struct {
	entries []Entry
	err     error
}

// walker reads the directories of one List call on several goroutines,
// taking the most recently found first (so that open handles stay about
// as many as the levels of the tree).
type walker struct {
	d       *Dir
	ctx     context.Context
	results chan dirBatch
	mu      sync.Mutex
	cond    *sync.Cond
	stack   []dirItem
	active  int // directories being read
}

// work reads directories until none is left or the walk stops.
func (w *walker) work() {
	for {
		w.mu.Lock()
		for len(w.stack) == 0 && w.active > 0 && w.ctx.Err() == nil {
			w.cond.Wait()
		}
		if len(w.stack) == 0 || w.ctx.Err() != nil {
			w.cond.Broadcast()
			w.mu.Unlock()
			return
		}
		it := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		w.active++
		w.mu.Unlock()

		b, sub := w.read(it)
		w.mu.Lock()
		w.stack = append(w.stack, sub...)
		w.active--
		w.cond.Broadcast()
		w.mu.Unlock()
		if b.err != nil || len(b.entries) > 0 {
			select {
			case w.results <- b:
			case <-w.ctx.Done():
			}
		}
	}
}

// drain releases the handles of directories left unread by a stop.
func (w *walker) drain() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, it := range w.stack {
		it.parent.release()
	}
	w.stack = nil
}

// read opens and reads the directory of it, returning what it holds and
// its subdirectories, to be opened from its handle.
func (w *walker) read(it dirItem) (dirBatch, []dirItem) {
	var (
		r   *os.Root
		err error
	)
	if it.parent == nil {
		name := "."
		if it.name != "" {
			name = filepath.FromSlash(it.name)
		}
		r, err = w.d.openRoot(w.d.root, name)
		if err != nil {
			if errors.Is(mapErr(err), ErrNotFound) {
				return dirBatch{}, nil // nothing under the prefix
			}
			return dirBatch{err: err}, nil
		}
	} else {
		r, err = w.d.openRoot(it.parent.root, it.name)
		it.parent.release()
		if err != nil {
			if errors.Is(mapErr(err), ErrNotFound) {
				return dirBatch{}, nil // removed since its parent was read
			}
			return dirBatch{entries: []Entry{{Key: it.rel, Size: -1, Err: &UnreadableError{Reason: "a directory that cannot be opened", Err: err}}}}, nil
		}
	}
	h := &dirHandle{root: r}
	h.refs.Store(1)
	defer h.release()
	if err := w.ctx.Err(); err != nil {
		return dirBatch{}, nil
	}
	entries, subdirs, err := w.d.readDir(r, it.rel)
	if err != nil {
		if it.parent == nil {
			return dirBatch{err: err}, nil
		}
		entries = append(entries, Entry{Key: it.rel, Size: -1, Err: &UnreadableError{Reason: "a directory that cannot be read", Err: err}})
	}
	items := make([]dirItem, len(subdirs))
	h.refs.Add(int64(len(subdirs)))
	for i, name := range subdirs {
		items[i] = dirItem{parent: h, name: name, rel: Join(it.rel, name)}
	}
	return dirBatch{entries: entries}, items
}

// walkHook, when set (by tests), is told the number of path elements of
// every name List, Get and GetRange resolve in a directory they hold open
// (the store's root or another).
var walkHook func(elems int)

// hook tells walkHook of n path elements resolved.
func (d *Dir) hook(n int) {
	if walkHook != nil {
		walkHook(n)
	}
}

// hookName tells walkHook of the path elements of name.
func (d *Dir) hookName(name string) {
	if walkHook != nil {
		walkHook(strings.Count(name, string(filepath.Separator)) + 1)
	}
}

func (d *Dir) openRoot(r *os.Root, name string) (*os.Root, error) {
	d.hookName(name)
	return r.OpenRoot(name)
}

// readDir reads the directory r, whose key path is rel ("" for the root):
// its entries (see List) and the names of its subdirectories.
func (d *Dir) readDir(r *os.Root, rel string) (entries []Entry, subdirs []string, err error) {
	if walkHook != nil {
		walkHook(1)
	}
	f, err := r.Open(".")
	if err != nil {
		return nil, nil, err
	}
	des, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return nil, nil, err
	}
	for _, de := range des {
		name := de.Name()
		p := Join(rel, name)
		if err := ValidKey(name); err != nil {
			// Not a key: reported, not descended into. Key is escaped
			// for display; the error holds the name as it is.
			var reason string
			if ike, ok := err.(*InvalidKeyError); ok {
				reason = ike.Reason
			}
			entries = append(entries, Entry{Key: escapeKey(p), Size: -1, Err: &InvalidKeyError{Key: p, Reason: reason}})
			continue
		}
		if de.IsDir() {
			subdirs = append(subdirs, name)
			continue
		}
		if strings.Contains(name, tempMarker) {
			continue
		}
		fi, err := de.Info() // loaded by ReadDir in a Root, relative to r
		if err != nil {
			continue // removed since the directory was read
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			fi, err = d.followLink(r, name, p)
			switch {
			case err != nil:
				entries = append(entries, Entry{Key: p, Size: -1, Err: &UnreadableError{Reason: "a symbolic link that leads out of the store, to nothing or in a loop", Err: err}})
				continue
			case fi.IsDir():
				entries = append(entries, Entry{Key: p, Size: -1, Err: &UnreadableError{Reason: "a symbolic link to a directory, which List does not follow", Err: ErrIsDirectory}})
				continue
			}
		}
		if err := regular(fi); err != nil {
			entries = append(entries, Entry{Key: p, Size: -1, Err: err})
			continue
		}
		entries = append(entries, Entry{Key: p, Size: fi.Size()})
	}
	return entries, subdirs, nil
}

// followLink stats what the link name in r (key path p) leads to: inside
// r in one step; a link that leaves r is resolved again from the store's
// root, which costs a step per level of p.
func (d *Dir) followLink(r *os.Root, name, p string) (fs.FileInfo, error) {
	if walkHook != nil {
		walkHook(1)
	}
	fi, err := r.Stat(name)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return fi, err
	}
	if walkHook != nil {
		walkHook(strings.Count(p, "/") + 1)
	}
	return d.root.Stat(filepath.FromSlash(p))
}

// escapeKey returns p with the escapes of a Go string literal (as
// strconv.Quote, without the quotes): printable, valid UTF-8, and, for a
// name that is not a valid key, never a valid key (an invalid byte, a NUL
// and a backslash all become backslash escapes).
func escapeKey(p string) string {
	q := strconv.Quote(p)
	return q[1 : len(q)-1]
}

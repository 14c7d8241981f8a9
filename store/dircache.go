package store

import (
	"container/list"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// dirCacheSize is how many directory handles a Dir keeps open for reads.
const dirCacheSize = 48

// dirCache holds open handles (each an *os.Root, so confined to its own
// directory) of the directories of recently read keys, least recently used
// evicted first, so that reading the keys of a deep tree level by level
// resolves one or two path elements per key rather than every element from
// the store's root.
type dirCache struct {
	mu  sync.Mutex
	m   map[string]*cachedDir // by key path of the directory
	lru list.List             // of *cachedDir, most recently used first
	gen uint64                // counts clears: a handle opened across one is not kept
}

// cachedDir is a handle of the directory at key path dir. It is closed
// when it has left the cache and no read uses it.
type cachedDir struct {
	dir  string
	root *os.Root
	refs int // reads using it; under dirCache.mu
	gone bool
	elem *list.Element
}

// acquire returns a handle of the directory dir (a key path, not ""),
// opened from the nearest directory above it that the cache holds, or
// from the store's root. The caller releases it.
func (c *dirCache) acquire(d *Dir, dir string) (*cachedDir, error) {
	c.mu.Lock()
	if e, ok := c.m[dir]; ok {
		e.refs++
		c.lru.MoveToFront(e.elem)
		c.mu.Unlock()
		return e, nil
	}
	var anc *cachedDir
	for p := dir; ; {
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
		if e, ok := c.m[p]; ok {
			anc = e
			anc.refs++
			break
		}
	}
	gen := c.gen
	c.mu.Unlock()

	from, rest := d.root, dir
	if anc != nil {
		from, rest = anc.root, dir[len(anc.dir)+1:]
	}
	r, err := d.openRoot(from, filepath.FromSlash(rest))
	if anc != nil {
		c.release(anc)
	}
	if err != nil {
		return nil, err
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		// Cleared while opening: use the handle for this read only.
		return &cachedDir{dir: dir, root: r, refs: 1, gone: true}, nil
	}
	if e, ok := c.m[dir]; ok { // opened meanwhile by another read
		r.Close()
		e.refs++
		c.lru.MoveToFront(e.elem)
		return e, nil
	}
	if c.m == nil {
		c.m = make(map[string]*cachedDir)
	}
	e := &cachedDir{dir: dir, root: r, refs: 1}
	e.elem = c.lru.PushFront(e)
	c.m[dir] = e
	for c.lru.Len() > dirCacheSize {
		c.drop(c.lru.Back().Value.(*cachedDir))
	}
	return e, nil
}

// release ends a read's use of e.
func (c *dirCache) release(e *cachedDir) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.refs--
	if e.refs == 0 && e.gone {
		e.root.Close()
	}
}

// drop takes e out of the cache (c.mu held), closing it unless a read
// still uses it.
func (c *dirCache) drop(e *cachedDir) {
	if e.gone {
		return
	}
	e.gone = true
	c.lru.Remove(e.elem)
	delete(c.m, e.dir)
	if e.refs == 0 {
		e.root.Close()
	}
}

// forget drops the handle of dir, if the cache holds it.
func (c *dirCache) forget(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[dir]; ok {
		c.drop(e)
	}
}

// clear drops every handle.
func (c *dirCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for c.lru.Len() > 0 {
		c.drop(c.lru.Front().Value.(*cachedDir))
	}
}

// openCached opens key's file through a cached handle of its directory:
// ok false when that path cannot answer as the store's root would (the key
// is at the top; the directory cannot be opened from a handle, as when a
// link on the way leads up out of it; the file's name is a link that
// leaves the directory; anything but a plain "no such file" in a
// directory that still exists), and the caller looks the key up from the
// root instead. Whatever it answers is what a lookup from the root answers
// (a file reached inside the directory is inside the store).
func (d *Dir) openCached(key string) (f *os.File, size int64, err error, ok bool) {
	dir, base := path.Split(key)
	if dir == "" {
		return nil, 0, nil, false
	}
	dir = strings.TrimSuffix(dir, "/")
	e, err := d.dirs.acquire(d, dir)
	if err != nil {
		return nil, 0, nil, false
	}
	defer d.dirs.release(e)
	r := e.root
	miss := func(err error) (*os.File, int64, error, bool) {
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, 0, nil, false
		}
		d.hook(1)
		if _, lerr := r.Lstat(base); !errors.Is(lerr, fs.ErrNotExist) {
			return nil, 0, nil, false // something is there: classify from the root
		}
		d.hook(1)
		if removed(r) {
			d.dirs.forget(dir)
			return nil, 0, nil, false
		}
		return nil, 0, ErrNotFound, true
	}
	if statFirst {
		d.hook(1)
		fi, err := r.Stat(base)
		if err != nil {
			return miss(err)
		}
		if err := regular(fi); err != nil {
			return nil, 0, err, true
		}
	}
	d.hook(1)
	f, err = r.OpenFile(base, openFlags, 0)
	if err != nil {
		return miss(err)
	}
	fi, err := f.Stat()
	if err == nil {
		err = regular(fi)
	}
	if err != nil {
		f.Close()
		return nil, 0, err, true
	}
	return f, fi.Size(), nil, true
}

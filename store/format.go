package store

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Format is a file format that Open recognises by the content of a file,
// as image.RegisterFormat recognises images: a package that reads a
// format of files as a store (HDF5, netCDF-4) registers it from its init
// function, and Open then opens such a file, wherever it is stored, as
// the store that package makes of it.
type Format struct {
	// Name names the format in messages ("hdf5"): lower case, unique.
	Name string
	// HeadSize is the number of bytes from the start of a file that
	// Match needs to recognise it. Open reads the largest HeadSize of
	// all registered formats, once, and hands those bytes on (File.Head).
	HeadSize int
	// Match reports whether a file is of the format, from its first
	// bytes (min(size, the largest HeadSize) of them: possibly fewer
	// than HeadSize, possibly more) and its size. It must not keep head,
	// and must be quick: Open calls it for every registered format.
	Match func(head []byte, size int64) bool
	// Open opens the file as a store. inner is what the location names
	// inside the file ("" for the file itself; "grp/var" for the
	// location "data.nc/grp/var"), a "/"-separated path. opts is never
	// nil; opts.Write is never set (a file opens read-only). The store
	// Open returns is returned by store.Open as it is, not wrapped in
	// ReadOnly: it must refuse Set and Delete itself (ErrReadOnly). It
	// takes f over: closing the store (io.Closer) must close f. When
	// Open fails, store.Open closes f.
	Open func(ctx context.Context, f *File, inner string, opts *OpenOptions) (Store, error)
}

var formats struct {
	sync.RWMutex
	list []Format // sorted by name
}

// RegisterFormat makes Open recognise the format f. It is meant to be
// called from the init function of the package that reads the format.
// Registering a name twice, an empty name, nil Match or Open functions,
// or a HeadSize <= 0 is a programming error and panics.
func RegisterFormat(f Format) {
	switch {
	case f.Name == "":
		panic("store: RegisterFormat with an empty name")
	case f.Match == nil || f.Open == nil:
		panic("store: RegisterFormat " + f.Name + " with a nil Match or Open function")
	case f.HeadSize <= 0:
		panic("store: RegisterFormat " + f.Name + " with a HeadSize <= 0")
	}
	formats.Lock()
	defer formats.Unlock()
	i, found := slices.BinarySearchFunc(formats.list, f.Name, func(g Format, name string) int { return strings.Compare(g.Name, name) })
	if found {
		panic("store: RegisterFormat: " + f.Name + " registered twice")
	}
	formats.list = slices.Insert(formats.list, i, f)
}

// registeredFormats returns the registered formats, sorted by name, and
// the largest HeadSize among them (0 when none is registered).
func registeredFormats() ([]Format, int) {
	formats.RLock()
	defer formats.RUnlock()
	head := 0
	for _, f := range formats.list {
		head = max(head, f.HeadSize)
	}
	return slices.Clone(formats.list), head
}

// matchFormat returns the first registered format, by name, that
// recognises a file of size bytes starting with head.
func matchFormat(list []Format, head []byte, size int64) (Format, bool) {
	for _, f := range list {
		if f.Match(head, size) {
			return f, true
		}
	}
	return Format{}, false
}

// DirFormat is a format of directories that Open recognises by content, as
// it recognises files of a Format: a directory of keys (a local directory,
// or an http(s):// or object-store prefix) whose layout a package reads as
// a store (fsspec's Parquet references: a ".zmetadata" holding
// "record_size", and record files beside it). Open recognises such a
// directory by the value of one key in it, Key, from a small read of that
// value's first bytes and, for a long value, its last bytes. A location
// may also name a path inside such a directory ("refs.parq/grp/var"): the
// directory is then the deepest of the location and its ancestors (up to
// 8 path segments up) that the format recognises, and the format is given
// the rest of the path.
//
// The probes cost nothing when no DirFormat is registered. When one is:
// a local directory location costs a stat of Key in it and in each of its
// ancestors (up to 8 levels, never the file system's root unless it is
// the location), and a read of the head (and the tail) of each Key found;
// a remote location costs one ranged GET of Key under the location and
// under each ancestor that a file of a Format is probed at, sent at once
// with those probes (so min(d, 9) requests more for a prefix of depth d,
// in the same round trip), and one more ranged GET of the tail of a Key
// value longer than HeadSize. A location opened with OpenOptions.Write,
// or with OpenOptions.NoFormats, is never probed for directory formats: a
// directory opened for writing is a store of keys.
type DirFormat struct {
	// Name names the format in messages ("parquet-refs"): lower case,
	// unique among the directory formats.
	Name string
	// Key is the key whose value marks a directory of the format
	// (".zmetadata"), relative to the directory: a valid key (ValidKey).
	Key string
	// HeadSize is the number of bytes from the start of Key's value that
	// Match needs (> 0). Open reads the largest HeadSize of the
	// registered directory formats.
	HeadSize int
	// TailSize is the number of bytes from the end of Key's value that
	// Match needs (>= 0). When the value is longer than the head Open
	// read, it reads its last TailSize bytes (the largest of the
	// registered formats) with one more request; otherwise the tail is
	// cut from the head, with none.
	TailSize int
	// Match reports whether the directory is of the format from Key's
	// value: head, its first min(size, the largest HeadSize) bytes; tail,
	// its last min(size, the largest TailSize) bytes; and its size. It
	// must not keep head or tail, and must be quick.
	Match func(head, tail []byte, size int64) bool
	// Open opens the directory as a store: d reads the directory's keys
	// (read-only), inner is the rest of the location's path inside it
	// ("" for the directory itself), opts is never nil and never has
	// Write set. As for Format.Open, the store is returned by store.Open
	// as it is: it must refuse Set and Delete itself (ErrReadOnly), and
	// it takes d over (closing the store must close d); when Open fails,
	// store.Open closes d.
	Open func(ctx context.Context, d *Directory, inner string, opts *OpenOptions) (Store, error)
}

var dirFormats struct {
	sync.RWMutex
	list []DirFormat // sorted by name
}

// RegisterDirFormat makes Open recognise the directory format f. It is
// meant to be called from the init function of the package that reads
// the format. Registering a name twice, an empty name, a Key that is not a
// valid key, nil Match or Open functions, a HeadSize <= 0 or a negative
// TailSize is a programming error and panics.
func RegisterDirFormat(f DirFormat) {
	switch {
	case f.Name == "":
		panic("store: RegisterDirFormat with an empty name")
	case ValidKey(f.Key) != nil:
		panic("store: RegisterDirFormat " + f.Name + " with a Key that is not a valid key")
	case f.Match == nil || f.Open == nil:
		panic("store: RegisterDirFormat " + f.Name + " with a nil Match or Open function")
	case f.HeadSize <= 0 || f.TailSize < 0:
		panic("store: RegisterDirFormat " + f.Name + " with a HeadSize <= 0 or a TailSize < 0")
	}
	dirFormats.Lock()
	defer dirFormats.Unlock()
	i, found := slices.BinarySearchFunc(dirFormats.list, f.Name, func(g DirFormat, name string) int { return strings.Compare(g.Name, name) })
	if found {
		panic("store: RegisterDirFormat: " + f.Name + " registered twice")
	}
	dirFormats.list = slices.Insert(dirFormats.list, i, f)
}

// probes are the registered formats of files and of directories, with
// the sizes of the reads that recognise them.
type probes struct {
	files            []Format
	headSize         int
	dirs             []DirFormat
	dirHead, dirTail int
	dirKeys          []string // the distinct Keys of dirs, sorted
}

// registeredProbes returns the registered formats of files and of
// directories.
func registeredProbes() probes {
	var p probes
	p.files, p.headSize = registeredFormats()
	dirFormats.RLock()
	defer dirFormats.RUnlock()
	p.dirs = slices.Clone(dirFormats.list)
	for _, f := range p.dirs {
		p.dirHead = max(p.dirHead, f.HeadSize)
		p.dirTail = max(p.dirTail, f.TailSize)
		if !slices.Contains(p.dirKeys, f.Key) {
			p.dirKeys = append(p.dirKeys, f.Key)
		}
	}
	slices.Sort(p.dirKeys)
	return p
}

// none reports whether no format of either kind is registered.
func (p probes) none() bool { return len(p.files) == 0 && len(p.dirs) == 0 }

// matchDirFormat returns the first registered directory format, by name,
// whose Key is key and that recognises its value.
func matchDirFormat(list []DirFormat, key string, head, tail []byte, size int64) (DirFormat, bool) {
	for _, f := range list {
		if f.Key == key && f.Match(head, tail, size) {
			return f, true
		}
	}
	return DirFormat{}, false
}

// Directory is a directory of keys that Open recognised as a registered
// DirFormat, handed to the format's Open: the store of its keys
// (read-only), its location, and the value of the format's Key as Open
// read it to recognise it.
type Directory struct {
	s          Store
	location   string
	head, tail []byte
	size       int64
	closed     atomic.Bool
}

// Store returns the store of the directory's keys (keys relative to the
// directory), read-only. It implements ConcurrencyHint and io.Closer as
// ReadOnly does.
func (d *Directory) Store() Store { return d.s }

// Location returns the directory's location for messages: a path, or a
// URL without credentials, quoted when it is not printable.
func (d *Directory) Location() string { return d.location }

// Head returns the first bytes of the value of the format's Key, as Open
// read them; the caller must not change them.
func (d *Directory) Head() []byte { return d.head }

// Tail returns the last bytes of the value of the format's Key, as Open
// read them; the caller must not change them.
func (d *Directory) Tail() []byte { return d.tail }

// KeySize returns the length of the value of the format's Key.
func (d *Directory) KeySize() int64 { return d.size }

// PreferredConcurrency returns the number of requests the directory's
// store serves well at once (see ConcurrencyHint), or 0 for no preference
// (a local directory).
func (d *Directory) PreferredConcurrency() int { return preferred(d.s) }

// Close closes the directory's store (a local directory's handle). The
// Directory must not be used afterwards; closing it again does nothing.
func (d *Directory) Close() error {
	if d.closed.Swap(true) {
		return nil
	}
	return closeStore(d.s)
}

// String returns Location.
func (d *Directory) String() string { return d.location }

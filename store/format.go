package store

import (
	"context"
	"slices"
	"strings"
	"sync"
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

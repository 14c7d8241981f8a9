package h5file

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/zcodec/zcodec/store/byterange"
)

// Options control Open. A nil *Options gives the defaults, as does the
// zero value of each field.
type Options struct {
	// MaxMetadataBytes bounds the bytes of metadata (headers, heaps,
	// B-tree nodes, index blocks) the File parses in all; a read past it
	// fails with a *BudgetError (ErrBudget). 0 means
	// DefaultMaxMetadataBytes.
	MaxMetadataBytes int64
	// BlockSize is the size of the aligned blocks metadata is read in (0:
	// DefaultBlockSize).
	BlockSize int64
	// CacheBytes bounds the blocks kept in memory (0: DefaultCacheBytes).
	CacheBytes int64
	// Head holds the file's first bytes when the caller has read them
	// already (a store's probe): they are not read again.
	Head []byte
}

// File is an HDF5 file opened for reading. It is safe for concurrent use.
type File struct {
	r    byterange.Reader
	size int64
	base int64
	// storedBase is the base address the superblock records.
	storedBase uint64
	so, sl     int
	super      Superblock
	cache      *blockCache
	budget     budget

	// rootBTree and rootHeap are the root's symbol table from the
	// superblock's scratch pad (version 0 and 1), or undef.
	rootBTree, rootHeap uint64
	sohm                []*sohmIndex

	mu      sync.Mutex
	objects map[uint64]*Object
	heaps   map[uint64]*globalCollection
}

// Open opens the HDF5 file that r reads, of size bytes: it finds the
// superblock (at 0, or after a user block at 512, 1024, ...), reads it and
// its extension. Everything else is read when asked for. Metadata are read
// through a cache of aligned blocks (see Options), so that a file reached
// over a network costs few requests.
func Open(ctx context.Context, r byterange.Reader, size int64, opts *Options) (*File, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.MaxMetadataBytes <= 0 {
		o.MaxMetadataBytes = DefaultMaxMetadataBytes
	}
	if o.BlockSize <= 0 {
		o.BlockSize = DefaultBlockSize
	}
	if o.CacheBytes <= 0 {
		o.CacheBytes = DefaultCacheBytes
	}
	if size < 0 {
		return nil, fmt.Errorf("hdf5: a file of %d bytes", size)
	}
	f := &File{r: r, size: size, rootBTree: undef, rootHeap: undef,
		objects: map[uint64]*Object{}, heaps: map[uint64]*globalCollection{}}
	f.budget.limit = o.MaxMetadataBytes
	f.cache = newBlockCache(r, size, o.BlockSize, o.CacheBytes, o.Head)
	at, err := f.findSuperblock(ctx)
	if err != nil {
		return nil, err
	}
	if err := f.readSuperblock(ctx, at); err != nil {
		return nil, err
	}
	f.so, f.sl = f.super.SizeOfOffsets, f.super.SizeOfLengths
	if f.super.Extension != undef {
		if err := f.readExtension(ctx); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// readerAt adapts an io.ReaderAt.
type readerAt struct {
	ra   io.ReaderAt
	size int64
}

func (r readerAt) ReadRange(ctx context.Context, br byterange.Range) ([]byte, error) {
	start, end, err := byterange.Bounds(br, r.size)
	if err != nil {
		return nil, err
	}
	b := make([]byte, end-start)
	n, err := r.ra.ReadAt(b, start)
	if n == len(b) {
		return b, nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return nil, err
}

func (r readerAt) Size(context.Context) (int64, error) { return r.size, nil }

// OpenReaderAt opens the HDF5 file ra reads, of size bytes (an *os.File
// and its size, say), as Open does.
func OpenReaderAt(ra io.ReaderAt, size int64, opts *Options) (*File, error) {
	return Open(context.Background(), readerAt{ra, size}, size, opts)
}

// Superblock returns what the superblock says.
func (f *File) Superblock() Superblock { return f.super }

// Size returns the file's size in bytes.
func (f *File) Size() int64 { return f.size }

// Offset returns the absolute file offset of an address of the file:
// addresses are relative to the superblock, which a user block moves.
func (f *File) Offset(addr uint64) int64 { return int64(addr) + f.base }

// Requests returns the number of ranged reads the metadata cache has made
// so far.
func (f *File) Requests() int64 { return f.cache.requests.Load() }

// MetadataBytes returns the bytes of metadata parsed so far (what the
// budget counts).
func (f *File) MetadataBytes() int64 { return f.budget.used.Load() }

// readExtension reads the superblock extension's messages: non-default
// v1 B-tree K values and the shared message table.
func (f *File) readExtension(ctx context.Context) error {
	h, err := f.readHeader(ctx, f.super.Extension)
	if err != nil {
		return fmt.Errorf("superblock extension: %w", err)
	}
	for _, m := range h.msgs {
		c := newCursor(m.data, m.at, "superblock extension message", f.so, f.sl)
		switch m.typ {
		case msgBTreeK:
			if v := c.u8(); c.err == nil && v != 0 {
				return formatErr("B-tree K message", m.at, "version %d", v)
			}
			f.super.IndexedStorageK = int(c.u16())
			f.super.GroupInternalK = int(c.u16())
			f.super.GroupLeafK = int(c.u16())
		case msgSharedTable:
			if v := c.u8(); c.err == nil && v != 0 {
				return formatErr("shared message table message", m.at, "version %d", v)
			}
			addr := c.addr()
			n := int(c.u8())
			if c.err == nil {
				if err := f.readSharedTable(ctx, addr, n); err != nil {
					return err
				}
			}
		}
		if c.err != nil {
			return c.err
		}
	}
	return nil
}

// ObjectKind is what an object header describes.
type ObjectKind int

// Object kinds.
const (
	KindUnknown ObjectKind = iota
	KindGroup
	KindDataset
	KindDatatype
)

// String returns "group", "dataset", "datatype" or "unknown".
func (k ObjectKind) String() string {
	switch k {
	case KindGroup:
		return "group"
	case KindDataset:
		return "dataset"
	case KindDatatype:
		return "committed datatype"
	}
	return "unknown object"
}

// Object is one object of the file: a group, a dataset or a committed
// datatype, as its object header describes it.
type Object struct {
	f *File
	// Addr is the address of its object header, which identifies it.
	Addr uint64
	Kind ObjectKind
	h    *header
}

// maxObjects bounds the object headers a File keeps parsed.
const maxObjects = 1 << 20

// Object returns the object whose header is at addr, parsed once and kept.
func (f *File) Object(ctx context.Context, addr uint64) (*Object, error) {
	f.mu.Lock()
	o, ok := f.objects[addr]
	f.mu.Unlock()
	if ok {
		return o, nil
	}
	h, err := f.readHeader(ctx, addr)
	if err != nil {
		return nil, err
	}
	o = &Object{f: f, Addr: addr, h: h}
	switch {
	case h.first(msgLayout) != nil:
		o.Kind = KindDataset
	case h.first(msgSymbolTable) != nil || h.first(msgLinkInfo) != nil || h.first(msgLink) != nil || h.first(msgGroupInfo) != nil:
		o.Kind = KindGroup
	case h.first(msgDatatype) != nil:
		o.Kind = KindDatatype
	}
	if addr == f.super.Root && o.Kind == KindUnknown && f.rootBTree != undef {
		o.Kind = KindGroup
	}
	f.mu.Lock()
	if len(f.objects) < maxObjects {
		f.objects[addr] = o
	}
	f.mu.Unlock()
	return o, nil
}

// Root returns the root group.
func (f *File) Root(ctx context.Context) (*Object, error) {
	return f.Object(ctx, f.super.Root)
}

// Offset returns the absolute file offset of the object's header.
func (o *Object) Offset() int64 { return o.h.at }

// body returns a cursor over a message's body, following a shared
// message to the header or heap that holds it.
func (o *Object) body(ctx context.Context, m *message, structure string) (*cursor, error) {
	return o.f.messageBody(ctx, m, structure, 0)
}

func (f *File) messageBody(ctx context.Context, m *message, structure string, depth int) (*cursor, error) {
	if m.flags&msgFlagShared == 0 {
		return newCursor(m.data, m.at, structure, f.so, f.sl), nil
	}
	if depth > 4 {
		return nil, formatErr(structure, m.at, "shared messages refer to each other more than 4 deep")
	}
	c := newCursor(m.data, m.at, "shared message reference", f.so, f.sl)
	version := c.u8()
	typ := c.u8()
	var addr uint64
	switch version {
	case 1:
		c.skip(6)
		c.length()
		addr = c.addr()
	case 2:
		addr = c.addr()
	case 3:
		switch typ {
		case 1: // in the shared message heap
			id := c.bytes(8)
			if c.err != nil {
				return nil, c.err
			}
			data, at, err := f.sharedHeapObject(ctx, m.typ, id)
			if err != nil {
				return nil, err
			}
			return newCursor(data, at, structure, f.so, f.sl), nil
		case 2:
			addr = c.addr()
		default:
			return nil, formatErr("shared message reference", m.at, "sharing type %d", typ)
		}
	default:
		if c.err == nil {
			return nil, formatErr("shared message reference", m.at, "version %d", version)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	// A committed object: its header holds the message.
	h, err := f.readHeader(ctx, addr)
	if err != nil {
		return nil, fmt.Errorf("the committed object a shared %s refers to: %w", structure, err)
	}
	sm := h.first(m.typ)
	if sm == nil {
		return nil, formatErr(structure, m.at, "the object it shares (header at offset %d) has no message of type %#x", h.at, m.typ)
	}
	return f.messageBody(ctx, sm, structure, depth+1)
}

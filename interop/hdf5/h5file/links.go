package h5file

import (
	"context"
	"slices"
	"strings"
)

// LinkKind is the kind of a link.
type LinkKind int

// Link kinds.
const (
	LinkHard LinkKind = iota
	LinkSoft
	LinkExternal
)

// String returns "hard", "soft" or "external".
func (k LinkKind) String() string {
	switch k {
	case LinkSoft:
		return "soft"
	case LinkExternal:
		return "external"
	}
	return "hard"
}

// Link is one member of a group: a name and what it leads to.
type Link struct {
	Name string
	Kind LinkKind
	// Addr is the object header a hard link leads to.
	Addr uint64
	// Target is the path a soft link names, or the object path in the
	// other file of an external link.
	Target string
	// File is the file an external link names.
	File string
	// CreationOrder is the link's creation order where the group tracks
	// it, else -1.
	CreationOrder int64
}

// maxLinks bounds the members of one group.
const maxLinks = 1 << 24

// Links returns the members of a group, sorted by name (as h5py and
// h5dump list them): from its symbol table (old-style groups), its link
// messages (compact new-style groups) or its fractal heap and name index
// (dense groups).
func (o *Object) Links(ctx context.Context) ([]Link, error) {
	f := o.f
	var links []Link
	for i := range o.h.msgs {
		m := &o.h.msgs[i]
		switch m.typ {
		case msgSymbolTable:
			c, err := o.body(ctx, m, "symbol table message")
			if err != nil {
				return nil, err
			}
			bt, heap := c.addr(), c.addr()
			if c.err != nil {
				return nil, c.err
			}
			l, err := f.symbolTableLinks(ctx, bt, heap)
			if err != nil {
				return nil, err
			}
			links = append(links, l...)
		case msgLink:
			c, err := o.body(ctx, m, "link message")
			if err != nil {
				return nil, err
			}
			l, err := parseLink(c)
			if err != nil {
				return nil, err
			}
			links = append(links, l)
		case msgLinkInfo:
			c, err := o.body(ctx, m, "link info message")
			if err != nil {
				return nil, err
			}
			if v := c.u8(); c.err == nil && v != 0 {
				return nil, formatErr("link info message", m.at, "version %d", v)
			}
			flags := c.u8()
			if flags&1 != 0 {
				c.u64()
			}
			heap, names := c.addr(), c.addr()
			if c.err != nil {
				return nil, c.err
			}
			if heap == undef || names == undef {
				continue // compact: the links are messages
			}
			l, err := f.denseLinks(ctx, heap, names)
			if err != nil {
				return nil, err
			}
			links = append(links, l...)
		}
	}
	if o.Addr == f.super.Root && len(links) == 0 && o.h.first(msgSymbolTable) == nil && f.rootBTree != undef {
		l, err := f.symbolTableLinks(ctx, f.rootBTree, f.rootHeap)
		if err != nil {
			return nil, err
		}
		links = l
	}
	slices.SortFunc(links, func(a, b Link) int { return strings.Compare(a.Name, b.Name) })
	for i := 1; i < len(links); i++ {
		if links[i].Name == links[i-1].Name {
			return nil, formatErr("group", o.h.at, "two members are named %q", links[i].Name)
		}
	}
	return links, nil
}

// symbolTableLinks lists an old-style group: the v1 B-tree of type 0 at
// bt, whose leaves point to symbol table nodes, and the local heap of
// names.
func (f *File) symbolTableLinks(ctx context.Context, bt, heapAddr uint64) ([]Link, error) {
	heap, err := f.readLocalHeap(ctx, heapAddr)
	if err != nil {
		return nil, err
	}
	var links []Link
	err = f.walkBTree1(ctx, bt, 0, f.sl, func(_ []byte, snod uint64) error {
		l, err := f.readSymbolNode(ctx, snod, heap)
		if err != nil {
			return err
		}
		if len(links)+len(l) > maxLinks {
			return formatErr("group", f.Offset(bt), "more than %d members", maxLinks)
		}
		links = append(links, l...)
		return nil
	})
	return links, err
}

// readSymbolNode reads a symbol table node ("SNOD").
func (f *File) readSymbolNode(ctx context.Context, addr uint64, heap *localHeap) ([]Link, error) {
	const structure = "symbol table node"
	b, err := f.readMeta(ctx, addr, 8, structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature("SNOD")
	if v := c.u8(); c.err == nil && v != 1 {
		return nil, formatErr(structure, at, "version %d, want 1", v)
	}
	c.u8()
	n := int(c.u16())
	if c.err != nil {
		return nil, c.err
	}
	entry := 2*f.so + 8 + 16
	b, err = f.readMeta(ctx, addr, int64(8+n*entry), structure)
	if err != nil {
		return nil, err
	}
	c = newCursor(b[8:], at+8, structure, f.so, f.sl)
	links := make([]Link, 0, n)
	for range n {
		nameOff := c.length()
		obj := c.addr()
		cache := c.u32()
		c.u32()
		scratch := c.bytes(16)
		if c.err != nil {
			return nil, c.err
		}
		name, err := heap.name(nameOff)
		if err != nil {
			return nil, err
		}
		l := Link{Name: name, Kind: LinkHard, Addr: obj, CreationOrder: -1}
		if cache == 2 {
			// A soft link: the scratch pad holds the offset of its
			// value in the local heap.
			off := uint64(uint32(scratch[0]) | uint32(scratch[1])<<8 | uint32(scratch[2])<<16 | uint32(scratch[3])<<24)
			target, err := heap.name(off)
			if err != nil {
				return nil, err
			}
			l = Link{Name: name, Kind: LinkSoft, Target: target, CreationOrder: -1}
		}
		links = append(links, l)
	}
	return links, nil
}

// parseLink reads a link message (0x0006).
func parseLink(c *cursor) (Link, error) {
	l := Link{CreationOrder: -1}
	if v := c.u8(); c.err == nil && v != 1 {
		c.fail("link message version %d", v)
	}
	flags := c.u8()
	typ := uint8(0)
	if flags&0x08 != 0 {
		typ = c.u8()
	}
	if flags&0x04 != 0 {
		l.CreationOrder = int64(c.u64() & (1<<63 - 1))
	}
	if flags&0x10 != 0 {
		c.u8() // name character set
	}
	n := c.uvar(1 << (flags & 3))
	if c.err == nil && (n == 0 || n > uint64(c.left())) {
		c.fail("link name of %d bytes, %d left", n, c.left())
	}
	name := c.bytes(int(n))
	if c.err != nil {
		return l, c.err
	}
	l.Name = string(name)
	switch typ {
	case 0:
		l.Kind, l.Addr = LinkHard, c.addr()
	case 1:
		l.Kind = LinkSoft
		m := int(c.u16())
		l.Target = string(c.bytes(m))
	case 64:
		l.Kind = LinkExternal
		m := int(c.u16())
		v := c.bytes(m)
		if c.err == nil {
			if len(v) < 1 {
				c.fail("external link value is empty")
				break
			}
			parts := strings.SplitN(string(v[1:]), "\x00", 3)
			if len(parts) < 2 {
				c.fail("external link value is not a file name and a path")
				break
			}
			l.File, l.Target = parts[0], parts[1]
		}
	default:
		c.fail("link type %d (user-defined links are not read)", typ)
	}
	return l, c.err
}

// denseLinks lists a dense group: every record of its name index (v2
// B-tree type 5) names a link message in the fractal heap.
func (f *File) denseLinks(ctx context.Context, heapAddr, nameIndex uint64) ([]Link, error) {
	heap, err := f.readFractalHeap(ctx, heapAddr)
	if err != nil {
		return nil, err
	}
	t, err := f.readBTree2(ctx, nameIndex, 5)
	if err != nil {
		return nil, err
	}
	if t.recordSize != 4+heap.idLen {
		return nil, formatErr("v2 B-tree header", t.at, "records of %d bytes, want 4 + the heap ID length %d", t.recordSize, heap.idLen)
	}
	var links []Link
	err = t.walk(ctx, f, func(rec []byte) error {
		obj, at, err := heap.object(ctx, f, rec[4:])
		if err != nil {
			return err
		}
		l, err := parseLink(newCursor(obj, at, "link message", f.so, f.sl))
		if err != nil {
			return err
		}
		if len(links) >= maxLinks {
			return formatErr("group", heap.at, "more than %d members", maxLinks)
		}
		links = append(links, l)
		return nil
	})
	return links, err
}

// TracksLinkOrder reports whether a group records the creation order of
// its links (its link info message says so), as netCDF-4 groups do.
func (o *Object) TracksLinkOrder(ctx context.Context) bool {
	m := o.h.first(msgLinkInfo)
	if m == nil {
		return false
	}
	c, err := o.body(ctx, m, "link info message")
	if err != nil {
		return false
	}
	c.u8()
	return c.u8()&1 != 0 && c.err == nil
}

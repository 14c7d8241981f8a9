package h5file

import "fmt"

// LayoutClass is how a dataset's raw data are stored.
type LayoutClass int

// Layout classes.
const (
	LayoutCompact    LayoutClass = 0
	LayoutContiguous LayoutClass = 1
	LayoutChunked    LayoutClass = 2
	LayoutVirtual    LayoutClass = 3
)

// String returns "compact", "contiguous", "chunked" or "virtual".
func (l LayoutClass) String() string {
	switch l {
	case LayoutCompact:
		return "compact"
	case LayoutContiguous:
		return "contiguous"
	case LayoutChunked:
		return "chunked"
	case LayoutVirtual:
		return "virtual"
	}
	return fmt.Sprintf("layout class %d", int(l))
}

// IndexKind is the index of a chunked dataset's chunks.
type IndexKind int

// Chunk indexes. Layout versions 1 to 3 always use IndexBTree1; version 4
// names one of the others.
const (
	IndexBTree1 IndexKind = iota
	IndexSingle
	IndexImplicit
	IndexFixedArray
	IndexExtensibleArray
	IndexBTree2
)

// String returns the name info --json gives the index: "btree1",
// "single", "implicit", "fixed_array", "extensible_array", "btree2".
func (k IndexKind) String() string {
	switch k {
	case IndexBTree1:
		return "btree1"
	case IndexSingle:
		return "single"
	case IndexImplicit:
		return "implicit"
	case IndexFixedArray:
		return "fixed_array"
	case IndexExtensibleArray:
		return "extensible_array"
	case IndexBTree2:
		return "btree2"
	}
	return fmt.Sprintf("index %d", int(k))
}

// Layout is a dataset's data layout message.
type Layout struct {
	Class   LayoutClass
	Version int
	// Address is the data's address (contiguous), the chunk index's
	// address (chunked) or undefined (not allocated yet).
	Address uint64
	// Size is the contiguous data's size in bytes.
	Size uint64
	// Compact holds a compact dataset's raw data.
	Compact []byte
	// CompactAt is the absolute file offset of Compact.
	CompactAt int64
	// Chunk is the chunk shape (chunked), one entry per dimension of the
	// dataset, without the element size HDF5 stores beside it.
	Chunk []uint64
	// ElementSize is the element size the layout records (chunked).
	ElementSize uint64
	// Index is the chunk index (chunked).
	Index IndexKind
	// DontFilterPartial is set when edge chunks are stored unfiltered
	// (H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS, layout version 4).
	DontFilterPartial bool
	// SingleFilteredSize and SingleFilterMask are the stored size and
	// filter mask of a filtered single chunk (IndexSingle with filters).
	SingleFilteredSize uint64
	SingleFilterMask   uint32
	SingleFiltered     bool
	// The index parameters of layout version 4.
	FixedArrayPageBits    int
	ExtensibleArrayParams ExtensibleArrayParams
	BTree2NodeSize        uint32
	BTree2Split           int
	BTree2Merge           int
}

// ExtensibleArrayParams are the creation parameters of an extensible
// array chunk index.
type ExtensibleArrayParams struct {
	MaxBits, IndexElements, MinPointers, MinElements, PageBits int
}

func parseLayout(c *cursor) Layout {
	l := Layout{Address: undef}
	l.Version = int(c.u8())
	switch l.Version {
	case 1, 2:
		rank := int(c.u8())
		l.Class = LayoutClass(c.u8())
		c.skip(5)
		if rank < 1 || rank > MaxRank+1 {
			c.fail("layout of dimensionality %d", rank)
			return l
		}
		if l.Class != LayoutCompact {
			l.Address = c.addr()
		}
		dims := make([]uint64, rank)
		for i := range dims {
			dims[i] = uint64(c.u32())
		}
		switch l.Class {
		case LayoutChunked:
			// The last dimension is the element size.
			l.Chunk = dims[:rank-1]
			l.ElementSize = dims[rank-1]
		case LayoutContiguous:
			size := uint64(1)
			ok := true
			for _, d := range dims {
				if size, ok = mulOK(size, d, 1<<62); !ok {
					c.fail("contiguous size overflows")
				}
			}
			l.Size = size // times the element size, applied by the dataset
		case LayoutCompact:
			n := c.u32()
			if int(n) > c.left() {
				c.fail("compact data of %d bytes, %d left", n, c.left())
				return l
			}
			l.CompactAt = c.at + int64(c.pos)
			l.Compact = c.bytes(int(n))
		default:
			c.fail("layout class %d", l.Class)
		}
		return l
	case 3, 4:
	case 5:
		c.fail("layout message version 5 (HDF5 2.0) is not read")
		return l
	default:
		c.fail("layout message version %d", l.Version)
		return l
	}
	l.Class = LayoutClass(c.u8())
	switch l.Class {
	case LayoutCompact:
		n := int(c.u16())
		l.CompactAt = c.at + int64(c.pos)
		l.Compact = c.bytes(n)
	case LayoutContiguous:
		l.Address = c.addr()
		l.Size = c.length()
	case LayoutChunked:
		if l.Version == 3 {
			rank := int(c.u8())
			if rank < 2 || rank > MaxRank+1 {
				c.fail("chunked layout of dimensionality %d", rank)
				return l
			}
			l.Address = c.addr()
			for range rank - 1 {
				l.Chunk = append(l.Chunk, uint64(c.u32()))
			}
			l.ElementSize = uint64(c.u32())
			l.Index = IndexBTree1
			break
		}
		flags := c.u8()
		rank := int(c.u8())
		width := int(c.u8())
		if rank < 2 || rank > MaxRank+1 {
			c.fail("chunked layout of dimensionality %d", rank)
			return l
		}
		if width < 1 || width > 8 {
			c.fail("chunk dimensions encoded in %d bytes", width)
			return l
		}
		for range rank - 1 {
			l.Chunk = append(l.Chunk, c.uvar(width))
		}
		l.ElementSize = c.uvar(width)
		l.DontFilterPartial = flags&1 != 0
		switch c.u8() {
		case 1:
			l.Index = IndexSingle
			if flags&2 != 0 {
				l.SingleFiltered = true
				l.SingleFilteredSize = c.length()
				l.SingleFilterMask = c.u32()
			}
		case 2:
			l.Index = IndexImplicit
		case 3:
			l.Index = IndexFixedArray
			l.FixedArrayPageBits = int(c.u8())
		case 4:
			l.Index = IndexExtensibleArray
			p := &l.ExtensibleArrayParams
			p.MaxBits, p.IndexElements, p.MinPointers, p.MinElements, p.PageBits = int(c.u8()), int(c.u8()), int(c.u8()), int(c.u8()), int(c.u8())
		case 5:
			l.Index = IndexBTree2
			l.BTree2NodeSize = c.u32()
			l.BTree2Split, l.BTree2Merge = int(c.u8()), int(c.u8())
		default:
			c.fail("chunk index type not 1 to 5")
			return l
		}
		l.Address = c.addr()
	case LayoutVirtual:
		// The global heap address and index of the mapping follow; a
		// virtual dataset is refused by the dataset.
	default:
		c.fail("layout class %d", int(l.Class))
	}
	for i, d := range l.Chunk {
		if d == 0 {
			c.fail("chunk dimension %d is 0", i)
		}
	}
	return l
}

package h5file

import (
	"context"
	"encoding/binary"
)

// fractalHeap is a fractal heap ("FRHP"): the dense storage of links and
// attributes, and of shared messages.
type fractalHeap struct {
	addr        uint64
	at          int64
	idLen       int
	filterLen   int
	flags       uint8
	maxManaged  uint32
	hugeBTree   uint64
	width       int
	startSize   uint64
	maxDirect   uint64
	maxHeapBits int
	rootAddr    uint64
	rootRows    int
	offSize     int // bytes of an offset into the heap
	lenSize     int // bytes of a managed object's length in its ID
	maxDirRows  int

	huge lazy[map[uint64][2]uint64] // huge object id -> address, length
}

func (f *File) readFractalHeap(ctx context.Context, addr uint64) (*fractalHeap, error) {
	const structure = "fractal heap header"
	n := int64(4 + 1 + 2 + 2 + 1 + 4 + 12*f.sl + 3*f.so + 2 + 2 + 2 + 4 + 32)
	b, err := f.readUpTo(ctx, addr, n, structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature("FRHP")
	if v := c.u8(); c.err == nil && v != 0 {
		return nil, formatErr(structure, at, "version %d, want 0", v)
	}
	h := &fractalHeap{addr: addr, at: at}
	h.idLen = int(c.u16())
	h.filterLen = int(c.u16())
	h.flags = c.u8()
	h.maxManaged = c.u32()
	c.length() // next huge id
	h.hugeBTree = c.addr()
	c.length() // free space
	c.addr()   // free-space manager
	c.length() // managed space
	c.length() // allocated managed space
	c.length() // direct block allocation iterator
	c.length() // managed objects
	c.length() // size of huge objects
	c.length() // number of huge objects
	c.length() // size of tiny objects
	c.length() // number of tiny objects
	h.width = int(c.u16())
	h.startSize = c.length()
	h.maxDirect = c.length()
	h.maxHeapBits = int(c.u16())
	c.u16() // starting rows of the root indirect block
	h.rootAddr = c.addr()
	h.rootRows = int(c.u16())
	if c.err != nil {
		return nil, c.err
	}
	if h.filterLen > 0 {
		return nil, unsupported("fractal heap with I/O filters", at, "")
	}
	if err := verifyChecksum(b, c.pos, structure, at); err != nil {
		return nil, err
	}
	pow2 := func(v uint64) bool { return v != 0 && v&(v-1) == 0 }
	switch {
	case h.idLen < 2 || h.idLen > 1<<10:
		return nil, formatErr(structure, at, "heap ID length %d", h.idLen)
	case h.width < 1 || h.width > 1<<16 || !pow2(uint64(h.width)):
		return nil, formatErr(structure, at, "table width %d", h.width)
	case !pow2(h.startSize) || !pow2(h.maxDirect) || h.maxDirect < h.startSize || h.maxDirect > 1<<40:
		return nil, formatErr(structure, at, "block sizes %d to %d", h.startSize, h.maxDirect)
	case h.maxHeapBits < 1 || h.maxHeapBits > 64:
		return nil, formatErr(structure, at, "maximum heap size of %d bits", h.maxHeapBits)
	case h.rootRows > 64:
		return nil, formatErr(structure, at, "%d rows in the root indirect block", h.rootRows)
	}
	h.offSize = (h.maxHeapBits + 7) / 8
	h.lenSize = min((log2(h.maxDirect)+7)/8, widthFor(uint64(h.maxManaged)))
	h.maxDirRows = log2(h.maxDirect) - log2(h.startSize) + 2
	return h, nil
}

func log2(v uint64) int {
	n := 0
	for v > 1 {
		v >>= 1
		n++
	}
	return n
}

// rowSize returns the size of the blocks of row r of the doubling table.
func (h *fractalHeap) rowSize(r int) uint64 {
	if r <= 1 {
		return h.startSize
	}
	return h.startSize << (r - 1)
}

// object returns the bytes of the object whose heap ID is id, and their
// absolute offset (-1 for an object stored in its ID).
func (h *fractalHeap) object(ctx context.Context, f *File, id []byte) ([]byte, int64, error) {
	if len(id) != h.idLen {
		return nil, -1, formatErr("fractal heap ID", h.at, "%d bytes, the heap's IDs have %d", len(id), h.idLen)
	}
	if id[0]>>6 != 0 {
		return nil, -1, formatErr("fractal heap ID", h.at, "version %d", id[0]>>6)
	}
	switch (id[0] >> 4) & 3 {
	case 0:
		if 1+h.offSize+h.lenSize > len(id) {
			return nil, -1, formatErr("fractal heap ID", h.at, "too short for a managed object")
		}
		pos := 1
		off := uvarBytes(id[1:1+h.offSize], &pos)
		n := uvarBytes(id[pos:pos+h.lenSize], &pos)
		return h.managed(ctx, f, off, n)
	case 1:
		return h.hugeObject(ctx, f, id)
	case 2:
		n, start := int(id[0]&0x0f)+1, 1
		if h.idLen-1 > 16 {
			n, start = (int(id[0]&0x0f)<<8|int(id[1]))+1, 2
		}
		if start+n > len(id) {
			return nil, -1, formatErr("fractal heap ID", h.at, "a tiny object of %d bytes in a %d-byte ID", n, len(id))
		}
		return id[start : start+n], -1, nil
	}
	return nil, -1, formatErr("fractal heap ID", h.at, "object type 3")
}

// managed returns the managed object of n bytes at heap offset off.
func (h *fractalHeap) managed(ctx context.Context, f *File, off, n uint64) ([]byte, int64, error) {
	if n == 0 || n > h.maxDirect {
		return nil, -1, formatErr("fractal heap ID", h.at, "a managed object of %d bytes", n)
	}
	if h.rootAddr == undef {
		return nil, -1, formatErr("fractal heap header", h.at, "an object at offset %d of an empty heap", off)
	}
	blockAddr, blockOff, blockSize := h.rootAddr, uint64(0), h.startSize
	rows := h.rootRows
	for depth := 0; rows > 0; depth++ {
		if depth > 64 {
			return nil, -1, formatErr("fractal heap indirect block", f.Offset(blockAddr), "nested too deep")
		}
		child, childOff, childSize, childRows, err := h.indirectChild(ctx, f, blockAddr, blockOff, rows, off)
		if err != nil {
			return nil, -1, err
		}
		blockAddr, blockOff, blockSize, rows = child, childOff, childSize, childRows
	}
	// A direct block.
	rel := off - blockOff
	if rel >= blockSize || n > blockSize-rel {
		return nil, -1, formatErr("fractal heap direct block", f.Offset(blockAddr), "object at heap offset %d (%d bytes) does not lie in the block at heap offset %d of %d bytes", off, n, blockOff, blockSize)
	}
	b, err := h.directBlock(ctx, f, blockAddr, blockOff, blockSize)
	if err != nil {
		return nil, -1, err
	}
	return b[rel : rel+n : rel+n], f.Offset(blockAddr) + int64(rel), nil
}

// directBlock reads and checks a direct block.
func (h *fractalHeap) directBlock(ctx context.Context, f *File, addr, blockOff, size uint64) ([]byte, error) {
	const structure = "fractal heap direct block"
	b, err := f.readMeta(ctx, addr, int64(size), structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature("FHDB")
	if v := c.u8(); c.err == nil && v != 0 {
		return nil, formatErr(structure, at, "version %d, want 0", v)
	}
	if hdr := c.addr(); c.err == nil && hdr != h.addr {
		return nil, formatErr(structure, at, "belongs to the heap at address %d, not %d", hdr, h.addr)
	}
	if bo := c.uvar(h.offSize); c.err == nil && bo != blockOff {
		return nil, formatErr(structure, at, "records heap offset %d where its parent puts it at %d", bo, blockOff)
	}
	if c.err != nil {
		return nil, c.err
	}
	if h.flags&2 != 0 {
		sum := c.pos
		stored := binary.LittleEndian.Uint32(b[sum:])
		tmp := make([]byte, len(b))
		copy(tmp, b)
		clear(tmp[sum : sum+4])
		if got := lookup3(tmp); got != stored {
			return nil, formatErr(structure, at, "checksum mismatch: stored %#08x, computed %#08x", stored, got)
		}
	}
	return b, nil
}

// indirectChild reads the indirect block at addr (covering heap offsets
// from blockOff, with rows rows) and returns the child block holding heap
// offset off: its address, heap offset, size (for a direct child) and rows
// (0 for a direct child).
func (h *fractalHeap) indirectChild(ctx context.Context, f *File, addr, blockOff uint64, rows int, off uint64) (uint64, uint64, uint64, int, error) {
	const structure = "fractal heap indirect block"
	directRows := min(rows, h.maxDirRows)
	nChildren := rows * h.width
	n := int64(4+1+f.so+h.offSize) + int64(nChildren*f.so) + 4
	b, err := f.readMeta(ctx, addr, n, structure)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	at := f.Offset(addr)
	if err := verifyChecksum(b, int(n)-4, structure, at); err != nil {
		return 0, 0, 0, 0, err
	}
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature("FHIB")
	if v := c.u8(); c.err == nil && v != 0 {
		return 0, 0, 0, 0, formatErr(structure, at, "version %d, want 0", v)
	}
	if hdr := c.addr(); c.err == nil && hdr != h.addr {
		return 0, 0, 0, 0, formatErr(structure, at, "belongs to the heap at address %d, not %d", hdr, h.addr)
	}
	if bo := c.uvar(h.offSize); c.err == nil && bo != blockOff {
		return 0, 0, 0, 0, formatErr(structure, at, "records heap offset %d where its parent puts it at %d", bo, blockOff)
	}
	if c.err != nil {
		return 0, 0, 0, 0, c.err
	}
	if off < blockOff {
		return 0, 0, 0, 0, formatErr(structure, at, "heap offset %d lies before the block", off)
	}
	rel := off - blockOff
	start := uint64(0)
	for r := range rows {
		size := h.rowSize(r)
		span, ok := mulOK(size, uint64(h.width), 1<<63)
		if !ok {
			break
		}
		if rel < start+span {
			col := int((rel - start) / size)
			c.pos = 4 + 1 + f.so + h.offSize + (r*h.width+col)*f.so
			child := c.addr()
			if c.err != nil {
				return 0, 0, 0, 0, c.err
			}
			if child == undef {
				return 0, 0, 0, 0, formatErr(structure, at, "heap offset %d lies in a block that was never allocated", off)
			}
			childOff := blockOff + start + uint64(col)*size
			if r < directRows {
				return child, childOff, size, 0, nil
			}
			// An indirect child: its rows follow from its size.
			childRows := log2(size) - log2(h.startSize*uint64(h.width)) + 1
			if childRows <= 0 || childRows >= rows {
				return 0, 0, 0, 0, formatErr(structure, at, "a child indirect block of %d rows under one of %d", childRows, rows)
			}
			return child, childOff, size, childRows, nil
		}
		start += span
	}
	return 0, 0, 0, 0, formatErr(structure, at, "heap offset %d lies past its %d rows", off, rows)
}

// hugeObject returns a huge object: stored outside the heap's blocks, its
// address and length in its ID or in the heap's B-tree of huge objects.
func (h *fractalHeap) hugeObject(ctx context.Context, f *File, id []byte) ([]byte, int64, error) {
	var addr, n uint64
	if h.idLen >= 1+f.so+f.sl {
		c := newCursor(id[1:], h.at, "fractal heap ID", f.so, f.sl)
		addr, n = c.addr(), c.length()
		if c.err != nil {
			return nil, -1, c.err
		}
	} else {
		pos := 1
		key := uvarBytes(id[1:min(len(id), 9)], &pos)
		huge, err := h.huge.get(func() (map[uint64][2]uint64, error) { return h.readHuge(ctx, f) })
		if err != nil {
			return nil, -1, err
		}
		v, ok := huge[key]
		if !ok {
			return nil, -1, formatErr("fractal heap", h.at, "no huge object %d", key)
		}
		addr, n = v[0], v[1]
	}
	if n > uint64(f.size) {
		return nil, -1, formatErr("fractal heap huge object", f.Offset(addr), "of %d bytes", n)
	}
	b, err := f.readMeta(ctx, addr, int64(n), "fractal heap huge object")
	return b, f.Offset(addr), err
}

// readHuge reads the B-tree of huge objects (record type 1).
func (h *fractalHeap) readHuge(ctx context.Context, f *File) (map[uint64][2]uint64, error) {
	if h.hugeBTree == undef {
		return nil, formatErr("fractal heap header", h.at, "a huge object ID, but no B-tree of huge objects")
	}
	t, err := f.readBTree2(ctx, h.hugeBTree, 1)
	if err != nil {
		return nil, err
	}
	out := map[uint64][2]uint64{}
	err = t.walk(ctx, f, func(rec []byte) error {
		c := newCursor(rec, t.at, "v2 B-tree record", f.so, f.sl)
		a, n, id := c.addr(), c.length(), c.length()
		out[id] = [2]uint64{a, n}
		return c.err
	})
	return out, err
}

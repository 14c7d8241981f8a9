package h5file

import (
	"context"
)

// sohmIndex is one index of the shared object header message table.
type sohmIndex struct {
	typeFlags uint16
	heapAddr  uint64
	heap      lazy[*fractalHeap]
}

// readSharedTable reads the shared message table ("SMTB").
func (f *File) readSharedTable(ctx context.Context, addr uint64, n int) error {
	const structure = "shared message table"
	size := int64(4 + n*(1+1+2+4+2+2+2+f.so+f.so) + 4)
	b, err := f.readMeta(ctx, addr, size, structure)
	if err != nil {
		return err
	}
	at := f.Offset(addr)
	if err := verifyChecksum(b, int(size)-4, structure, at); err != nil {
		return err
	}
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature("SMTB")
	for range n {
		c.u8() // version
		c.u8() // index type
		flags := c.u16()
		c.skip(4 + 2 + 2 + 2)
		c.addr() // index address
		heap := c.addr()
		f.sohm = append(f.sohm, &sohmIndex{typeFlags: flags, heapAddr: heap})
	}
	return c.err
}

// sohmFlag returns the bit of a message type in an index's type flags.
func sohmFlag(typ uint16) uint16 {
	switch typ {
	case msgDataspace:
		return 1 << 0
	case msgDatatype:
		return 1 << 1
	case msgFill:
		return 1 << 2
	case msgFilters:
		return 1 << 3
	case msgAttribute:
		return 1 << 4
	}
	return 0
}

// sharedHeapObject returns a message stored in the shared message heap.
func (f *File) sharedHeapObject(ctx context.Context, typ uint16, id []byte) ([]byte, int64, error) {
	var idx *sohmIndex
	for _, x := range f.sohm {
		if x.typeFlags&sohmFlag(typ) != 0 {
			idx = x
			break
		}
	}
	if idx == nil && len(f.sohm) == 1 {
		idx = f.sohm[0]
	}
	if idx == nil {
		return nil, -1, formatErr("shared message", -1, "a message of type %#x is in the shared message heap, but no index of the shared message table holds that type", typ)
	}
	heap, err := idx.heap.get(func() (*fractalHeap, error) { return f.readFractalHeap(ctx, idx.heapAddr) })
	if err != nil {
		return nil, -1, err
	}
	return heap.object(ctx, f, id)
}

package h5file

import (
	"context"
	"encoding/binary"
)

// globalCollection is a parsed global heap collection ("GCOL"): the
// variable-length data (strings, DIMENSION_LIST references) of datasets
// and attributes.
type globalCollection struct {
	at      int64
	objects map[uint16][]byte
}

// maxCollections bounds the parsed collections a File keeps.
const maxCollections = 4096

func (f *File) readCollection(ctx context.Context, addr uint64) (*globalCollection, error) {
	f.mu.Lock()
	gc, ok := f.heaps[addr]
	f.mu.Unlock()
	if ok {
		return gc, nil
	}
	const structure = "global heap collection"
	head, err := f.readMeta(ctx, addr, int64(8+f.sl), structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	c := newCursor(head, at, structure, f.so, f.sl)
	if !c.signature("GCOL") {
		return nil, c.err
	}
	if v := c.u8(); c.err == nil && v != 1 {
		return nil, formatErr(structure, at, "version %d, want 1", v)
	}
	c.skip(3)
	size := c.length()
	if c.err != nil {
		return nil, c.err
	}
	if size < uint64(8+f.sl) || size > uint64(f.size) {
		return nil, formatErr(structure, at, "collection size %d", size)
	}
	b, err := f.readMeta(ctx, addr, int64(size), structure)
	if err != nil {
		return nil, err
	}
	gc = &globalCollection{at: at, objects: map[uint16][]byte{}}
	pos := 8 + f.sl
	for pos+8+f.sl <= len(b) {
		idx := binary.LittleEndian.Uint16(b[pos:])
		oc := newCursor(b[pos+8:], at+int64(pos), structure, f.so, f.sl)
		n := oc.length()
		if idx == 0 {
			break // free space: the rest of the collection
		}
		start := pos + 8 + f.sl
		if n > uint64(len(b)-start) {
			return nil, formatErr(structure, at, "object %d at byte %d claims %d bytes, %d left", idx, pos, n, len(b)-start)
		}
		gc.objects[idx] = b[start : start+int(n) : start+int(n)]
		padded := (int(n) + 7) &^ 7
		if padded > len(b)-start {
			padded = len(b) - start
		}
		pos = start + padded
	}
	f.mu.Lock()
	if len(f.heaps) >= maxCollections {
		clear(f.heaps)
	}
	f.heaps[addr] = gc
	f.mu.Unlock()
	return gc, nil
}

// VlenSize returns the size of one variable-length element in the file:
// a length (4 bytes), a collection address and an object index (4).
func (f *File) VlenSize() int { return 8 + f.so }

// ReadVlen returns the bytes of one variable-length element as stored in
// a dataset or attribute (VlenSize bytes: a length, the address of a
// global heap collection and an object index): the string's bytes, or the
// sequence's elements. A length of 0 with a null address is empty.
func (f *File) ReadVlen(ctx context.Context, elem []byte) ([]byte, error) {
	if len(elem) < f.VlenSize() {
		return nil, formatErr("variable-length element", -1, "%d bytes, want %d", len(elem), f.VlenSize())
	}
	n := binary.LittleEndian.Uint32(elem)
	c := newCursor(elem[4:], -1, "variable-length element", f.so, f.sl)
	addr := c.addr()
	idx := c.u32()
	if n == 0 && (addr == 0 || addr == undef) {
		return nil, nil
	}
	if addr == 0 || addr == undef {
		return nil, formatErr("variable-length element", -1, "length %d with a null heap address", n)
	}
	gc, err := f.readCollection(ctx, addr)
	if err != nil {
		return nil, err
	}
	obj, ok := gc.objects[uint16(idx)]
	if !ok || idx > 0xffff {
		if n == 0 {
			return nil, nil
		}
		return nil, formatErr("global heap collection", gc.at, "holds no object %d", idx)
	}
	return obj, nil
}

// VlenCount returns the element count a variable-length element records
// (bytes for a string, base elements for a sequence).
func VlenCount(elem []byte) uint32 {
	if len(elem) < 4 {
		return 0
	}
	return binary.LittleEndian.Uint32(elem)
}

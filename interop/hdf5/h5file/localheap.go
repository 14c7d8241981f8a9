package h5file

import (
	"bytes"
	"context"
)

// localHeap is a local heap ("HEAP"): the names of a symbol-table group.
type localHeap struct {
	data []byte
	at   int64
}

func (f *File) readLocalHeap(ctx context.Context, addr uint64) (*localHeap, error) {
	const structure = "local heap"
	n := int64(8 + 2*f.sl + f.so)
	b, err := f.readMeta(ctx, addr, n, structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	c := newCursor(b, at, structure, f.so, f.sl)
	if !c.signature("HEAP") {
		return nil, c.err
	}
	if v := c.u8(); c.err == nil && v != 0 {
		return nil, formatErr(structure, at, "version %d, want 0", v)
	}
	c.skip(3)
	size := c.length()
	c.length() // free list
	dataAddr := c.addr()
	if c.err != nil {
		return nil, c.err
	}
	if size > uint64(f.size) {
		return nil, formatErr(structure, at, "data segment of %d bytes is larger than the file", size)
	}
	data, err := f.readMeta(ctx, dataAddr, int64(size), "local heap data segment")
	if err != nil {
		return nil, err
	}
	return &localHeap{data: data, at: f.Offset(dataAddr)}, nil
}

// name returns the NUL-terminated string at offset off.
func (h *localHeap) name(off uint64) (string, error) {
	if off >= uint64(len(h.data)) {
		return "", formatErr("local heap data segment", h.at, "name offset %d lies past its %d bytes", off, len(h.data))
	}
	rest := h.data[off:]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		return "", formatErr("local heap data segment", h.at, "name at offset %d is not NUL-terminated", off)
	}
	return string(rest[:i]), nil
}

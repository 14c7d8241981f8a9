package h5file

import (
	"context"
)

// btree2 is the header of a version 2 B-tree ("BTHD").
type btree2 struct {
	at         int64
	typ        int
	nodeSize   uint32
	recordSize int
	depth      int
	root       uint64
	rootRecs   int
	total      uint64
	// maxRecs[d] and cumMaxRecs[d] are the most records a node at depth d
	// holds, itself and with its subtree; widths of the counts in
	// internal nodes.
	maxRecs, cumMaxRecs []uint64
	maxRecWidth         int
	cumWidth            []int
}

func (f *File) readBTree2(ctx context.Context, addr uint64, wantType int) (*btree2, error) {
	const structure = "v2 B-tree header"
	n := int64(4 + 1 + 1 + 4 + 2 + 2 + 1 + 1 + f.so + 2 + f.sl + 4)
	b, err := f.readMeta(ctx, addr, n, structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	if err := verifyChecksum(b, int(n)-4, structure, at); err != nil {
		return nil, err
	}
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature("BTHD")
	if v := c.u8(); c.err == nil && v != 0 {
		return nil, formatErr(structure, at, "version %d, want 0", v)
	}
	t := &btree2{at: at, typ: int(c.u8())}
	t.nodeSize = c.u32()
	t.recordSize = int(c.u16())
	t.depth = int(c.u16())
	c.u8() // split percent
	c.u8() // merge percent
	t.root = c.addr()
	t.rootRecs = int(c.u16())
	t.total = c.length()
	if c.err != nil {
		return nil, c.err
	}
	if t.typ != wantType {
		return nil, formatErr(structure, at, "type %d, want %d", t.typ, wantType)
	}
	if t.recordSize == 0 || t.nodeSize < 16 || t.nodeSize > 1<<24 || int64(t.nodeSize) > f.size {
		return nil, formatErr(structure, at, "node size %d and record size %d", t.nodeSize, t.recordSize)
	}
	if t.depth > maxBTreeDepth {
		return nil, formatErr(structure, at, "depth %d (at most %d)", t.depth, maxBTreeDepth)
	}
	// The node sizes of each depth, as HDF5 computes them: leaves hold
	// (node size - 10) / record size records; an internal node's child
	// pointers are an address, a record count of maxRecWidth bytes and,
	// above depth 1, a total count of the width its children need.
	const prefix = 10
	leafMax := (uint64(t.nodeSize) - prefix) / uint64(t.recordSize)
	if leafMax == 0 {
		return nil, formatErr(structure, at, "a node of %d bytes holds no record of %d bytes", t.nodeSize, t.recordSize)
	}
	t.maxRecs = []uint64{leafMax}
	t.cumMaxRecs = []uint64{leafMax}
	t.cumWidth = []int{0}
	t.maxRecWidth = widthFor(leafMax)
	for d := 1; d <= t.depth; d++ {
		ptr := uint64(f.so + t.maxRecWidth + t.cumWidth[d-1])
		if uint64(t.nodeSize) < prefix+ptr {
			return nil, formatErr(structure, at, "a node of %d bytes is too small for depth %d", t.nodeSize, d)
		}
		m := (uint64(t.nodeSize) - prefix - ptr) / (uint64(t.recordSize) + ptr)
		cum, ok := mulOK(m+1, t.cumMaxRecs[d-1], 1<<62)
		if !ok {
			cum = 1 << 62
		}
		cum += m
		t.maxRecs = append(t.maxRecs, m)
		t.cumMaxRecs = append(t.cumMaxRecs, cum)
		t.cumWidth = append(t.cumWidth, widthFor(cum))
	}
	return t, nil
}

// walk calls fn with every record of the tree, in key order.
func (t *btree2) walk(ctx context.Context, f *File, fn func(rec []byte) error) error {
	if t.root == undef || t.rootRecs == 0 {
		return nil
	}
	seen := map[uint64]bool{}
	var visit func(addr uint64, nrec int, depth int) error
	visit = func(addr uint64, nrec int, depth int) error {
		structure := "v2 B-tree leaf node"
		sig := "BTLF"
		if depth > 0 {
			structure, sig = "v2 B-tree internal node", "BTIN"
		}
		if seen[addr] {
			return formatErr(structure, f.Offset(addr), "reached twice: the tree has a cycle")
		}
		seen[addr] = true
		if uint64(nrec) > t.maxRecs[depth] {
			return formatErr(structure, f.Offset(addr), "%d records, a node at depth %d holds at most %d", nrec, depth, t.maxRecs[depth])
		}
		b, err := f.readMeta(ctx, addr, int64(t.nodeSize), structure)
		if err != nil {
			return err
		}
		at := f.Offset(addr)
		// The checksum follows the records and, in an internal node, the
		// child pointers: check it before reading any field.
		end := 6 + nrec*t.recordSize
		ptr := 0
		if depth > 0 {
			ptr = f.so + t.maxRecWidth
			if depth > 1 {
				ptr += t.cumWidth[depth-1]
			}
			end += (nrec + 1) * ptr
		}
		if end+4 > len(b) {
			return formatErr(structure, at, "%d records do not fit a node of %d bytes", nrec, t.nodeSize)
		}
		if err := verifyChecksum(b, end, structure, at); err != nil {
			return err
		}
		c := newCursor(b, at, structure, f.so, f.sl)
		c.signature(sig)
		if v := c.u8(); c.err == nil && v != 0 {
			return formatErr(structure, at, "version %d, want 0", v)
		}
		if typ := int(c.u8()); c.err == nil && typ != t.typ {
			return formatErr(structure, at, "type %d in a tree of type %d", typ, t.typ)
		}
		recs := make([][]byte, nrec)
		for i := range recs {
			recs[i] = c.bytes(t.recordSize)
		}
		type child struct {
			addr uint64
			nrec int
		}
		var children []child
		if depth > 0 {
			for range nrec + 1 {
				a := c.addr()
				n := c.uvar(t.maxRecWidth)
				if depth > 1 {
					c.uvar(t.cumWidth[depth-1])
				}
				children = append(children, child{a, int(min(n, 1<<30))})
			}
		}
		if c.err != nil {
			return c.err
		}
		for i := range nrec + 1 {
			if depth > 0 {
				if err := visit(children[i].addr, children[i].nrec, depth-1); err != nil {
					return err
				}
			}
			if i < nrec {
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := fn(recs[i]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return visit(t.root, t.rootRecs, t.depth)
}

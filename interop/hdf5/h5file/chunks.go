package h5file

import (
	"context"
	"encoding/binary"
	"fmt"
)

// Chunk is one stored chunk of a chunked dataset.
type Chunk struct {
	// Coords are the chunk's coordinates in the chunk grid (its first
	// element's offset divided by the chunk shape).
	Coords []uint64
	// Offset is the absolute file offset of the chunk's bytes.
	Offset int64
	// Size is the number of bytes stored.
	Size uint64
	// FilterMask has bit i set when filter i of the pipeline was skipped
	// for this chunk.
	FilterMask uint32
}

// maxChunkSize bounds a stored chunk (HDF5 limits chunks to 4 GiB).
const maxChunkSize = 1 << 32

// Chunks calls fn for every stored chunk of a chunked dataset, in the
// order of its index, reading the index as it goes: chunks never written
// are not reported (they read as the fill value). The Coords slice is
// fn's to keep. Each chunk's bytes are checked to lie inside the file.
func (d *Dataset) Chunks(ctx context.Context, fn func(Chunk) error) error {
	f := d.obj.f
	l := &d.Layout
	if l.Class != LayoutChunked {
		return fmt.Errorf("hdf5: the dataset at offset %d is %s, not chunked", d.obj.h.at, l.Class)
	}
	if l.Address == undef {
		return nil // nothing allocated yet
	}
	chunkBytes, ok := d.ChunkBytes()
	if !ok {
		return formatErr("data layout message", d.obj.h.at, "a chunk of more than 2^62 bytes")
	}
	check := func(c Chunk) error {
		if c.Size > maxChunkSize {
			return formatErr("chunk index", f.Offset(l.Address), "chunk %v claims %d bytes", c.Coords, c.Size)
		}
		if c.Offset < 0 || c.Offset > f.size || int64(c.Size) > f.size-c.Offset {
			return formatErr("chunk index", f.Offset(l.Address), "chunk %v (%d bytes at offset %d) lies past the end of the file (%d bytes)", c.Coords, c.Size, c.Offset, f.size)
		}
		return fn(c)
	}
	g := newGrid(d)
	switch l.Index {
	case IndexBTree1:
		return d.btree1Chunks(ctx, g, check)
	case IndexSingle:
		c := Chunk{Coords: make([]uint64, len(l.Chunk)), Size: chunkBytes}
		if l.SingleFiltered {
			c.Size, c.FilterMask = l.SingleFilteredSize, l.SingleFilterMask
		}
		abs, err := f.abs(l.Address, 0, "single chunk")
		if err != nil {
			return err
		}
		c.Offset = abs
		return check(c)
	case IndexImplicit:
		n, ok := g.maxCount()
		if !ok {
			return formatErr("data layout message", d.obj.h.at, "the chunk grid has more than 2^62 chunks")
		}
		if _, ok := mulOK(n, chunkBytes, uint64(f.size)); !ok {
			return formatErr("implicit chunk index", f.Offset(l.Address), "%d chunks of %d bytes do not fit the file", n, chunkBytes)
		}
		for i := uint64(0); i < n; i++ {
			if i%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if err := check(Chunk{Coords: g.coords(i), Offset: f.Offset(l.Address) + int64(i*chunkBytes), Size: chunkBytes}); err != nil {
				return err
			}
		}
		return nil
	case IndexFixedArray:
		return d.fixedArrayChunks(ctx, g, chunkBytes, check)
	case IndexExtensibleArray:
		return d.extensibleArrayChunks(ctx, g, chunkBytes, check)
	case IndexBTree2:
		return d.btree2Chunks(ctx, g, chunkBytes, check)
	}
	return unsupported("chunk index", d.obj.h.at, "%s", l.Index)
}

// grid maps a linear chunk index of HDF5's layout-4 indexes to
// coordinates.
type grid struct {
	chunk   []uint64
	counts  []uint64 // chunks along each dimension, from the current dims
	max     []uint64 // chunks along each dimension, from the maximum dims
	unlim   int      // the unlimited dimension of an extensible array, or -1
	swizzle []int    // dimension order of the linear index
}

func newGrid(d *Dataset) *grid {
	g := &grid{chunk: d.Layout.Chunk, unlim: -1}
	for i, c := range d.Layout.Chunk {
		g.counts = append(g.counts, ceilDiv(d.Space.Dims[i], c))
		m := d.Space.MaxDims[i]
		if m == Unlimited {
			g.max = append(g.max, Unlimited)
			if g.unlim < 0 {
				g.unlim = i
			}
		} else {
			g.max = append(g.max, ceilDiv(m, c))
		}
	}
	for i := range g.chunk {
		g.swizzle = append(g.swizzle, i)
	}
	if d.Layout.Index == IndexExtensibleArray && g.unlim > 0 {
		// The unlimited dimension comes first in the linear index.
		g.swizzle = append([]int{g.unlim}, append(g.swizzle[:g.unlim:g.unlim], g.swizzle[g.unlim+1:]...)...)
	}
	return g
}

func ceilDiv(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return a/b + min(a%b, 1)
}

// maxCount returns the number of chunks of the maximum grid.
func (g *grid) maxCount() (uint64, bool) {
	n := uint64(1)
	ok := true
	for _, m := range g.max {
		if n, ok = mulOK(n, m, 1<<62); !ok {
			return 0, false
		}
	}
	return n, true
}

// coords returns the coordinates of linear index i over the maximum grid
// (the unlimited dimension of an extensible array first, unbounded).
func (g *grid) coords(i uint64) []uint64 {
	out := make([]uint64, len(g.max))
	for k := len(g.swizzle) - 1; k >= 0; k-- {
		d := g.swizzle[k]
		if k == 0 || g.max[d] == Unlimited {
			out[d] = i
			break
		}
		out[d] = i % g.max[d]
		i /= g.max[d]
	}
	return out
}

// IsPartialEdge reports whether the chunk at coords reaches past the
// dataset's current dimensions: an edge chunk, which a dataset with
// Layout.DontFilterPartial stores unfiltered.
func (d *Dataset) IsPartialEdge(coords []uint64) bool {
	for i, c := range coords {
		if i < len(d.Layout.Chunk) && (c+1)*d.Layout.Chunk[i] > d.Space.Dims[i] {
			return true
		}
	}
	return false
}

// btree1Chunks walks a v1 B-tree of type 1.
func (d *Dataset) btree1Chunks(ctx context.Context, g *grid, fn func(Chunk) error) error {
	f := d.obj.f
	rank := len(g.chunk)
	keySize := 8 + 8*(rank+1)
	return f.walkBTree1(ctx, d.Layout.Address, 1, keySize, func(key []byte, child uint64) error {
		c := Chunk{Size: uint64(binary.LittleEndian.Uint32(key)), FilterMask: binary.LittleEndian.Uint32(key[4:])}
		c.Coords = make([]uint64, rank)
		for i := range rank {
			off := binary.LittleEndian.Uint64(key[8+8*i:])
			if off%g.chunk[i] != 0 {
				return formatErr("v1 B-tree node", f.Offset(d.Layout.Address), "a chunk at element offset %d of dimension %d, not a multiple of the chunk's %d", off, i, g.chunk[i])
			}
			c.Coords[i] = off / g.chunk[i]
		}
		abs, err := f.abs(child, 0, "chunk")
		if err != nil {
			return err
		}
		c.Offset = abs
		return fn(c)
	})
}

// btree2Chunks walks a v2 B-tree of record type 10 (unfiltered) or 11
// (filtered).
func (d *Dataset) btree2Chunks(ctx context.Context, g *grid, chunkBytes uint64, fn func(Chunk) error) error {
	f := d.obj.f
	filtered := len(d.Filters) > 0
	typ := 10
	if filtered {
		typ = 11
	}
	t, err := f.readBTree2(ctx, d.Layout.Address, typ)
	if err != nil {
		return err
	}
	rank := len(g.chunk)
	sizeLen := 0
	if filtered {
		sizeLen = t.recordSize - f.so - 4 - 8*rank
		if sizeLen < 1 || sizeLen > 8 {
			return formatErr("v2 B-tree header", t.at, "records of %d bytes for a filtered rank-%d dataset", t.recordSize, rank)
		}
	} else if t.recordSize != f.so+8*rank {
		return formatErr("v2 B-tree header", t.at, "records of %d bytes for a rank-%d dataset", t.recordSize, rank)
	}
	return t.walk(ctx, f, func(rec []byte) error {
		c := newCursor(rec, t.at, "v2 B-tree record", f.so, f.sl)
		ch := Chunk{Size: chunkBytes}
		addr := c.addr()
		if filtered {
			ch.Size = c.uvar(sizeLen)
			ch.FilterMask = c.u32()
		}
		ch.Coords = make([]uint64, rank)
		for i := range ch.Coords {
			ch.Coords[i] = c.u64()
		}
		if c.err != nil {
			return c.err
		}
		abs, err := f.abs(addr, 0, "chunk")
		if err != nil {
			return err
		}
		ch.Offset = abs
		return fn(ch)
	})
}

// arrayElement decodes one element of a fixed or extensible array index:
// an address, and for filtered chunks a size and a filter mask.
func (d *Dataset) arrayElement(b []byte, filtered bool, chunkBytes uint64) (addr uint64, size uint64, mask uint32) {
	f := d.obj.f
	c := newCursor(b, -1, "chunk index element", f.so, f.sl)
	addr = c.addr()
	size = chunkBytes
	if filtered {
		size = c.uvar(len(b) - f.so - 4)
		mask = c.u32()
	}
	return addr, size, mask
}

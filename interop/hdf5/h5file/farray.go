package h5file

import (
	"context"
)

// fixedArrayChunks reads a fixed array chunk index ("FAHD", "FADB" and
// its pages): one element per chunk of the maximum grid, in C order.
func (d *Dataset) fixedArrayChunks(ctx context.Context, g *grid, chunkBytes uint64, fn func(Chunk) error) error {
	f := d.obj.f
	const hs = "fixed array header"
	hn := int64(4 + 1 + 1 + 1 + 1 + f.sl + f.so + 4)
	b, err := f.readMeta(ctx, d.Layout.Address, hn, hs)
	if err != nil {
		return err
	}
	at := f.Offset(d.Layout.Address)
	if err := verifyChecksum(b, int(hn)-4, hs, at); err != nil {
		return err
	}
	c := newCursor(b, at, hs, f.so, f.sl)
	c.signature("FAHD")
	if v := c.u8(); c.err == nil && v != 0 {
		return formatErr(hs, at, "version %d, want 0", v)
	}
	client := c.u8()
	esize := int(c.u8())
	pageBits := int(c.u8())
	nelmts := c.length()
	dblk := c.addr()
	if c.err != nil {
		return c.err
	}
	filtered := client == 1
	if err := checkElement(f, hs, at, client, esize); err != nil {
		return err
	}
	if pageBits > 31 {
		return formatErr(hs, at, "pages of 2^%d elements", pageBits)
	}
	if want, ok := g.maxCount(); !ok || nelmts != want {
		return formatErr(hs, at, "%d elements for a grid of %d chunks", nelmts, want)
	}
	if _, ok := mulOK(nelmts, uint64(esize), uint64(f.size)); !ok {
		return formatErr(hs, at, "%d elements of %d bytes do not fit the file", nelmts, esize)
	}
	if dblk == undef {
		return nil
	}
	const ds = "fixed array data block"
	dat := f.Offset(dblk)
	pageN := uint64(1) << pageBits
	prefix := int64(4 + 1 + 1 + f.so)
	if nelmts <= pageN {
		n := prefix + int64(nelmts)*int64(esize) + 4
		b, err := f.readMeta(ctx, dblk, n, ds)
		if err != nil {
			return err
		}
		if err := verifyChecksum(b, int(n)-4, ds, dat); err != nil {
			return err
		}
		if err := checkBlockPrefix(f, b, dat, ds, "FADB", client, d.Layout.Address); err != nil {
			return err
		}
		return d.emitElements(ctx, g, b[prefix:n-4], 0, esize, filtered, chunkBytes, fn)
	}
	npages := ceilDiv(nelmts, pageN)
	bitmap := int64((npages + 7) / 8)
	head := prefix + bitmap + 4
	b, err = f.readMeta(ctx, dblk, head, ds)
	if err != nil {
		return err
	}
	if err := verifyChecksum(b, int(head)-4, ds, dat); err != nil {
		return err
	}
	if err := checkBlockPrefix(f, b, dat, ds, "FADB", client, d.Layout.Address); err != nil {
		return err
	}
	bits := b[prefix : prefix+bitmap]
	pos := dblk + uint64(head)
	for p := uint64(0); p < npages; p++ {
		n := pageN
		if p == npages-1 {
			n = nelmts - p*pageN
		}
		size := int64(n)*int64(esize) + 4
		if bits[p/8]&(0x80>>(p%8)) != 0 {
			page, err := f.readMeta(ctx, pos, size, "fixed array data block page")
			if err != nil {
				return err
			}
			if err := verifyChecksum(page, int(size)-4, "fixed array data block page", f.Offset(pos)); err != nil {
				return err
			}
			if err := d.emitElements(ctx, g, page[:size-4], p*pageN, esize, filtered, chunkBytes, fn); err != nil {
				return err
			}
		}
		pos += uint64(pageN)*uint64(esize) + 4
	}
	return nil
}

// checkElement checks an array index's element size for its client.
func checkElement(f *File, structure string, at int64, client uint8, esize int) error {
	switch client {
	case 0:
		if esize != f.so {
			return formatErr(structure, at, "elements of %d bytes for unfiltered chunks, want %d", esize, f.so)
		}
	case 1:
		if esize <= f.so+4 || esize > f.so+4+8 {
			return formatErr(structure, at, "elements of %d bytes for filtered chunks", esize)
		}
	default:
		return formatErr(structure, at, "client %d (want 0 or 1, chunks)", client)
	}
	return nil
}

// checkBlockPrefix checks the signature, version, client and header
// address of an index block.
func checkBlockPrefix(f *File, b []byte, at int64, structure, sig string, client uint8, header uint64) error {
	c := newCursor(b, at, structure, f.so, f.sl)
	c.signature(sig)
	if v := c.u8(); c.err == nil && v != 0 {
		return formatErr(structure, at, "version %d, want 0", v)
	}
	if cl := c.u8(); c.err == nil && cl != client {
		return formatErr(structure, at, "client %d under a header of client %d", cl, client)
	}
	if h := c.addr(); c.err == nil && h != header {
		return formatErr(structure, at, "belongs to the header at address %d, not %d", h, header)
	}
	return c.err
}

// emitElements reports the chunks of a run of index elements, the first
// of linear index first.
func (d *Dataset) emitElements(ctx context.Context, g *grid, b []byte, first uint64, esize int, filtered bool, chunkBytes uint64, fn func(Chunk) error) error {
	f := d.obj.f
	if err := ctx.Err(); err != nil {
		return err
	}
	for i := 0; i+esize <= len(b); i += esize {
		addr, size, mask := d.arrayElement(b[i:i+esize], filtered, chunkBytes)
		if addr == undef || addr == 0 && filtered && size == 0 {
			continue
		}
		abs, err := f.abs(addr, 0, "chunk")
		if err != nil {
			return err
		}
		if err := fn(Chunk{Coords: g.coords(first + uint64(i/esize)), Offset: abs, Size: size, FilterMask: mask}); err != nil {
			return err
		}
	}
	return nil
}

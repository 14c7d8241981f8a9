package h5file

import (
	"context"
)

// eaInfo is an extensible array's geometry, from its creation parameters.
type eaInfo struct {
	esize       int
	client      uint8
	idxElmts    uint64
	minElmts    uint64
	minPtrs     uint64
	pageN       uint64
	offSize     int // bytes of a block offset
	sblks       []eaSuper
	ibSblks     int // super blocks whose data blocks the index block points to
	ibDblkAddrs int
	maxIdxSet   uint64
}

type eaSuper struct {
	ndblks    uint64
	dblkElmts uint64
	startIdx  uint64
	startDblk uint64
}

// extensibleArrayChunks reads an extensible array chunk index ("EAHD",
// "EAIB", "EASB", "EADB"): elements in the order of the grid with the
// unlimited dimension first.
func (d *Dataset) extensibleArrayChunks(ctx context.Context, g *grid, chunkBytes uint64, fn func(Chunk) error) error {
	f := d.obj.f
	const hs = "extensible array header"
	hn := int64(4+1+1+1+1+1+1+1+1+6*f.sl+f.so) + 4
	b, err := f.readMeta(ctx, d.Layout.Address, hn, hs)
	if err != nil {
		return err
	}
	at := f.Offset(d.Layout.Address)
	if err := verifyChecksum(b, int(hn)-4, hs, at); err != nil {
		return err
	}
	c := newCursor(b, at, hs, f.so, f.sl)
	c.signature("EAHD")
	if v := c.u8(); c.err == nil && v != 0 {
		return formatErr(hs, at, "version %d, want 0", v)
	}
	ea := &eaInfo{client: c.u8(), esize: int(c.u8())}
	maxBits := int(c.u8())
	ea.idxElmts = uint64(c.u8())
	ea.minElmts = uint64(c.u8())
	ea.minPtrs = uint64(c.u8())
	pageBits := int(c.u8())
	for range 4 {
		c.length() // super blocks, their size, data blocks, their size
	}
	ea.maxIdxSet = c.length()
	c.length() // elements realized
	iblk := c.addr()
	if c.err != nil {
		return c.err
	}
	if err := checkElement(f, hs, at, ea.client, ea.esize); err != nil {
		return err
	}
	pow2 := func(v uint64) bool { return v != 0 && v&(v-1) == 0 }
	if maxBits < 1 || maxBits > 64 || pageBits > 31 || !pow2(ea.minElmts) || !pow2(ea.minPtrs) || log2(ea.minElmts) > maxBits {
		return formatErr(hs, at, "creation parameters: %d bits, %d data block elements, %d pointers, pages of 2^%d", maxBits, ea.minElmts, ea.minPtrs, pageBits)
	}
	if maxBits < 64 && ea.maxIdxSet > 1<<maxBits {
		return formatErr(hs, at, "%d elements set, more than its 2^%d", ea.maxIdxSet, maxBits)
	}
	ea.pageN = 1 << pageBits
	ea.offSize = (maxBits + 7) / 8
	nsblks := 1 + maxBits - log2(ea.minElmts)
	var idx, dblk uint64
	for u := range nsblks {
		s := eaSuper{ndblks: 1 << (u / 2), dblkElmts: (1 << ((u + 1) / 2)) * ea.minElmts, startIdx: idx, startDblk: dblk}
		ea.sblks = append(ea.sblks, s)
		idx += s.ndblks * s.dblkElmts
		dblk += s.ndblks
		if idx > 1<<62 {
			break
		}
	}
	ea.ibSblks = min(2*log2(ea.minPtrs), len(ea.sblks))
	ea.ibDblkAddrs = int(2 * (ea.minPtrs - 1))
	if iblk == undef {
		return nil
	}
	// The index block: elements, data block addresses, super block
	// addresses.
	const is = "extensible array index block"
	nsa := len(ea.sblks) - ea.ibSblks
	prefix := int64(4 + 1 + 1 + f.so)
	in := prefix + int64(ea.idxElmts)*int64(ea.esize) + int64(ea.ibDblkAddrs+nsa)*int64(f.so) + 4
	ib, err := f.readMeta(ctx, iblk, in, is)
	if err != nil {
		return err
	}
	iat := f.Offset(iblk)
	if err := verifyChecksum(ib, int(in)-4, is, iat); err != nil {
		return err
	}
	if err := checkBlockPrefix(f, ib, iat, is, "EAIB", ea.client, d.Layout.Address); err != nil {
		return err
	}
	filtered := ea.client == 1
	pos := int(prefix)
	ne := min(ea.idxElmts, ea.maxIdxSet)
	if err := d.emitElements(ctx, g, ib[pos:pos+int(ne)*ea.esize], 0, ea.esize, filtered, chunkBytes, fn); err != nil {
		return err
	}
	pos += int(ea.idxElmts) * ea.esize
	ic := newCursor(ib[pos:], iat+int64(pos), is, f.so, f.sl)
	dblkAddrs := make([]uint64, ea.ibDblkAddrs)
	for i := range dblkAddrs {
		dblkAddrs[i] = ic.addr()
	}
	sblkAddrs := make([]uint64, nsa)
	for i := range sblkAddrs {
		sblkAddrs[i] = ic.addr()
	}
	if ic.err != nil {
		return ic.err
	}
	// Data blocks of the first super blocks, from the index block.
	k := 0
	for s := 0; s < ea.ibSblks; s++ {
		sb := ea.sblks[s]
		for j := uint64(0); j < sb.ndblks; j++ {
			if k >= len(dblkAddrs) {
				return formatErr(is, iat, "too few data block addresses")
			}
			addr := dblkAddrs[k]
			k++
			start := sb.startIdx + j*sb.dblkElmts
			if addr == undef || start >= ea.maxIdxSet-min(ea.maxIdxSet, ea.idxElmts) {
				continue
			}
			if sb.dblkElmts > ea.pageN {
				return unsupported("paged data block pointed to by an extensible array index block", iat, "")
			}
			if err := d.eaDataBlock(ctx, g, ea, addr, start, sb.dblkElmts, nil, chunkBytes, fn); err != nil {
				return err
			}
		}
	}
	// The other super blocks.
	for i, addr := range sblkAddrs {
		s := ea.ibSblks + i
		sb := ea.sblks[s]
		if addr == undef || sb.startIdx >= ea.maxIdxSet-min(ea.maxIdxSet, ea.idxElmts) {
			continue
		}
		if err := d.eaSuperBlock(ctx, g, ea, addr, sb, chunkBytes, fn); err != nil {
			return err
		}
	}
	return nil
}

// eaSuperBlock reads a super block and its data blocks.
func (d *Dataset) eaSuperBlock(ctx context.Context, g *grid, ea *eaInfo, addr uint64, sb eaSuper, chunkBytes uint64, fn func(Chunk) error) error {
	f := d.obj.f
	const ss = "extensible array super block"
	paged := sb.dblkElmts > ea.pageN
	bitmapLen := uint64(0)
	if paged {
		bitmapLen = (sb.dblkElmts/ea.pageN + 7) / 8
	}
	prefix := int64(4+1+1+f.so) + int64(ea.offSize)
	n := prefix + int64(sb.ndblks*bitmapLen) + int64(sb.ndblks)*int64(f.so) + 4
	if n > f.size {
		return formatErr(ss, f.Offset(addr), "of %d bytes", n)
	}
	b, err := f.readMeta(ctx, addr, n, ss)
	if err != nil {
		return err
	}
	at := f.Offset(addr)
	if err := verifyChecksum(b, int(n)-4, ss, at); err != nil {
		return err
	}
	if err := checkBlockPrefix(f, b, at, ss, "EASB", ea.client, d.Layout.Address); err != nil {
		return err
	}
	c := newCursor(b[prefix-int64(ea.offSize):], at, ss, f.so, f.sl)
	if off := c.uvar(ea.offSize); c.err == nil && off != sb.startIdx {
		return formatErr(ss, at, "records element offset %d where its place puts %d", off, sb.startIdx)
	}
	bitmaps := b[prefix : prefix+int64(sb.ndblks*bitmapLen)]
	c = newCursor(b[prefix+int64(sb.ndblks*bitmapLen):], at, ss, f.so, f.sl)
	limit := ea.maxIdxSet - min(ea.maxIdxSet, ea.idxElmts)
	for j := uint64(0); j < sb.ndblks; j++ {
		da := c.addr()
		if c.err != nil {
			return c.err
		}
		start := sb.startIdx + j*sb.dblkElmts
		if da == undef || start >= limit {
			continue
		}
		// The page bits of the super block's data blocks are one run of
		// bits (data block j's pages from bit j*pages), in a region of
		// bitmapLen bytes per data block.
		var bm *pageBits
		if paged {
			bm = &pageBits{bits: bitmaps, first: j * (sb.dblkElmts / ea.pageN)}
		}
		if err := d.eaDataBlock(ctx, g, ea, da, start, sb.dblkElmts, bm, chunkBytes, fn); err != nil {
			return err
		}
	}
	return nil
}

// pageBits are the page initialization bits of a paged data block: bit
// first+p (most significant bit of each byte first) for page p.
type pageBits struct {
	bits  []byte
	first uint64
}

func (b *pageBits) set(p uint64) bool {
	i := b.first + p
	return i/8 < uint64(len(b.bits)) && b.bits[i/8]&(0x80>>(i%8)) != 0
}

// eaDataBlock reads a data block of n elements starting at element start
// (counted after the index block's own), paged when bitmap is not nil.
func (d *Dataset) eaDataBlock(ctx context.Context, g *grid, ea *eaInfo, addr, start, n uint64, bitmap *pageBits, chunkBytes uint64, fn func(Chunk) error) error {
	f := d.obj.f
	const ds = "extensible array data block"
	prefix := int64(4+1+1+f.so) + int64(ea.offSize)
	filtered := ea.client == 1
	at := f.Offset(addr)
	first := ea.idxElmts + start // linear index of the block's first element
	limit := ea.maxIdxSet
	if bitmap == nil {
		size := prefix + int64(n)*int64(ea.esize) + 4
		if size > f.size {
			return formatErr(ds, at, "of %d bytes", size)
		}
		b, err := f.readMeta(ctx, addr, size, ds)
		if err != nil {
			return err
		}
		if err := verifyChecksum(b, int(size)-4, ds, at); err != nil {
			return err
		}
		if err := checkDataBlock(f, b, at, ea, d.Layout.Address, start); err != nil {
			return err
		}
		elems := b[prefix : size-4]
		if keep := min(n, limit-min(limit, first)); keep < n {
			elems = elems[:keep*uint64(ea.esize)]
		}
		return d.emitElements(ctx, g, elems, first, ea.esize, filtered, chunkBytes, fn)
	}
	head := prefix + 4
	b, err := f.readMeta(ctx, addr, head, ds)
	if err != nil {
		return err
	}
	if err := verifyChecksum(b, int(head)-4, ds, at); err != nil {
		return err
	}
	if err := checkDataBlock(f, b, at, ea, d.Layout.Address, start); err != nil {
		return err
	}
	npages := n / ea.pageN
	psize := int64(ea.pageN)*int64(ea.esize) + 4
	for p := uint64(0); p < npages; p++ {
		pfirst := first + p*ea.pageN
		if pfirst >= limit {
			break
		}
		if !bitmap.set(p) {
			continue
		}
		pa := addr + uint64(head) + p*uint64(psize)
		page, err := f.readMeta(ctx, pa, psize, "extensible array data block page")
		if err != nil {
			return err
		}
		if err := verifyChecksum(page, int(psize)-4, "extensible array data block page", f.Offset(pa)); err != nil {
			return err
		}
		elems := page[:psize-4]
		if keep := min(ea.pageN, limit-pfirst); keep < ea.pageN {
			elems = elems[:keep*uint64(ea.esize)]
		}
		if err := d.emitElements(ctx, g, elems, pfirst, ea.esize, filtered, chunkBytes, fn); err != nil {
			return err
		}
	}
	return nil
}

func checkDataBlock(f *File, b []byte, at int64, ea *eaInfo, header, start uint64) error {
	// The block offset a data block records is not checked: HDF5 writes,
	// for the data blocks the index block points to, an offset computed
	// from the block's index among all of them rather than its place.
	return checkBlockPrefix(f, b, at, "extensible array data block", "EADB", ea.client, header)
}

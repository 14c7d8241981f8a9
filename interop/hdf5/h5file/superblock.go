package h5file

import (
	"bytes"
	"context"
)

// signature is the 8 bytes that start every HDF5 superblock.
var signature = []byte{0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'}

// Superblock is what the file's superblock says.
type Superblock struct {
	// Version is 0 to 3.
	Version int
	// Offset is the absolute offset of the superblock in the file: 0, or
	// the size of the user block before it (512, 1024, ...). Every
	// address in the file is relative to it.
	Offset int64
	// SizeOfOffsets and SizeOfLengths are the widths of addresses and
	// lengths in the file's structures (2, 4 or 8 bytes).
	SizeOfOffsets, SizeOfLengths int
	// GroupLeafK, GroupInternalK and IndexedStorageK are the v1 B-tree K
	// values (from the superblock, or its extension).
	GroupLeafK, GroupInternalK, IndexedStorageK int
	// EOF is the end-of-file address the superblock records.
	EOF uint64
	// Extension is the address of the superblock extension's object
	// header, or all ones when there is none.
	Extension uint64
	// Root is the address of the root group's object header.
	Root uint64
}

// HasSignature reports whether head, the first bytes of a file, holds the
// HDF5 signature at 0 or at 512, 1024, 2048, ... (where a user block
// puts it) within head.
func HasSignature(head []byte) bool {
	for at := 0; at+len(signature) <= len(head); at = nextSignatureOffset(at) {
		if bytes.Equal(head[at:at+len(signature)], signature) {
			return true
		}
	}
	return false
}

func nextSignatureOffset(at int) int {
	if at == 0 {
		return 512
	}
	return at * 2
}

// findSuperblock returns the absolute offset of the signature.
func (f *File) findSuperblock(ctx context.Context) (int64, error) {
	for at := int64(0); at+8 <= f.size; at = int64(nextSignatureOffset(int(at))) {
		b, err := f.cache.read(ctx, at, 8)
		if err != nil {
			return 0, err
		}
		if bytes.Equal(b, signature) {
			return at, nil
		}
		if at > 1<<50 {
			break
		}
	}
	return 0, formatErr("file", 0, "no HDF5 signature at offset 0, 512, 1024, 2048, ... up to its end (%d bytes): not an HDF5 file", f.size)
}

// readSuperblock parses the superblock at absolute offset at.
func (f *File) readSuperblock(ctx context.Context, at int64) error {
	const structure = "superblock"
	n := min(f.size-at, 256)
	b, err := f.cache.read(ctx, at, n)
	if err != nil {
		return err
	}
	if err := f.budget.take(n, structure, at); err != nil {
		return err
	}
	c := newCursor(b, at, structure, 8, 8)
	c.skip(8)
	sb := &f.super
	sb.Offset = at
	sb.Version = int(c.u8())
	sb.Extension = undef
	switch sb.Version {
	case 0, 1:
		c.u8() // free-space version
		c.u8() // root group symbol table entry version
		c.u8()
		c.u8() // shared header message format version
		sb.SizeOfOffsets = int(c.u8())
		sb.SizeOfLengths = int(c.u8())
		c.u8()
		sb.GroupLeafK = int(c.u16())
		sb.GroupInternalK = int(c.u16())
		c.u32() // file consistency flags
		sb.IndexedStorageK = 32
		if sb.Version == 1 {
			sb.IndexedStorageK = int(c.u16())
			c.u16()
		}
		if err := checkSizes(c, sb); err != nil {
			return err
		}
		c.so, c.sl = sb.SizeOfOffsets, sb.SizeOfLengths
		f.storedBase = c.addr()
		c.addr() // free-space info address
		sb.EOF = c.addr()
		c.addr() // driver information block
		// The root group's symbol table entry.
		c.addr() // link name offset
		sb.Root = c.addr()
		cacheType := c.u32()
		c.u32()
		scratch := c.bytes(16)
		if c.err != nil {
			return c.err
		}
		if cacheType == 1 {
			sc := newCursor(scratch, at, structure, sb.SizeOfOffsets, sb.SizeOfLengths)
			f.rootBTree, f.rootHeap = sc.addr(), sc.addr()
		}
	case 2, 3:
		sb.SizeOfOffsets = int(c.u8())
		sb.SizeOfLengths = int(c.u8())
		c.u8() // file consistency flags
		if err := checkSizes(c, sb); err != nil {
			return err
		}
		c.so, c.sl = sb.SizeOfOffsets, sb.SizeOfLengths
		f.storedBase = c.addr()
		sb.Extension = c.addr()
		sb.EOF = c.addr()
		sb.Root = c.addr()
		if c.err != nil {
			return c.err
		}
		if err := verifyChecksum(b, c.pos, structure, at); err != nil {
			return err
		}
		sb.GroupLeafK, sb.GroupInternalK, sb.IndexedStorageK = 4, 16, 32
	default:
		return unsupported("superblock version", at, "version %d (this package reads 0 to 3)", sb.Version)
	}
	if c.err != nil {
		return c.err
	}
	// HDF5 takes the offset where it found the superblock as the base
	// address, whatever the field says (a user block moves the whole
	// file): every address is relative to it.
	f.base = at
	// The end-of-file address counts from the start of the file as it
	// was written (its user block included), which may since have moved
	// by the difference between where the superblock is and the base
	// address it records.
	if sb.EOF != undef && f.storedBase != undef {
		end := int64(sb.EOF) + at - int64(f.storedBase)
		if sb.EOF > 1<<62 || f.storedBase > 1<<62 || end > f.size {
			return formatErr(structure, at, "the end-of-file address is %d (offset %d), but the file holds only %d bytes: the file is truncated", sb.EOF, end, f.size)
		}
	}
	if sb.Root == undef {
		return formatErr(structure, at, "the root group's address is undefined")
	}
	return nil
}

func checkSizes(c *cursor, sb *Superblock) error {
	ok := func(n int) bool { return n == 2 || n == 4 || n == 8 }
	if c.err != nil {
		return c.err
	}
	if !ok(sb.SizeOfOffsets) || !ok(sb.SizeOfLengths) {
		return formatErr("superblock", c.at, "sizes of offsets %d and of lengths %d: each must be 2, 4 or 8", sb.SizeOfOffsets, sb.SizeOfLengths)
	}
	return nil
}

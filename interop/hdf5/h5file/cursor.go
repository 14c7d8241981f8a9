package h5file

import (
	"encoding/binary"
	"fmt"
)

// undef is the undefined address: all bits set, in any size of offsets.
const undef = ^uint64(0)

// cursor decodes the little-endian fields of one structure read from the
// file. A read past the end sets err (a *FormatError naming the
// structure) and returns zeros from then on, so that a parser can read a
// run of fields and check err once.
type cursor struct {
	b         []byte
	pos       int
	at        int64 // absolute file offset of b[0]
	structure string
	so, sl    int // sizes of offsets and lengths
	err       error
}

func newCursor(b []byte, at int64, structure string, so, sl int) *cursor {
	return &cursor{b: b, at: at, structure: structure, so: so, sl: sl}
}

// fail records the first error of the structure.
func (c *cursor) fail(format string, args ...any) {
	if c.err == nil {
		c.err = formatErr(c.structure, c.at, format, args...)
	}
}

func (c *cursor) need(n int) bool {
	if c.err != nil {
		return false
	}
	if n < 0 || n > len(c.b)-c.pos {
		c.fail("truncated: %d bytes needed at byte %d of %d", n, c.pos, len(c.b))
		return false
	}
	return true
}

func (c *cursor) left() int { return len(c.b) - c.pos }

func (c *cursor) u8() uint8 {
	if !c.need(1) {
		return 0
	}
	v := c.b[c.pos]
	c.pos++
	return v
}

func (c *cursor) u16() uint16 {
	if !c.need(2) {
		return 0
	}
	v := binary.LittleEndian.Uint16(c.b[c.pos:])
	c.pos += 2
	return v
}

func (c *cursor) u32() uint32 {
	if !c.need(4) {
		return 0
	}
	v := binary.LittleEndian.Uint32(c.b[c.pos:])
	c.pos += 4
	return v
}

func (c *cursor) u64() uint64 {
	if !c.need(8) {
		return 0
	}
	v := binary.LittleEndian.Uint64(c.b[c.pos:])
	c.pos += 8
	return v
}

// uvar reads an n-byte little-endian unsigned integer (0 <= n <= 8).
func (c *cursor) uvar(n int) uint64 {
	if n > 8 {
		c.fail("a %d-byte integer field", n)
		return 0
	}
	if !c.need(n) {
		return 0
	}
	return uvarBytes(c.b[c.pos:c.pos+n], &c.pos)
}

func uvarBytes(b []byte, pos *int) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	*pos += len(b)
	return v
}

// addr reads an address of the file's size of offsets; all bits set
// becomes undef whatever the size.
func (c *cursor) addr() uint64 {
	v := c.uvar(c.so)
	if c.so < 8 && v == 1<<(8*c.so)-1 {
		return undef
	}
	return v
}

// length reads a length of the file's size of lengths.
func (c *cursor) length() uint64 {
	v := c.uvar(c.sl)
	if c.sl < 8 && v == 1<<(8*c.sl)-1 {
		return undef
	}
	return v
}

func (c *cursor) bytes(n int) []byte {
	if !c.need(n) {
		return nil
	}
	v := c.b[c.pos : c.pos+n]
	c.pos += n
	return v
}

func (c *cursor) skip(n int) {
	if c.need(n) {
		c.pos += n
	}
}

// signature checks a 4-byte signature.
func (c *cursor) signature(sig string) bool {
	b := c.bytes(4)
	if c.err != nil {
		return false
	}
	if string(b) != sig {
		c.fail("signature %q, want %q", b, sig)
		return false
	}
	return true
}

// cstring reads a NUL-terminated string of at most max bytes (the NUL
// not counted) and the NUL.
func (c *cursor) cstring(max int) string {
	if c.err != nil {
		return ""
	}
	for i := c.pos; i < len(c.b) && i-c.pos <= max; i++ {
		if c.b[i] == 0 {
			s := string(c.b[c.pos:i])
			c.pos = i + 1
			return s
		}
	}
	c.fail("string at byte %d is not NUL-terminated within %d bytes", c.pos, min(max, len(c.b)-c.pos))
	return ""
}

// verifyChecksum checks that the 4 bytes at b[end:end+4] are the lookup3
// checksum of b[:end].
func verifyChecksum(b []byte, end int, structure string, at int64) error {
	if end < 0 || end+4 > len(b) {
		return formatErr(structure, at, "truncated: no room for the checksum")
	}
	stored := binary.LittleEndian.Uint32(b[end:])
	if got := lookup3(b[:end]); got != stored {
		return formatErr(structure, at, "checksum mismatch: stored %#08x, computed %#08x", stored, got)
	}
	return nil
}

// widthFor returns the bytes needed to store values up to n:
// floor(log2(n))/8 + 1, as HDF5 sizes its variable-width counts.
func widthFor(n uint64) int {
	if n == 0 {
		return 1
	}
	l := 0
	for v := n; v > 1; v >>= 1 {
		l++
	}
	return l/8 + 1
}

// mulOK multiplies non-negative numbers, reporting overflow past max.
func mulOK(a, b, max uint64) (uint64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	if a > max/b {
		return 0, false
	}
	return a * b, true
}

func hexAddr(a uint64) string {
	if a == undef {
		return "undefined"
	}
	return fmt.Sprintf("%d", a)
}

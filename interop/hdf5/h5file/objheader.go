package h5file

import (
	"context"
	"encoding/binary"
)

// Header message types this package reads.
const (
	msgNil          = 0x00
	msgDataspace    = 0x01
	msgLinkInfo     = 0x02
	msgDatatype     = 0x03
	msgFillOld      = 0x04
	msgFill         = 0x05
	msgLink         = 0x06
	msgExternal     = 0x07
	msgLayout       = 0x08
	msgGroupInfo    = 0x0A
	msgFilters      = 0x0B
	msgAttribute    = 0x0C
	msgSharedTable  = 0x0F
	msgContinuation = 0x10
	msgSymbolTable  = 0x11
	msgBTreeK       = 0x13
	msgAttrInfo     = 0x15
)

// Message flags.
const (
	msgFlagShared           = 0x02
	msgFlagFailIfUnknownAll = 0x80
)

// maxHeaderChunks bounds the continuation blocks of one object header.
const maxHeaderChunks = 1 << 14

// message is one header message: its type, flags and body.
type message struct {
	typ   uint16
	flags uint8
	data  []byte
	at    int64 // absolute offset of data
}

// header is a parsed object header.
type header struct {
	addr    uint64
	at      int64 // absolute offset
	version int
	msgs    []message
}

// first returns the first message of type typ, or nil.
func (h *header) first(typ uint16) *message {
	for i := range h.msgs {
		if h.msgs[i].typ == typ {
			return &h.msgs[i]
		}
	}
	return nil
}

// readHeader parses the object header at addr with its continuation
// blocks, verifying every checksum.
func (f *File) readHeader(ctx context.Context, addr uint64) (*header, error) {
	const structure = "object header"
	abs, err := f.abs(addr, 1, structure)
	if err != nil {
		return nil, err
	}
	h := &header{addr: addr, at: abs}
	// The first bytes tell the version and the size of the first chunk.
	pre, err := f.readUpTo(ctx, addr, 40, structure)
	if err != nil {
		return nil, err
	}
	const contStructure = "object header continuation block"
	if len(pre) >= 4 && string(pre[:4]) == "OHDR" {
		c := newCursor(pre, abs, structure, f.so, f.sl)
		c.skip(4)
		h.version = int(c.u8())
		if c.err == nil && h.version != 2 {
			return nil, formatErr(structure, abs, "OHDR version %d, want 2", h.version)
		}
		flags := c.u8()
		if flags&0x20 != 0 {
			c.skip(16) // times
		}
		if flags&0x10 != 0 {
			c.skip(4) // attribute phase change values
		}
		size0 := c.uvar(1 << (flags & 3))
		if c.err != nil {
			return nil, c.err
		}
		prefix := c.pos
		if size0 > uint64(f.size) {
			return nil, formatErr(structure, abs, "its first chunk claims %d bytes, more than the file holds", size0)
		}
		crtOrder := flags&0x04 != 0
		first := contRef{addr: addr, size: uint64(prefix) + size0 + 4}
		return h, f.eachHeaderChunk(h, first, func(k contRef, isFirst bool) ([]contRef, error) {
			what, skip := contStructure, 4
			if isFirst {
				what, skip = structure, prefix
			} else if k.size < 8 {
				return nil, formatErr(what, f.Offset(k.addr), "length %d", k.size)
			}
			b, err := f.readMeta(ctx, k.addr, int64(k.size), what)
			if err != nil {
				return nil, err
			}
			at := f.Offset(k.addr)
			if !isFirst && string(b[:4]) != "OCHK" {
				return nil, formatErr(what, at, "signature %q, want \"OCHK\"", b[:4])
			}
			if err := verifyChecksum(b, len(b)-4, what, at); err != nil {
				return nil, err
			}
			return f.parseMessagesV2(h, b[skip:len(b)-4], at+int64(skip), crtOrder)
		})
	}
	// Version 1: a 16-byte prefix, then 8-byte aligned messages.
	c := newCursor(pre, abs, structure, f.so, f.sl)
	h.version = int(c.u8())
	if c.err != nil {
		return nil, c.err
	}
	if h.version != 1 {
		return nil, formatErr(structure, abs, "version %d (want 1, or the signature \"OHDR\" of version 2): no object header here", h.version)
	}
	c.u8()
	c.u16() // number of messages: the blocks hold them all
	c.u32() // reference count
	size := uint64(c.u32())
	if c.err != nil {
		return nil, c.err
	}
	return h, f.eachHeaderChunk(h, contRef{addr: addr + 16, size: size}, func(k contRef, isFirst bool) ([]contRef, error) {
		what := contStructure
		if isFirst {
			what = structure
		}
		b, err := f.readMeta(ctx, k.addr, int64(k.size), what)
		if err != nil {
			return nil, err
		}
		return f.parseMessagesV1(h, b, f.Offset(k.addr))
	})
}

// eachHeaderChunk parses the header's first chunk and then every
// continuation block the messages point to, each once: a block reached
// again (a cycle) or more than maxHeaderChunks blocks are an error, and
// so is a block longer than the file, before it is read.
func (f *File) eachHeaderChunk(h *header, first contRef, parse func(k contRef, isFirst bool) ([]contRef, error)) error {
	pending := []contRef{first}
	seen := map[uint64]bool{}
	for len(pending) > 0 {
		k := pending[0]
		pending = pending[1:]
		if seen[k.addr] {
			return formatErr("object header", h.at, "its continuation blocks form a cycle (block at address %d again)", k.addr)
		}
		seen[k.addr] = true
		if len(seen) > maxHeaderChunks {
			return formatErr("object header", h.at, "more than %d continuation blocks", maxHeaderChunks)
		}
		if k.size > uint64(f.size) {
			return formatErr("object header", h.at, "a block of %d bytes at address %d is larger than the file", k.size, k.addr)
		}
		conts, err := parse(k, len(seen) == 1)
		if err != nil {
			return err
		}
		pending = append(pending, conts...)
	}
	return nil
}

type contRef struct{ addr, size uint64 }

// parseMessagesV1 appends the messages of one v1 header chunk.
func (f *File) parseMessagesV1(h *header, b []byte, at int64) ([]contRef, error) {
	var conts []contRef
	for pos := 0; pos+8 <= len(b); {
		typ := binary.LittleEndian.Uint16(b[pos:])
		size := int(binary.LittleEndian.Uint16(b[pos+2:]))
		flags := b[pos+4]
		pos += 8
		if size > len(b)-pos {
			return nil, formatErr("object header", h.at, "message of type %#x at offset %d claims %d bytes, %d left in its block", typ, at+int64(pos)-8, size, len(b)-pos)
		}
		m := message{typ: typ, flags: flags, data: b[pos : pos+size : pos+size], at: at + int64(pos)}
		pos += size
		if err := f.addMessage(h, m, &conts); err != nil {
			return nil, err
		}
	}
	return conts, nil
}

// parseMessagesV2 appends the messages of one v2 header chunk (without
// its signature and checksum).
func (f *File) parseMessagesV2(h *header, b []byte, at int64, crtOrder bool) ([]contRef, error) {
	var conts []contRef
	hsize := 4
	if crtOrder {
		hsize = 6
	}
	for pos := 0; pos+hsize <= len(b); {
		typ := uint16(b[pos])
		size := int(binary.LittleEndian.Uint16(b[pos+1:]))
		flags := b[pos+3]
		pos += hsize
		if size > len(b)-pos {
			return nil, formatErr("object header", h.at, "message of type %#x at offset %d claims %d bytes, %d left in its block", typ, at+int64(pos-hsize), size, len(b)-pos)
		}
		m := message{typ: typ, flags: flags, data: b[pos : pos+size : pos+size], at: at + int64(pos)}
		pos += size
		if err := f.addMessage(h, m, &conts); err != nil {
			return nil, err
		}
	}
	return conts, nil
}

// addMessage records m, or the continuation block it points to.
func (f *File) addMessage(h *header, m message, conts *[]contRef) error {
	switch m.typ {
	case msgNil:
		return nil
	case msgContinuation:
		c := newCursor(m.data, m.at, "object header continuation message", f.so, f.sl)
		a, n := c.addr(), c.length()
		if c.err != nil {
			return c.err
		}
		*conts = append(*conts, contRef{a, n})
		return nil
	}
	if len(h.msgs) >= 1<<20 {
		return formatErr("object header", h.at, "more than %d messages", 1<<20)
	}
	h.msgs = append(h.msgs, m)
	return nil
}

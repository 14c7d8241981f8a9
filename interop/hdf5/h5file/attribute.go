package h5file

import (
	"context"
	"slices"
	"strings"
)

// Attribute is one attribute of an object, with its raw value.
type Attribute struct {
	Name  string
	Type  *Datatype
	Space Dataspace
	// Data holds the elements in the file's encoding, C order
	// (variable-length elements as heap references: see File.ReadVlen).
	Data []byte
	// Offset is the absolute file offset of the attribute's message, or
	// -1 when it is stored in a heap ID.
	Offset int64
}

// maxAttributes bounds the attributes of one object.
const maxAttributes = 1 << 20

// Attributes returns the object's attributes sorted by name: those stored
// as messages in its header (compact storage) and those in its fractal
// heap (dense storage, which HDF5 uses past 8 attributes by default).
func (o *Object) Attributes(ctx context.Context) ([]Attribute, error) {
	f := o.f
	var attrs []Attribute
	for i := range o.h.msgs {
		m := &o.h.msgs[i]
		switch m.typ {
		case msgAttribute:
			c, err := o.body(ctx, m, "attribute message")
			if err != nil {
				return nil, err
			}
			a, err := f.parseAttribute(ctx, c)
			if err != nil {
				return nil, err
			}
			attrs = append(attrs, a)
		case msgAttrInfo:
			c, err := o.body(ctx, m, "attribute info message")
			if err != nil {
				return nil, err
			}
			if v := c.u8(); c.err == nil && v != 0 {
				return nil, formatErr("attribute info message", m.at, "version %d", v)
			}
			flags := c.u8()
			if flags&1 != 0 {
				c.u16()
			}
			heap, names := c.addr(), c.addr()
			if c.err != nil {
				return nil, c.err
			}
			if heap == undef || names == undef {
				continue
			}
			d, err := f.denseAttributes(ctx, heap, names)
			if err != nil {
				return nil, err
			}
			attrs = append(attrs, d...)
		}
		if len(attrs) > maxAttributes {
			return nil, formatErr("object header", o.h.at, "more than %d attributes", maxAttributes)
		}
	}
	slices.SortFunc(attrs, func(a, b Attribute) int { return strings.Compare(a.Name, b.Name) })
	return attrs, nil
}

// parseAttribute reads an attribute message (0x000C) at c.
func (f *File) parseAttribute(ctx context.Context, c *cursor) (Attribute, error) {
	a := Attribute{Offset: c.at}
	version := c.u8()
	flags := uint8(0)
	switch version {
	case 1:
		c.u8()
	case 2, 3:
		flags = c.u8()
	default:
		if c.err == nil {
			c.fail("attribute message version %d", version)
		}
		return a, c.err
	}
	nameSize, dtSize, dsSize := int(c.u16()), int(c.u16()), int(c.u16())
	if version == 3 {
		c.u8() // name character set
	}
	pad := func(n int) int {
		if version == 1 {
			return (n + 7) &^ 7
		}
		return n
	}
	name := c.bytes(pad(nameSize))
	if c.err != nil {
		return a, c.err
	}
	if nameSize > 0 && nameSize <= len(name) {
		name = name[:nameSize]
	}
	if i := strings.IndexByte(string(name), 0); i >= 0 {
		name = name[:i]
	}
	a.Name = string(name)
	dtBytes := c.bytes(pad(dtSize))
	dsBytes := c.bytes(pad(dsSize))
	if c.err != nil {
		return a, c.err
	}
	dtc := newCursor(dtBytes, c.at, "attribute datatype", f.so, f.sl)
	if flags&1 != 0 {
		m := message{typ: msgDatatype, flags: msgFlagShared, data: dtBytes, at: c.at}
		var err error
		if dtc, err = f.messageBody(ctx, &m, "attribute datatype", 0); err != nil {
			return a, err
		}
	}
	a.Type = parseDatatype(dtc, 0)
	if dtc.err != nil {
		return a, dtc.err
	}
	dsc := newCursor(dsBytes, c.at, "attribute dataspace", f.so, f.sl)
	if flags&2 != 0 {
		m := message{typ: msgDataspace, flags: msgFlagShared, data: dsBytes, at: c.at}
		var err error
		if dsc, err = f.messageBody(ctx, &m, "attribute dataspace", 0); err != nil {
			return a, err
		}
	}
	a.Space = parseDataspace(dsc)
	if dsc.err != nil {
		return a, dsc.err
	}
	n, ok := a.Space.NumElements()
	size, ok2 := mulOK(n, uint64(a.Type.Size), 1<<40)
	if !ok || !ok2 || size > uint64(c.left()) {
		c.fail("attribute %q: %d elements of %d bytes, %d bytes left in its message", a.Name, n, a.Type.Size, c.left())
		return a, c.err
	}
	a.Data = c.bytes(int(size))
	return a, c.err
}

// denseAttributes reads dense attribute storage: the name index (v2
// B-tree type 8) names attribute messages in the fractal heap.
func (f *File) denseAttributes(ctx context.Context, heapAddr, nameIndex uint64) ([]Attribute, error) {
	heap, err := f.readFractalHeap(ctx, heapAddr)
	if err != nil {
		return nil, err
	}
	t, err := f.readBTree2(ctx, nameIndex, 8)
	if err != nil {
		return nil, err
	}
	if t.recordSize < heap.idLen+1 {
		return nil, formatErr("v2 B-tree header", t.at, "records of %d bytes for heap IDs of %d", t.recordSize, heap.idLen)
	}
	var attrs []Attribute
	err = t.walk(ctx, f, func(rec []byte) error {
		obj, at, err := heap.object(ctx, f, rec[:heap.idLen])
		if err != nil {
			return err
		}
		c := newCursor(obj, at, "attribute message", f.so, f.sl)
		if rec[heap.idLen]&msgFlagShared != 0 {
			m := message{typ: msgAttribute, flags: msgFlagShared, data: obj, at: at}
			if c, err = f.messageBody(ctx, &m, "attribute message", 0); err != nil {
				return err
			}
		}
		a, err := f.parseAttribute(ctx, c)
		if err != nil {
			return err
		}
		if len(attrs) >= maxAttributes {
			return formatErr("attribute storage", heap.at, "more than %d attributes", maxAttributes)
		}
		attrs = append(attrs, a)
		return nil
	})
	return attrs, err
}

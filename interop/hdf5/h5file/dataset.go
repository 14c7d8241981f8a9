package h5file

import (
	"context"
	"fmt"
)

// Dataset is a dataset's description: its datatype, dataspace, layout,
// filter pipeline and fill value, read from its object header.
type Dataset struct {
	obj     *Object
	Type    *Datatype
	Space   Dataspace
	Layout  Layout
	Filters []Filter
	Fill    Fill
	// External is set when the raw data live in external files (message
	// 0x0007), which this package does not read.
	External bool
}

// Dataset reads the object as a dataset.
func (o *Object) Dataset(ctx context.Context) (*Dataset, error) {
	if o.Kind != KindDataset {
		return nil, fmt.Errorf("hdf5: the object at offset %d is a %s, not a dataset", o.h.at, o.Kind)
	}
	d := &Dataset{obj: o}
	var haveType, haveSpace, haveFill bool
	for i := range o.h.msgs {
		m := &o.h.msgs[i]
		var c *cursor
		var err error
		switch m.typ {
		case msgDatatype, msgDataspace, msgLayout, msgFilters, msgFill, msgFillOld:
			if c, err = o.body(ctx, m, messageName(m.typ)); err != nil {
				return nil, err
			}
		case msgExternal:
			d.External = true
			continue
		default:
			if m.flags&msgFlagFailIfUnknownAll != 0 && !knownMessage(m.typ) {
				return nil, unsupported(fmt.Sprintf("header message type %#x", m.typ), m.at, "the file marks it as one a reader must understand")
			}
			continue
		}
		switch m.typ {
		case msgDatatype:
			if !haveType {
				d.Type = parseDatatype(c, 0)
				haveType = true
			}
		case msgDataspace:
			if !haveSpace {
				d.Space = parseDataspace(c)
				haveSpace = true
			}
		case msgLayout:
			d.Layout = parseLayout(c)
		case msgFilters:
			d.Filters = parseFilters(c)
		case msgFill:
			d.Fill = parseFill(c)
			haveFill = true
		case msgFillOld:
			if !haveFill {
				d.Fill = parseFillOld(c)
			}
		}
		if c.err != nil {
			return nil, c.err
		}
	}
	switch {
	case !haveType:
		return nil, formatErr("object header", o.h.at, "a dataset without a datatype message")
	case !haveSpace:
		return nil, formatErr("object header", o.h.at, "a dataset without a dataspace message")
	}
	if d.Layout.Class == LayoutChunked {
		rank := len(d.Space.Dims)
		if len(d.Layout.Chunk) != rank {
			return nil, formatErr("data layout message", o.h.at, "chunks of rank %d for a dataspace of rank %d", len(d.Layout.Chunk), rank)
		}
		if d.Layout.ElementSize != uint64(d.Type.Size) {
			return nil, formatErr("data layout message", o.h.at, "element size %d for a datatype of %d bytes", d.Layout.ElementSize, d.Type.Size)
		}
	}
	if d.Layout.Class == LayoutContiguous && d.Layout.Version < 3 {
		// Versions 1 and 2 give the dimensions; the size follows.
		var ok bool
		if d.Layout.Size, ok = mulOK(d.Layout.Size, uint64(d.Type.Size), 1<<62); !ok {
			return nil, formatErr("data layout message", o.h.at, "contiguous size overflows")
		}
	}
	return d, nil
}

// Object returns the dataset's object.
func (d *Dataset) Object() *Object { return d.obj }

// ChunkBytes returns the size of one unfiltered chunk: the chunk's
// elements times the element size; ok is false when it overflows 2^62.
func (d *Dataset) ChunkBytes() (uint64, bool) {
	n := uint64(d.Type.Size)
	ok := true
	for _, c := range d.Layout.Chunk {
		if n, ok = mulOK(n, c, 1<<62); !ok {
			return 0, false
		}
	}
	return n, ok
}

func knownMessage(t uint16) bool {
	switch t {
	case msgNil, msgDataspace, msgLinkInfo, msgDatatype, msgFillOld, msgFill, msgLink, msgExternal, msgLayout,
		0x09, msgGroupInfo, msgFilters, msgAttribute, 0x0D, 0x0E, msgSharedTable, msgContinuation, msgSymbolTable,
		0x12, msgBTreeK, 0x14, msgAttrInfo, 0x16, 0x17, 0x18:
		return true
	}
	return false
}

func messageName(t uint16) string {
	switch t {
	case msgDatatype:
		return "datatype message"
	case msgDataspace:
		return "dataspace message"
	case msgLayout:
		return "data layout message"
	case msgFilters:
		return "filter pipeline message"
	case msgFill:
		return "fill value message"
	case msgFillOld:
		return "old fill value message"
	}
	return fmt.Sprintf("message %#x", t)
}

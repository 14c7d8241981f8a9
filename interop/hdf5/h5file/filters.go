package h5file

// Filter is one entry of a dataset's filter pipeline (message 0x000B), as
// H5Pget_filter2 reports it: the filter's id, its flags, its client data
// values (cd_values, what h5dump -p shows) and its name when the file
// stores one.
type Filter struct {
	ID       uint32   `json:"id"`
	Flags    uint32   `json:"flags"`
	CDValues []uint32 `json:"cd_values"`
	// Name is the filter's name as stored in the file, if any.
	Name string `json:"name,omitempty"`
}

// FlagOptional is H5Z_FLAG_OPTIONAL: the filter may be skipped for a
// chunk, which the chunk's filter mask then records.
const FlagOptional = 1

// Optional reports whether flags bit 0 (H5Z_FLAG_OPTIONAL) is set.
func (f Filter) Optional() bool { return f.Flags&FlagOptional != 0 }

// maxFilters is H5Z_MAX_NFILTERS.
const maxFilters = 32

func parseFilters(c *cursor) []Filter {
	version := c.u8()
	n := int(c.u8())
	if c.err != nil {
		return nil
	}
	if version != 1 && version != 2 {
		c.fail("filter pipeline message version %d", version)
		return nil
	}
	if n > maxFilters {
		c.fail("%d filters (HDF5 allows %d)", n, maxFilters)
		return nil
	}
	if version == 1 {
		c.skip(6)
	}
	out := make([]Filter, 0, n)
	for range n {
		var f Filter
		f.ID = uint32(c.u16())
		nameLen := 0
		if version == 1 || f.ID >= 256 {
			nameLen = int(c.u16())
		}
		f.Flags = uint32(c.u16())
		ncd := int(c.u16())
		if nameLen > 0 {
			name := c.bytes(nameLen)
			for i, b := range name {
				if b == 0 {
					name = name[:i]
					break
				}
			}
			f.Name = string(name)
			if version == 1 {
				if r := nameLen % 8; r != 0 {
					c.skip(8 - r)
				}
			}
		}
		if ncd > c.left()/4 {
			c.fail("filter %d claims %d client data values, %d bytes left", f.ID, ncd, c.left())
			return nil
		}
		f.CDValues = make([]uint32, ncd)
		for i := range f.CDValues {
			f.CDValues[i] = c.u32()
		}
		if version == 1 && ncd%2 == 1 && c.left() >= 4 {
			c.skip(4)
		}
		if c.err != nil {
			return nil
		}
		out = append(out, f)
	}
	return out
}

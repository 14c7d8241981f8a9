package h5file

// FillStatus says how a dataset's fill value was set.
type FillStatus int

// Fill statuses, as H5Pfill_value_defined reports them.
const (
	// FillDefault: no fill value set; the library's default, zeros.
	FillDefault FillStatus = iota
	// FillUndefined: explicitly undefined; unwritten data are whatever
	// the file holds there.
	FillUndefined
	// FillUser: a fill value the writer gave.
	FillUser
)

// String returns "default", "undefined" or "user".
func (s FillStatus) String() string {
	switch s {
	case FillUndefined:
		return "undefined"
	case FillUser:
		return "user"
	}
	return "default"
}

// Fill is a dataset's fill value as its messages say.
type Fill struct {
	Status FillStatus
	// Value holds the fill value's bytes in the dataset's datatype, as
	// stored (nil when none is stored).
	Value []byte
	// AllocTime is the space allocation time: 1 early, 2 late, 3
	// incremental (0: not stated).
	AllocTime int
	// FillTime is when the fill value is written: 0 on allocation, 1
	// never, 2 if set.
	FillTime int
	// Message is the message it came from: 0x05 (version 1 to 3), or 0x04
	// for the old fill value message.
	Message int
	// Version is the version of message 0x05.
	Version int
}

// parseFill reads a fill value message (0x05).
func parseFill(c *cursor) Fill {
	f := Fill{Message: msgFill}
	f.Version = int(c.u8())
	switch f.Version {
	case 1, 2:
		f.AllocTime = int(c.u8())
		f.FillTime = int(c.u8())
		defined := c.u8()
		if f.Version == 1 || defined != 0 {
			n := c.u32()
			if n == 0xffffffff {
				// a size of -1: undefined (HDF5 writes it so)
				f.Status = FillUndefined
				return f
			}
			if int64(n) > int64(c.left()) {
				c.fail("fill value of %d bytes, %d left", n, c.left())
				return f
			}
			f.Value = c.bytes(int(n))
		}
		switch {
		case len(f.Value) > 0:
			f.Status = FillUser
		case defined == 0:
			// HDF5 writes "defined" 0 for an undefined fill value, and 1
			// with a size of 0 for the default one.
			f.Status = FillUndefined
		}
	case 3:
		flags := c.u8()
		f.AllocTime = int(flags & 3)
		f.FillTime = int(flags >> 2 & 3)
		switch {
		case flags&0x10 != 0:
			f.Status = FillUndefined
		case flags&0x20 != 0:
			n := c.u32()
			if int64(n) > int64(c.left()) {
				c.fail("fill value of %d bytes, %d left", n, c.left())
				return f
			}
			f.Value = c.bytes(int(n))
			f.Status = FillUser
		}
	default:
		c.fail("fill value message version %d", f.Version)
	}
	return f
}

// parseFillOld reads the old fill value message (0x04).
func parseFillOld(c *cursor) Fill {
	n := c.u32()
	if int64(n) > int64(c.left()) {
		c.fail("fill value of %d bytes, %d left", n, c.left())
		return Fill{}
	}
	f := Fill{Message: msgFillOld, Value: c.bytes(int(n))}
	if len(f.Value) > 0 {
		f.Status = FillUser
	}
	return f
}

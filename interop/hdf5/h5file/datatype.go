package h5file

import (
	"fmt"
	"strings"
)

// Class is an HDF5 datatype class.
type Class int

// The datatype classes of the file format.
const (
	ClassFixed     Class = 0
	ClassFloat     Class = 1
	ClassTime      Class = 2
	ClassString    Class = 3
	ClassBitfield  Class = 4
	ClassOpaque    Class = 5
	ClassCompound  Class = 6
	ClassReference Class = 7
	ClassEnum      Class = 8
	ClassVlen      Class = 9
	ClassArray     Class = 10
	ClassComplex   Class = 11
)

var classNames = [...]string{"integer", "float", "time", "string", "bitfield", "opaque", "compound", "reference", "enum", "variable-length", "array", "complex"}

// String returns the class's name ("integer", "compound", ...).
func (c Class) String() string {
	if c >= 0 && int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("class %d", int(c))
}

// ByteOrder is the byte order of a numeric datatype.
type ByteOrder int

// Byte orders.
const (
	OrderNone ByteOrder = iota // one-byte types, strings, opaque
	LittleEndian
	BigEndian
)

// String returns "le", "be" or "none".
func (o ByteOrder) String() string {
	switch o {
	case LittleEndian:
		return "le"
	case BigEndian:
		return "be"
	}
	return "none"
}

// StringPad is how a fixed-length string fills the bytes after its text.
type StringPad int

// String paddings.
const (
	PadNullTerm StringPad = 0
	PadNull     StringPad = 1
	PadSpace    StringPad = 2
)

// String returns "nullterm", "nullpad" or "spacepad".
func (p StringPad) String() string {
	switch p {
	case PadNullTerm:
		return "nullterm"
	case PadNull:
		return "nullpad"
	case PadSpace:
		return "spacepad"
	}
	return fmt.Sprintf("pad %d", int(p))
}

// CharSet is the character set of a string.
type CharSet int

// Character sets.
const (
	ASCII CharSet = 0
	UTF8  CharSet = 1
)

// String returns "ascii" or "utf8".
func (c CharSet) String() string {
	if c == UTF8 {
		return "utf8"
	}
	if c == ASCII {
		return "ascii"
	}
	return fmt.Sprintf("charset %d", int(c))
}

// Datatype is an HDF5 datatype as its message describes it.
type Datatype struct {
	Class Class
	// Size is the size of one element in bytes.
	Size int
	// Order is the byte order of integer, float, bitfield and enum types
	// (OrderNone for other classes and for one-byte types).
	Order ByteOrder
	// Signed is set for signed integers (and enums on them).
	Signed bool
	// BitOffset and Precision locate the significant bits of an integer,
	// float or bitfield.
	BitOffset, Precision int
	// Float describes a floating-point layout.
	Float *FloatLayout
	// Pad and CharSet describe strings (fixed or variable length).
	Pad     StringPad
	CharSet CharSet
	// Tag is an opaque type's tag.
	Tag string
	// Base is the base type of an enum, a variable-length sequence, an
	// array or a complex type.
	Base *Datatype
	// Enum holds an enum's members in file order.
	Enum []EnumMember
	// VlenString is set for a variable-length string (Class ClassVlen);
	// otherwise a ClassVlen is a sequence of Base.
	VlenString bool
	// Members are a compound type's members.
	Members []Member
	// Dims are an array type's dimensions.
	Dims []int
	// RefType is a reference's type: 0 object, 1 dataset region (for
	// version 1-3 datatypes), the H5R type for version 4.
	RefType int
	// Version is the datatype message's version.
	Version int
}

// FloatLayout is the bit layout of a floating-point type.
type FloatLayout struct {
	SignLocation     int
	ExponentLocation int
	ExponentSize     int
	MantissaLocation int
	MantissaSize     int
	ExponentBias     uint32
	// Normalization: 0 none, 1 most significant bit always set, 2 implied.
	Normalization int
}

// EnumMember is one name and value of an enum type (the value in the
// base type's encoding).
type EnumMember struct {
	Name  string
	Value []byte
}

// Member is one member of a compound type.
type Member struct {
	Name   string
	Offset int
	Type   *Datatype
}

// String describes the type briefly ("32-bit little-endian float",
// "compound {a, b}").
func (t *Datatype) String() string {
	switch t.Class {
	case ClassFixed:
		s := "unsigned"
		if t.Signed {
			s = "signed"
		}
		return fmt.Sprintf("%d-bit %s %s integer", 8*t.Size, t.Order, s)
	case ClassFloat:
		return fmt.Sprintf("%d-bit %s float", 8*t.Size, t.Order)
	case ClassString:
		return fmt.Sprintf("%d-byte %s %s string", t.Size, t.CharSet, t.Pad)
	case ClassVlen:
		if t.VlenString {
			return fmt.Sprintf("variable-length %s string", t.CharSet)
		}
		return "variable-length sequence of " + t.Base.String()
	case ClassEnum:
		return "enum of " + t.Base.String()
	case ClassCompound:
		names := make([]string, 0, len(t.Members))
		for _, m := range t.Members {
			names = append(names, m.Name)
		}
		if len(names) > 8 {
			names = append(names[:8], "...")
		}
		return "compound {" + strings.Join(names, ", ") + "}"
	case ClassArray:
		return fmt.Sprintf("array %v of %s", t.Dims, t.Base)
	case ClassOpaque:
		if t.Tag != "" {
			return fmt.Sprintf("%d-byte opaque (tag %q)", t.Size, t.Tag)
		}
		return fmt.Sprintf("%d-byte opaque", t.Size)
	case ClassReference:
		if t.RefType == 1 {
			return "dataset region reference"
		}
		return "object reference"
	case ClassBitfield:
		return fmt.Sprintf("%d-bit %s bitfield", 8*t.Size, t.Order)
	case ClassComplex:
		return "complex of " + t.Base.String()
	}
	return t.Class.String()
}

// maxTypeDepth bounds the nesting of datatypes.
const maxTypeDepth = 16

// parseDatatype reads a datatype message body.
func parseDatatype(c *cursor, depth int) *Datatype {
	if depth > maxTypeDepth {
		c.fail("datatypes nested more than %d deep", maxTypeDepth)
		return nil
	}
	cv := c.u8()
	b0, b1, b2 := c.u8(), c.u8(), c.u8()
	size := c.u32()
	if c.err != nil {
		return nil
	}
	t := &Datatype{Class: Class(cv & 0x0f), Version: int(cv >> 4), Size: int(size)}
	bits := uint32(b0) | uint32(b1)<<8 | uint32(b2)<<16
	if t.Version < 1 || t.Version > 5 {
		c.fail("datatype version %d", t.Version)
		return nil
	}
	if size > 1<<30 {
		c.fail("a datatype of %d bytes", size)
		return nil
	}
	order := func(bit uint32) {
		if t.Size <= 1 {
			t.Order = OrderNone
		} else if bit != 0 {
			t.Order = BigEndian
		} else {
			t.Order = LittleEndian
		}
	}
	switch t.Class {
	case ClassFixed, ClassBitfield:
		order(bits & 1)
		t.Signed = t.Class == ClassFixed && bits&8 != 0
		t.BitOffset, t.Precision = int(c.u16()), int(c.u16())
	case ClassFloat:
		if bits&0x41 == 0x41 {
			c.fail("VAX byte order")
		}
		order(bits & 1)
		fl := &FloatLayout{Normalization: int(bits>>4) & 3, SignLocation: int(bits >> 8 & 0xff)}
		t.BitOffset, t.Precision = int(c.u16()), int(c.u16())
		fl.ExponentLocation, fl.ExponentSize = int(c.u8()), int(c.u8())
		fl.MantissaLocation, fl.MantissaSize = int(c.u8()), int(c.u8())
		fl.ExponentBias = c.u32()
		t.Float = fl
	case ClassTime:
		order(bits & 1)
		t.Precision = int(c.u16())
	case ClassString:
		t.Pad, t.CharSet = StringPad(bits&0x0f), CharSet(bits>>4&0x0f)
	case ClassOpaque:
		n := int(bits & 0xff)
		tag := c.bytes(n)
		if i := strings.IndexByte(string(tag), 0); i >= 0 {
			tag = tag[:i]
		}
		t.Tag = string(tag)
	case ClassCompound:
		parseCompound(c, t, int(bits&0xffff), depth)
	case ClassReference:
		t.RefType = int(bits & 0x0f)
	case ClassEnum:
		n := int(bits & 0xffff)
		t.Base = parseDatatype(c, depth+1)
		if c.err != nil {
			return nil
		}
		if t.Base.Class != ClassFixed {
			c.fail("enum base type is %s, not an integer", t.Base.Class)
			return nil
		}
		t.Order, t.Signed = t.Base.Order, t.Base.Signed
		if n > c.left() {
			c.fail("enum of %d members in %d bytes", n, c.left())
			return nil
		}
		t.Enum = make([]EnumMember, n)
		for i := range t.Enum {
			start := c.pos
			t.Enum[i].Name = c.cstring(c.left())
			if t.Version < 3 {
				c.padFrom(start, 8)
			}
		}
		for i := range t.Enum {
			t.Enum[i].Value = c.bytes(t.Base.Size)
		}
	case ClassVlen:
		t.VlenString = bits&0x0f == 1
		t.Pad, t.CharSet = StringPad(bits>>4&0x0f), CharSet(bits>>8&0x0f)
		t.Base = parseDatatype(c, depth+1)
	case ClassArray:
		rank := int(c.u8())
		if t.Version < 3 {
			c.skip(3)
		}
		if rank > 32 {
			c.fail("array datatype of rank %d", rank)
			return nil
		}
		for range rank {
			t.Dims = append(t.Dims, int(c.u32()))
		}
		if t.Version < 3 {
			c.skip(4 * rank) // permutation
		}
		t.Base = parseDatatype(c, depth+1)
	case ClassComplex:
		t.Base = parseDatatype(c, depth+1)
	default:
		c.fail("datatype class %d", int(t.Class))
		return nil
	}
	if c.err != nil {
		return nil
	}
	return t
}

// padFrom skips to a multiple of n bytes counted from start (the padded
// names of the old datatype versions).
func (c *cursor) padFrom(start, n int) {
	if r := (c.pos - start) % n; r != 0 {
		c.skip(n - r)
	}
}

// parseCompound reads the members of a compound type: only their names,
// offsets and types, to name them when the type is refused or to map the
// (r, i) pairs h5py writes for complex numbers.
func parseCompound(c *cursor, t *Datatype, n int, depth int) {
	if n > c.left() {
		c.fail("compound of %d members in %d bytes", n, c.left())
		return
	}
	for range n {
		var m Member
		start := c.pos
		m.Name = c.cstring(c.left())
		switch t.Version {
		case 1, 2:
			c.padFrom(start, 8) // names are padded to 8 bytes
			m.Offset = int(c.u32())
			if t.Version == 1 {
				c.skip(1 + 3 + 4 + 4 + 16) // dimensionality, reserved, permutation, reserved, dims
			}
		default:
			m.Offset = int(c.uvar(widthFor(uint64(t.Size))))
		}
		m.Type = parseDatatype(c, depth+1)
		if c.err != nil {
			return
		}
		t.Members = append(t.Members, m)
	}
}

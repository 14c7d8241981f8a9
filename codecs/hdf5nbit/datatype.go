package hdf5nbit

import (
	"fmt"
	"strconv"
)

// Class is the class of a datatype in the filter's parameters.
type Class uint32

// The classes of the filter's datatype descriptions (H5Z_NBIT_ATOMIC,
// H5Z_NBIT_ARRAY, H5Z_NBIT_COMPOUND, H5Z_NBIT_NOOPTYPE).
const (
	ClassAtomic   Class = 1 // an integer or a float, with a precision and an offset
	ClassArray    Class = 2 // a fixed-size array of a base type
	ClassCompound Class = 3 // a compound type of members at byte offsets
	ClassNoOp     Class = 4 // any other type, whose bytes the filter copies
)

var classNames = map[Class]string{ClassAtomic: "atomic", ClassArray: "array", ClassCompound: "compound", ClassNoOp: "noop"}

// String returns "atomic", "array", "compound" or "noop", the names of the
// configuration.
func (c Class) String() string {
	if s, ok := classNames[c]; ok {
		return s
	}
	return "Class(" + strconv.FormatUint(uint64(c), 10) + ")"
}

// Datatype is the filter's description of a dataset's datatype: what
// HDF5's set_local writes into cd_values for it.
type Datatype struct {
	Class Class
	// Size is the type's size in bytes.
	Size int
	// BigEndian, Precision and Offset describe an atomic type: its byte
	// order, and the bits that hold its value, Precision of them from bit
	// Offset (counted from the least significant).
	BigEndian bool
	Precision int
	Offset    int
	// Base is the element type of an array.
	Base *Datatype
	// Members are the members of a compound type.
	Members []Member
}

// Member is one member of a compound type: its type at a byte offset.
type Member struct {
	Offset int
	Type   Datatype
}

// maxDepth bounds the nesting of datatype descriptions.
const maxDepth = 32

// check validates t and the types it holds, at nesting depth d.
func (t *Datatype) check(d int) error {
	if d > maxDepth {
		return fmt.Errorf("datatypes nest deeper than %d levels", maxDepth)
	}
	if t.Size < 1 || t.Size > 1<<31-1 {
		return fmt.Errorf("%v type of %d bytes", t.Class, t.Size)
	}
	switch t.Class {
	case ClassAtomic:
		bits := 8 * t.Size
		if t.Precision < 1 || t.Offset < 0 || t.Precision > bits || t.Offset > bits-t.Precision {
			return fmt.Errorf("precision %d at offset %d does not fit a %d-byte type", t.Precision, t.Offset, t.Size)
		}
	case ClassArray:
		if t.Base == nil {
			return fmt.Errorf("array type without a base type")
		}
		if err := t.Base.check(d + 1); err != nil {
			return err
		}
		if t.Size%t.Base.Size != 0 {
			return fmt.Errorf("array of %d bytes is not a whole number of %d-byte elements", t.Size, t.Base.Size)
		}
	case ClassCompound:
		used := 0
		for i := range t.Members {
			m := &t.Members[i]
			if err := m.Type.check(d + 1); err != nil {
				return err
			}
			used += m.Type.Size
			if m.Offset < 0 || m.Offset > t.Size-m.Type.Size || used > t.Size {
				return fmt.Errorf("member %d (%d bytes at offset %d) overflows the %d-byte compound type", i, m.Type.Size, m.Offset, t.Size)
			}
		}
	case ClassNoOp:
	default:
		return fmt.Errorf("unknown datatype class %d", uint32(t.Class))
	}
	return nil
}

// full reports whether every atomic type in t keeps all its bits, so that
// the filter leaves chunks unchanged (HDF5's need_not_compress).
func (t *Datatype) full() bool {
	switch t.Class {
	case ClassAtomic:
		return t.Offset == 0 && t.Precision == 8*t.Size
	case ClassArray:
		return t.Base.full()
	case ClassCompound:
		for i := range t.Members {
			if !t.Members[i].Type.full() {
				return false
			}
		}
	}
	return true
}

// params returns the number of cd_values that describe t.
func (t *Datatype) params() int {
	switch t.Class {
	case ClassAtomic:
		return 5
	case ClassArray:
		return 2 + t.Base.params()
	case ClassCompound:
		n := 3
		for i := range t.Members {
			n += 1 + t.Members[i].Type.params()
		}
		return n
	}
	return 2
}

// String describes t: "12-bit atomic at offset 4 of 4 bytes, little-endian".
func (t *Datatype) String() string {
	switch t.Class {
	case ClassAtomic:
		order := "little-endian"
		if t.BigEndian {
			order = "big-endian"
		}
		return fmt.Sprintf("%d-bit atomic at offset %d of %d bytes, %s", t.Precision, t.Offset, t.Size, order)
	case ClassArray:
		return fmt.Sprintf("array of %d bytes of %v", t.Size, t.Base)
	case ClassCompound:
		return fmt.Sprintf("compound of %d bytes with %d members", t.Size, len(t.Members))
	}
	return fmt.Sprintf("%v type of %d bytes", t.Class, t.Size)
}

package h5store

import (
	"fmt"
	"github.com/zcodec/zcodec/interop/hdf5"

	"github.com/zcodec/zcodec/interop/hdf5/h5file"
	"github.com/zcodec/zcodec/numeric"
)

// valueKind is how the elements of a dataset are presented.
type valueKind int

const (
	// fixedValues: fixed-size elements whose stored bytes, through the
	// bytes codec, are the Zarr elements.
	fixedValues valueKind = iota
	// vlenStrings: variable-length strings, read from the global heap
	// and served as vlen-utf8 chunks.
	vlenStrings
)

// mappedType is the Zarr data type of an HDF5 datatype.
type mappedType struct {
	dt     numeric.DataType
	endian numeric.Endian
	kind   valueKind
	// enum holds an enum's members, for its attribute.
	enum []h5file.EnumMember
	// widen, when set, says where the significant bits of an integer
	// lie: HDF5's type conversion shifts them down and sign-extends them
	// on reading, so such chunks are served converted.
	widen *widening
}

// widening is the significant bits of a reduced-precision integer.
type widening struct {
	offset, precision int
	signed            bool
}

// apply converts decoded elements (little-endian, size bytes each) in
// place: each becomes its significant bits, shifted down and, for a signed
// type, sign-extended, as libhdf5 converts them to the full-width type.
func (w *widening) apply(b []byte, size int) {
	mask := uint64(1)<<w.precision - 1
	if w.precision >= 64 {
		mask = ^uint64(0)
	}
	for i := 0; i+size <= len(b); i += size {
		var u uint64
		for k := size - 1; k >= 0; k-- {
			u = u<<8 | uint64(b[i+k])
		}
		u = u >> w.offset & mask
		if w.signed && w.precision < 64 && u&(1<<(w.precision-1)) != 0 {
			u |= ^mask
		}
		for k := range size {
			b[i+k] = byte(u >> (8 * k))
		}
	}
}

// UnsupportedTypeError reports an HDF5 datatype that has no Zarr data type
// zcodec presents it as.
type UnsupportedTypeError struct {
	Type   string // the datatype, described
	Reason string
}

func (e *UnsupportedTypeError) Error() string {
	return fmt.Sprintf("the HDF5 datatype %s has no Zarr data type: %s", e.Type, e.Reason)
}

// Is makes every UnsupportedTypeError match ErrUnsupported.
func (e *UnsupportedTypeError) Is(target error) bool { return target == hdf5.ErrUnsupported }

func endianOf(t *h5file.Datatype) numeric.Endian {
	switch t.Order {
	case h5file.BigEndian:
		return numeric.BigEndian
	case h5file.LittleEndian:
		return numeric.LittleEndian
	}
	return numeric.EndianUnset
}

// ieee are the layouts of the IEEE binary16/32/64 formats and bfloat16, as
// HDF5 describes them: size, sign bit, exponent location and size,
// mantissa location and size, exponent bias.
var ieee = []struct {
	dt                         numeric.DataType
	size, sign, eloc, esz, msz int
	bias                       uint32
}{
	{numeric.Float16, 2, 15, 10, 5, 10, 15},
	{numeric.BFloat16, 2, 15, 7, 8, 7, 127},
	{numeric.Float32, 4, 31, 23, 8, 23, 127},
	{numeric.Float64, 8, 63, 52, 11, 52, 1023},
}

// floatType maps an HDF5 float with a standard layout.
func floatType(t *h5file.Datatype) (numeric.DataType, bool) {
	fl := t.Float
	if fl == nil || t.BitOffset != 0 || t.Precision != 8*t.Size || fl.MantissaLocation != 0 || fl.Normalization != 2 {
		return 0, false
	}
	for _, f := range ieee {
		if t.Size == f.size && fl.SignLocation == f.sign && fl.ExponentLocation == f.eloc && fl.ExponentSize == f.esz &&
			fl.MantissaSize == f.msz && fl.ExponentBias == f.bias {
			return f.dt, true
		}
	}
	return 0, false
}

// intType maps an HDF5 integer (or bitfield, as unsigned) of size bytes.
func intType(size int, signed bool) (numeric.DataType, bool) {
	switch {
	case size == 1 && signed:
		return numeric.Int8, true
	case size == 1:
		return numeric.Uint8, true
	case size == 2 && signed:
		return numeric.Int16, true
	case size == 2:
		return numeric.Uint16, true
	case size == 4 && signed:
		return numeric.Int32, true
	case size == 4:
		return numeric.Uint32, true
	case size == 8 && signed:
		return numeric.Int64, true
	case size == 8:
		return numeric.Uint64, true
	}
	return 0, false
}

// mapType maps a dataset's datatype. nbit says whether the dataset's
// pipeline has the n-bit filter, whose codec widens reduced-precision
// integers to their full width as HDF5's type conversion does.
func mapType(t *h5file.Datatype, nbit bool) (mappedType, error) {
	fail := func(format string, args ...any) (mappedType, error) {
		return mappedType{}, &UnsupportedTypeError{Type: t.String(), Reason: fmt.Sprintf(format, args...)}
	}
	m := mappedType{endian: endianOf(t)}
	switch t.Class {
	case h5file.ClassFixed, h5file.ClassBitfield, h5file.ClassEnum:
		base := t
		if t.Class == h5file.ClassEnum {
			base = t.Base
			m.enum = t.Enum
		}
		dt, ok := intType(base.Size, base.Signed)
		if !ok {
			return fail("integers of %d bytes", base.Size)
		}
		if base.Precision < 1 || base.BitOffset+base.Precision > 8*base.Size {
			return fail("%d significant bits from bit %d in %d bytes", base.Precision, base.BitOffset, base.Size)
		}
		if (base.BitOffset != 0 || base.Precision != 8*base.Size) && !nbit {
			m.widen = &widening{offset: base.BitOffset, precision: base.Precision, signed: base.Signed}
		}
		m.dt = dt
		if t.Class == h5file.ClassEnum && isBoolEnum(t) {
			// h5py's booleans: an enum FALSE = 0, TRUE = 1 on int8,
			// which h5py reads as numpy bool.
			m.dt, m.enum = numeric.Bool, nil
		}
	case h5file.ClassFloat:
		dt, ok := floatType(t)
		if !ok {
			return fail("not an IEEE binary16, binary32, binary64 or bfloat16 layout")
		}
		m.dt = dt
	case h5file.ClassString:
		dt, err := numeric.NewNullTerminatedBytes(t.Size)
		if err != nil {
			return fail("%v", err)
		}
		m.dt, m.endian = dt, numeric.EndianUnset
	case h5file.ClassOpaque:
		dt, err := numeric.NewRawBytes(t.Size)
		if err != nil {
			return fail("%v", err)
		}
		m.dt, m.endian = dt, numeric.EndianUnset
	case h5file.ClassVlen:
		if !t.VlenString {
			return fail("of variable-length types, only strings are read")
		}
		// UTF-8 strings are text; ASCII ones are bytes, as h5py reads
		// them (they may hold any byte).
		m.dt, m.kind, m.endian = numeric.String, vlenStrings, numeric.EndianUnset
		if t.CharSet != h5file.UTF8 {
			m.dt = numeric.Bytes
		}
	case h5file.ClassCompound:
		// h5py stores complex numbers as a compound of two floats named
		// r and i.
		if len(t.Members) == 2 && t.Members[0].Name == "r" && t.Members[1].Name == "i" {
			r, i := t.Members[0], t.Members[1]
			fr, ok1 := floatType(r.Type)
			fi, ok2 := floatType(i.Type)
			if ok1 && ok2 && fr == fi && r.Type.Order == i.Type.Order && r.Offset == 0 && i.Offset == r.Type.Size && t.Size == 2*r.Type.Size {
				switch fr {
				case numeric.Float32:
					m.dt = numeric.Complex64
				case numeric.Float64:
					m.dt = numeric.Complex128
				}
				if m.dt != 0 {
					m.endian = endianOf(r.Type)
					return m, nil
				}
			}
		}
		return fail("of compound types, only h5py's complex numbers (two float32 or float64 named r and i) are read")
	case h5file.ClassArray:
		return fail("Zarr has no array (sub-array) element type")
	case h5file.ClassReference:
		return fail("a reference points into the HDF5 file, which a Zarr array cannot")
	case h5file.ClassTime:
		return fail("the HDF5 time class is not read (no library writes it)")
	default:
		return fail("no mapping")
	}
	return m, nil
}

// isBoolEnum reports whether an enum is h5py's boolean type.
func isBoolEnum(t *h5file.Datatype) bool {
	if len(t.Enum) != 2 || t.Base.Size != 1 {
		return false
	}
	for _, m := range t.Enum {
		switch {
		case m.Name == "FALSE" && len(m.Value) == 1 && m.Value[0] == 0:
		case m.Name == "TRUE" && len(m.Value) == 1 && m.Value[0] == 1:
		default:
			return false
		}
	}
	return true
}

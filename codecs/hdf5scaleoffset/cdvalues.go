package hdf5scaleoffset

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// NumCDValues is the number of cd_values the filter stores
// (H5Z_SCALEOFFSET_TOTAL_NPARMS).
const NumCDValues = 20

// The positions of the parameters in cd_values.
const (
	cdScaleType = iota
	cdScaleFactor
	cdElements
	cdClass
	cdSize
	cdSign
	cdOrder
	cdFillDefined
	cdFill // the fill value's bits, 32 per value from the least significant
)

// CDError reports cd_values that no HDF5 library writes for the filter, or
// that describe chunks the filter cannot have stored.
type CDError struct {
	Index  int // the position of the offending value, -1 for the length
	Reason string
}

func (e *CDError) Error() string {
	if e.Index < 0 {
		return Name + ": cd_values: " + e.Reason
	}
	return fmt.Sprintf("%s: cd_values[%d]: %s", Name, e.Index, e.Reason)
}

// Is makes every CDError match codec.ErrConfig.
func (e *CDError) Is(target error) bool { return target == codec.ErrConfig }

// FromCDValues returns the codec of the filter parameters cd, as HDF5
// stores them in a dataset's filter pipeline: [scale type, scale factor,
// elements per chunk, class (0 integer, 1 float), size, sign (0 unsigned,
// 1 two's complement), byte order (0 little-endian, 1 big-endian), fill
// value defined (0 or 1), the fill value's bits from cd[8], 32 bits per
// value from the least significant, then zeros]. Values the filter never
// reads (the sign of a float, cd_values past the fill value) are ignored.
// Any other inconsistency is a *CDError.
func FromCDValues(cd []uint32) (*Codec, error) {
	bad := func(i int, format string, args ...any) (*Codec, error) {
		return nil, &CDError{Index: i, Reason: fmt.Sprintf(format, args...)}
	}
	if len(cd) != NumCDValues {
		return bad(-1, "the filter stores %d values, got %d", NumCDValues, len(cd))
	}
	c := &Codec{ScaleFactor: int(cd[cdScaleFactor]), Elements: int(cd[cdElements])}
	if int32(cd[cdScaleFactor]) < 0 {
		return bad(cdScaleFactor, "scale factor %d is negative (H5Pset_scaleoffset refuses negative factors)", int32(cd[cdScaleFactor]))
	}
	if c.Elements == 0 {
		return bad(cdElements, "0 elements per chunk")
	}
	var float bool
	switch cd[cdClass] {
	case 0:
	case 1:
		float = true
	default:
		return bad(cdClass, "class %d is neither 0 (integer) nor 1 (float)", cd[cdClass])
	}
	if !float && cd[cdSign] > 1 {
		return bad(cdSign, "sign %d is neither 0 (unsigned) nor 1 (two's complement)", cd[cdSign])
	}
	dt, ok := dataTypeOf(float, int(cd[cdSize]), cd[cdSign] == 1)
	if !ok {
		return bad(cdSize, "size %d is not supported (integers: 1, 2, 4 or 8 bytes; floats: 4 or 8)", cd[cdSize])
	}
	c.DataType = dt
	switch ScaleType(cd[cdScaleType]) {
	case ScaleInt:
		c.ScaleType = ScaleInt
		if float {
			return bad(cdScaleType, "scale type 2 (integer) with the float class")
		}
		if bits := 8 * dt.Size(); c.ScaleFactor > bits {
			return bad(cdScaleFactor, "%d bits exceed the %d bits of %v", c.ScaleFactor, bits, dt)
		}
	case ScaleFloatD:
		c.ScaleType = ScaleFloatD
		if !float {
			return bad(cdScaleType, "scale type 0 (float D-scaling) with the integer class")
		}
	case ScaleFloatE:
		return bad(cdScaleType, "scale type 1 (float E-scaling) is not implemented by HDF5")
	default:
		return bad(cdScaleType, "unknown scale type %d", cd[cdScaleType])
	}
	switch cd[cdOrder] {
	case 0:
	case 1:
		c.BigEndian = true
	default:
		return bad(cdOrder, "byte order %d is neither 0 (little-endian) nor 1 (big-endian)", cd[cdOrder])
	}
	switch cd[cdFillDefined] {
	case 0:
	case 1:
		c.Fill = numeric.ScalarFromBits(dt, uint64(cd[cdFill])|uint64(cd[cdFill+1])<<32, 0)
	default:
		return bad(cdFillDefined, "fill value flag %d is neither 0 (undefined) nor 1 (defined)", cd[cdFillDefined])
	}
	return c, nil
}

// CDValues returns the filter parameters of c as HDF5 stores them (see
// FromCDValues).
func (c *Codec) CDValues() []uint32 {
	cd := make([]uint32, NumCDValues)
	cd[cdScaleType] = uint32(c.ScaleType)
	cd[cdScaleFactor] = uint32(c.ScaleFactor)
	cd[cdElements] = uint32(c.Elements)
	cd[cdSize] = uint32(c.DataType.Size())
	if c.DataType.IsFloat() {
		cd[cdClass] = 1
	} else if c.DataType.IsSigned() {
		cd[cdSign] = 1
	}
	if c.BigEndian {
		cd[cdOrder] = 1
	}
	if c.Fill.Valid() {
		cd[cdFillDefined] = 1
		lo, _ := c.Fill.Bits()
		cd[cdFill] = uint32(lo)
		cd[cdFill+1] = uint32(lo >> 32)
	}
	return cd
}

package hdf5nbit

import (
	"fmt"

	"github.com/zcodec/zcodec/codec"
)

// MaxCDValues is the largest number of cd_values the filter accepts
// (H5Z_NBIT_MAX_NPARMS).
const MaxCDValues = 4096

// CDError reports cd_values that no HDF5 library writes for the filter.
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
// stores them in a dataset's filter pipeline: [the number of values, 1 if
// the filter leaves chunks unchanged, elements per chunk, the datatype's
// description]. An atomic type (integer or float) is [1, size, byte order
// (0 little-endian, 1 big-endian), precision, offset], an array [2, size,
// the base type's description], a compound [3, size, number of members,
// then for each member its byte offset and its type's description], any
// other type [4, size]. A dataset of a type of another class at the top
// has no description ([3, 1, elements]); the filter leaves its chunks
// unchanged, and FromCDValues refuses it: leave the filter out.
//
// Values that do not describe a datatype that fits its sizes, a count or
// flag that disagrees with the description, and descriptions HDF5 would
// refuse (precision 0, precision and offset beyond the size) are a
// *CDError.
func FromCDValues(cd []uint32) (*Codec, error) {
	bad := func(i int, format string, args ...any) (*Codec, error) {
		return nil, &CDError{Index: i, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case len(cd) < 3:
		return bad(-1, "%d values; the filter stores at least 3", len(cd))
	case len(cd) > MaxCDValues:
		return bad(-1, "%d values; the filter stores at most %d", len(cd), MaxCDValues)
	case int(cd[0]) != len(cd):
		return bad(0, "says %d values, there are %d", cd[0], len(cd))
	case cd[1] > 1:
		return bad(1, "flag %d is neither 0 nor 1", cd[1])
	case cd[2] == 0:
		return bad(2, "0 elements per chunk")
	case len(cd) == 3:
		return bad(-1, "no datatype description: the dataset's type is of a class the filter leaves unchanged (not integer, float, array or compound); leave the filter out")
	}
	r := cdReader{cd: cd, i: 3}
	t, err := r.datatype(0)
	if err != nil {
		return nil, err
	}
	if r.i != len(cd) {
		return bad(r.i, "%d values follow the datatype's description", len(cd)-r.i)
	}
	if full := t.full(); full != (cd[1] == 1) {
		return bad(1, "flag %d, but the datatype (%v) says %v", cd[1], &t, map[bool]string{true: "1: every bit is significant", false: "0: some bits are not"}[full])
	}
	return &Codec{Elements: int(cd[2]), Type: t}, nil
}

// cdReader walks a datatype description in cd_values.
type cdReader struct {
	cd []uint32
	i  int
}

func (r *cdReader) fail(i int, format string, args ...any) error {
	return &CDError{Index: i, Reason: fmt.Sprintf(format, args...)}
}

// take returns the next n values.
func (r *cdReader) take(n int) ([]uint32, error) {
	if len(r.cd)-r.i < n {
		return nil, r.fail(-1, "the description stops short of the datatype it describes at cd_values[%d]", r.i)
	}
	v := r.cd[r.i : r.i+n]
	r.i += n
	return v, nil
}

func (r *cdReader) datatype(depth int) (Datatype, error) {
	at := r.i
	if depth > maxDepth {
		return Datatype{}, r.fail(at, "datatypes nest deeper than %d levels", maxDepth)
	}
	head, err := r.take(2)
	if err != nil {
		return Datatype{}, err
	}
	t := Datatype{Class: Class(head[0]), Size: int(head[1])}
	switch t.Class {
	case ClassAtomic:
		v, err := r.take(3)
		if err != nil {
			return t, err
		}
		if v[0] > 1 {
			return t, r.fail(at+2, "byte order %d is neither 0 (little-endian) nor 1 (big-endian)", v[0])
		}
		t.BigEndian, t.Precision, t.Offset = v[0] == 1, int(v[1]), int(v[2])
	case ClassArray:
		base, err := r.datatype(depth + 1)
		if err != nil {
			return t, err
		}
		t.Base = &base
	case ClassCompound:
		v, err := r.take(1)
		if err != nil {
			return t, err
		}
		// every member takes at least 3 values: no more members than
		// values can be allocated for
		if int(v[0]) > (len(r.cd)-r.i)/3 {
			return t, r.fail(at+2, "%d members do not fit the %d values left", v[0], len(r.cd)-r.i)
		}
		t.Members = make([]Member, v[0])
		for k := range t.Members {
			off, err := r.take(1)
			if err != nil {
				return t, err
			}
			mt, err := r.datatype(depth + 1)
			if err != nil {
				return t, err
			}
			t.Members[k] = Member{Offset: int(off[0]), Type: mt}
		}
	case ClassNoOp:
	default:
		return t, r.fail(at, "unknown datatype class %d", head[0])
	}
	if depth == 0 {
		if err := t.check(0); err != nil {
			return t, r.fail(at, "%v", err)
		}
	}
	return t, nil
}

// CDValues returns the filter parameters of c as HDF5 stores them (see
// FromCDValues).
func (c *Codec) CDValues() []uint32 {
	cd := []uint32{uint32(3 + c.Type.params()), 0, uint32(c.Elements)}
	if c.Type.full() {
		cd[1] = 1
	}
	return appendType(cd, &c.Type)
}

func appendType(cd []uint32, t *Datatype) []uint32 {
	cd = append(cd, uint32(t.Class), uint32(t.Size))
	switch t.Class {
	case ClassAtomic:
		order := uint32(0)
		if t.BigEndian {
			order = 1
		}
		cd = append(cd, order, uint32(t.Precision), uint32(t.Offset))
	case ClassArray:
		cd = appendType(cd, t.Base)
	case ClassCompound:
		cd = append(cd, uint32(len(t.Members)))
		for i := range t.Members {
			cd = append(cd, uint32(t.Members[i].Offset))
			cd = appendType(cd, &t.Members[i].Type)
		}
	}
	return cd
}

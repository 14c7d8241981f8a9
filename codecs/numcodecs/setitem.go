package numcodecs

import (
	"math"

	"github.com/zcodec/zcodec/numeric"
)

// npSetItem converts v, a NumPy scalar of type from, into an element of
// type to the way assigning it into an array does (arr[i] = x, as
// numcodecs' Delta stores the first element). For a signed integer target
// NumPy 1.24 goes through Python's int(): the value is truncated toward
// zero, must be finite (int() of NaN raises ValueError, of an infinity
// OverflowError) and must fit a C long (else OverflowError), and is then
// wrapped to the target's width. Every other target converts as astype
// does. ok is false where NumPy raises; reason then says why.
func npSetItem(v npVal, from, to numeric.DataType) (out npVal, reason string, ok bool) {
	if from == to || !to.IsSigned() {
		return npCast(v, from, to), "", true
	}
	switch {
	case from == numeric.Bool || from.IsSigned():
		return npVal{u: wrapInt(v.u, to)}, "", true
	case from.IsUnsigned():
		if v.u > math.MaxInt64 {
			return v, "int() of it does not fit a C long (NumPy raises OverflowError)", false
		}
		return npVal{u: wrapInt(v.u, to)}, "", true
	}
	x := v.f // a float, or a complex value's real part (int() drops the imaginary part)
	switch {
	case x != x:
		return v, "int() of NaN raises ValueError in NumPy", false
	case math.IsInf(x, 0):
		return v, "int() of an infinity raises OverflowError in NumPy", false
	}
	t := math.Trunc(x)
	if t < -(1<<63) || t >= 1<<63 {
		return v, "int() of it does not fit a C long (NumPy raises OverflowError)", false
	}
	return npVal{u: wrapInt(uint64(int64(t)), to)}, "", true
}

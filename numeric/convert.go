package numeric

import "fmt"

// This file holds the vocabulary of value conversion (casting) between the
// real data types: what happens to values beyond the target's range, why a
// value cannot be converted, and the scalar_map entries that override the
// conversion of chosen values. The conversion rules are those of the Zarr
// cast_value codec; see Caster for the full procedure.

// CastElement is the set of Go types that hold one element of a real data
// type: the integers, F16, BF16, float32 and float64.
type CastElement interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 |
		F16 | BF16 | float32 | float64
}

// OutOfRange selects what a conversion does with a value that, after
// rounding, lies beyond the range of the target type. The zero value,
// OutOfRangeError, makes such a value an error.
type OutOfRange uint8

// The out-of-range policies.
const (
	// OutOfRangeError fails the conversion (out_of_range absent).
	OutOfRangeError OutOfRange = iota
	// OutOfRangeClamp saturates: integer targets give their minimum or
	// maximum; float targets give -Infinity or +Infinity.
	OutOfRangeClamp
	// OutOfRangeWrap reduces an integer result modulo 2^N into the
	// target's two's complement range. For a float target it has no
	// meaning, and a value beyond the target's range fails with CastWrapFloat.
	OutOfRangeWrap
)

// String returns "clamp", "wrap", or "error" for OutOfRangeError.
func (o OutOfRange) String() string {
	switch o {
	case OutOfRangeError:
		return "error"
	case OutOfRangeClamp:
		return "clamp"
	case OutOfRangeWrap:
		return "wrap"
	}
	return fmt.Sprintf("OutOfRange(%d)", uint8(o))
}

// ParseOutOfRange returns the policy spelled name in cast_value
// configuration ("clamp" or "wrap"), or false.
func ParseOutOfRange(name string) (OutOfRange, bool) {
	switch name {
	case "clamp":
		return OutOfRangeClamp, true
	case "wrap":
		return OutOfRangeWrap, true
	}
	return 0, false
}

// CastFailure says why a conversion of one value failed. The zero value,
// CastOK, means it did not.
type CastFailure uint8

// The reasons a value cannot be converted.
const (
	CastOK CastFailure = iota
	// CastOutOfRange: the rounded value is beyond the target's range and
	// the policy is OutOfRangeError.
	CastOutOfRange
	// CastNaN: a NaN into an integer type (no policy applies).
	CastNaN
	// CastInfinity: +Infinity or -Infinity into an integer type (no policy
	// applies).
	CastInfinity
	// CastWrapFloat: the rounded value is beyond the range of a float
	// target and the policy is OutOfRangeWrap, which has no meaning for
	// floats.
	CastWrapFloat
	// CastBadLength: the source and destination do not hold the same
	// number of whole elements.
	CastBadLength
)

// String describes the failure as a rule, for error messages.
func (f CastFailure) String() string {
	switch f {
	case CastOK:
		return "ok"
	case CastOutOfRange:
		return "out of range and out_of_range is not set"
	case CastNaN:
		return "NaN has no integer value and scalar_map does not map it"
	case CastInfinity:
		return "an infinity has no integer value and scalar_map does not map it"
	case CastWrapFloat:
		return `out of range of a float type, where out_of_range "wrap" does not apply`
	case CastBadLength:
		return "source and destination lengths differ"
	}
	return fmt.Sprintf("CastFailure(%d)", uint8(f))
}

// MapEntry is one scalar_map entry: a source value From that converts to
// the target value To, bypassing rounding and range checks.
type MapEntry struct {
	From, To Scalar
}

// CastSpec describes one conversion between two real data types.
type CastSpec struct {
	From, To   DataType
	Rounding   RoundingMode
	OutOfRange OutOfRange
	// Map holds the scalar_map entries in order: From of type From, To of
	// type To. Keys match by numeric value (a NaN key matches every NaN, a
	// zero key both zeros) and the first matching entry wins.
	Map []MapEntry
}

// CastSpecError reports a CastSpec that cannot be built into a kernel.
type CastSpecError struct {
	Spec   CastSpec
	Reason string
}

func (e *CastSpecError) Error() string {
	return fmt.Sprintf("cast %v -> %v: %s", e.Spec.From, e.Spec.To, e.Reason)
}

// validate checks the parts of s that do not depend on Go types.
func (s CastSpec) validate() error {
	switch {
	case !s.From.IsReal():
		return &CastSpecError{Spec: s, Reason: fmt.Sprintf("source type %v is not an integer or real float type", s.From)}
	case !s.To.IsReal():
		return &CastSpecError{Spec: s, Reason: fmt.Sprintf("target type %v is not an integer or real float type", s.To)}
	case s.Rounding > NearestAway:
		return &CastSpecError{Spec: s, Reason: fmt.Sprintf("invalid rounding mode %v", s.Rounding)}
	case s.OutOfRange > OutOfRangeWrap:
		return &CastSpecError{Spec: s, Reason: fmt.Sprintf("invalid out-of-range policy %v", s.OutOfRange)}
	}
	for i, e := range s.Map {
		if e.From.DataType() != s.From || e.To.DataType() != s.To {
			return &CastSpecError{Spec: s, Reason: fmt.Sprintf("map entry %d is %v -> %v, want %v -> %v",
				i, e.From.DataType(), e.To.DataType(), s.From, s.To)}
		}
	}
	return nil
}

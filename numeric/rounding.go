package numeric

import "fmt"

// RoundingMode selects how a value that the target type cannot represent
// exactly is rounded. The zero value is NearestEven. The String form is the
// spelling of the cast_value codec's "rounding" configuration.
type RoundingMode uint8

// The five rounding modes of the cast_value codec.
const (
	NearestEven     RoundingMode = iota // to nearest, ties to even (IEEE 754 default)
	TowardsZero                         // truncate
	TowardsPositive                     // ceiling
	TowardsNegative                     // floor
	NearestAway                         // to nearest, ties away from zero
)

// RoundingModes lists every rounding mode.
var RoundingModes = [...]RoundingMode{NearestEven, TowardsZero, TowardsPositive, TowardsNegative, NearestAway}

var roundingNames = [...]string{
	NearestEven:     "nearest-even",
	TowardsZero:     "towards-zero",
	TowardsPositive: "towards-positive",
	TowardsNegative: "towards-negative",
	NearestAway:     "nearest-away",
}

// String returns the configuration spelling of m ("nearest-even", ...).
func (m RoundingMode) String() string {
	if int(m) < len(roundingNames) {
		return roundingNames[m]
	}
	return fmt.Sprintf("RoundingMode(%d)", uint8(m))
}

// ParseRoundingMode returns the mode spelled name, or false.
func ParseRoundingMode(name string) (RoundingMode, bool) {
	for i, n := range roundingNames {
		if n == name {
			return RoundingMode(i), true
		}
	}
	return 0, false
}

// roundUp reports whether a magnitude whose truncated quotient is q
// (only its lowest bit matters) and whose discarded part compares to half a
// unit as cmpHalf (-1 below, 0 exactly half, +1 above; inexact is true when
// anything was discarded) should be rounded away from zero under mode m for
// a value of sign neg.
func roundUp(m RoundingMode, neg bool, qOdd bool, cmpHalf int, inexact bool) bool {
	if !inexact {
		return false
	}
	switch m {
	case TowardsZero:
		return false
	case TowardsPositive:
		return !neg
	case TowardsNegative:
		return neg
	case NearestAway:
		return cmpHalf >= 0
	default: // NearestEven
		return cmpHalf > 0 || (cmpHalf == 0 && qOdd)
	}
}

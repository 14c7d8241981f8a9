package advisor

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Tolerance is the error a lossy chain may make on every element. Each
// bound that is set must hold for every finite element; an element that is
// NaN must decode to NaN and an infinity to the same infinity. The zero
// Tolerance asks for exact (lossless) chains: every element must decode to
// a numerically equal value.
type Tolerance struct {
	// Abs bounds the absolute error: |decoded - original| <= Abs.
	Abs float64
	// Rel bounds the relative error: |decoded - original| <= Rel * |original|
	// (so an original zero must decode to zero).
	Rel float64
	// SigDigits keeps that many significant decimal digits: the error is at
	// most half a unit in the SigDigits-th significant digit of the
	// original, 0.5 * 10^(e - SigDigits + 1) where e = floor(log10
	// |original|) (so an original zero must decode to zero).
	SigDigits int
}

// minBound is the smallest Abs accepted: far above the subnormal range, so
// that every bound comparison is between normal numbers.
const minBound = 0x1p-1000

// ToleranceError reports a Tolerance that cannot be used.
type ToleranceError struct {
	Field  string // "Abs", "Rel" or "SigDigits"
	Reason string
}

func (e *ToleranceError) Error() string {
	return "advisor: tolerance " + e.Field + ": " + e.Reason
}

// Validate checks every bound that is set: Abs a finite number of at least
// 2^-1000, Rel in (0, 1), SigDigits from 1 to 17.
func (t Tolerance) Validate() error {
	if t.Abs != 0 && !(t.Abs >= minBound && t.Abs <= math.MaxFloat64) {
		return &ToleranceError{"Abs", fmt.Sprintf("%v is not a finite number of at least 2^-1000", t.Abs)}
	}
	if t.Rel != 0 && !(t.Rel >= minBound && t.Rel < 1) {
		return &ToleranceError{"Rel", fmt.Sprintf("%v is not a number in (0, 1)", t.Rel)}
	}
	if t.SigDigits < 0 || t.SigDigits > 17 {
		return &ToleranceError{"SigDigits", fmt.Sprintf("%d is not from 1 to 17", t.SigDigits)}
	}
	return nil
}

// Exact reports whether t sets no bound: only lossless chains meet it.
func (t Tolerance) Exact() bool { return t.Abs == 0 && t.Rel == 0 && t.SigDigits == 0 }

// String describes t: "abs 0.05", "rel 0.001, 3 significant digits",
// "exact".
func (t Tolerance) String() string {
	var parts []string
	if t.Abs != 0 {
		parts = append(parts, "abs "+strconv.FormatFloat(t.Abs, 'g', -1, 64))
	}
	if t.Rel != 0 {
		parts = append(parts, "rel "+strconv.FormatFloat(t.Rel, 'g', -1, 64))
	}
	if t.SigDigits != 0 {
		parts = append(parts, strconv.Itoa(t.SigDigits)+" significant digits")
	}
	if len(parts) == 0 {
		return "exact"
	}
	return strings.Join(parts, ", ")
}

package scaleoffset

import (
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// The kernels of this package reach chunk elements through
// internal/elements; these are its functions under the short names the
// kernels use.

// elem is the set of Go types the kernels work on.
type elem = elements.Elem

// load returns the elements of b as a []T (a view when possible).
func load[T elem](b []byte) []T { return elements.Load[T](b) }

// output returns a []T to write the elements of dst into.
func output[T elem](dst []byte) (s []T, direct bool) { return elements.Output[T](dst) }

// store writes s into dst unless it is a view of dst already.
func store[T elem](dst []byte, s []T, direct bool) { elements.Store(dst, s, direct) }

// scalarAt returns element i of the little-endian elements b of type dt.
func scalarAt(dt numeric.DataType, b []byte, i int) numeric.Scalar {
	return elements.ScalarAt(dt, b, i)
}

// rintSmall rounds |x| < 2^51 to an integer, ties to even.
func rintSmall(x float64) float64 { return elements.RintSmall(x) }

// isPow2 reports whether x is a finite power of two.
func isPow2(x float64) bool { return elements.IsPow2(x) }

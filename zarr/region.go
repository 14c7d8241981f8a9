package zarr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
)

// Region is a box of an array in element coordinates: the elements whose
// index along dimension d is in [Start[d], Start[d]+Shape[d]). Its rank is
// the array's. A region's elements are laid out in C order (the last
// dimension varies fastest) wherever they are read into or written from.
type Region struct {
	Start, Shape []int64
}

// Whole returns the region of every element of an array of the given
// shape.
func Whole(shape []int64) Region {
	return Region{Start: make([]int64, len(shape)), Shape: append([]int64(nil), shape...)}
}

// NumElements returns the number of elements of r (1 for a rank-0 region,
// 0 when a dimension is empty).
func (r Region) NumElements() int64 {
	n := int64(1)
	for _, d := range r.Shape {
		n *= d
	}
	return n
}

// String returns r in the syntax ParseRegion reads: "0:10,0:7,5:6".
func (r Region) String() string {
	parts := make([]string, len(r.Start))
	for i := range r.Start {
		parts[i] = fmt.Sprintf("%d:%d", r.Start[i], r.Start[i]+r.Shape[i])
	}
	return strings.Join(parts, ",")
}

// ErrRegion is matched by every *RegionError.
var ErrRegion = errors.New("invalid region")

// RegionError reports a region that cannot be parsed or does not lie in
// the array.
type RegionError struct {
	Input string // the region as given (shortened), or its String form
	Dim   int    // the dimension concerned, or -1
	// Reason says what is wrong.
	Reason string
}

func (e *RegionError) Error() string {
	if e.Dim >= 0 {
		return fmt.Sprintf("region %q: dimension %d: %s", e.Input, e.Dim, e.Reason)
	}
	return fmt.Sprintf("region %q: %s", e.Input, e.Reason)
}

// Is makes every RegionError match ErrRegion.
func (e *RegionError) Is(target error) bool { return target == ErrRegion }

// maxRegionText bounds the text ParseRegion reads.
const maxRegionText = 1 << 16

// ParseRegion reads a region of an array of the given shape from its text
// form, one comma-separated entry per dimension as in NumPy indexing:
//
//	i      the single index i (the dimension keeps length 1)
//	i:j    indexes i to j-1
//	i:     i to the end;  :j  0 to j-1;  :  the whole dimension
//	...    as many whole dimensions as needed (at most once)
//
// A negative i or j counts from the end of the dimension, as in Python.
// Missing trailing entries are whole dimensions, so "" is the whole array.
// Unlike NumPy, steps are not accepted (a region is a box) and an index or
// bound outside the dimension is an error rather than clipped. Errors are
// *RegionError values.
func ParseRegion(text string, shape []int64) (Region, error) {
	input := shorten.String(text)
	fail := func(dim int, format string, args ...any) (Region, error) {
		return Region{}, &RegionError{Input: input, Dim: dim, Reason: fmt.Sprintf(format, args...)}
	}
	if len(text) > maxRegionText {
		return fail(-1, "longer than %d bytes", maxRegionText)
	}
	var entries []string
	if t := strings.TrimSpace(text); t != "" {
		entries = strings.Split(t, ",")
	}
	ellipsis := -1
	for i, e := range entries {
		entries[i] = strings.TrimSpace(e)
		if entries[i] == "..." {
			if ellipsis >= 0 {
				return fail(-1, "more than one \"...\"")
			}
			ellipsis = i
		}
	}
	given := len(entries)
	if ellipsis >= 0 {
		given--
	}
	if given > len(shape) {
		return fail(-1, "%d entries for an array of %d dimensions", given, len(shape))
	}
	if ellipsis >= 0 {
		full := make([]string, 0, len(shape))
		full = append(full, entries[:ellipsis]...)
		for range len(shape) - given {
			full = append(full, ":")
		}
		entries = append(full, entries[ellipsis+1:]...)
	}
	r := Whole(shape)
	for d, e := range entries {
		n := shape[d]
		start, stop, err := parseEntry(e, n)
		if err != "" {
			return fail(d, "%q: %s", shorten.String(e), err)
		}
		r.Start[d], r.Shape[d] = start, stop-start
	}
	return r, nil
}

// parseEntry reads one entry for a dimension of length n and returns the
// half-open interval, or a reason.
func parseEntry(e string, n int64) (start, stop int64, reason string) {
	if e == "" {
		return 0, 0, "empty entry"
	}
	lo, hi, isSlice := strings.Cut(e, ":")
	if !isSlice {
		i, ok := parseIndex(lo, n)
		if !ok {
			return 0, 0, "not an integer"
		}
		if i < 0 || i >= n {
			return 0, 0, fmt.Sprintf("index out of range for length %d", n)
		}
		return i, i + 1, ""
	}
	if strings.Contains(hi, ":") {
		return 0, 0, "steps are not supported (a region is a box)"
	}
	start, stop = 0, n
	var ok bool
	if s := strings.TrimSpace(lo); s != "" {
		if start, ok = parseIndex(s, n); !ok {
			return 0, 0, "start is not an integer"
		}
	}
	if s := strings.TrimSpace(hi); s != "" {
		if stop, ok = parseIndex(s, n); !ok {
			return 0, 0, "stop is not an integer"
		}
	}
	switch {
	case start < 0 || start > n:
		return 0, 0, fmt.Sprintf("start out of range for length %d", n)
	case stop < 0 || stop > n:
		return 0, 0, fmt.Sprintf("stop out of range for length %d", n)
	case stop < start:
		return 0, 0, "stop before start"
	}
	return start, stop, ""
}

// parseIndex reads a decimal integer; a negative one counts from n.
func parseIndex(s string, n int64) (int64, bool) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, false
	}
	if v < 0 {
		if v < -n {
			return -1, true // out of range; the caller says so
		}
		v += n
	}
	return v, true
}

// check reports whether r is a region of an array of the given shape.
func (r Region) check(shape []int64) error {
	if len(r.Start) != len(shape) || len(r.Shape) != len(shape) {
		return &RegionError{Input: r.describe(), Dim: -1, Reason: fmt.Sprintf("rank %d/%d for an array of %d dimensions", len(r.Start), len(r.Shape), len(shape))}
	}
	for d := range shape {
		if r.Start[d] < 0 || r.Shape[d] < 0 || r.Start[d] > shape[d] || r.Shape[d] > shape[d]-r.Start[d] {
			return &RegionError{Input: r.describe(), Dim: d, Reason: fmt.Sprintf("[%d, %d+%d) is not inside [0, %d)", r.Start[d], r.Start[d], r.Shape[d], shape[d])}
		}
	}
	return nil
}

// describe is String for a region that may be malformed.
func (r Region) describe() string {
	if len(r.Start) != len(r.Shape) {
		return fmt.Sprintf("start %v shape %v", r.Start, r.Shape)
	}
	return r.String()
}

package zarr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/region"
)

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
// *region.Error values.
func ParseRegion(text string, shape []int64) (region.Box, error) {
	input := shorten.String(text)
	fail := func(dim int, format string, args ...any) (region.Box, error) {
		return region.Box{}, &region.Error{Input: input, Dim: dim, Reason: fmt.Sprintf(format, args...)}
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
	r := region.Whole(shape)
	for d, e := range entries {
		n := shape[d]
		start, stop, err := parseEntry(e, n)
		if err != "" {
			return fail(d, "%q: %s", shorten.String(e), err)
		}
		r.Start[d], r.Stop[d] = start, stop
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

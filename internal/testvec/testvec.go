// Package testvec holds helpers for tests: reading hex vectors, cutting the
// in-extent part out of a decoded chunk, and benchmark data that the peer
// benchmark scripts generate too.
package testvec

import (
	"encoding/hex"
	"fmt"
)

// Hex decodes s or panics: vectors are generated, not user input.
func Hex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(fmt.Sprintf("testvec: bad hex: %v", err))
	}
	return b
}

// Extent returns the elements of the region [0, extent) of a C-order chunk
// of the given shape with elements of size bytes each, in C order.
func Extent(chunk []byte, shape, extent []int, size int) []byte {
	var out []byte
	idx := make([]int, len(shape))
	for {
		off := 0
		for d := range shape {
			off = off*shape[d] + idx[d]
		}
		if len(shape) == 0 {
			return append(out, chunk[:size]...)
		}
		out = append(out, chunk[off*size:(off+1)*size]...)
		d := len(shape) - 1
		for d >= 0 {
			idx[d]++
			if idx[d] < extent[d] {
				break
			}
			idx[d] = 0
			d--
		}
		if d < 0 {
			return out
		}
	}
}

// FirstDiff returns the index of the first differing byte, or -1.
func FirstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

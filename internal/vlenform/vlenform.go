// Package vlenform walks chunks in the vlen form (a u32le element count,
// then per element a u32le length and its bytes; see package codec) that
// have already been checked by codec.VlenElements or a vlen codec: it
// trusts the layout and does no bounds reporting of its own. It is the one
// place that splits such a chunk, shared by codecs/vlen and zarr.
package vlenform

import (
	"encoding/binary"
	"unsafe"
)

// Strings sets the elements of dst to the next len(dst) elements of the
// checked chunk b, starting at the element whose length is at offset pos,
// as strings that share b's memory (no copy, no allocation), and returns
// the offset after them. b must not change while the strings are in use.
func Strings(dst []string, b []byte, pos int) int {
	for i := range dst {
		l := int(binary.LittleEndian.Uint32(b[pos:]))
		pos += 4
		if l > 0 {
			dst[i] = unsafe.String(&b[pos], l)
		} else {
			dst[i] = ""
		}
		pos += l
	}
	return pos
}

// Offsets returns the offset of each element's length in the checked
// chunk b of n elements, and b's length after them (n+1 entries): element
// i is b[off[i]+4 : off[i+1]].
func Offsets(b []byte, n int) []int {
	offs := make([]int, n+1)
	pos := 4
	for i := range n {
		offs[i] = pos
		pos += 4 + int(binary.LittleEndian.Uint32(b[pos:]))
	}
	offs[n] = pos
	return offs
}

package scaleoffset

import (
	"encoding/binary"
	"unsafe"

	"github.com/zcodec/zcodec/numeric"
)

// hostLittleEndian is true on little-endian machines, where a []T and the
// little-endian encoding of its elements share one memory layout.
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// elem is the set of Go types the kernels work on.
type elem interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 |
		numeric.F16 | numeric.BF16 | float32 | float64
}

// view returns b as a []T sharing its memory when that is possible: on a
// little-endian host with b aligned for T. ok is false otherwise.
func view[T elem](b []byte) (s []T, ok bool) {
	size := int(unsafe.Sizeof(*new(T)))
	if len(b) == 0 {
		return []T{}, true
	}
	if !hostLittleEndian || uintptr(unsafe.Pointer(&b[0]))%uintptr(unsafe.Alignof(*new(T))) != 0 {
		return nil, false
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/size), true
}

// load returns the elements of b, little-endian, as a []T: a view of b when
// possible, otherwise a decoded copy (big-endian hosts, unaligned buffers).
func load[T elem](b []byte) []T {
	if s, ok := view[T](b); ok {
		return s
	}
	size := int(unsafe.Sizeof(*new(T)))
	s := make([]T, len(b)/size)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
	copy(raw, b)
	if !hostLittleEndian {
		swapUnits(raw, size)
	}
	return s
}

// output returns a []T to write the elements of dst into: a view of dst
// when possible (direct true), otherwise a new slice that store copies
// into dst afterwards.
func output[T elem](dst []byte) (s []T, direct bool) {
	if s, ok := view[T](dst); ok {
		return s, true
	}
	size := int(unsafe.Sizeof(*new(T)))
	return make([]T, len(dst)/size), false
}

// store writes the elements of s into dst, little-endian, unless direct.
func store[T elem](dst []byte, s []T, direct bool) {
	if direct {
		return
	}
	size := int(unsafe.Sizeof(*new(T)))
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
	copy(dst, raw)
	if !hostLittleEndian {
		swapUnits(dst[:len(raw)], size)
	}
}

// swapUnits reverses the bytes of every size-byte unit of b in place.
func swapUnits(b []byte, size int) {
	for i := 0; i+size <= len(b); i += size {
		u := b[i : i+size]
		for l, r := 0, size-1; l < r; l, r = l+1, r-1 {
			u[l], u[r] = u[r], u[l]
		}
	}
}

// scalarAt returns element i of the little-endian elements b of type dt.
func scalarAt(dt numeric.DataType, b []byte, i int) numeric.Scalar {
	n := dt.Size()
	s, _ := numeric.ScalarFromBytes(dt, b[i*n:(i+1)*n])
	return s
}

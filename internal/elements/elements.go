// Package elements gives element-wise kernels typed access to chunks held as
// little-endian element bytes, and the small float helpers those kernels
// share.
//
// On a little-endian host a chunk whose buffer is aligned for its element
// type is viewed in place; otherwise (big-endian hosts, unaligned buffers)
// the elements are copied through a slice of the right type, so the kernels
// are correct everywhere and fast where it matters.
package elements

import (
	"unsafe"

	"github.com/zcodec/zcodec/internal/hostorder"
	"github.com/zcodec/zcodec/numeric"
)

// Elem is the set of Go types the kernels work on.
type Elem interface {
	int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 |
		numeric.F16 | numeric.BF16 | float32 | float64
}

// View returns b as a []T sharing its memory when that is possible: on a
// little-endian host with b aligned for T. ok is false otherwise.
func View[T Elem](b []byte) (s []T, ok bool) {
	size := int(unsafe.Sizeof(*new(T)))
	if len(b) == 0 {
		return []T{}, true
	}
	if !hostorder.LittleEndian || uintptr(unsafe.Pointer(&b[0]))%uintptr(unsafe.Alignof(*new(T))) != 0 {
		return nil, false
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/size), true
}

// Load returns the elements of b, little-endian, as a []T: a view of b when
// possible, otherwise a decoded copy (big-endian hosts, unaligned buffers).
func Load[T Elem](b []byte) []T {
	if s, ok := View[T](b); ok {
		return s
	}
	size := int(unsafe.Sizeof(*new(T)))
	s := make([]T, len(b)/size)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
	copy(raw, b)
	if !hostorder.LittleEndian {
		hostorder.SwapUnits(raw, size)
	}
	return s
}

// Output returns a []T to write the elements of dst into: a view of dst
// when possible (direct true), otherwise a new slice that Store copies
// into dst afterwards.
func Output[T Elem](dst []byte) (s []T, direct bool) {
	if s, ok := View[T](dst); ok {
		return s, true
	}
	size := int(unsafe.Sizeof(*new(T)))
	return make([]T, len(dst)/size), false
}

// Store writes the elements of s into dst, little-endian, unless direct
// (s is then a view of dst already).
func Store[T Elem](dst []byte, s []T, direct bool) {
	if direct {
		return
	}
	size := int(unsafe.Sizeof(*new(T)))
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
	copy(dst, raw)
	if !hostorder.LittleEndian {
		hostorder.SwapUnits(dst[:len(raw)], size)
	}
}

// ScalarAt returns element i of the little-endian elements b of type dt.
func ScalarAt(dt numeric.DataType, b []byte, i int) numeric.Scalar {
	n := dt.Size()
	s, _ := numeric.ScalarFromBytes(dt, b[i*n:(i+1)*n])
	return s
}

// Bytes returns the memory of s as bytes, without copying: on a
// little-endian host these are the elements' little-endian encodings.
func Bytes[T numeric.Element](s []T) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

package numeric

import (
	"encoding/binary"
	"unsafe"
)

// ByteTable is a conversion from an 8-bit type (int8 or uint8) to D as a
// table of its 256 results: each entry is what the exact scalar
// conversion gives for that value, computed once, with the failure (if
// any) it reports. Applying it is a table look-up per element, exact by
// construction; whether any value fails is known when the table is made,
// and a table without failures has no check in its loop.
//
// Cast and Caster use one for every conversion from int8 or uint8 that
// is not a plain widening to float (which vector instructions do faster);
// passes that fuse another computation with a cast from 8-bit data build
// one from their own scalar code.
type ByteTable[D any] struct {
	vals    [256]D
	fail    [256]CastFailure
	failing bool // some entry fails
}

// NewByteTable returns the table of f over the 256 byte values b (a
// caller with int8 data reads b as int8(b)). f(b) returns the result and
// CastOK, or the failure of that value.
func NewByteTable[D any](f func(b uint8) (D, CastFailure)) *ByteTable[D] {
	t := new(ByteTable[D])
	for b := range 256 {
		v, fail := f(uint8(b))
		t.vals[b], t.fail[b] = v, fail
		if fail != CastOK {
			t.failing = true
		}
	}
	return t
}

// Failing reports whether some byte value fails.
func (t *ByteTable[D]) Failing() bool { return t.failing }

// Apply converts src into dst (len(dst) >= len(src)): it returns -1 and
// CastOK, or the index of the first element whose value fails and its
// failure (dst[:index] is then converted).
func (t *ByteTable[D]) Apply(dst []D, src []byte) (int, CastFailure) {
	dst = dst[:len(src)]
	if t.failing {
		for i, x := range src {
			if f := t.fail[x]; f != CastOK {
				return i, f
			}
			dst[i] = t.vals[x]
		}
		return -1, CastOK
	}
	v := &t.vals
	i := 0
	for ; i+8 <= len(src); i += 8 {
		w := binary.LittleEndian.Uint64(src[i : i+8])
		d := dst[i : i+8 : i+8]
		d[0], d[1], d[2], d[3] = v[uint8(w)], v[uint8(w>>8)], v[uint8(w>>16)], v[uint8(w>>24)]
		d[4], d[5], d[6], d[7] = v[uint8(w>>32)], v[uint8(w>>40)], v[uint8(w>>48)], v[uint8(w>>56)]
	}
	for ; i < len(src); i++ {
		dst[i] = v[src[i]]
	}
	return -1, CastOK
}

// byteKernel returns k, from an 8-bit type S, as the look-up of its table.
func byteKernel[S, D CastElement](k kernel[S, D]) kernel[S, D] {
	t := NewByteTable(func(b uint8) (D, CastFailure) {
		var s [1]S
		*(*uint8)(unsafe.Pointer(&s[0])) = b
		var d [1]D
		_, f := k(d[:], s[:])
		return d[0], f
	})
	return func(dst []D, src []S) (int, CastFailure) {
		return t.Apply(dst, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src)))
	}
}

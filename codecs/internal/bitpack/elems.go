package bitpack

import "encoding/binary"

// LoadElems reads len(dst) elements of size bytes from src in the given
// byte order, zero-extended.
func LoadElems(dst []uint64, src []byte, size int, big bool) {
	src = src[:len(dst)*size]
	switch {
	case size == 1:
		for i := range dst {
			dst[i] = uint64(src[i])
		}
	case size == 2 && !big:
		for i := range dst {
			dst[i] = uint64(binary.LittleEndian.Uint16(src[2*i:]))
		}
	case size == 2:
		for i := range dst {
			dst[i] = uint64(binary.BigEndian.Uint16(src[2*i:]))
		}
	case size == 4 && !big:
		for i := range dst {
			dst[i] = uint64(binary.LittleEndian.Uint32(src[4*i:]))
		}
	case size == 4:
		for i := range dst {
			dst[i] = uint64(binary.BigEndian.Uint32(src[4*i:]))
		}
	case !big:
		for i := range dst {
			dst[i] = binary.LittleEndian.Uint64(src[8*i:])
		}
	default:
		for i := range dst {
			dst[i] = binary.BigEndian.Uint64(src[8*i:])
		}
	}
}

// StoreElems writes the low size bytes of each value of src to dst in the
// given byte order.
func StoreElems(dst []byte, src []uint64, size int, big bool) {
	dst = dst[:len(src)*size]
	switch {
	case size == 1:
		for i, v := range src {
			dst[i] = byte(v)
		}
	case size == 2 && !big:
		for i, v := range src {
			binary.LittleEndian.PutUint16(dst[2*i:], uint16(v))
		}
	case size == 2:
		for i, v := range src {
			binary.BigEndian.PutUint16(dst[2*i:], uint16(v))
		}
	case size == 4 && !big:
		for i, v := range src {
			binary.LittleEndian.PutUint32(dst[4*i:], uint32(v))
		}
	case size == 4:
		for i, v := range src {
			binary.BigEndian.PutUint32(dst[4*i:], uint32(v))
		}
	case !big:
		for i, v := range src {
			binary.LittleEndian.PutUint64(dst[8*i:], v)
		}
	default:
		for i, v := range src {
			binary.BigEndian.PutUint64(dst[8*i:], v)
		}
	}
}

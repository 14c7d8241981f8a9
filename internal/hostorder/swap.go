package hostorder

import (
	"encoding/binary"
	"math/bits"
)

// SwapUnits reverses the bytes of every size-byte unit of b in place,
// turning little-endian elements into big-endian ones and back. A trailing
// part shorter than size is left as it is.
func SwapUnits(b []byte, size int) {
	switch size {
	case 2:
		for i := 0; i+2 <= len(b); i += 2 {
			binary.LittleEndian.PutUint16(b[i:], bits.ReverseBytes16(binary.LittleEndian.Uint16(b[i:])))
		}
	case 4:
		for i := 0; i+4 <= len(b); i += 4 {
			binary.LittleEndian.PutUint32(b[i:], bits.ReverseBytes32(binary.LittleEndian.Uint32(b[i:])))
		}
	case 8:
		for i := 0; i+8 <= len(b); i += 8 {
			binary.LittleEndian.PutUint64(b[i:], bits.ReverseBytes64(binary.LittleEndian.Uint64(b[i:])))
		}
	default:
		for i := 0; size > 1 && i+size <= len(b); i += size {
			u := b[i : i+size]
			for l, r := 0, size-1; l < r; l, r = l+1, r-1 {
				u[l], u[r] = u[r], u[l]
			}
		}
	}
}

//go:build amd64 && !noasm

package transpose

import (
	"unsafe"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// haveBlocks32 is true when transposeBlocks32 can run: the CPU has AVX2
// (as internal/cpufeat allows; detected once, at start-up).
var haveBlocks32 = cpufeat.AVX2

// transposeBlocks32 sets dst[i*dstRow+j] = src[i+j*srcCol] for i < rows
// and j < cols, 32-bit elements, strides in bytes, rows and cols multiples
// of 8 (kernel_amd64.s).
//
//go:noescape
func transposeBlocks32(dst *uint32, dstRow uintptr, src *uint32, srcCol uintptr, rows, cols int)

// blocks32 runs transposeBlocks32 over the leading multiples of 8 of rows
// and cols and returns how many of each it covered (0, 0 without AVX2).
func blocks32(dst []uint32, dstRow int, src []uint32, srcCol, rows, cols int) (r, c int) {
	r, c = rows&^7, cols&^7
	if !haveBlocks32 || r == 0 || c == 0 {
		return 0, 0
	}
	// the last element each side touches must be inside its slice
	_ = dst[(r-1)*dstRow+c-1]
	_ = src[(r-1)+(c-1)*srcCol]
	transposeBlocks32(unsafe.SliceData(dst), uintptr(dstRow)*4, unsafe.SliceData(src), uintptr(srcCol)*4, r, c)
	return r, c
}

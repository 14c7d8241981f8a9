package transpose

import "unsafe"

// word is the set of element types the kernels move: unsigned integers and
// a pair of them where the chunk's buffers are aligned for them, byte
// arrays (which need no alignment) otherwise. The kernels only copy
// elements, so any type of the element's size serves.
type word interface {
	uint8 | uint16 | uint32 | uint64 | [2]uint64 |
		[2]byte | [4]byte | [8]byte | [16]byte
}

// outerCount returns the number of index combinations of the axes before q.
func (p *plan) outerCount() int {
	c := 1
	for _, e := range p.shape[:p.q] {
		c *= e
	}
	return c
}

// outerOffsets returns the input and output offsets of the o-th index
// combination (in C order) of the axes before q.
func (p *plan) outerOffsets(o int) (in, out int) {
	out = o * p.shape[p.q] * p.rowLen
	for k := p.q - 1; k >= 0; k-- {
		in += o % p.shape[k] * p.stride[k]
		o /= p.shape[k]
	}
	return in, out
}

// runBlock writes every index of axis q, at the outer index whose input
// offset is base, into dst: a contiguous run of shape[q]*rowLen output
// elements.
func runBlock[T word](p *plan, dst, src []T, base int) {
	last := len(p.shape) - 1
	cols := p.shape[last]
	mids := p.rowLen / cols // index combinations of the axes between q and last
	rows := p.shape[p.q]
	for m := range mids {
		in := base
		for k, mm := last-1, m; k > p.q; k-- {
			in += mm % p.shape[k] * p.stride[k]
			mm /= p.shape[k]
		}
		out := m * cols
		if p.stride[last] == 1 {
			copyRows(dst[out:], p.rowLen, src[in:], p.stride[p.q], rows, cols)
		} else {
			transpose2D(dst[out:], p.rowLen, src[in:], p.stride[last], rows, cols)
		}
	}
}

// copyRows copies rows rows of cols elements: dst[i*dstRow+j] =
// src[i*srcRow+j].
func copyRows[T word](dst []T, dstRow int, src []T, srcRow, rows, cols int) {
	for i := range rows {
		copy(dst[i*dstRow:i*dstRow+cols], src[i*srcRow:i*srcRow+cols])
	}
}

// tileFor returns the side of the square tiles transpose2D works through
// for elements of size bytes. Measured on 1 MiB chunks: 16 for 4-byte
// elements, whose 8x8 vector blocks then complete every cache line they
// touch while the tile's lines still share few cache sets (a row stride
// of a power of two maps the rows of a tile to the same sets); 64 for the
// scalar loops on 1- and 2-byte elements, 32 for 8 and 16 bytes.
func tileFor(size uintptr) int {
	switch size {
	case 1, 2:
		return 64
	case 4:
		return 16
	}
	return 32
}

// transpose2D sets dst[i*dstRow+j] = src[i+j*srcCol] for i < rows and
// j < cols: src holds cols rows of rows contiguous elements. It works
// through square tiles, and inside a tile through 4x4 blocks whose 16
// elements are loaded before any is stored.
func transpose2D[T word](dst []T, dstRow int, src []T, srcCol, rows, cols int) {
	tile := tileFor(unsafe.Sizeof(*new(T)))
	for i0 := 0; i0 < rows; i0 += tile {
		i1 := min(i0+tile, rows)
		for j0 := 0; j0 < cols; j0 += tile {
			j1 := min(j0+tile, cols)
			if r, c := blockKernel(dst[i0*dstRow+j0:], dstRow, src[i0+j0*srcCol:], srcCol, i1-i0, j1-j0); r > 0 {
				// the block-aligned part of the tile went through a
				// block kernel; the edges remain
				tileEdges(dst, dstRow, src, srcCol, i0, i1, j0, j1, i0+r, j0+c)
				continue
			}
			j := j0
			for ; j+4 <= j1; j += 4 {
				i := i0
				for ; i+4 <= i1; i += 4 {
					s0 := src[j*srcCol+i : j*srcCol+i+4 : j*srcCol+i+4]
					s1 := src[(j+1)*srcCol+i : (j+1)*srcCol+i+4 : (j+1)*srcCol+i+4]
					s2 := src[(j+2)*srcCol+i : (j+2)*srcCol+i+4 : (j+2)*srcCol+i+4]
					s3 := src[(j+3)*srcCol+i : (j+3)*srcCol+i+4 : (j+3)*srcCol+i+4]
					d0 := dst[i*dstRow+j : i*dstRow+j+4 : i*dstRow+j+4]
					d1 := dst[(i+1)*dstRow+j : (i+1)*dstRow+j+4 : (i+1)*dstRow+j+4]
					d2 := dst[(i+2)*dstRow+j : (i+2)*dstRow+j+4 : (i+2)*dstRow+j+4]
					d3 := dst[(i+3)*dstRow+j : (i+3)*dstRow+j+4 : (i+3)*dstRow+j+4]
					d0[0], d0[1], d0[2], d0[3] = s0[0], s1[0], s2[0], s3[0]
					d1[0], d1[1], d1[2], d1[3] = s0[1], s1[1], s2[1], s3[1]
					d2[0], d2[1], d2[2], d2[3] = s0[2], s1[2], s2[2], s3[2]
					d3[0], d3[1], d3[2], d3[3] = s0[3], s1[3], s2[3], s3[3]
				}
				for ; i < i1; i++ {
					d := dst[i*dstRow+j : i*dstRow+j+4 : i*dstRow+j+4]
					d[0], d[1], d[2], d[3] = src[j*srcCol+i], src[(j+1)*srcCol+i], src[(j+2)*srcCol+i], src[(j+3)*srcCol+i]
				}
			}
			for ; j < j1; j++ {
				for i := i0; i < i1; i++ {
					dst[i*dstRow+j] = src[j*srcCol+i]
				}
			}
		}
	}
}

// blockKernel runs the block kernel of T's size, if there is one, over the
// leading whole blocks of a tile and returns how many rows and columns it
// covered: 8x8 vector blocks for 4-byte elements (AVX2), 8x8 bytes and
// 4x4 16-bit elements in 64-bit words. The generic loops do the rest.
func blockKernel[T word](dst []T, dstRow int, src []T, srcCol, rows, cols int) (r, c int) {
	switch d := any(dst).(type) {
	case []uint32:
		return blocks32(d, dstRow, any(src).([]uint32), srcCol, rows, cols)
	case []uint8:
		return blocks8(d, dstRow, any(src).([]uint8), srcCol, rows, cols)
	case []uint16, [][2]byte:
		return blocks16(asBytes(dst), dstRow, asBytes(src), srcCol, rows, cols)
	}
	return 0, 0
}

// tileEdges transposes the part of the tile [i0, i1) x [j0, j1) outside
// [i0, ir) x [j0, jc), which a vector kernel has done.
func tileEdges[T word](dst []T, dstRow int, src []T, srcCol, i0, i1, j0, j1, ir, jc int) {
	for j := j0; j < j1; j++ {
		from := ir
		if j >= jc {
			from = i0
		}
		for i := from; i < i1; i++ {
			dst[i*dstRow+j] = src[j*srcCol+i]
		}
	}
}

// viewAs returns b as a []T sharing its memory.
func viewAs[T word](b []byte) []T {
	size := int(unsafe.Sizeof(*new(T)))
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/size)
}

// aligned reports whether b's memory is aligned for n-byte words (up to
// 8; 16-byte elements move as two 8-byte words).
func aligned(b []byte, n int) bool {
	return len(b) == 0 || uintptr(unsafe.Pointer(unsafe.SliceData(b)))%uintptr(min(n, 8)) == 0
}

// runBytes transposes the chunk src into dst, elements of size bytes.
func runBytes(p *plan, size int, dst, src []byte) {
	if p.identity() {
		copy(dst, src)
		return
	}
	switch size {
	case 1, 2, 4, 8, 16:
	default:
		runOdd(p, size, dst, src)
		return
	}
	for o, outer := 0, p.outerCount(); o < outer; o++ {
		ib, ob := p.outerOffsets(o)
		blockBytes(p, size, dst[ob*size:(ob+p.shape[p.q]*p.rowLen)*size], src, ib)
	}
}

// blockBytes is runBlock over element bytes: it picks the element type
// for size and the buffers' alignment.
func blockBytes(p *plan, size int, dst, src []byte, base int) {
	if size > 1 && !(aligned(dst, size) && aligned(src, size)) {
		switch size {
		case 2:
			runBlock(p, viewAs[[2]byte](dst), viewAs[[2]byte](src), base)
		case 4:
			runBlock(p, viewAs[[4]byte](dst), viewAs[[4]byte](src), base)
		case 8:
			runBlock(p, viewAs[[8]byte](dst), viewAs[[8]byte](src), base)
		default:
			runBlock(p, viewAs[[16]byte](dst), viewAs[[16]byte](src), base)
		}
		return
	}
	switch size {
	case 1:
		runBlock(p, dst, src, base)
	case 2:
		runBlock(p, viewAs[uint16](dst), viewAs[uint16](src), base)
	case 4:
		runBlock(p, viewAs[uint32](dst), viewAs[uint32](src), base)
	case 8:
		runBlock(p, viewAs[uint64](dst), viewAs[uint64](src), base)
	default:
		runBlock(p, viewAs[[2]uint64](dst), viewAs[[2]uint64](src), base)
	}
}

// runOdd transposes elements of a size no word type has (the fixed-length
// text and byte-string types: 3, 12, 20... bytes), element by element in
// output order, with an odometer over the output axes.
func runOdd(p *plan, size int, dst, src []byte) {
	idx := make([]int, len(p.shape))
	in := 0
	last := len(p.shape) - 1
	for out := 0; out < p.n; out++ {
		copy(dst[out*size:(out+1)*size], src[in*size:(in+1)*size])
		for k := last; k >= 0; k-- {
			idx[k]++
			in += p.stride[k]
			if idx[k] < p.shape[k] {
				break
			}
			in -= idx[k] * p.stride[k]
			idx[k] = 0
		}
	}
}

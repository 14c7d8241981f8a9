package numeric

import (
	"unsafe"

	"github.com/zcodec/zcodec/internal/hostorder"
)

// The byte layer of Cast: typed kernels run over little-endian element bytes.

// bytesFrom returns the byte-level kernel of spec, whose source type is S.
func bytesFrom[S CastElement](spec CastSpec) func(dst, src []byte) (int, CastFailure) {
	switch spec.To {
	case Int8:
		return bytesKernel(buildKernel[S, int8](spec))
	case Int16:
		return bytesKernel(buildKernel[S, int16](spec))
	case Int32:
		return bytesKernel(buildKernel[S, int32](spec))
	case Int64:
		return bytesKernel(buildKernel[S, int64](spec))
	case Uint8:
		return bytesKernel(buildKernel[S, uint8](spec))
	case Uint16:
		return bytesKernel(buildKernel[S, uint16](spec))
	case Uint32:
		return bytesKernel(buildKernel[S, uint32](spec))
	case Uint64:
		return bytesKernel(buildKernel[S, uint64](spec))
	case Float16:
		return bytesKernel(buildKernel[S, F16](spec))
	case BFloat16:
		return bytesKernel(buildKernel[S, BF16](spec))
	case Float32:
		return bytesKernel(buildKernel[S, float32](spec))
	}
	return bytesKernel(buildKernel[S, float64](spec))
}

// bytesKernel runs k over element bytes: directly on the memory when the
// host is little-endian and both buffers are element-aligned, otherwise
// through aligned blocks with explicit little-endian loads and stores.
func bytesKernel[S, D CastElement](k kernel[S, D]) func(dst, src []byte) (int, CastFailure) {
	ss, ds := int(unsafe.Sizeof(S(0))), int(unsafe.Sizeof(D(0)))
	return func(dst, src []byte) (int, CastFailure) {
		n := len(src) / ss
		if len(src) != n*ss || len(dst) != n*ds {
			return 0, CastBadLength
		}
		if n == 0 {
			return -1, CastOK
		}
		sp, dp := unsafe.Pointer(unsafe.SliceData(src)), unsafe.Pointer(unsafe.SliceData(dst))
		if hostorder.LittleEndian && uintptr(sp)%uintptr(ss) == 0 && uintptr(dp)%uintptr(ds) == 0 {
			return k(unsafe.Slice((*D)(dp), n), unsafe.Slice((*S)(sp), n))
		}
		return blockKernel(k, dst, src, n, ss, ds)
	}
}

// blockKernel is the portable path of bytesKernel.
func blockKernel[S, D CastElement](k kernel[S, D], dst, src []byte, n, ss, ds int) (int, CastFailure) {
	const block = 256
	sb := make([]S, block)
	db := make([]D, block)
	for off := 0; off < n; off += block {
		m := min(block, n-off)
		loadLE(sb[:m], src[off*ss:(off+m)*ss], ss)
		if i, f := k(db[:m], sb[:m]); f != CastOK {
			return off + i, f
		}
		storeLE(dst[off*ds:(off+m)*ds], db[:m], ds)
	}
	return -1, CastOK
}

// loadLE fills dst from its little-endian element bytes b.
func loadLE[T CastElement](dst []T, b []byte, size int) {
	mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), len(dst)*size)
	copy(mem, b)
	if !hostorder.LittleEndian {
		hostorder.SwapUnits(mem, size)
	}
}

// storeLE writes the little-endian element bytes of src into b.
func storeLE[T CastElement](b []byte, src []T, size int) {
	mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), len(src)*size)
	copy(b, mem)
	if !hostorder.LittleEndian {
		hostorder.SwapUnits(b[:len(mem)], size)
	}
}

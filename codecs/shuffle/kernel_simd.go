//go:build goexperiment.simd && amd64

package shuffle

import "simd/archsimd"

// AVX2 forms of the transposes for element sizes 2, 4 and 8
// (GOEXPERIMENT=simd builds on amd64, chosen at run time when the CPU has
// AVX2). They produce the same bytes as the scalar kernels in kernel.go:
// each loop step transposes a block of 32 elements with byte shuffles
// inside 128-bit lanes (VPSHUFB), a dword permute (VPERMD), word or quadword
// unpacks (VPUNPCKLWD/VPUNPCKLQDQ) and lane selects (VPERM2I128); the
// elements after the last whole block go through a plain loop.

// hasAVX2 is fixed at start-up.
var hasAVX2 = archsimd.X86.AVX2()

// blockElems is the number of elements each vector step handles.
const blockElems = 32

// Lane shuffles (indices within each 128-bit lane; the same for both lanes).
var (
	// bytes 0,2,..,14 then 1,3,..,15: split even and odd bytes.
	maskEvenOdd = [32]int8{0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15}
	// the inverse: interleave the low and high eight bytes.
	maskZip = [32]int8{0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15}
	// 4x4 byte transpose (its own inverse).
	mask4x4 = [32]int8{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}
	// even 16-bit words then odd ones.
	maskWordEvenOdd = [32]int8{0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15}
)

// Dword permutes (VPERMD indices).
var (
	permSwapMid = [8]uint32{0, 1, 4, 5, 2, 3, 6, 7} // exchange quadwords 1 and 2 (its own inverse)
	permSpread  = [8]uint32{0, 4, 1, 5, 2, 6, 3, 7} // dword k of both lanes side by side
	permGather  = [8]uint32{0, 2, 4, 6, 1, 3, 5, 7} // the inverse of permSpread
)

// transposeVector transposes dst from src with AVX2 when the CPU has it,
// es is 2, 4 or 8 and there is at least one whole block; it reports
// whether it did.
func transposeVector(dst, src []byte, es int) bool {
	if !hasAVX2 || len(src) < blockElems*es {
		return false
	}
	switch es {
	case 2:
		transpose2AVX2(dst, src)
	case 4:
		transpose4AVX2(dst, src)
	case 8:
		transpose8AVX2(dst, src)
	default:
		return false
	}
	return true
}

// untransposeVector is transposeVector for the inverse transpose.
func untransposeVector(dst, src []byte, es int) bool {
	if !hasAVX2 || len(src) < blockElems*es {
		return false
	}
	switch es {
	case 2:
		untranspose2AVX2(dst, src)
	case 4:
		untranspose4AVX2(dst, src)
	case 8:
		untranspose8AVX2(dst, src)
	default:
		return false
	}
	return true
}

// transposeTail transposes elements from..count-1 byte by byte.
func transposeTail(dst, src []byte, es, from int) {
	count := len(src) / es
	for b := range es {
		plane := dst[b*count : (b+1)*count]
		for i := from; i < count; i++ {
			plane[i] = src[i*es+b]
		}
	}
}

// untransposeTail is transposeTail for the inverse transpose.
func untransposeTail(dst, src []byte, es, from int) {
	count := len(src) / es
	for b := range es {
		plane := src[b*count : (b+1)*count]
		for i := from; i < count; i++ {
			dst[i*es+b] = plane[i]
		}
	}
}

// transpose4x64 transposes the 4x4 matrix of quadwords whose rows are
// w0..w3.
func transpose4x64(w0, w1, w2, w3 archsimd.Uint64x4) (archsimd.Uint64x4, archsimd.Uint64x4, archsimd.Uint64x4, archsimd.Uint64x4) {
	t0 := w0.InterleaveLoGrouped(w1) // w0[0] w1[0] w0[2] w1[2]
	t1 := w0.InterleaveHiGrouped(w1) // w0[1] w1[1] w0[3] w1[3]
	t2 := w2.InterleaveLoGrouped(w3)
	t3 := w2.InterleaveHiGrouped(w3)
	return t0.Select128FromPair(0, 2, t2), t1.Select128FromPair(0, 2, t3),
		t0.Select128FromPair(1, 3, t2), t1.Select128FromPair(1, 3, t3)
}

func transpose2AVX2(dst, src []byte) {
	count := len(src) / 2
	p0, p1 := dst[:count], dst[count:2*count]
	split := archsimd.LoadInt8x32(&maskEvenOdd)
	swap := archsimd.LoadUint32x8(&permSwapMid)
	n := count / blockElems * blockElems
	for i := 0; i < n; i += blockElems {
		s := src[2*i : 2*i+64]
		// Per vector: even bytes (plane 0) then odd bytes (plane 1) in
		// each lane, then the two plane-0 halves side by side.
		a := archsimd.LoadUint8x32Slice(s[0:32]).PermuteOrZeroGrouped(split).AsUint32x8().Permute(swap).AsUint64x4()
		c := archsimd.LoadUint8x32Slice(s[32:64]).PermuteOrZeroGrouped(split).AsUint32x8().Permute(swap).AsUint64x4()
		a.Select128FromPair(0, 2, c).AsUint8x32().StoreSlice(p0[i : i+32])
		a.Select128FromPair(1, 3, c).AsUint8x32().StoreSlice(p1[i : i+32])
	}
	transposeTail(dst, src, 2, n)
}

func untranspose2AVX2(dst, src []byte) {
	count := len(src) / 2
	p0, p1 := src[:count], src[count:2*count]
	zip := archsimd.LoadInt8x32(&maskZip)
	swap := archsimd.LoadUint32x8(&permSwapMid)
	n := count / blockElems * blockElems
	for i := 0; i < n; i += blockElems {
		x := archsimd.LoadUint8x32Slice(p0[i : i+32]).AsUint64x4()
		y := archsimd.LoadUint8x32Slice(p1[i : i+32]).AsUint64x4()
		d := dst[2*i : 2*i+64]
		x.Select128FromPair(0, 2, y).AsUint32x8().Permute(swap).AsUint8x32().PermuteOrZeroGrouped(zip).StoreSlice(d[0:32])
		x.Select128FromPair(1, 3, y).AsUint32x8().Permute(swap).AsUint8x32().PermuteOrZeroGrouped(zip).StoreSlice(d[32:64])
	}
	untransposeTail(dst, src, 2, n)
}

func transpose4AVX2(dst, src []byte) {
	count := len(src) / 4
	p0, p1, p2, p3 := dst[:count], dst[count:2*count], dst[2*count:3*count], dst[3*count:4*count]
	tr := archsimd.LoadInt8x32(&mask4x4)
	spread := archsimd.LoadUint32x8(&permSpread)
	n := count / blockElems * blockElems
	for i := 0; i < n; i += blockElems {
		s := src[4*i : 4*i+128]
		// Per vector of 8 elements: a 4x4 byte transpose in each lane,
		// then the 8 bytes of each plane together as quadword k.
		w0 := archsimd.LoadUint8x32Slice(s[0:32]).PermuteOrZeroGrouped(tr).AsUint32x8().Permute(spread).AsUint64x4()
		w1 := archsimd.LoadUint8x32Slice(s[32:64]).PermuteOrZeroGrouped(tr).AsUint32x8().Permute(spread).AsUint64x4()
		w2 := archsimd.LoadUint8x32Slice(s[64:96]).PermuteOrZeroGrouped(tr).AsUint32x8().Permute(spread).AsUint64x4()
		w3 := archsimd.LoadUint8x32Slice(s[96:128]).PermuteOrZeroGrouped(tr).AsUint32x8().Permute(spread).AsUint64x4()
		o0, o1, o2, o3 := transpose4x64(w0, w1, w2, w3)
		o0.AsUint8x32().StoreSlice(p0[i : i+32])
		o1.AsUint8x32().StoreSlice(p1[i : i+32])
		o2.AsUint8x32().StoreSlice(p2[i : i+32])
		o3.AsUint8x32().StoreSlice(p3[i : i+32])
	}
	transposeTail(dst, src, 4, n)
}

func untranspose4AVX2(dst, src []byte) {
	count := len(src) / 4
	p0, p1, p2, p3 := src[:count], src[count:2*count], src[2*count:3*count], src[3*count:4*count]
	tr := archsimd.LoadInt8x32(&mask4x4)
	gather := archsimd.LoadUint32x8(&permGather)
	n := count / blockElems * blockElems
	for i := 0; i < n; i += blockElems {
		w0, w1, w2, w3 := transpose4x64(
			archsimd.LoadUint8x32Slice(p0[i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p1[i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p2[i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p3[i:i+32]).AsUint64x4())
		d := dst[4*i : 4*i+128]
		w0.AsUint32x8().Permute(gather).AsUint8x32().PermuteOrZeroGrouped(tr).StoreSlice(d[0:32])
		w1.AsUint32x8().Permute(gather).AsUint8x32().PermuteOrZeroGrouped(tr).StoreSlice(d[32:64])
		w2.AsUint32x8().Permute(gather).AsUint8x32().PermuteOrZeroGrouped(tr).StoreSlice(d[64:96])
		w3.AsUint32x8().Permute(gather).AsUint8x32().PermuteOrZeroGrouped(tr).StoreSlice(d[96:128])
	}
	untransposeTail(dst, src, 4, n)
}

// planes8 turns two vectors of 4 elements each (u, v: elements 0-3 and
// 4-7, already shuffled so that word k of a lane holds byte k of its two
// elements) into quadword rows: lo holds dword k = plane k (k = 0..3) of
// elements 0-3 and 4-7, arranged as quadwords k; hi the same for planes 4-7.
func planes8(u, v archsimd.Uint8x32, spread archsimd.Uint32x8) (lo, hi archsimd.Uint64x4) {
	x := u.AsUint16x16().Select128FromPair(0, 2, v.AsUint16x16()) // elements 0,1 | 4,5
	y := u.AsUint16x16().Select128FromPair(1, 3, v.AsUint16x16()) // elements 2,3 | 6,7
	lo = x.InterleaveLoGrouped(y).AsUint32x8().Permute(spread).AsUint64x4()
	hi = x.InterleaveHiGrouped(y).AsUint32x8().Permute(spread).AsUint64x4()
	return lo, hi
}

func transpose8AVX2(dst, src []byte) {
	count := len(src) / 8
	var p [8][]byte
	for b := range p {
		p[b] = dst[b*count : (b+1)*count]
	}
	zip := archsimd.LoadInt8x32(&maskZip)
	spread := archsimd.LoadUint32x8(&permSpread)
	n := count / blockElems * blockElems
	for i := 0; i < n; i += blockElems {
		s := src[8*i : 8*i+256]
		lo0, hi0 := planes8(archsimd.LoadUint8x32Slice(s[0:32]).PermuteOrZeroGrouped(zip),
			archsimd.LoadUint8x32Slice(s[32:64]).PermuteOrZeroGrouped(zip), spread)
		lo1, hi1 := planes8(archsimd.LoadUint8x32Slice(s[64:96]).PermuteOrZeroGrouped(zip),
			archsimd.LoadUint8x32Slice(s[96:128]).PermuteOrZeroGrouped(zip), spread)
		lo2, hi2 := planes8(archsimd.LoadUint8x32Slice(s[128:160]).PermuteOrZeroGrouped(zip),
			archsimd.LoadUint8x32Slice(s[160:192]).PermuteOrZeroGrouped(zip), spread)
		lo3, hi3 := planes8(archsimd.LoadUint8x32Slice(s[192:224]).PermuteOrZeroGrouped(zip),
			archsimd.LoadUint8x32Slice(s[224:256]).PermuteOrZeroGrouped(zip), spread)
		o0, o1, o2, o3 := transpose4x64(lo0, lo1, lo2, lo3)
		o0.AsUint8x32().StoreSlice(p[0][i : i+32])
		o1.AsUint8x32().StoreSlice(p[1][i : i+32])
		o2.AsUint8x32().StoreSlice(p[2][i : i+32])
		o3.AsUint8x32().StoreSlice(p[3][i : i+32])
		o4, o5, o6, o7 := transpose4x64(hi0, hi1, hi2, hi3)
		o4.AsUint8x32().StoreSlice(p[4][i : i+32])
		o5.AsUint8x32().StoreSlice(p[5][i : i+32])
		o6.AsUint8x32().StoreSlice(p[6][i : i+32])
		o7.AsUint8x32().StoreSlice(p[7][i : i+32])
	}
	transposeTail(dst, src, 8, n)
}

// elements8 is the inverse of planes8.
func elements8(lo, hi archsimd.Uint64x4, gather archsimd.Uint32x8, words archsimd.Int8x32, split archsimd.Int8x32) (u, v archsimd.Uint8x32) {
	l := lo.AsUint32x8().Permute(gather).AsUint8x32().PermuteOrZeroGrouped(words).AsUint64x4()
	h := hi.AsUint32x8().Permute(gather).AsUint8x32().PermuteOrZeroGrouped(words).AsUint64x4()
	x := l.InterleaveLoGrouped(h)
	y := l.InterleaveHiGrouped(h)
	u = x.Select128FromPair(0, 2, y).AsUint8x32().PermuteOrZeroGrouped(split)
	v = x.Select128FromPair(1, 3, y).AsUint8x32().PermuteOrZeroGrouped(split)
	return u, v
}

func untranspose8AVX2(dst, src []byte) {
	count := len(src) / 8
	var p [8][]byte
	for b := range p {
		p[b] = src[b*count : (b+1)*count]
	}
	split := archsimd.LoadInt8x32(&maskEvenOdd)
	words := archsimd.LoadInt8x32(&maskWordEvenOdd)
	gather := archsimd.LoadUint32x8(&permGather)
	n := count / blockElems * blockElems
	for i := 0; i < n; i += blockElems {
		lo0, lo1, lo2, lo3 := transpose4x64(
			archsimd.LoadUint8x32Slice(p[0][i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p[1][i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p[2][i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p[3][i:i+32]).AsUint64x4())
		hi0, hi1, hi2, hi3 := transpose4x64(
			archsimd.LoadUint8x32Slice(p[4][i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p[5][i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p[6][i:i+32]).AsUint64x4(),
			archsimd.LoadUint8x32Slice(p[7][i:i+32]).AsUint64x4())
		d := dst[8*i : 8*i+256]
		u, v := elements8(lo0, hi0, gather, words, split)
		u.StoreSlice(d[0:32])
		v.StoreSlice(d[32:64])
		u, v = elements8(lo1, hi1, gather, words, split)
		u.StoreSlice(d[64:96])
		v.StoreSlice(d[96:128])
		u, v = elements8(lo2, hi2, gather, words, split)
		u.StoreSlice(d[128:160])
		v.StoreSlice(d[160:192])
		u, v = elements8(lo3, hi3, gather, words, split)
		u.StoreSlice(d[192:224])
		v.StoreSlice(d[224:256])
	}
	untransposeTail(dst, src, 8, n)
}

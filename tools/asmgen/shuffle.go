package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// shuffleSet emits the byte transposes of package shuffle (codecs/shuffle)
// for element sizes 2, 4 and 8 (AVX2). Each has the Go signature
//
//	func(dst, src *byte, count int)
//
// and transposes the first count/32*32 elements of count: the shuffle
// writes byte b of element i to dst[b*count+i], the unshuffle reads it from
// src[b*count+i]. Each loop step takes a block of 32 elements with byte
// shuffles inside 128-bit lanes (VPSHUFB), dword permutes (VPERMD), word
// or quadword unpacks and lane selects (VPERM2I128).
func shuffleSet() string {
	masks()
	for _, es := range []int{2, 4, 8} {
		emitShuffle(es, false)
		emitShuffle(es, true)
	}
	return ""
}

// The read-only tables of the transposes.
var (
	maskEvenOdd, maskZip, mask4x4, maskWordEvenOdd Mem
	permSwapMid, permSpread, permGather            Mem
)

func masks() {
	lanes := func(name string, b ...int) Mem {
		m := GLOBL(name, RODATA|NOPTR)
		for l := range 2 {
			for i, v := range b {
				DATA(16*l+i, U8(uint8(v)))
			}
		}
		return m
	}
	// bytes 0, 2, .., 14 then 1, 3, .., 15 of each lane
	maskEvenOdd = lanes("maskEvenOdd", 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15)
	// the inverse: interleave the low and high eight bytes
	maskZip = lanes("maskZip", 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15)
	// 4x4 byte transpose (its own inverse)
	mask4x4 = lanes("mask4x4", 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)
	// even 16-bit words then odd ones
	maskWordEvenOdd = lanes("maskWordEvenOdd", 0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15)
	dwords := func(name string, d ...uint32) Mem {
		m := GLOBL(name, RODATA|NOPTR)
		for i, v := range d {
			DATA(4*i, U32(v))
		}
		return m
	}
	permSwapMid = dwords("permSwapMid", 0, 1, 4, 5, 2, 3, 6, 7) // exchange quadwords 1 and 2
	permSpread = dwords("permSpread", 0, 4, 1, 5, 2, 6, 3, 7)   // dword k of both lanes side by side
	permGather = dwords("permGather", 0, 2, 4, 6, 1, 3, 5, 7)   // the inverse of permSpread
}

func load(m Mem) reg.VecVirtual {
	r := YMM()
	VMOVDQU(m, r)
	return r
}

// shufb shuffles the bytes of each lane of a by mask, in place.
func shufb(mask reg.Register, a reg.VecVirtual) { VPSHUFB(mask, a, a) }

// permd permutes the dwords of a by idx, in place.
func permd(idx reg.Register, a reg.VecVirtual) { VPERMD(a, idx, a) }

// sel returns the low (hi false) or high lanes of a and b: [a.lo, b.lo] or
// [a.hi, b.hi].
func sel(a, b reg.Register, hi bool) reg.VecVirtual {
	r := YMM()
	imm := U8(0x20)
	if hi {
		imm = U8(0x31)
	}
	VPERM2I128(imm, b, a, r)
	return r
}

// transpose4x64 transposes the 4x4 matrix of quadwords whose rows are w.
func transpose4x64(w [4]reg.VecVirtual) [4]reg.VecVirtual {
	t0, t1, t2, t3 := YMM(), YMM(), YMM(), YMM()
	VPUNPCKLQDQ(w[1], w[0], t0) // w0[0] w1[0] | w0[2] w1[2]
	VPUNPCKHQDQ(w[1], w[0], t1) // w0[1] w1[1] | w0[3] w1[3]
	VPUNPCKLQDQ(w[3], w[2], t2)
	VPUNPCKHQDQ(w[3], w[2], t3)
	return [4]reg.VecVirtual{sel(t0, t2, false), sel(t1, t3, false), sel(t0, t2, true), sel(t1, t3, true)}
}

func emitShuffle(es int, inverse bool) {
	name := fmt.Sprintf("transpose%dAVX2", es)
	what := "shuffles"
	if inverse {
		name, what = "un"+name, "unshuffles"
	}
	TEXT(name, NOSPLIT, "func(dst, src *byte, count int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s %s whole blocks of 32 elements of %d bytes (AVX2).", name, what, es))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	count := Load(Param("count"), GP64())
	// planes[b] points at plane b, in dst (shuffle) or src (unshuffle)
	base := dst
	if inverse {
		base = src
	}
	planes := []reg.Register{base}
	for b := 1; b < es; b++ {
		p := GP64()
		MOVQ(planes[b-1], p)
		ADDQ(count, p)
		planes = append(planes, p)
	}
	end := GP64()
	MOVQ(count, end)
	ANDQ(I32(-32), end)
	i := GP64()
	XORQ(i, i)
	// the tables, loaded once
	var m1, m2, m3 reg.VecVirtual
	switch {
	case es == 2 && !inverse:
		m1, m2 = load(maskEvenOdd), load(permSwapMid)
	case es == 2:
		m1, m2 = load(maskZip), load(permSwapMid)
	case es == 4 && !inverse:
		m1, m2 = load(mask4x4), load(permSpread)
	case es == 4:
		m1, m2 = load(mask4x4), load(permGather)
	case !inverse:
		m1, m2 = load(maskZip), load(permSpread)
	default:
		m1, m2, m3 = load(maskEvenOdd), load(maskWordEvenOdd), load(permGather)
	}
	Label("loop")
	CMPQ(i, end)
	JAE(LabelRef("done"))
	elems := func(off int) Mem { // bytes of the interleaved side
		if inverse {
			return Mem{Base: dst, Index: i, Scale: uint8(es), Disp: off}
		}
		return Mem{Base: src, Index: i, Scale: uint8(es), Disp: off}
	}
	plane := func(b int) Mem { return Mem{Base: planes[b], Index: i, Scale: 1} }
	switch {
	case es == 2 && !inverse:
		split, swap := m1, m2
		a, c := load(elems(0)), load(elems(32))
		// per vector: even bytes (plane 0) then odd bytes (plane 1) in each
		// lane, then the two plane-0 halves side by side
		shufb(split, a)
		permd(swap, a)
		shufb(split, c)
		permd(swap, c)
		VMOVDQU(sel(a, c, false), plane(0))
		VMOVDQU(sel(a, c, true), plane(1))
	case es == 2:
		zip, swap := m1, m2
		x, y := load(plane(0)), load(plane(1))
		for h, hi := range []bool{false, true} {
			r := sel(x, y, hi)
			permd(swap, r)
			shufb(zip, r)
			VMOVDQU(r, elems(32*h))
		}
	case es == 4 && !inverse:
		tr, spread := m1, m2
		// per vector of 8 elements: a 4x4 byte transpose in each lane, then
		// the 8 bytes of each plane together as quadword k
		var w [4]reg.VecVirtual
		for k := range w {
			w[k] = load(elems(32 * k))
			shufb(tr, w[k])
			permd(spread, w[k])
		}
		for b, o := range transpose4x64(w) {
			VMOVDQU(o, plane(b))
		}
	case es == 4:
		tr, gather := m1, m2
		var x [4]reg.VecVirtual
		for b := range x {
			x[b] = load(plane(b))
		}
		for k, w := range transpose4x64(x) {
			permd(gather, w)
			shufb(tr, w)
			VMOVDQU(w, elems(32*k))
		}
	case !inverse:
		zip, spread := m1, m2
		var lo, hi [4]reg.VecVirtual
		for k := range 4 {
			u, v := load(elems(64*k)), load(elems(64*k+32))
			shufb(zip, u) // word k of a lane: byte k of its two elements
			shufb(zip, v)
			x := sel(u, v, false) // elements 0,1 | 4,5
			y := sel(u, v, true)  // elements 2,3 | 6,7
			lo[k], hi[k] = YMM(), YMM()
			VPUNPCKLWD(y, x, lo[k]) // dword k: plane k (k = 0..3)
			VPUNPCKHWD(y, x, hi[k]) // planes 4..7
			permd(spread, lo[k])
			permd(spread, hi[k])
		}
		for b, o := range transpose4x64(lo) {
			VMOVDQU(o, plane(b))
		}
		for b, o := range transpose4x64(hi) {
			VMOVDQU(o, plane(4+b))
		}
	default:
		split, words, gather := m1, m2, m3
		var pl [8]reg.VecVirtual
		for b := range pl {
			pl[b] = load(plane(b))
		}
		lo := transpose4x64([4]reg.VecVirtual(pl[:4]))
		hi := transpose4x64([4]reg.VecVirtual(pl[4:]))
		for k := range 4 {
			l, h := lo[k], hi[k]
			permd(gather, l)
			shufb(words, l)
			permd(gather, h)
			shufb(words, h)
			x, y := YMM(), YMM()
			VPUNPCKLQDQ(h, l, x)
			VPUNPCKHQDQ(h, l, y)
			u, v := sel(x, y, false), sel(x, y, true)
			shufb(split, u)
			shufb(split, v)
			VMOVDQU(u, elems(64*k))
			VMOVDQU(v, elems(64*k+32))
		}
	}
	ADDQ(U8(32), i)
	JMP(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

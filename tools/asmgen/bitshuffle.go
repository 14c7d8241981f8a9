package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

//	go run . bitshuffle -pkg bitshuffle -out ../../codecs/internal/bitshuffle/vec_amd64.s -stubs ../../codecs/internal/bitshuffle/vec_amd64_decl.go

// bitshuffleSet emits the bit transposes of one-byte elements of package
// bitshuffle (codecs/internal/bitshuffle), the step every element
// size reaches after its bytes are split into byte planes. Each has the Go
// signature
//
//	func(dst, src *byte, n int)
//
// for n elements (a multiple of 8): the planes are n/8 bytes apart, plane k
// holding bit k of every element (element i at bit i%8 of byte i/8). The
// shuffle reads the elements from src and writes the planes to dst; the
// unshuffle reads the planes from src and writes the elements to dst. They
// transpose the elements before the last whole step (64 elements for
// AVX-512, 256 for AVX2) and leave the rest to the caller.
func bitshuffleSet() string {
	masks()
	bitMasks()
	emitBits512(false)
	emitBits512(true)
	emitBits256(false)
	emitBits256(true)
	emitUnitGather(4)
	emitUnitGather(8)
	emitUnitGather256(4)
	emitUnitGather256(8)
	emitByteGather()
	emitByteUngather()
	return ""
}

// The read-only tables of the bit transposes.
var (
	bitBytes     Mem // qword k: byte 1<<k in every byte (k = 0..7)
	swarMasks    Mem // the masks of transpose8's three swaps, 32 bytes each
	swarBitsMask [3]uint64
)

func bitMasks() {
	bitBytes = GLOBL("bitBytes", RODATA|NOPTR)
	for k := range 8 {
		DATA(8*k, U64(0x0101010101010101<<k))
	}
	swarMasks = GLOBL("swarMasks", RODATA|NOPTR)
	swarBitsMask = [3]uint64{0x00aa00aa00aa00aa, 0x0000cccc0000cccc, 0x00000000f0f0f0f0}
	for s, m := range swarBitsMask {
		for q := range 4 {
			DATA(32*s+8*q, U64(m))
		}
	}
}

// planePtrs sets up the addressing of eight planes n/8 bytes apart from
// base: plane k is at plane(k).
type planePtrs struct {
	p0, p4, pl, pl3 reg.GPVirtual
}

func newPlanes(base, n reg.Register) planePtrs {
	p := planePtrs{p0: GP64(), p4: GP64(), pl: GP64(), pl3: GP64()}
	MOVQ(n, p.pl)
	SHRQ(U8(3), p.pl)
	MOVQ(base, p.p0)
	LEAQ(Mem{Base: p.pl, Index: p.pl, Scale: 2}, p.pl3)
	LEAQ(Mem{Base: base, Index: p.pl, Scale: 4}, p.p4)
	return p
}

// plane returns the memory operand of plane k at byte offset off.
func (p planePtrs) plane(k, off int) Mem {
	base := p.p0
	if k >= 4 {
		base = p.p4
	}
	switch k % 4 {
	case 0:
		return Mem{Base: base, Disp: off}
	case 1:
		return Mem{Base: base, Index: p.pl, Scale: 1, Disp: off}
	case 2:
		return Mem{Base: base, Index: p.pl, Scale: 2, Disp: off}
	}
	return Mem{Base: base, Index: p.pl3, Scale: 1, Disp: off}
}

// advance moves every plane on by d bytes.
func (p planePtrs) advance(d int) {
	ADDQ(U32(d), p.p0)
	ADDQ(U32(d), p.p4)
}

// emitBits512 writes the AVX-512 kernels: 64 elements a step, in one ZMM
// register. The shuffle tests every byte against 1<<k (VPTESTMB), whose
// 64-bit mask is the step's word of plane k; the unshuffle loads the eight
// words into mask registers and adds 1<<k under mask k into a zeroed
// register.
func emitBits512(inverse bool) {
	name, what := "bits1AVX512", "shuffles"
	if inverse {
		name, what = "unbits1AVX512", "unshuffles"
	}
	TEXT(name, NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s %s the whole steps of 64 one-byte elements of n (AVX-512).", name, what))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	planesBase, elems := dst, src
	if inverse {
		planesBase, elems = src, dst
	}
	p := newPlanes(planesBase, n)
	end := GP64()
	MOVQ(n, end)
	ANDQ(I32(-64), end)
	ADDQ(elems, end) // the end of the elements' whole steps
	var bits [8]reg.VecVirtual
	for k := range bits {
		bits[k] = ZMM()
		VPBROADCASTQ(bitBytes.Offset(8*k), bits[k])
	}
	Label(name + "_loop")
	CMPQ(elems, end)
	JAE(LabelRef(name + "_done"))
	if !inverse {
		z := ZMM()
		VMOVDQU64(Mem{Base: elems}, z)
		for k := range 8 {
			m := K()
			VPTESTMB(bits[k], z, m)
			KMOVQ(m, p.plane(k, 0))
		}
	} else {
		// two sums of four planes each: there are seven mask registers
		var acc [2]reg.VecVirtual
		for h := range acc {
			var m [4]reg.OpmaskVirtual
			for j := range m {
				m[j] = K()
				KMOVQ(p.plane(4*h+j, 0), m[j])
			}
			acc[h] = ZMM()
			VMOVDQU8_Z(bits[4*h], m[0], acc[h])
			for j := 1; j < 4; j++ {
				VPADDB(bits[4*h+j], acc[h], m[j], acc[h])
			}
		}
		a := acc[0]
		VPORQ(acc[1], a, a)
		VMOVDQU64(a, Mem{Base: elems})
	}
	ADDQ(U8(64), elems)
	p.advance(8)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// transpose8Vec transposes the 8x8 bit matrix in every quadword of x (row
// r is byte r): three swaps of bits 7, 14 and 28 apart, as transpose8 in
// package bitshuffle does one word at a time. It is its own inverse.
func transpose8Vec(x reg.VecVirtual) {
	for s, sh := range []int{7, 14, 28} {
		t, u := YMM(), YMM()
		VPSRLQ(U8(sh), x, t)
		VPXOR(x, t, t)
		VPAND(swarMasks.Offset(32*s), t, t)
		VPSLLQ(U8(sh), t, u)
		VPXOR(t, x, x)
		VPXOR(u, x, x)
	}
}

// emitBits256 writes the AVX2 kernels: 256 elements a step, in eight YMM
// registers. The bit transpose of each quadword (transpose8Vec) leaves in
// byte k of quadword q the step's byte q of plane k, so that the rest is
// the byte transpose of 32 eight-byte elements (the transposes of package
// shuffle for element size 8) into the planes' 32 bytes. The unshuffle runs
// the two in the other order.
func emitBits256(inverse bool) {
	name, what := "bits1AVX2", "shuffles"
	if inverse {
		name, what = "unbits1AVX2", "unshuffles"
	}
	TEXT(name, NOSPLIT, "func(dst, src *byte, n int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s %s the whole steps of 256 one-byte elements of n (AVX2).", name, what))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	planesBase, elems := dst, src
	if inverse {
		planesBase, elems = src, dst
	}
	p := newPlanes(planesBase, n)
	end := GP64()
	MOVQ(n, end)
	ANDQ(I32(-256), end)
	ADDQ(elems, end)
	var m1, m2, m3 reg.VecVirtual
	if !inverse {
		m1, m2 = load(maskZip), load(permSpread)
	} else {
		m1, m2, m3 = load(maskEvenOdd), load(maskWordEvenOdd), load(permGather)
	}
	Label(name + "_loop")
	CMPQ(elems, end)
	JAE(LabelRef(name + "_done"))
	el := func(off int) Mem { return Mem{Base: elems, Disp: off} }
	if !inverse {
		zip, spread := m1, m2
		var lo, hi [4]reg.VecVirtual
		for k := range 4 {
			u, v := load(el(64*k)), load(el(64*k+32))
			transpose8Vec(u)
			transpose8Vec(v)
			shufb(zip, u)
			shufb(zip, v)
			x := sel(u, v, false)
			y := sel(u, v, true)
			lo[k], hi[k] = YMM(), YMM()
			VPUNPCKLWD(y, x, lo[k])
			VPUNPCKHWD(y, x, hi[k])
			permd(spread, lo[k])
			permd(spread, hi[k])
		}
		for b, o := range transpose4x64(lo) {
			VMOVDQU(o, p.plane(b, 0))
		}
		for b, o := range transpose4x64(hi) {
			VMOVDQU(o, p.plane(4+b, 0))
		}
	} else {
		split, words, gather := m1, m2, m3
		var pl [8]reg.VecVirtual
		for b := range pl {
			pl[b] = load(p.plane(b, 0))
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
			transpose8Vec(u)
			transpose8Vec(v)
			VMOVDQU(u, el(64*k))
			VMOVDQU(v, el(64*k+32))
		}
	}
	ADDQ(U32(256), elems)
	p.advance(32)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// emitUnitGather writes unitGather4AVX512 and unitGather8AVX512, the
// transposes of 4- and 8-byte units of package bitshuffle, as gathers
// (AVX-512) through index vectors the caller computes:
//
//	func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep, dstVecStride int)
//
// For each of steps steps s and each vector v < nvec, it gathers 16
// four-byte (or 8 eight-byte) units from src + s*srcStep at the byte
// offsets idx[v*16:] (or idx[v*8:]) and stores them, 64 bytes, at
// dst + s*dstStep + v*dstVecStride.
func emitUnitGather(w int) {
	name := fmt.Sprintf("unitGather%dAVX512", w)
	lanes := 64 / w
	TEXT(name, NOSPLIT, "func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep, dstVecStride int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s gathers %d-byte units, %d a vector, at the offsets idx gives (AVX-512).", name, w, lanes))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	idx := Load(Param("idx"), GP64())
	nvec := Load(Param("nvec"), GP64())
	steps := Load(Param("steps"), GP64())
	srcStep := Load(Param("srcStep"), GP64())
	dstStep := Load(Param("dstStep"), GP64())
	vecStride := Load(Param("dstVecStride"), GP64())
	Label(name + "_step")
	TESTQ(steps, steps)
	JZ(LabelRef(name + "_done"))
	d, iv, v := GP64(), GP64(), GP64()
	MOVQ(dst, d)
	MOVQ(idx, iv)
	MOVQ(nvec, v)
	Label(name + "_vec")
	m := K()
	x := ZMM()
	if w == 4 {
		ix := ZMM()
		VMOVDQU32(Mem{Base: iv}, ix)
		KXNORW(m, m, m)
		VPGATHERDD(Mem{Base: src, Index: ix, Scale: 1}, m, x)
		ADDQ(U8(64), iv)
	} else {
		ix := YMM()
		VMOVDQU(Mem{Base: iv}, ix)
		KXNORB(m, m, m)
		VPGATHERDQ(Mem{Base: src, Index: ix, Scale: 1}, m, x)
		ADDQ(U8(32), iv)
	}
	VMOVDQU64(x, Mem{Base: d})
	ADDQ(vecStride, d)
	DECQ(v)
	JNZ(LabelRef(name + "_vec"))
	ADDQ(srcStep, src)
	ADDQ(dstStep, dst)
	DECQ(steps)
	JMP(LabelRef(name + "_step"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// emitByteGather writes byteGatherAVX512, the byte transpose of package
// bitshuffle for element sizes without a vector transpose of their own:
//
//	func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep, dstVecStride int)
//
// For each of steps steps s and vector v < nvec it gathers 16 four-byte
// words from src + s*srcStep at the byte offsets idx[v*16:], keeps the low
// byte of each (VPMOVDB) and stores the 16 bytes at dst + s*dstStep +
// v*dstVecStride. Every word read must lie inside src.
func emitByteGather() {
	name := "byteGatherAVX512"
	TEXT(name, NOSPLIT, "func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep, dstVecStride int)")
	Pragma("noescape")
	Doc(name + " gathers the low bytes of 16 words a vector at the offsets idx gives (AVX-512).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	idx := Load(Param("idx"), GP64())
	nvec := Load(Param("nvec"), GP64())
	steps := Load(Param("steps"), GP64())
	srcStep := Load(Param("srcStep"), GP64())
	dstStep := Load(Param("dstStep"), GP64())
	vecStride := Load(Param("dstVecStride"), GP64())
	Label(name + "_step")
	TESTQ(steps, steps)
	JZ(LabelRef(name + "_done"))
	d, iv, v := GP64(), GP64(), GP64()
	MOVQ(dst, d)
	MOVQ(idx, iv)
	MOVQ(nvec, v)
	Label(name + "_vec")
	m := K()
	x, ix := ZMM(), ZMM()
	VMOVDQU32(Mem{Base: iv}, ix)
	KXNORW(m, m, m)
	VPGATHERDD(Mem{Base: src, Index: ix, Scale: 1}, m, x)
	VPMOVDB(x, Mem{Base: d})
	ADDQ(U8(64), iv)
	ADDQ(vecStride, d)
	DECQ(v)
	JNZ(LabelRef(name + "_vec"))
	ADDQ(srcStep, src)
	ADDQ(dstStep, dst)
	DECQ(steps)
	JMP(LabelRef(name + "_step"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// emitByteUngather writes byteUngatherAVX512, the inverse byte transpose:
//
//	func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep int)
//
// For each of steps steps s and vector v < nvec it makes 64 bytes from
// four gathers of 16 words each from src + s*srcStep, at the byte offsets
// idx[(4*v+t)*16:] for byte t of every word of the result: the low byte of
// each gathered word goes to byte t. The 64 bytes are stored at
// dst + s*dstStep + 64*v. Every word read must lie inside src.
func emitByteUngather() {
	name := "byteUngatherAVX512"
	TEXT(name, NOSPLIT, "func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep int)")
	Pragma("noescape")
	Doc(name + " assembles 64 bytes a vector from four gathers of low bytes at the offsets idx gives (AVX-512).")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	idx := Load(Param("idx"), GP64())
	nvec := Load(Param("nvec"), GP64())
	steps := Load(Param("steps"), GP64())
	srcStep := Load(Param("srcStep"), GP64())
	dstStep := Load(Param("dstStep"), GP64())
	low := ZMM()
	t32 := GP32()
	MOVL(U32(0xff), t32)
	VPBROADCASTD(t32, low)
	Label(name + "_step")
	TESTQ(steps, steps)
	JZ(LabelRef(name + "_done"))
	d, iv, v := GP64(), GP64(), GP64()
	MOVQ(dst, d)
	MOVQ(idx, iv)
	MOVQ(nvec, v)
	Label(name + "_vec")
	var acc reg.VecVirtual
	for t := range 4 {
		m := K()
		x, ix := ZMM(), ZMM()
		VMOVDQU32(Mem{Base: iv, Disp: 64 * t}, ix)
		KXNORW(m, m, m)
		VPGATHERDD(Mem{Base: src, Index: ix, Scale: 1}, m, x)
		VPANDD(low, x, x)
		if t == 0 {
			acc = x
			continue
		}
		VPSLLD(U8(8*t), x, x)
		VPORD(x, acc, acc)
	}
	VMOVDQU64(acc, Mem{Base: d})
	ADDQ(U32(256), iv)
	ADDQ(U8(64), d)
	DECQ(v)
	JNZ(LabelRef(name + "_vec"))
	ADDQ(srcStep, src)
	ADDQ(dstStep, dst)
	DECQ(steps)
	JMP(LabelRef(name + "_step"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// emitUnitGather256 writes unitGather4AVX2 and unitGather8AVX2, the AVX2
// forms of emitUnitGather's kernels: 8 four-byte (or 4 eight-byte) units a
// vector, 32 bytes stored, with the same signature and meaning (idx holds
// 8 offsets a vector; for the eight-byte units the first 4 of them are
// used).
func emitUnitGather256(w int) {
	name := fmt.Sprintf("unitGather%dAVX2", w)
	TEXT(name, NOSPLIT, "func(dst, src *byte, idx *int32, nvec, steps, srcStep, dstStep, dstVecStride int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s gathers %d-byte units, %d a vector, at the offsets idx gives (AVX2).", name, w, 32/w))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	idx := Load(Param("idx"), GP64())
	nvec := Load(Param("nvec"), GP64())
	steps := Load(Param("steps"), GP64())
	srcStep := Load(Param("srcStep"), GP64())
	dstStep := Load(Param("dstStep"), GP64())
	vecStride := Load(Param("dstVecStride"), GP64())
	Label(name + "_step")
	TESTQ(steps, steps)
	JZ(LabelRef(name + "_done"))
	d, iv, v := GP64(), GP64(), GP64()
	MOVQ(dst, d)
	MOVQ(idx, iv)
	MOVQ(nvec, v)
	Label(name + "_vec")
	m, x := YMM(), YMM()
	VPCMPEQD(m, m, m)
	if w == 4 {
		ix := YMM()
		VMOVDQU(Mem{Base: iv}, ix)
		VPGATHERDD(m, Mem{Base: src, Index: ix, Scale: 1}, x)
	} else {
		ix := XMM()
		VMOVDQU(Mem{Base: iv}, ix)
		VPGATHERDQ(m, Mem{Base: src, Index: ix, Scale: 1}, x)
	}
	ADDQ(U8(32), iv)
	VMOVDQU(x, Mem{Base: d})
	ADDQ(vecStride, d)
	DECQ(v)
	JNZ(LabelRef(name + "_vec"))
	ADDQ(srcStep, src)
	ADDQ(dstStep, dst)
	DECQ(steps)
	JMP(LabelRef(name + "_step"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// numcodecsSet emits the encode loops of numcodecs' Delta, BitRound and
// PackBits filters (codecs/numcodecs), for AVX2 and AVX-512, and returns
// their dispatch tables. Each loop takes whole steps of two vectors; the
// package's Go code does the rest of the chunk.
//
//   - delta: func(d, s *byte, steps int) writes d[i] = s[i+1] - s[i] for
//     the elements of steps*2 vectors (the caller passes the chunk from
//     element 1 in d and from element 0 in s): integer subtraction (which
//     wraps) for widths 1, 2, 4 and 8, IEEE subtraction for float32 and
//     float64 (VSUBPS/VSUBPD, as Go's scalar SUBSS/SUBSD: same rounding,
//     the NaN of the first operand, s[i+1], when both are NaN).
//   - bitround: func(d, s *byte, steps int, shift, half, mask uint64)
//     writes (x + (x>>shift)&1 + half) & mask for each element x of
//     width 2, 4 or 8 (wrapping addition).
//   - packbits: func(d, s *byte, steps int) packs 128 bool bytes a step
//     into 16 bytes, the first of each eight in the most significant bit,
//     a byte that is not zero giving a 1 (np.packbits); unpackbits is the
//     inverse, 16 bytes a step into 128 bytes 0 or 1 (np.unpackbits).
func numcodecsSet() string {
	var t strings.Builder
	isas := []isa{avx2, avx512}
	revMask := GLOBL("packRev", RODATA|NOPTR)
	for i := range 64 {
		DATA(i, U8(uint8(i&^7|(7-i&7))))
	}

	t.WriteString("// deltaVecLoops[isa][k] are the delta encode loops of int8, int16, int32,\n// int64 (k 0-3, also their unsigned twins), float32 and float64 (k 4, 5).\n")
	t.WriteString("var deltaVecLoops = [2][6]func(d, s *byte, steps int){\n")
	for _, i := range isas {
		var names []string
		for k, w := range []int{1, 2, 4, 8, 4, 8} {
			name := fmt.Sprintf("delta%s%d%s", map[bool]string{false: "I", true: "F"}[k >= 4], 8*w, i)
			emitDelta(name, i, w, k >= 4)
			names = append(names, name)
		}
		fmt.Fprintf(&t, "\t{%s},\n", strings.Join(names, ", "))
	}
	t.WriteString("}\n\n")

	bcast := GLOBL("prefixBcast", RODATA|NOPTR)
	// VPSHUFB masks that copy the last element of each 128-bit lane to the
	// whole lane: for 1-byte elements (bytes 0-31) and 2-byte ones (32-63)
	for i := range 32 {
		DATA(i, U8(15))
	}
	for i := range 32 {
		DATA(32+i, U8(14+i%2))
	}
	t.WriteString("// deltaDecodeVecLoops[k] are the running sums of int8, int16, int32 and\n// int64 (k 0-3; AVX2).\n")
	t.WriteString("var deltaDecodeVecLoops = [4]func(d, s *byte, steps int){")
	for _, w := range []int{1, 2, 4, 8} {
		name := fmt.Sprintf("prefixSumI%dAVX2", 8*w)
		emitPrefixSum(name, w, bcast)
		t.WriteString(name + ", ")
	}
	t.WriteString("}\n\n")

	t.WriteString("// bitRoundVecLoops[isa][k] are the bitround loops of 16-, 32- and 64-bit\n// elements (k 0-2).\n")
	t.WriteString("var bitRoundVecLoops = [2][3]func(d, s *byte, steps int, shift, half, mask uint64){\n")
	for _, i := range isas {
		var names []string
		for _, w := range []int{2, 4, 8} {
			name := fmt.Sprintf("bitRound%d%s", 8*w, i)
			emitBitRound(name, i, w)
			names = append(names, name)
		}
		fmt.Fprintf(&t, "\t{%s},\n", strings.Join(names, ", "))
	}
	t.WriteString("}\n\n")

	t.WriteString("// packBitsVecLoops[isa] pack bools eight to a byte, most significant bit first.\n")
	t.WriteString("var packBitsVecLoops = [2]func(d, s *byte, steps int){")
	for _, i := range isas {
		name := fmt.Sprintf("packBits%s", i)
		emitPackBits(name, i, revMask)
		t.WriteString(name + ", ")
	}
	t.WriteString("}\n\n")

	unpackSel := GLOBL("unpackSel", RODATA|NOPTR)
	for i := range 32 {
		DATA(i, U8(uint8(i/8)))
	}
	unpackBit := GLOBL("unpackBit", RODATA|NOPTR)
	for i := range 32 {
		DATA(i, U8(uint8(0x80>>(i%8))))
	}
	t.WriteString("// unpackBitsVecLoops[isa] unpack bytes into eight bools each, most significant bit first.\n")
	t.WriteString("var unpackBitsVecLoops = [2]func(d, s *byte, steps int){")
	for _, i := range isas {
		name := fmt.Sprintf("unpackBits%s", i)
		emitUnpackBits(name, i, revMask, unpackSel, unpackBit)
		t.WriteString(name + ", ")
	}
	t.WriteString("}\n")
	return t.String()
}

// vmov moves a whole vector of i between registers and memory.
func vmov(i isa, a, b Op) {
	if i == avx512 {
		VMOVDQU64(a, b)
	} else {
		VMOVDQU(a, b)
	}
}

// loopSteps emits the loop over steps: body(k) for each of the two vectors
// of a step, then the pointers advance by two vectors.
func loopSteps(steps reg.GPVirtual, body func(k int), ptrs []reg.GPVirtual, inc int) {
	Label("loop")
	TESTQ(steps, steps)
	JZ(LabelRef("done"))
	body(0)
	body(1)
	for _, p := range ptrs {
		ADDQ(U32(inc), p)
	}
	DECQ(steps)
	JMP(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

func emitDelta(name string, i isa, w int, float bool) {
	TEXT(name, NOSPLIT, "func(d, s *byte, steps int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s writes the differences of neighbouring %d-byte %s (%s).", name, w, map[bool]string{false: "integers", true: "floats"}[float], i))
	d := Load(Param("d"), GP64()).(reg.GPVirtual)
	s := Load(Param("s"), GP64()).(reg.GPVirtual)
	steps := Load(Param("steps"), GP64()).(reg.GPVirtual)
	vb := i.bytes()
	sub := map[int]func(...Op){1: VPSUBB, 2: VPSUBW, 4: VPSUBD, 8: VPSUBQ}[w]
	if float {
		sub = map[int]func(...Op){4: VSUBPS, 8: VSUBPD}[w]
	}
	x := [2]reg.VecVirtual{i.vec(), i.vec()}
	loopSteps(steps, func(k int) {
		vmov(i, Mem{Base: s, Disp: k*vb + w}, x[k]) // s[i+1]
		sub(Mem{Base: s, Disp: k * vb}, x[k], x[k]) // - s[i]
		vmov(i, x[k], Mem{Base: d, Disp: k * vb})
	}, []reg.GPVirtual{s, d}, 2*vb)
}

// broadcast returns a vector of i with v in every lane of w bytes.
func broadcast(i isa, w int, v reg.GPVirtual) reg.VecVirtual {
	x := XMM()
	MOVQ(v, x)
	r := i.vec()
	switch w {
	case 2:
		VPBROADCASTW(x, r)
	case 4:
		VPBROADCASTD(x, r)
	default:
		VPBROADCASTQ(x, r)
	}
	return r
}

func emitBitRound(name string, i isa, w int) {
	TEXT(name, NOSPLIT, "func(d, s *byte, steps int, shift, half, mask uint64)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s rounds %d-bit elements as numcodecs' BitRound (%s).", name, 8*w, i))
	d := Load(Param("d"), GP64()).(reg.GPVirtual)
	s := Load(Param("s"), GP64()).(reg.GPVirtual)
	steps := Load(Param("steps"), GP64()).(reg.GPVirtual)
	shiftGP := Load(Param("shift"), GP64()).(reg.GPVirtual)
	shift := XMM()
	MOVQ(shiftGP, shift)
	half := broadcast(i, w, Load(Param("half"), GP64()).(reg.GPVirtual))
	mask := broadcast(i, w, Load(Param("mask"), GP64()).(reg.GPVirtual))
	oneGP := GP64()
	MOVQ(U32(1), oneGP)
	one := broadcast(i, w, oneGP)
	srl := map[int]func(...Op){2: VPSRLW, 4: VPSRLD, 8: VPSRLQ}[w]
	add := map[int]func(...Op){2: VPADDW, 4: VPADDD, 8: VPADDQ}[w]
	and := func(a, b, c Op) { VPAND(a, b, c) }
	if i == avx512 {
		and = func(a, b, c Op) { VPANDQ(a, b, c) }
	}
	vb := i.bytes()
	x := [2]reg.VecVirtual{i.vec(), i.vec()}
	y := [2]reg.VecVirtual{i.vec(), i.vec()}
	loopSteps(steps, func(k int) {
		vmov(i, Mem{Base: s, Disp: k * vb}, x[k])
		srl(shift, x[k], y[k])
		and(one, y[k], y[k])
		add(half, y[k], y[k])
		add(y[k], x[k], x[k])
		and(mask, x[k], x[k])
		vmov(i, x[k], Mem{Base: d, Disp: k * vb})
	}, []reg.GPVirtual{s, d}, 2*vb)
}

func emitPackBits(name string, i isa, revMask Mem) {
	TEXT(name, NOSPLIT, "func(d, s *byte, steps int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s packs 128 bools a step, most significant bit first (%s).", name, i))
	d := Load(Param("d"), GP64()).(reg.GPVirtual)
	s := Load(Param("s"), GP64()).(reg.GPVirtual)
	steps := Load(Param("steps"), GP64()).(reg.GPVirtual)
	rev := i.vec()
	vmov(i, revMask, rev)
	zero := YMM()
	if i == avx2 {
		VPXOR(zero, zero, zero)
	}
	Label("loop")
	TESTQ(steps, steps)
	JZ(LabelRef("done"))
	if i == avx512 {
		for k := range 2 {
			x, m, r := ZMM(), K(), GP64()
			VMOVDQU64(Mem{Base: s, Disp: 64 * k}, x)
			VPSHUFB(rev, x, x) // bytes reversed inside each quadword
			VPTESTMB(x, x, m)  // bit j: byte j is not zero
			KMOVQ(m, r)
			MOVQ(r, Mem{Base: d, Disp: 8 * k})
		}
	} else {
		for k := range 2 {
			var r [2]reg.GPVirtual
			for h := range 2 {
				x := YMM()
				VMOVDQU(Mem{Base: s, Disp: 64*k + 32*h}, x)
				VPSHUFB(rev, x, x)
				VPCMPEQB(zero, x, x) // 0xff where the byte is zero
				r[h] = GP64()
				VPMOVMSKB(x, r[h].As32())
			}
			SHLQ(U8(32), r[1])
			ORQ(r[1], r[0])
			NOTQ(r[0])
			MOVQ(r[0], Mem{Base: d, Disp: 8 * k})
		}
	}
	ADDQ(U32(128), s)
	ADDQ(U32(16), d)
	DECQ(steps)
	JMP(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

func emitUnpackBits(name string, i isa, revMask, sel, bit Mem) {
	TEXT(name, NOSPLIT, "func(d, s *byte, steps int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s unpacks 16 bytes a step into 128 bools, most significant bit first (%s).", name, i))
	d := Load(Param("d"), GP64()).(reg.GPVirtual)
	s := Load(Param("s"), GP64()).(reg.GPVirtual)
	steps := Load(Param("steps"), GP64()).(reg.GPVirtual)
	var rev, selV, bitV reg.VecVirtual
	if i == avx512 {
		rev = ZMM()
		VMOVDQU64(revMask, rev)
	} else {
		selV, bitV = YMM(), YMM()
		VMOVDQU(sel, selV)
		VMOVDQU(bit, bitV)
	}
	Label("loop")
	TESTQ(steps, steps)
	JZ(LabelRef("done"))
	if i == avx512 {
		for k := range 2 {
			r, m, x := GP64(), K(), ZMM()
			MOVQ(Mem{Base: s, Disp: 8 * k}, r)
			KMOVQ(r, m)
			VPMOVM2B(m, x)     // byte 8g+j: 0xff when bit j of byte g is set
			VPSHUFB(rev, x, x) // byte 8g+j: bit 7-j
			VPABSB(x, x)       // 0xff -> 1
			VMOVDQU64(x, Mem{Base: d, Disp: 64 * k})
		}
	} else {
		for k := range 4 {
			x := YMM()
			VPBROADCASTD(Mem{Base: s, Disp: 4 * k}, x)
			VPSHUFB(selV, x, x) // byte 8g+j: input byte g
			VPAND(bitV, x, x)   // its bit 7-j
			VPCMPEQB(bitV, x, x)
			VPABSB(x, x)
			VMOVDQU(x, Mem{Base: d, Disp: 32 * k})
		}
	}
	ADDQ(U32(16), s)
	ADDQ(U32(128), d)
	DECQ(steps)
	JMP(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

// lastToLane sets every element of each 128-bit lane of x to the lane's
// last element of w bytes.
func lastToLane(x reg.VecVirtual, w int, bcast Mem) {
	switch w {
	case 1, 2:
		m := YMM()
		VMOVDQU(bcast.Offset(32*(w-1)), m)
		VPSHUFB(m, x, x)
	case 4:
		VPSHUFD(U8(0xff), x, x)
	default:
		VPSHUFD(U8(0xee), x, x)
	}
}

// emitPrefixSum emits the running sum (wrapping) of w-byte integers,
// one vector of 32 bytes a step (AVX2): within each 128-bit lane by
// shifted additions, then the low lane's total into the high lane, then
// the total of everything before the vector into all of it; that total
// grows by the vector's own, computed beside, so that one addition a step
// waits for the step before. Integer
// addition wraps and is associative, so the sums are those of the
// sequential loop.
func emitPrefixSum(name string, w int, bcast Mem) {
	TEXT(name, NOSPLIT, "func(d, s *byte, steps int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s writes the running sums of %d-bit integers (AVX2).", name, 8*w))
	d := Load(Param("d"), GP64()).(reg.GPVirtual)
	s := Load(Param("s"), GP64()).(reg.GPVirtual)
	steps := Load(Param("steps"), GP64()).(reg.GPVirtual)
	add := map[int]func(...Op){1: VPADDB, 2: VPADDW, 4: VPADDD, 8: VPADDQ}[w]
	carry := YMM()
	VPXOR(carry, carry, carry)
	Label("loop")
	TESTQ(steps, steps)
	JZ(LabelRef("done"))
	x, t := YMM(), YMM()
	VMOVDQU(Mem{Base: s}, x)
	for sh := w; sh < 16; sh *= 2 {
		VPSLLDQ(U8(sh), x, t)
		add(t, x, x)
	}
	VPERM2I128(U8(0x08), x, x, t) // low lane zero, high lane = x's low lane
	lastToLane(t, w, bcast)
	add(t, x, x)
	total := YMM()
	VPERMQ(U8(0xff), x, total) // the last quadword everywhere
	lastToLane(total, w, bcast)
	add(carry, x, x)
	VMOVDQU(x, Mem{Base: d})
	add(total, carry, carry) // the only addition that waits for the step before
	ADDQ(U8(32), s)
	ADDQ(U8(32), d)
	DECQ(steps)
	JMP(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	RET()
}

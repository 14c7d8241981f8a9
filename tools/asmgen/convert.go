package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The element conversion loops shared by numeric (plain casts) and
// scaleoffset (casts fused with the scale_offset arithmetic).
//
// Every loop has the Go signature
//
//	func(d, s, p *byte, n int) int
//
// d and s point at n destination and source elements, p at the loop's
// parameters (an array of the source or destination float type, described
// with each loop). A loop takes groups of 16 elements from the start and
// returns how many it converted: a multiple of 16, short of n when fewer
// than 16 are left or when a group holds an element it does not take. The
// Go caller converts that group with the scalar kernel (which also reports
// failures) and calls the loop again after it, so the bytes written and
// the failures reported are those of the scalar kernel.

// group is the number of elements every loop takes at a time.
const group = 16

// isa is an instruction set a loop is written for.
type isa int

const (
	avx2 isa = iota
	avx512
)

func (i isa) String() string {
	if i == avx512 {
		return "AVX512"
	}
	return "AVX2"
}

// vec returns a new virtual vector register of the width i works with.
func (i isa) vec() reg.VecVirtual {
	if i == avx512 {
		return ZMM()
	}
	return YMM()
}

// bytes returns the size of one vector of i.
func (i isa) bytes() int {
	if i == avx512 {
		return 64
	}
	return 32
}

// lanes returns how many elements of size bytes fill one vector of i.
func (i isa) lanes(size int) int {
	if i == avx512 {
		return 64 / size
	}
	return 32 / size
}

// The rounding modes, in numeric.RoundingMode order.
const (
	nearestEven = iota
	towardsZero
	towardsPositive
	towardsNegative
	nearestAway
)

var modeNames = [...]string{"NE", "TZ", "TP", "TN", "NA"}

// roundImm is the VROUNDPD/VRNDSCALEPD immediate of a directed or
// nearest-even mode (precision exception suppressed).
var roundImm = [...]uint64{nearestEven: 0x08, towardsNegative: 0x09, towardsPositive: 0x0a, towardsZero: 0x0b}

// VCMPPD/VCMPPS predicates.
const (
	cmpEQ    = 0x00 // ordered, equal
	cmpUNORD = 0x03
	cmpORD   = 0x07
)

// fclass is the VFPCLASS mask of the non-finite classes: QNaN, +Inf,
// -Inf, SNaN.
const fclass = 0x99

// fp holds the instructions of one float type.
type fp struct {
	size                         int
	load, store                  func(m, r Op)
	sub, mul, div, add, max, min func(a, b, dst Op)
	and                          func(a, b, dst Op)
	cmp                          func(imm, a, b, dst Op)
	round                        func(imm, src, dst Op) // VROUNDPx (AVX2) or VRNDSCALEPx
	bcast                        func(m, r Op)
	fpclass                      func(imm, src, k Op)
}

func floatOps(size int, i isa) fp {
	if size == 8 {
		f := fp{size: 8, load: func(m, r Op) { VMOVUPD(m, r) }, store: func(m, r Op) { VMOVUPD(m, r) },
			sub: func(a, b, d Op) { VSUBPD(a, b, d) }, mul: func(a, b, d Op) { VMULPD(a, b, d) },
			div: func(a, b, d Op) { VDIVPD(a, b, d) }, add: func(a, b, d Op) { VADDPD(a, b, d) },
			max: func(a, b, d Op) { VMAXPD(a, b, d) }, min: func(a, b, d Op) { VMINPD(a, b, d) },
			and: func(a, b, d Op) { VANDPD(a, b, d) },
			cmp: func(imm, a, b, d Op) { VCMPPD(imm, a, b, d) }, bcast: func(m, r Op) { VBROADCASTSD(m, r) },
			fpclass: func(imm, s, k Op) { VFPCLASSPDZ(imm, s, k) }}
		f.round = func(imm, s, d Op) { VROUNDPD(imm, s, d) }
		if i == avx512 {
			f.round = func(imm, s, d Op) { VRNDSCALEPD(imm, s, d) }
		}
		return f
	}
	f := fp{size: 4, load: func(m, r Op) { VMOVUPS(m, r) }, store: func(m, r Op) { VMOVUPS(m, r) },
		sub: func(a, b, d Op) { VSUBPS(a, b, d) }, mul: func(a, b, d Op) { VMULPS(a, b, d) },
		div: func(a, b, d Op) { VDIVPS(a, b, d) }, add: func(a, b, d Op) { VADDPS(a, b, d) },
		max: func(a, b, d Op) { VMAXPS(a, b, d) }, min: func(a, b, d Op) { VMINPS(a, b, d) },
		and: func(a, b, d Op) { VANDPS(a, b, d) },
		cmp: func(imm, a, b, d Op) { VCMPPS(imm, a, b, d) }, bcast: func(m, r Op) { VBROADCASTSS(m, r) },
		fpclass: func(imm, s, k Op) { VFPCLASSPSZ(imm, s, k) }}
	f.round = func(imm, s, d Op) { VROUNDPS(imm, s, d) }
	if i == avx512 {
		f.round = func(imm, s, d Op) { VRNDSCALEPS(imm, s, d) }
	}
	return f
}

// roundTo rounds x to an integral value in mode, in place. Ties away from
// zero is t + trunc(2 (x - t)) with t = trunc(x): x - t is the exact
// fraction, doubling it is exact, and its truncation is -1, 0 or 1 exactly
// when the fraction is at least one half; the sum is exact because it is
// only nonzero below 2^(precision-1). An infinity gives NaN, which the
// callers treat as not taken.
func roundTo(f fp, i isa, x reg.VecVirtual, mode int) {
	if mode != nearestAway {
		f.round(U8(roundImm[mode]), x, x)
		return
	}
	t, h := i.vec(), i.vec()
	f.round(U8(roundImm[towardsZero]), x, t)
	f.sub(t, x, h)
	f.add(h, h, h)
	f.round(U8(roundImm[towardsZero]), h, h)
	f.add(h, t, x)
}

// prologue loads the common arguments and returns d, s, p and the end of
// the whole groups.
func prologue(name, doc string) (d, s, p, end, cnt reg.GPVirtual) {
	TEXT(name, NOSPLIT, "func(d, s, p *byte, n int) int")
	Pragma("noescape")
	Doc(doc)
	d = Load(Param("d"), GP64()).(reg.GPVirtual)
	s = Load(Param("s"), GP64()).(reg.GPVirtual)
	p = Load(Param("p"), GP64()).(reg.GPVirtual)
	end = Load(Param("n"), GP64()).(reg.GPVirtual)
	ANDQ(I32(^(group - 1)), end)
	cnt = GP64()
	XORQ(cnt, cnt)
	return
}

// loopHead starts the loop over groups; the loop exits to "done".
func loopHead(cnt, end reg.GPVirtual) {
	Label("loop")
	CMPQ(cnt, end)
	JAE(LabelRef("done"))
}

// epilogue closes the loop and returns cnt.
func epilogue(cnt reg.GPVirtual) {
	ADDQ(U8(group), cnt)
	JMP(LabelRef("loop"))
	Label("done")
	VZEROUPPER()
	Store(cnt, ReturnIndex(0))
	RET()
}

// f2i is a float -> integer loop. Its parameters (p, of the source float
// type) are okLo, okHi, lo, hi, off, scale, 2^31:
//
//   - each element x is first mapped to (x - off) * scale when affine (two
//     roundings, no FMA), then rounded to an integral value r in mode;
//   - a group is taken only when every r lies in [okLo, okHi] (NaN never
//     does): the target's range under the error policy, the int32 range
//     under wrap, ±the largest finite value under clamp;
//   - r is clamped to [lo, hi] (the target's range under clamp, a no-op
//     otherwise), converted to int32 and narrowed to w bytes by keeping the
//     low bits (which is wrap, and exact for values in range).
//
// float32 -> int32: 2^31 - 1 is not a float32, so the clamp bound is 2^31,
// whose conversion (0x80000000) is turned into 0x7fffffff.
type f2i struct {
	name   string
	src, w int // bytes
	mode   int
	isa    isa
	affine bool
}

func (k f2i) emit() {
	f := floatOps(k.src, k.isa)
	d, s, p, end, cnt := prologue(k.name, fmt.Sprintf("%s converts float%d to %d-bit integers (%s, rounding %s%s).",
		k.name, 8*k.src, 8*k.w, k.isa, modeNames[k.mode], map[bool]string{true: ", after (x - off) * scale"}[k.affine]))
	param := func(i int) reg.VecVirtual {
		r := k.isa.vec()
		f.bcast(Mem{Base: p, Disp: i * k.src}, r)
		return r
	}
	okLo, okHi, lo, hi := param(0), param(1), param(2), param(3)
	var off, scale, two31 reg.VecVirtual
	if k.affine {
		off, scale = param(4), param(5)
	}
	fix := k.src == 4 && k.w == 4
	if fix {
		two31 = param(6)
	}
	var mask reg.VecVirtual // low-bits mask of each int32 lane (AVX2 narrowing)
	if k.isa == avx2 && k.w < 4 {
		mask = YMM()
		VPCMPEQD(mask, mask, mask)
		VPSRLD(U8(32-8*k.w), mask, mask)
	}
	loopHead(cnt, end)
	nv := group / k.isa.lanes(k.src)
	// ints[v] holds the int32 lanes of vector v.
	var ints []reg.VecVirtual
	var acc reg.Register
	for v := range nv {
		x := k.isa.vec()
		f.load(Mem{Base: s, Index: cnt, Scale: uint8(k.src), Disp: v * k.isa.bytes()}, x)
		if k.affine {
			f.sub(off, x, x)
			f.mul(scale, x, x)
		}
		roundTo(f, k.isa, x, k.mode)
		e := k.isa.vec()
		f.max(x, okLo, e) // NaN x stays NaN: it is the second source
		f.min(e, okHi, e)
		if k.isa == avx512 {
			m := K()
			f.cmp(U8(cmpEQ), x, e, m)
			if acc == nil {
				acc = m
			} else if k.src == 8 {
				KANDB(m, acc, acc)
			} else {
				KANDW(m, acc, acc)
			}
		} else {
			m := YMM()
			f.cmp(U8(cmpEQ), x, e, m)
			if acc == nil {
				acc = m
			} else {
				VPAND(m, acc, acc)
			}
		}
		f.max(e, lo, e)
		f.min(e, hi, e)
		o := k.convert(e)
		if fix {
			if k.isa == avx512 {
				m := K()
				VCMPPS(U8(cmpEQ), two31, e, m)
				t := ZMM()
				VPMOVM2D(m, t)
				VPXORD(t, o, o)
			} else {
				m := YMM()
				VCMPPS(U8(cmpEQ), two31, e, m)
				VPXOR(m, o, o)
			}
		}
		ints = append(ints, o)
	}
	// take the group only when every element passed
	if k.isa == avx512 {
		if k.src == 8 {
			KORTESTB(acc, acc)
		} else {
			KORTESTW(acc, acc)
		}
		JCC(LabelRef("done"))
	} else {
		t := GP32()
		if k.src == 8 {
			VMOVMSKPD(acc, t)
			CMPL(t, U8(0xf))
		} else {
			VMOVMSKPS(acc, t)
			CMPL(t, U8(0xff))
		}
		JNE(LabelRef("done"))
	}
	k.narrowStore(ints, mask, Mem{Base: d, Index: cnt, Scale: uint8(k.w)})
	epilogue(cnt)
}

// convert converts the integral lanes of e to int32 lanes: an XMM (AVX2,
// float64), YMM (AVX2 float32, AVX-512 float64) or ZMM.
func (k f2i) convert(e reg.VecVirtual) reg.VecVirtual {
	switch {
	case k.isa == avx2 && k.src == 8:
		o := XMM()
		VCVTPD2DQY(e, o)
		return o
	case k.isa == avx2:
		o := YMM()
		VCVTPS2DQ(e, o)
		return o
	case k.src == 8:
		o := YMM()
		VCVTPD2DQ(e, o)
		return o
	}
	o := ZMM()
	VCVTPS2DQ(e, o)
	return o
}

// narrowStore stores the 16 int32 lanes of ints, narrowed to k.w bytes, at m.
func (k f2i) narrowStore(ints []reg.VecVirtual, mask reg.VecVirtual, m Mem) {
	if k.isa == avx512 {
		z := ints[0]
		if len(ints) == 2 { // two YMM of eight lanes
			z = ZMM()
			VINSERTI64X4(U8(1), ints[1], ints[0].AsZ(), z)
		}
		switch k.w {
		case 1:
			VPMOVDB(z, m)
		case 2:
			VPMOVDW(z, m)
		default:
			VMOVDQU32(z, m)
		}
		return
	}
	// AVX2: four XMM of four lanes
	var xs []reg.Register
	for _, o := range ints {
		if o.Size() == 16 {
			xs = append(xs, o)
			continue
		}
		h := XMM()
		VEXTRACTI128(U8(1), o, h)
		xs = append(xs, o.AsX(), h)
	}
	if k.w == 4 {
		for j, x := range xs {
			VMOVDQU(x, m.Offset(16*j))
		}
		return
	}
	for _, x := range xs {
		VPAND(mask.AsX(), x, x)
	}
	VPACKUSDW(xs[1], xs[0], xs[0])
	VPACKUSDW(xs[3], xs[2], xs[2])
	if k.w == 2 {
		VMOVDQU(xs[0], m)
		VMOVDQU(xs[2], m.Offset(16))
		return
	}
	VPACKUSWB(xs[2], xs[0], xs[0])
	VMOVDQU(xs[0], m)
}

// i2f is an integer -> float loop: w-byte integers (signed or not)
// converted exactly to float dst (int32 -> float32 rounds to nearest-even,
// as Go's conversion does). When decode is set, each value v then becomes
// v / div (or v * div when mul) + off, and a group is not taken when a
// value equals key or a result is not finite. Parameters (of the
// destination float type): div, off, key (NaN when there is no key).
type i2f struct {
	name   string
	w      int
	signed bool
	dst    int
	isa    isa
	decode bool
	mul    bool
}

func (k i2f) emit() {
	f := floatOps(k.dst, k.isa)
	what := fmt.Sprintf("%s converts %d-bit integers to float%d (%s", k.name, 8*k.w, 8*k.dst, k.isa)
	if k.decode {
		what += ", then x / scale + off"
	}
	d, s, p, end, cnt := prologue(k.name, what+").")
	var div, off, key reg.VecVirtual
	if k.decode {
		div, off, key = k.isa.vec(), k.isa.vec(), k.isa.vec()
		f.bcast(Mem{Base: p}, div)
		f.bcast(Mem{Base: p, Disp: k.dst}, off)
		f.bcast(Mem{Base: p, Disp: 2 * k.dst}, key)
	}
	loopHead(cnt, end)
	per := k.isa.lanes(k.dst)
	var bad, fin reg.Register
	var ys []reg.VecVirtual
	for v := range group / per {
		src := Mem{Base: s, Index: cnt, Scale: uint8(k.w), Disp: v * per * k.w}
		y := k.isa.vec()
		k.load(src, y)
		if k.decode {
			if k.isa == avx512 {
				m := K()
				f.cmp(U8(cmpEQ), key, y, m)
				bad = korAcc(bad, m, k.dst)
			} else {
				m := YMM()
				f.cmp(U8(cmpEQ), key, y, m)
				bad = vorAcc(bad, m)
			}
			if k.mul {
				f.mul(div, y, y)
			} else {
				f.div(div, y, y)
			}
			f.add(off, y, y)
			if k.isa == avx512 {
				m := K()
				f.fpclass(U8(fclass), y, m)
				bad = korAcc(bad, m, k.dst)
			} else {
				t := YMM()
				f.sub(y, y, t)
				if fin == nil {
					fin = t
				} else {
					f.add(t, fin, fin)
				}
			}
		}
		ys = append(ys, y)
	}
	if k.decode {
		if k.isa == avx512 {
			if k.dst == 8 {
				KORTESTB(bad, bad)
			} else {
				KORTESTW(bad, bad)
			}
			JNE(LabelRef("done"))
		} else {
			m := YMM()
			f.cmp(U8(cmpUNORD), fin, fin, m)
			VPOR(m, bad, bad)
			VPTEST(bad, bad)
			JNE(LabelRef("done"))
		}
	}
	for v, y := range ys {
		f.store(y, Mem{Base: d, Index: cnt, Scale: uint8(k.dst), Disp: v * per * k.dst})
	}
	epilogue(cnt)
}

// load converts the integers at src into the float lanes of y.
func (k i2f) load(src Mem, y reg.VecVirtual) {
	if k.w == 4 {
		if k.dst == 8 {
			VCVTDQ2PD(src, y)
		} else {
			VCVTDQ2PS(src, y)
		}
		return
	}
	// widen to int32 lanes: half the vector for float64, all of it for float32
	var t reg.Register = y
	if k.dst == 8 {
		if k.isa == avx512 {
			t = YMM()
		} else {
			t = XMM()
		}
	}
	switch {
	case k.w == 1 && k.signed:
		VPMOVSXBD(src, t)
	case k.w == 1:
		VPMOVZXBD(src, t)
	case k.signed:
		VPMOVSXWD(src, t)
	default:
		VPMOVZXWD(src, t)
	}
	if k.dst == 8 {
		VCVTDQ2PD(t, y)
	} else {
		VCVTDQ2PS(y, y)
	}
}

// korAcc ors mask m into acc (a new one when acc is nil).
func korAcc(acc reg.Register, m reg.Register, size int) reg.Register {
	if acc == nil {
		return m
	}
	if size == 8 {
		KORB(m, acc, acc)
	} else {
		KORW(m, acc, acc)
	}
	return acc
}

// vorAcc ors vector mask m into acc.
func vorAcc(acc reg.Register, m reg.Register) reg.Register {
	if acc == nil {
		return m
	}
	VPOR(m, acc, acc)
	return acc
}

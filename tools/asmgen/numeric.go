package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// numericSet emits the cast loops of package numeric and returns its
// dispatch tables.
func numericSet() string {
	var t strings.Builder
	srcName := map[int]string{8: "F64", 4: "F32"}
	isas := []isa{avx2, avx512}

	t.WriteString("// f2iLoops[isa][source][width][mode] converts float64 (source 0) or float32\n")
	t.WriteString("// (source 1) to 8-, 16- or 32-bit integers (width 0, 1, 2) in a rounding mode.\n")
	t.WriteString("var f2iLoops = [2][2][3][5]vecLoop{\n")
	for _, i := range isas {
		t.WriteString("\t{\n")
		for _, src := range []int{8, 4} {
			t.WriteString("\t\t{\n")
			for _, w := range []int{1, 2, 4} {
				var names []string
				for mode := range modeNames {
					k := f2i{name: fmt.Sprintf("cast%sTo%d%s%s", srcName[src], 8*w, modeNames[mode], i), src: src, w: w, mode: mode, isa: i}
					k.emit()
					names = append(names, k.name)
				}
				fmt.Fprintf(&t, "\t\t\t{%s},\n", strings.Join(names, ", "))
			}
			t.WriteString("\t\t},\n")
		}
		t.WriteString("\t},\n")
	}
	t.WriteString("}\n\n")

	t.WriteString("// i2fLoops[isa][target][source] converts int8, uint8, int16, uint16 or int32\n")
	t.WriteString("// (source 0-4) to float64 (target 0) or float32 (target 1).\n")
	t.WriteString("var i2fLoops = [2][2][5]vecLoop{\n")
	for _, i := range isas {
		t.WriteString("\t{\n")
		for _, dst := range []int{8, 4} {
			var names []string
			for _, src := range intSources {
				k := i2f{name: fmt.Sprintf("cast%sTo%s%s", src.name, srcName[dst], i), w: src.w, signed: src.signed, dst: dst, isa: i}
				k.emit()
				names = append(names, k.name)
			}
			fmt.Fprintf(&t, "\t\t{%s},\n", strings.Join(names, ", "))
		}
		t.WriteString("\t},\n")
	}
	t.WriteString("}\n\n")

	// float64 -> float32
	t.WriteString("// narrowLoops[isa][mode] converts float64 to float32 in a rounding mode, taking\n")
	t.WriteString("// only groups whose results are finite (AVX2: nearest-even only; nil where\n")
	t.WriteString("// there is no loop). narrowAllLoops[isa] converts every group in\n")
	t.WriteString("// nearest-even.\n")
	t.WriteString("var narrowLoops = [2][5]vecLoop{\n")
	for _, i := range isas {
		var names []string
		for mode := range modeNames {
			if mode == nearestAway || (i == avx2 && mode != nearestEven) {
				names = append(names, "nil")
				continue
			}
			k := narrow{name: fmt.Sprintf("narrowF64%s%s", modeNames[mode], i), isa: i, mode: mode, finite: true}
			k.emit()
			names = append(names, k.name)
		}
		fmt.Fprintf(&t, "\t{%s},\n", strings.Join(names, ", "))
	}
	t.WriteString("}\n\n")
	t.WriteString("var narrowAllLoops = [2]vecLoop{")
	for _, i := range isas {
		k := narrow{name: fmt.Sprintf("narrowF64All%s", i), isa: i, mode: nearestEven}
		k.emit()
		t.WriteString(k.name + ", ")
	}
	t.WriteString("}\n\n")
	t.WriteString("// widenLoops[isa] converts float32 to float64.\n")
	t.WriteString("var widenLoops = [2]vecLoop{")
	for _, i := range isas {
		name := fmt.Sprintf("widenF32%s", i)
		emitWiden(name, i)
		t.WriteString(name + ", ")
	}
	t.WriteString("}\n")
	return t.String()
}

// intSources are the integer sources of the integer -> float loops, in
// table order.
var intSources = []struct {
	name   string
	w      int
	signed bool
}{{"I8", 1, true}, {"U8", 1, false}, {"I16", 2, true}, {"U16", 2, false}, {"I32", 4, true}}

// narrow is a float64 -> float32 loop. With finite set, a group is taken
// only when its results are finite (nearest-even) or when every |x| is at
// most float32's largest finite value (directed modes, AVX-512 embedded
// rounding); parameters: none. Without, every group is converted in
// nearest-even.
type narrow struct {
	name   string
	isa    isa
	mode   int
	finite bool
}

func (k narrow) emit() {
	d, s, p, end, cnt := prologue(k.name, fmt.Sprintf("%s converts float64 to float32 (%s, rounding %s).", k.name, k.isa, modeNames[k.mode]))
	_ = p
	var absMask, maxF reg.VecVirtual
	if k.isa == avx512 && k.mode != nearestEven {
		absMask, maxF = ZMM(), ZMM()
		VPTERNLOGQ(U8(0xff), absMask, absMask, absMask)
		VPSRLQ(U8(1), absMask, absMask)
		t := GP64()
		MOVQ(U64(0x47efffffe0000000), t) // float64(math.MaxFloat32)
		VPBROADCASTQ(t, maxF)
	}
	loopHead(cnt, end)
	var acc reg.Register
	if k.isa == avx2 {
		var os []reg.Register
		for v := range 4 {
			o := XMM()
			VCVTPD2PSY(Mem{Base: s, Index: cnt, Scale: 8, Disp: 32 * v}, o)
			if k.finite {
				t := XMM()
				VSUBPS(o, o, t)
				if acc == nil {
					acc = t
				} else {
					VADDPS(t, acc, acc)
				}
			}
			os = append(os, o)
		}
		if k.finite {
			VCMPPS(U8(cmpUNORD), acc, acc, acc)
			VPTEST(acc, acc)
			JNE(LabelRef("done"))
		}
		for v, o := range os {
			VMOVUPS(o, Mem{Base: d, Index: cnt, Scale: 4, Disp: 16 * v})
		}
		epilogue(cnt)
		return
	}
	var os []reg.Register
	for v := range 2 {
		x := ZMM()
		VMOVUPD(Mem{Base: s, Index: cnt, Scale: 8, Disp: 64 * v}, x)
		o := YMM()
		switch k.mode {
		case nearestEven:
			VCVTPD2PS(x, o)
		case towardsZero:
			VCVTPD2PS_RZ_SAE(x, o)
		case towardsPositive:
			VCVTPD2PS_RU_SAE(x, o)
		case towardsNegative:
			VCVTPD2PS_RD_SAE(x, o)
		}
		if k.finite {
			m := K()
			if k.mode == nearestEven {
				VFPCLASSPSY(U8(fclass), o, m)
				acc = korAcc(acc, m, 8)
			} else {
				a := ZMM()
				VANDPD(absMask, x, a)
				VCMPPD(U8(0x12), maxF, a, m) // a <= max, ordered
				if acc == nil {
					acc = m
				} else {
					KANDB(m, acc, acc)
				}
			}
		}
		os = append(os, o)
	}
	if k.finite {
		KORTESTB(acc, acc)
		if k.mode == nearestEven {
			JNE(LabelRef("done")) // a non-finite result
		} else {
			JCC(LabelRef("done")) // an |x| beyond the largest float32
		}
	}
	for v, o := range os {
		VMOVUPS(o, Mem{Base: d, Index: cnt, Scale: 4, Disp: 32 * v})
	}
	epilogue(cnt)
}

// emitWiden emits the float32 -> float64 loop (exact; NaNs are quieted as
// Go's conversion does).
func emitWiden(name string, i isa) {
	d, s, _, end, cnt := prologue(name, name+" converts float32 to float64 ("+i.String()+").")
	loopHead(cnt, end)
	per := i.lanes(8)
	for v := range group / per {
		y := i.vec()
		VCVTPS2PD(Mem{Base: s, Index: cnt, Scale: 4, Disp: 4 * per * v}, y)
		VMOVUPD(y, Mem{Base: d, Index: cnt, Scale: 8, Disp: 8 * per * v})
	}
	epilogue(cnt)
}

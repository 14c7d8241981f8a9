package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// scaleoffsetSet emits the loops of package scaleoffset (codecs/scaleoffset)
// and returns its dispatch tables.
func scaleoffsetSet() string {
	var t strings.Builder
	fname := map[int]string{8: "F64", 4: "F32"}
	isas := []isa{avx2, avx512}

	t.WriteString("// floatLoops[isa][type][op] runs scale_offset on float64 (type 0) or\n")
	t.WriteString("// float32 (type 1): op 0 encodes, 1 decodes dividing by the scale, 2 decodes\n")
	t.WriteString("// multiplying by its exact reciprocal.\n")
	t.WriteString("var floatLoops = [2][2][3]vecLoop{\n")
	for _, i := range isas {
		t.WriteString("\t{\n")
		for _, size := range []int{8, 4} {
			var names []string
			for op, opName := range []string{"Encode", "DecodeDiv", "DecodeMul"} {
				k := soFloat{name: fmt.Sprintf("scale%s%s%s", fname[size], opName, i), size: size, op: op, isa: i}
				k.emit()
				names = append(names, k.name)
			}
			fmt.Fprintf(&t, "\t\t{%s},\n", strings.Join(names, ", "))
		}
		t.WriteString("\t},\n")
	}
	t.WriteString("}\n\n")

	t.WriteString("// encodeLoops[isa][source][width] run the fused scale_offset + cast_value\n")
	t.WriteString("// encode (nearest-even) from float64 (source 0) or float32 (1) to 8-, 16- or\n")
	t.WriteString("// 32-bit integers (width 0, 1, 2).\n")
	t.WriteString("var encodeLoops = [2][2][3]vecLoop{\n")
	for _, i := range isas {
		t.WriteString("\t{\n")
		for _, src := range []int{8, 4} {
			var names []string
			for _, w := range []int{1, 2, 4} {
				k := f2i{name: fmt.Sprintf("fused%sTo%d%s", fname[src], 8*w, i), src: src, w: w, mode: nearestEven, isa: i, affine: true}
				k.emit()
				names = append(names, k.name)
			}
			fmt.Fprintf(&t, "\t\t{%s},\n", strings.Join(names, ", "))
		}
		t.WriteString("\t},\n")
	}
	t.WriteString("}\n\n")

	t.WriteString("// decodeLoops[isa][target][mul][source] run the fused cast_value +\n")
	t.WriteString("// scale_offset decode from int16, uint16 or int32 (source 0-2) to float64\n")
	t.WriteString("// (target 0) or float32 (1), dividing by the scale (mul 0) or multiplying by\n")
	t.WriteString("// its reciprocal (1); nil where the conversion to float would round.\n")
	t.WriteString("var decodeLoops = [2][2][2][3]vecLoop{\n")
	for _, i := range isas {
		t.WriteString("\t{\n")
		for _, dst := range []int{8, 4} {
			t.WriteString("\t\t{\n")
			for _, mul := range []bool{false, true} {
				var names []string
				for _, src := range intSources[2:] {
					if dst == 4 && src.w == 4 {
						names = append(names, "nil")
						continue
					}
					op := "Div"
					if mul {
						op = "Mul"
					}
					k := i2f{name: fmt.Sprintf("fused%sTo%s%s%s", src.name, fname[dst], op, i), w: src.w, signed: src.signed, dst: dst, isa: i, decode: true, mul: mul}
					k.emit()
					names = append(names, k.name)
				}
				fmt.Fprintf(&t, "\t\t\t{%s},\n", strings.Join(names, ", "))
			}
			t.WriteString("\t\t},\n")
		}
		t.WriteString("\t},\n")
	}
	t.WriteString("}\n")
	return t.String()
}

// soFloat is a scale_offset loop on float elements x in their own type
// (one rounding per operation, no FMA): op 0 computes (x - a) * b, op 1
// x / a + b, op 2 x * a + b; parameters a, b. A group is taken only when
// no result is infinite or NaN from a finite x (an infinite or NaN x
// propagates).
type soFloat struct {
	name string
	size int
	op   int
	isa  isa
}

func (k soFloat) emit() {
	f := floatOps(k.size, k.isa)
	d, s, p, end, cnt := prologue(k.name, fmt.Sprintf("%s runs scale_offset on float%d (%s).", k.name, 8*k.size, k.isa))
	a, b := k.isa.vec(), k.isa.vec()
	f.bcast(Mem{Base: p}, a)
	f.bcast(Mem{Base: p, Disp: k.size}, b)
	loopHead(cnt, end)
	per := k.isa.lanes(k.size)
	var ys []reg.VecVirtual
	var bad reg.Register
	for v := range group / per {
		m := Mem{Base: s, Index: cnt, Scale: uint8(k.size), Disp: v * k.isa.bytes()}
		x, y := k.isa.vec(), k.isa.vec()
		f.load(m, x)
		switch k.op {
		case 0:
			f.sub(a, x, y)
			f.mul(b, y, y)
		case 1:
			f.div(a, x, y)
			f.add(b, y, y)
		default:
			f.mul(a, x, y)
			f.add(b, y, y)
		}
		if k.isa == avx512 {
			ky, kx := K(), K()
			f.fpclass(U8(fclass), y, ky)
			f.fpclass(U8(fclass), x, kx)
			if k.size == 8 {
				KANDNB(ky, kx, ky) // non-finite y and finite x
			} else {
				KANDNW(ky, kx, ky)
			}
			bad = korAcc(bad, ky, k.size)
		} else {
			ty, tx := YMM(), YMM()
			f.sub(y, y, ty) // NaN iff y is not finite
			f.sub(x, x, tx)
			f.cmp(U8(cmpUNORD), ty, ty, ty)
			f.cmp(U8(cmpUNORD), tx, tx, tx)
			VPANDN(ty, tx, ty) // non-finite y and finite x
			bad = vorAcc(bad, ty)
		}
		ys = append(ys, y)
	}
	if k.isa == avx512 {
		if k.size == 8 {
			KORTESTB(bad, bad)
		} else {
			KORTESTW(bad, bad)
		}
	} else {
		VPTEST(bad, bad)
	}
	JNE(LabelRef("done"))
	for v, y := range ys {
		f.store(y, Mem{Base: d, Index: cnt, Scale: uint8(k.size), Disp: v * k.isa.bytes()})
	}
	epilogue(cnt)
}

//go:build !noasm

package scaleoffset

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/internal/cpufeat"
	"github.com/zcodec/zcodec/internal/elements"
	"github.com/zcodec/zcodec/numeric"
)

// vecISAs returns the instruction sets of the loops this CPU can run, so
// that every loop is compared with the scalar loops, not only the chosen one.
func vecISAs() []int {
	var s []int
	if cpufeat.AVX2 {
		s = append(s, isaAVX2)
	}
	if cpufeat.AVX512 {
		s = append(s, isaAVX512)
	}
	return s
}

// The vector loops (vec_amd64.go) must write the bytes and
// report the failures of the scalar loops they stand in for, on every
// input. These tests run both on the same inputs.

// simdLengths are the element counts tried: every length up to 67 (empty,
// tails, one and several vector groups) and 1 MiB of elements.
// Every length runs for the first four parameter sets (pi), the lengths
// around one and several groups for the others, and 1 MiB for the first,
// to keep the tests quick.
func simdLengths[F float32 | float64](pi int) []int {
	var n []int
	if pi < 4 {
		for i := 0; i <= 67; i++ {
			n = append(n, i)
		}
	} else {
		n = []int{0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 67}
	}
	if pi != 0 {
		return n
	}
	return append(n, (1<<20)/int(unsafe.Sizeof(F(0))))
}

// special returns adversarial values of F: NaNs with payloads and signs,
// ±0, ±Inf, subnormals, extremes, and values around the given offset that
// the given scale maps to halves and to overflow.
func special[F float32 | float64](off, scale F) []F {
	var v []F
	if unsafe.Sizeof(F(0)) == 4 {
		for _, b := range []uint32{0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa5a5a5, 0xffbfffff, 0x7f800000, 0xff800000,
			0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0xff7fffff} {
			v = append(v, F(math.Float32frombits(b)))
		}
	} else {
		for _, b := range []uint64{0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001, 0x7ff5a5a5a5a5a5a5,
			0xfff7ffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0, 1 << 63, 1, 1<<63 | 1,
			0x000fffffffffffff, 0x0010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff} {
			v = append(v, F(math.Float64frombits(b)))
		}
	}
	for k := -300; k <= 300; k += 7 {
		v = append(v, off+F(float64(k)+0.5)/scale, off+F(k)/scale, off-F(k)/scale)
	}
	big := F(math.MaxFloat32)
	if unsafe.Sizeof(F(0)) == 8 {
		m := math.MaxFloat64
		big = F(m)
	}
	return append(v, big/2, -big/2, big/scale, -big/scale, off, -off, 1/scale, 255.5/scale+off, -128.5/scale+off, 32767.5/scale+off)
}

// simdInputs returns n elements of each kind: smooth values mapped into
// range, random values around the range, random bit patterns, a mix with
// one adversarial value per eight elements, and in-range values with one
// adversarial value at a random place.
func simdInputs[F float32 | float64](r *rand.Rand, n int, off, scale F) map[string][]F {
	sp := special(off, scale)
	in := map[string][]F{}
	smooth, wide, bits, mixed, one := make([]F, n), make([]F, n), make([]F, n), make([]F, n), make([]F, n)
	for i := range n {
		smooth[i] = off + F(100+50*math.Sin(float64(i)/37))/scale
		wide[i] = off + F(r.NormFloat64()*300)/scale
		if unsafe.Sizeof(F(0)) == 4 {
			bits[i] = F(math.Float32frombits(r.Uint32()))
		} else {
			bits[i] = F(math.Float64frombits(r.Uint64()))
		}
		mixed[i] = smooth[i]
		if r.IntN(8) == 0 {
			mixed[i] = sp[r.IntN(len(sp))]
		}
		one[i] = smooth[i]
	}
	if n > 0 {
		one[r.IntN(n)] = sp[r.IntN(len(sp))]
	}
	in["smooth"], in["wide"], in["bits"], in["mixed"], in["one"] = smooth, wide, bits, mixed, one
	if n > 0 && n <= len(sp) {
		in["special"] = sp[:n]
	}
	if n > 1000 { // long inputs: one mix only
		delete(in, "smooth")
		delete(in, "wide")
		delete(in, "bits")
		delete(in, "one")
	}
	return in
}

// asBytes returns the little-endian bytes of s.
func asBytes[T elements.Elem](s []T) []byte {
	size := int(unsafe.Sizeof(*new(T)))
	b := make([]byte, len(s)*size)
	copy(b, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(b)))
	return b
}

// filled returns n bytes of a pattern, so that bytes a loop leaves alone
// are compared too.
func filled(n int) []byte {
	return bytes.Repeat([]byte{0xa5}, n)
}

type soParam struct{ off, scale float64 }

var simdParams = []soParam{
	{273.15, 0.01}, {252, 4}, {0, 1}, {-10, 0.1}, {5, 3}, {1000, 1e-3}, {0, 1e30}, {1, 1e300},
	{0, 0.25}, {7, -2}, {0, 5e-324}, {0, 1e-40}, {math.Copysign(0, -1), 1}, {1e38, 10}, {math.NaN(), 1}, {0, math.Inf(1)},
}

func TestVectorFloatKernelsMatchScalar(t *testing.T) {
	for _, isa := range vecISAs() {
		testVectorFloat[float32](t, isa)
		testVectorFloat[float64](t, isa)
	}
}

func testVectorFloat[F float32 | float64](t *testing.T, isa int) {
	r := rand.New(rand.NewPCG(1, 2))
	for pi, p := range simdParams {
		off, scale := F(p.off), F(p.scale)
		if scale == 0 {
			continue
		}
		for _, hasOff := range []bool{true, false} {
			k := floatKernel[F]{off: off, decOff: off, scale: scale}
			if !hasOff {
				k.off, k.decOff = 0, F(math.Copysign(0, -1))
			}
			rc := 1 / k.scale
			if elements.IsPow2(float64(k.scale)) && elements.IsPow2(float64(rc)) {
				k.recip, k.useRecip = rc, true
			}
			vk := k
			vk.vec = floatVecISA[F](isa)
			for _, n := range simdLengths[F](pi) {
				for kind, s := range simdInputs(r, n, off, scale) {
					src := asBytes(s)
					for _, dec := range []bool{false, true} {
						name := fmt.Sprintf("isa %d %T off=%v scale=%v hasOff=%v decode=%v n=%d %s", isa, F(0), p.off, p.scale, hasOff, dec, n, kind)
						want, got := filled(len(src)), filled(len(src))
						var wb, gb int
						if dec {
							wb, gb = k.decode(want, src), vk.decode(got, src)
						} else {
							wb, gb = k.encode(want, src), vk.encode(got, src)
						}
						if wb != gb || !bytes.Equal(want, got) {
							t.Fatalf("%s: vector loop returned %d, scalar %d; bytes equal: %v (first difference at %d)",
								name, gb, wb, bytes.Equal(want, got), firstDiff(want, got))
						}
					}
				}
			}
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func TestVectorFusedKernelsMatchScalar(t *testing.T) {
	for _, isa := range vecISAs() {
		testVectorFused[float64, uint8](t, isa, 0, 255)
		testVectorFused[float64, int8](t, isa, -128, 127)
		testVectorFused[float64, int16](t, isa, math.MinInt16, math.MaxInt16)
		testVectorFused[float64, uint16](t, isa, 0, math.MaxUint16)
		testVectorFused[float64, int32](t, isa, math.MinInt32, math.MaxInt32)
		testVectorFused[float32, uint8](t, isa, 0, 255)
		testVectorFused[float32, int8](t, isa, -128, 127)
		testVectorFused[float32, int16](t, isa, math.MinInt16, math.MaxInt16)
		testVectorFused[float32, uint16](t, isa, 0, math.MaxUint16)
		testVectorFused[float32, int32](t, isa, math.MinInt32, math.MaxInt32)
	}
}

func testVectorFused[F float32 | float64, I smallInt](t *testing.T, isa int, lo, hi float64) {
	if directEncVecISA[F, I](isa) == nil {
		t.Fatalf("no vector loop for %T -> %T", F(0), I(0))
	}
	r := rand.New(rand.NewPCG(3, 4))
	size := int(unsafe.Sizeof(I(0)))
	for pi, p := range simdParams {
		off, scale := F(p.off), F(p.scale)
		if scale == 0 {
			continue
		}
		for _, clamp := range []bool{false, true} {
			for _, hasNaN := range []bool{false, true} {
				k := directEnc[F, I]{off: off, scale: scale, lo: lo, hi: hi, clamp: clamp, hasNaN: hasNaN, nanTo: I(7)}
				vk := k
				vk.vec = directEncVecISA[F, I](isa)
				for _, n := range simdLengths[F](pi) {
					for kind, s := range simdInputs(r, n, off, scale) {
						src := asBytes(s)
						want, got := filled(n*size), filled(n*size)
						wf, wok := k.run(want, src)
						gf, gok := vk.run(got, src)
						if wf != gf || wok != gok || !bytes.Equal(want, got) {
							t.Fatalf("isa %d %T->%T off=%v scale=%v clamp=%v nan=%v n=%d %s: vector loop gave %+v %v, scalar %+v %v; first byte difference at %d",
								isa, F(0), I(0), p.off, p.scale, clamp, hasNaN, n, kind, gf, gok, wf, wok, firstDiff(want, got))
						}
					}
				}
			}
		}
	}
}

// FuzzSIMDMatchesScalar runs the vector and scalar loops on arbitrary
// element bits and parameters and requires the same bytes and failures.
func FuzzVectorMatchesScalar(f *testing.F) {
	isas := vecISAs()
	if len(isas) == 0 {
		f.Skip("no AVX2: the vector loops are not used")
	}
	seed := asBytes(special[float64](252, 4))
	f.Add(252.0, 4.0, uint8(0), seed)
	f.Add(273.15, 0.01, uint8(1), asBytes(special[float32](273.15, 100)))
	f.Add(0.0, 1e300, uint8(2), seed)
	f.Add(-10.0, 0.25, uint8(4), seed)
	f.Fuzz(func(t *testing.T, off, scale float64, mode uint8, data []byte) {
		if scale == 0 {
			return
		}
		isa := isas[int(mode>>5)%len(isas)]
		var want, got []byte
		var wb, gb any
		switch mode % 5 {
		case 0: // float64 -> uint8, clamp
			s := make([]float64, len(data)/8)
			for i := range s {
				s[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
			}
			k := directEnc[float64, uint8]{off: off, scale: scale, lo: 0, hi: 255, clamp: mode&4 != 0, hasNaN: mode&8 != 0}
			vk := k
			vk.vec = directEncVecISA[float64, uint8](isa)
			src := asBytes(s)
			want, got = filled(len(s)), filled(len(s))
			wb, _ = k.run(want, src)
			gb, _ = vk.run(got, src)
		case 1: // float32 -> int16
			s := make([]float32, len(data)/4)
			for i := range s {
				s[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
			}
			k := directEnc[float32, int16]{off: float32(off), scale: float32(scale), lo: math.MinInt16, hi: math.MaxInt16, clamp: mode&4 != 0, hasNaN: mode&8 != 0}
			vk := k
			vk.vec = directEncVecISA[float32, int16](isa)
			src := asBytes(s)
			want, got = filled(2*len(s)), filled(2*len(s))
			wb, _ = k.run(want, src)
			gb, _ = vk.run(got, src)
		case 4: // uint8 -> float64 decoding, key 3
			k := directDec[float64, uint8]{scale: scale, off: off, hasKey: mode&8 != 0, key: 3, keyTo: math.NaN()}
			if rc := 1 / scale; elements.IsPow2(scale) && elements.IsPow2(rc) {
				k.recip, k.useRecip = rc, true
			}
			vk := k
			vk.table = byteTable(&vk)
			want, got = filled(8*len(data)), filled(8*len(data))
			wb, _ = k.run(want, data)
			gb, _ = vk.run(got, data)
		default: // float32 or float64 scale_offset, both directions
			dec := mode%5 == 3
			if mode&16 != 0 {
				k := floatKernel[float32]{off: float32(off), decOff: float32(off), scale: float32(scale)}
				vk := k
				vk.vec = floatVecISA[float32](isa)
				src := data[:len(data)/4*4]
				want, got = filled(len(src)), filled(len(src))
				if dec {
					wb, gb = k.decode(want, src), vk.decode(got, src)
				} else {
					wb, gb = k.encode(want, src), vk.encode(got, src)
				}
			} else {
				k := floatKernel[float64]{off: off, decOff: off, scale: scale}
				vk := k
				vk.vec = floatVecISA[float64](isa)
				src := data[:len(data)/8*8]
				want, got = filled(len(src)), filled(len(src))
				if dec {
					wb, gb = k.decode(want, src), vk.decode(got, src)
				} else {
					wb, gb = k.encode(want, src), vk.encode(got, src)
				}
			}
		}
		if wb != gb || !bytes.Equal(want, got) {
			t.Fatalf("mode %d off=%v scale=%v: vector loop gave %v, scalar %v; first byte difference at %d", mode, off, scale, gb, wb, firstDiff(want, got))
		}
	})
}

// TestVectorFusedDecodeMatchesScalar compares the decoding loops of
// every instruction set (16- and 32-bit data) and the look-up tables
// (8-bit data) with the scalar loop.
func TestVectorFusedDecodeMatchesScalar(t *testing.T) {
	for _, isa := range append(vecISAs(), isaNone) {
		testVectorFusedDec[float64, uint8](t, isa)
		testVectorFusedDec[float64, int8](t, isa)
		testVectorFusedDec[float32, uint8](t, isa)
		testVectorFusedDec[float32, int8](t, isa)
		testVectorFusedDec[float64, int16](t, isa)
		testVectorFusedDec[float64, uint16](t, isa)
		testVectorFusedDec[float64, int32](t, isa)
		testVectorFusedDec[float32, int16](t, isa)
		testVectorFusedDec[float32, uint16](t, isa)
	}
}

func testVectorFusedDec[F float32 | float64, I smallInt](t *testing.T, isa int) {
	byteData := unsafe.Sizeof(I(0)) == 1
	if byteData != (isa == isaNone) {
		return // tables are tested once, loops once per instruction set
	}
	if !byteData && directDecVecISA[F, I](isa) == nil {
		t.Fatalf("no vector loop for %T -> %T", I(0), F(0))
	}
	r := rand.New(rand.NewPCG(5, 6))
	size := int(unsafe.Sizeof(I(0)))
	fsize := int(unsafe.Sizeof(F(0)))
	keyTos := []F{F(math.NaN()), 1e30}
	for pi, p := range simdParams {
		scale, off := F(p.scale), F(p.off)
		if scale == 0 {
			continue
		}
		for _, hasKey := range []bool{false, true} {
			for _, keyTo := range keyTos {
				k := directDec[F, I]{scale: scale, off: off, hasKey: hasKey, key: I(3), keyTo: keyTo}
				if rc := 1 / scale; elements.IsPow2(float64(scale)) && elements.IsPow2(float64(rc)) {
					k.recip, k.useRecip = rc, true
				}
				vk := k
				if byteData {
					vk.table = byteTable(&vk)
				} else {
					vk.vec = directDecVecISA[F, I](isa)
				}
				for _, n := range simdLengths[F](pi) {
					raw := make([]byte, n*size)
					for i := range raw {
						raw[i] = byte(r.Uint32())
					}
					small := make([]I, n) // few distinct values, so the key appears
					for i := range small {
						small[i] = I(r.IntN(40))
					}
					for kind, src := range map[string][]byte{"bits": raw, "small": asBytes(small)} {
						want, got := filled(n*fsize), filled(n*fsize)
						wf, wok := k.run(want, src)
						gf, gok := vk.run(got, src)
						if !wok { // only the elements before the failing one are specified
							want, got = want[:wf.index*fsize], got[:wf.index*fsize]
						}
						if wf != gf || wok != gok || !bytes.Equal(want, got) {
							t.Fatalf("%T->%T scale=%v off=%v key=%v->%v n=%d %s: vector loop gave %+v %v, scalar %+v %v; first byte difference at %d",
								I(0), F(0), p.scale, p.off, hasKey, keyTo, n, kind, gf, gok, wf, wok, firstDiff(want, got))
						}
					}
				}
			}
		}
	}
}

// Resolution picks the vector loops on a CPU with AVX2.
func TestVectorChosenAtResolution(t *testing.T) {
	if floatVecFor[float32]() == nil {
		t.Skip("no AVX2: the vector loops are not used")
	}
	c := mustCodec(t, `{"offset": 273.15, "scale": 0.01}`)
	for _, dt := range []numeric.DataType{numeric.Float32, numeric.Float64} {
		bc, err := c.ResolveArray(codec.ChunkSpec{DataType: dt, Shape: []int{4}, FillValue: numeric.Zero(dt)})
		if err != nil {
			t.Fatal(err)
		}
		var vec bool
		switch k := bc.(*bound).k.(type) {
		case *floatKernel[float32]:
			vec = k.vec != nil
		case *floatKernel[float64]:
			vec = k.vec != nil
		}
		if !vec {
			t.Errorf("%v: scale_offset resolved without its vector loops", dt)
		}
	}
}

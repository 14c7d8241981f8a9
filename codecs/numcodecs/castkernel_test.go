package numcodecs

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// realTypes are the types numcodecs.astype takes.
var realTypes = []numeric.DataType{
	numeric.Int8, numeric.Int16, numeric.Int32, numeric.Int64,
	numeric.Uint8, numeric.Uint16, numeric.Uint32, numeric.Uint64,
	numeric.Float16, numeric.Float32, numeric.Float64,
}

// boundaryFloats are values around the edges of every integer and float
// type, and the classes a cast treats apart.
func boundaryFloats() []float64 {
	v := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		0.5, 1.5, 2.5, 0.9999999, 1e-300, math.SmallestNonzeroFloat64, 5e-324 * 3,
		math.MaxFloat64, math.MaxFloat32, 65504, 65519.99, 65520, 65536, 6e-8, 5.960464477539063e-08, 2.98e-8,
		1.401298464324817e-45, 7e-46, 1.1754942e-38, 3.4028235677973366e38, 3.4028235677973362e38,
		1 << 53, 1<<53 + 2, 1 << 24, 1<<24 + 1}
	for _, e := range []uint{7, 8, 15, 16, 31, 32, 63, 64} {
		p := math.Ldexp(1, int(e))
		v = append(v, p, p-1, p+1, p-0.5, p+0.5, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)))
	}
	n := len(v)
	for _, x := range v[:n] {
		v = append(v, -x)
	}
	return v
}

// specialBits are element bit patterns of dt worth converting: NaNs with
// payloads (quiet, signalling, negative), infinities, zeros, subnormals,
// the boundaries of every type, and for integers their extremes.
func specialBits(dt numeric.DataType) []uint64 {
	var out []uint64
	switch dt {
	case numeric.Float64:
		out = append(out, 0x7ff8000000000001, 0x7ff0000000000001, 0xfff4000000000000, 0x7fffffffffffffff, 0xfff8000000000000, 0x7ff0000020000000, 0x000fffffffffffff, 0x8000000000000001)
		for _, x := range boundaryFloats() {
			out = append(out, math.Float64bits(x))
		}
	case numeric.Float32:
		out = append(out, 0x7fc00001, 0x7f800001, 0xffa00000, 0x7fffffff, 0xffc00000, 0x7f802000, 0x007fffff, 0x80000001)
		for _, x := range boundaryFloats() {
			out = append(out, uint64(math.Float32bits(float32(x))))
		}
	case numeric.Float16:
		out = append(out, 0x7e01, 0x7c01, 0xfd00, 0x7fff, 0xfe00, 0x03ff, 0x8001, 0x7c00, 0xfc00, 0x7bff, 0xfbff, 0x8000, 0x0000, 0x5800, 0x5bff, 0x5c00, 0x7800)
	default:
		for _, e := range []uint{0, 1, 7, 8, 15, 16, 31, 32, 53, 63} {
			p := uint64(1) << e
			out = append(out, p, p-1, p+1, -p, -p-1, -p+1)
		}
	}
	return out
}

// randomChunk returns n elements of dt: the special patterns, random bit
// patterns, and (for floats) values of every magnitude up to 2^66 with and
// without fractions, shuffled so that failing elements sit among the others.
func randomChunk(r *rand.Rand, dt numeric.DataType, n int) []byte {
	size := dt.Size()
	b := make([]byte, n*size)
	sp := specialBits(dt)
	put := func(i int, u uint64) {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], u)
		copy(b[i*size:(i+1)*size], w[:size])
	}
	for i := range n {
		switch k := r.IntN(4); {
		case k == 0:
			put(i, sp[r.IntN(len(sp))])
		case k == 1 || !dt.IsFloat():
			put(i, r.Uint64()>>(r.IntN(64)))
			if r.IntN(2) == 0 {
				put(i, -(r.Uint64() >> (r.IntN(64))))
			}
		default:
			x := math.Ldexp(r.Float64(), r.IntN(68)-2)
			if k == 2 {
				x = math.Trunc(x)
			}
			if r.IntN(2) == 0 {
				x = -x
			}
			switch dt {
			case numeric.Float64:
				put(i, math.Float64bits(x))
			case numeric.Float32:
				put(i, uint64(math.Float32bits(float32(x))))
			default:
				h, _ := numeric.NarrowFloat64(x, dt, numeric.NearestEven)
				put(i, h)
			}
		}
	}
	return b
}

// TestAsTypeKernels checks the whole-chunk astype loops against the
// element-by-element NumPy model, for every pair of types, bit for bit:
// both directions of every pair run through the kernels of one codec.
func TestAsTypeKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, from := range realTypes {
		for _, to := range realTypes {
			c, err := parseCodec(AsTypeName, `{"encode_dtype": "`+npTypeString(to)+`", "decode_dtype": "`+npTypeString(from)+`"}`)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{1, 7, 64, 1000, 4099} {
				b, err := c.ResolveArray(spec(from, n, numeric.Scalar{}))
				if err != nil {
					t.Fatal(err)
				}
				nb := b.(*npBound)
				if from == to {
					if !nb.encCopy || !nb.decCopy {
						t.Fatalf("%v -> %v: not a copy", from, to)
					}
					continue
				}
				if nb.encKernel == nil || nb.decKernel == nil {
					t.Fatalf("%v -> %v: no kernel", from, to)
				}
				model := withoutKernels(b)
				for range 4 {
					src := randomChunk(r, from, n)
					got, want := make([]byte, n*to.Size()), make([]byte, n*to.Size())
					if err := b.EncodeArray(got, src); err != nil {
						t.Fatal(err)
					}
					if err := model.EncodeArray(want, src); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						reportFirstDiff(t, "encode", from, to, src, got, want)
					}
					stored := randomChunk(r, to, n)
					got, want = make([]byte, n*from.Size()), make([]byte, n*from.Size())
					if err := b.DecodeArray(got, stored); err != nil {
						t.Fatal(err)
					}
					if err := model.DecodeArray(want, stored); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						reportFirstDiff(t, "decode", to, from, stored, got, want)
					}
				}
			}
		}
	}
}

// reportFirstDiff fails t with the first element where got and want differ.
func reportFirstDiff(t *testing.T, what string, from, to numeric.DataType, src, got, want []byte) {
	t.Helper()
	ss, ds := from.Size(), to.Size()
	for i := 0; i < len(got)/ds; i++ {
		if !bytes.Equal(got[i*ds:(i+1)*ds], want[i*ds:(i+1)*ds]) {
			t.Fatalf("%s %v -> %v: element %d (%x): kernel %x, model %x", what, from, to, i,
				src[i*ss:(i+1)*ss], got[i*ds:(i+1)*ds], want[i*ds:(i+1)*ds])
		}
	}
}

// npTypeString is the little-endian NumPy type string of dt.
func npTypeString(dt numeric.DataType) string {
	switch dt {
	case numeric.Int8:
		return "|i1"
	case numeric.Uint8:
		return "|u1"
	case numeric.Bool:
		return "|b1"
	}
	kind := "i"
	switch {
	case dt.IsFloat():
		kind = "f"
	case dt.IsComplex():
		kind = "c"
	case !dt.IsSigned():
		kind = "u"
	}
	return "<" + kind + string(rune('0'+dt.Size()))
}

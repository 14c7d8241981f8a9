//go:build !noasm

package numcodecs

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// vecISAs are the instruction sets this CPU runs.
func vecISAs() []int {
	var isas []int
	if cpufeat.AVX2 {
		isas = append(isas, isaAVX2)
	}
	if cpufeat.AVX512 {
		isas = append(isas, isaAVX512)
	}
	return isas
}

// adversarial fills b with random bits, runs of equal and extreme values,
// and (for floats, by their bits) NaNs with payloads, infinities, zeros of
// both signs and subnormals.
func adversarial(rng *rand.Rand, b []byte, w int) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	specials := map[int][]uint64{
		2: {0x7c00, 0xfc00, 0x7e01, 0xfd55, 0x8000, 0x0001, 0x7fff, 0xffff, 0x7bff},
		4: {0x7f800000, 0xff800000, 0x7fc00001, 0xffa00000, 0x80000000, 0x00000001, 0x7fffffff, 0xffffffff, uint64(math.Float32bits(math.MaxFloat32)), 0x80000000},
		8: {0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000001, 0xfff4000000000000, 1 << 63, 1, math.MaxUint64, math.MaxInt64, math.Float64bits(-math.MaxFloat64)},
	}[w]
	for i := 0; i+w <= len(b); i += w {
		switch rng.IntN(4) {
		case 0:
			if len(specials) > 0 {
				v := specials[rng.IntN(len(specials))]
				for j := 0; j < w; j++ {
					b[i+j] = byte(v >> (8 * j))
				}
			}
		case 1:
			if i >= w { // a repeat of the element before
				copy(b[i:i+w], b[i-w:i])
			}
		}
	}
}

func view[T any](b []byte) []T {
	var z T
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/int(unsafe.Sizeof(z)))
}

// The delta loops write what the Go loop writes, bit for bit, for every
// type, length and offset.
func TestDeltaVecTwin(t *testing.T) {
	testDeltaTwin[int8](t, 1)
	testDeltaTwin[uint8](t, 1)
	testDeltaTwin[int16](t, 2)
	testDeltaTwin[uint16](t, 2)
	testDeltaTwin[int32](t, 4)
	testDeltaTwin[uint32](t, 4)
	testDeltaTwin[int64](t, 8)
	testDeltaTwin[uint64](t, 8)
	testDeltaTwin[float32](t, 4)
	testDeltaTwin[float64](t, 8)
}

func testDeltaTwin[T deltaElem](t *testing.T, w int) {
	rng := rand.New(rand.NewPCG(uint64(w), 7))
	// decoding: the running sums
	for _, isa := range vecISAs() {
		ran := false
		for _, n := range []int{0, 1, 2, 3, 4, 15, 16, 17, 31, 32, 33, 64, 65, 1000, 4099} {
			buf := make([]byte, (n+2)*w)
			adversarial(rng, buf, w)
			s := view[T](buf[w:])[:n]
			want := make([]T, n)
			deltaDecodeFrom(want, s, 0)
			got := make([]T, n+1)
			got[n] = 42
			from := deltaDecodeVec(isa, got[:n], s)
			ran = ran || from > 0
			deltaDecodeFrom(got[:n], s, from)
			if !bitsEqual(got[:n], want) || got[n] != 42 {
				t.Fatalf("decode %T isa %d n %d: vector %v, Go %v", s, isa, n, got, want)
			}
		}
		if !ran && deltaKind[T]() < 4 { // integers
			t.Errorf("decode %T isa %d: the vector loop never ran", *new(T), isa)
		}
	}
	for _, isa := range vecISAs() {
		ran := false
		for _, n := range []int{0, 1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 130, 257, 1000, 4099} {
			buf := make([]byte, (n+2)*w)
			adversarial(rng, buf, w)
			s := view[T](buf[w:])[:n] // an offset start
			want := make([]T, n)
			got := make([]T, n+1)
			if n > 0 {
				want[0] = s[0]
				deltaEncodeFrom(want, s, 1)
				got[0] = s[0]
			}
			got[n] = 42
			from := deltaVec(isa, got[:n], s)
			ran = ran || from > 1
			if n > 0 {
				deltaEncodeFrom(got[:n], s, from)
			}
			if !bitsEqual(got[:n], want) || got[n] != 42 {
				t.Fatalf("%T isa %d n %d: vector %v, Go %v", s, isa, n, got, want)
			}
		}
		if !ran {
			t.Errorf("%T isa %d: the vector loop never ran", *new(T), isa)
		}
	}
}

func bitsEqual[T any](a, b []T) bool {
	var z T
	w := int(unsafe.Sizeof(z))
	return len(a) == len(b) && (len(a) == 0 || slices.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(a)*w), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*w)))
}

// The bitround loops write what the Go loop writes for every width and
// every maskbits.
func TestBitRoundVecTwin(t *testing.T) {
	testBitRoundTwin[int16](t, 2)
	testBitRoundTwin[int32](t, 4)
	testBitRoundTwin[int64](t, 8)
}

func testBitRoundTwin[I int16 | int32 | int64](t *testing.T, w int) {
	rng := rand.New(rand.NewPCG(uint64(w), 8))
	mant := map[int]uint{2: 10, 4: 23, 8: 52}[w]
	for _, isa := range vecISAs() {
		for maskbits := uint(1); maskbits <= mant; maskbits++ {
			mask := I(-1) << maskbits
			half := I(1)<<(maskbits-1) - 1
			for _, n := range []int{0, 15, 16, 17, 64, 65, 200, 1031} {
				buf := make([]byte, (n+1)*w)
				adversarial(rng, buf, w)
				s := view[I](buf[w:])[:n]
				want := make([]I, n)
				bitRoundFrom(want, s, 0, maskbits, half, mask)
				got := make([]I, n+1)
				got[n] = 42
				i := bitRoundVec(isa, got[:n], s, maskbits, half, mask)
				if n >= 64 && i == 0 {
					t.Fatalf("isa %d n %d: the vector loop did not run", isa, n)
				}
				bitRoundFrom(got[:n], s, i, maskbits, half, mask)
				if !bitsEqual(got[:n], want) || got[n] != 42 {
					t.Fatalf("%T isa %d maskbits %d n %d: vector %x, Go %x", s, isa, maskbits, n, got, want)
				}
			}
		}
	}
}

// The packbits loop packs what the Go loop packs, bytes other than 0 and
// 1 included.
func TestPackBitsVecTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, isa := range vecISAs() {
		for _, n := range []int{0, 7, 127, 128, 129, 255, 256, 1000, 4096, 4103} {
			for _, density := range []int{0, 1, 2, 3} {
				src := make([]byte, n+1)
				for i := range src {
					switch density {
					case 1:
						src[i] = byte(rng.IntN(2))
					case 2:
						r := rng.Uint32()
						src[i] = byte(r) &^ byte(r>>8) // any byte, zero often
					case 3:
						src[i] = 1
					}
				}
				src = src[1:] // an offset start
				want := make([]byte, (n+7)/8)
				packBitsFrom(want, src, 0)
				got := make([]byte, (n+7)/8+1)
				got[len(got)-1] = 42
				i := packBitsVec(isa, got[:n/8], src)
				if n >= 128 && i == 0 {
					t.Fatalf("isa %d n %d: the vector loop did not run", isa, n)
				}
				packBitsFrom(got[:len(want)], src, i)
				if !slices.Equal(got[:len(want)], want) || got[len(got)-1] != 42 {
					t.Fatalf("isa %d n %d density %d: vector %x, Go %x", isa, n, density, got, want)
				}
			}
		}
	}
}

// BenchmarkVecLoops times each vector loop with each instruction set this
// CPU has on 1 MiB, beside copy(): the measurement behind vecISA's choice.
func BenchmarkVecLoops(b *testing.B) {
	const n = 1 << 20
	src, dst := make([]byte, n+64), make([]byte, n+64)
	adversarial(rand.New(rand.NewPCG(1, 1)), src, 4)
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(n)
		for b.Loop() {
			copy(dst[:n], src[:n])
		}
	})
	b.Run("delta-decode-i32/Go", func(b *testing.B) {
		s, d := view[int32](src[:n]), view[int32](dst[:n])
		b.SetBytes(n)
		for b.Loop() {
			deltaDecodeFrom(d, s, 0)
		}
	})
	for _, isa := range vecISAs() {
		name := map[int]string{isaAVX2: "AVX2", isaAVX512: "AVX512"}[isa]
		b.Run("delta-i32/"+name, func(b *testing.B) {
			s, d := view[int32](src[:n]), view[int32](dst[:n])
			b.SetBytes(n)
			for b.Loop() {
				deltaVec(isa, d, s)
			}
		})
		b.Run("delta-decode-i32/"+name, func(b *testing.B) {
			s, d := view[int32](src[:n]), view[int32](dst[:n])
			b.SetBytes(n)
			for b.Loop() {
				deltaDecodeVec(isa, d, s)
			}
		})
		b.Run("bitround-f32/"+name, func(b *testing.B) {
			s, d := view[int32](src[:n]), view[int32](dst[:n])
			b.SetBytes(n)
			for b.Loop() {
				bitRoundVec(isa, d, s, 13, 1<<12-1, -1<<13)
			}
		})
		b.Run("packbits/"+name, func(b *testing.B) {
			b.SetBytes(n)
			for b.Loop() {
				packBitsVec(isa, dst[:n/8], src[:n])
			}
		})
		b.Run("unpackbits/"+name, func(b *testing.B) {
			b.SetBytes(n)
			for b.Loop() {
				unpackBitsVec(isa, dst[:n], src[:n/8])
			}
		})
	}
}

// The unpackbits loop unpacks what the Go loop unpacks.
func TestUnpackBitsVecTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	for _, isa := range vecISAs() {
		for _, n := range []int{0, 7, 127, 128, 129, 255, 256, 1000, 4096, 4103} {
			in := make([]byte, (n+7)/8+1)
			for i := range in {
				in[i] = byte(rng.Uint32())
			}
			in = in[1:] // an offset start
			want := make([]byte, n)
			unpackBitsFrom(want, in, 0)
			got := make([]byte, n+1)
			got[n] = 42
			i := unpackBitsVec(isa, got[:n], in[:n/8])
			if n >= 128 && i == 0 {
				t.Fatalf("isa %d n %d: the vector loop did not run", isa, n)
			}
			unpackBitsFrom(got[:n], in, i)
			if !slices.Equal(got[:n], want) || got[n] != 42 {
				t.Fatalf("isa %d n %d: vector %x, Go %x", isa, n, got, want)
			}
		}
	}
}

//go:build !noasm

package shuffle

import (
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/internal/cpufeat"
)

// kernelPairs pairs each vector transpose with the kernel.go transpose it
// must match: [0] transposes, [1] inverts.
var kernelPairs = map[int]struct{ vector, scalar [2]func(dst, src []byte) }{
	2: {[2]func(dst, src []byte){transpose2Vec, untranspose2Vec}, [2]func(dst, src []byte){transpose2, untranspose2}},
	4: {[2]func(dst, src []byte){transpose4Vec, untranspose4Vec}, [2]func(dst, src []byte){transpose4, untranspose4}},
	8: {[2]func(dst, src []byte){transpose8Vec, untranspose8Vec}, [2]func(dst, src []byte){transpose8, untranspose8}},
}

// TestVectorMatchesScalar runs the AVX2 and scalar kernels on the same
// random bytes, for every length 0..1000 in steps of the element size and
// for 1 MiB, and requires identical output in both directions.
func TestVectorMatchesScalar(t *testing.T) {
	if !cpufeat.AVX2 {
		t.Skip("CPU has no AVX2: the scalar kernels run")
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, es := range []int{2, 4, 8} {
		lengths := []int{1 << 20}
		for n := 0; n <= 1000; n += es {
			lengths = append(lengths, n)
		}
		for _, n := range lengths {
			src := make([]byte, n)
			for i := range src {
				src[i] = byte(r.Uint32())
			}
			k := kernelPairs[es]
			for dir, name := range []string{"transpose", "untranspose"} {
				want := make([]byte, n)
				got := make([]byte, n)
				for i := range got {
					got[i] = 0xA5 // any byte left unwritten shows
				}
				k.scalar[dir](want, src)
				k.vector[dir](got, src)
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("es %d, %d bytes: %s: vector differs from scalar at byte %d", es, n, name, i)
				}
			}
			// The dispatching entry points give the same bytes too.
			sh, un := make([]byte, n), make([]byte, n)
			transpose(sh, src, es)
			if i := firstDiff(sh, naiveShuffle(src, es)); i >= 0 {
				t.Fatalf("es %d, %d bytes: transpose differs from the definition at byte %d", es, n, i)
			}
			untranspose(un, sh, es)
			if i := firstDiff(un, src); i >= 0 {
				t.Fatalf("es %d, %d bytes: untranspose does not invert transpose at byte %d", es, n, i)
			}
		}
	}
}

// TestVectorIsUsed checks that the dispatch takes the vector kernels for
// element sizes 2, 4 and 8 from one block on, and not for other sizes.
func TestVectorIsUsed(t *testing.T) {
	if !cpufeat.AVX2 {
		t.Skip("CPU has no AVX2")
	}
	for _, es := range []int{2, 3, 4, 5, 8, 16} {
		for _, count := range []int{blockElems - 1, blockElems} {
			n := count * es
			want := count >= blockElems && (es == 2 || es == 4 || es == 8)
			if got := transposeVector(make([]byte, n), make([]byte, n), es); got != want {
				t.Errorf("transposeVector(es %d, %d elements) = %v, want %v", es, count, got, want)
			}
			if got := untransposeVector(make([]byte, n), make([]byte, n), es); got != want {
				t.Errorf("untransposeVector(es %d, %d elements) = %v, want %v", es, count, got, want)
			}
		}
	}
}

// FuzzVectorMatchesScalar feeds arbitrary bytes to the AVX2 and scalar
// kernels of every covered element size (the length cut down to a
// multiple of it) and requires identical output.
func FuzzVectorMatchesScalar(f *testing.F) {
	if !cpufeat.AVX2 {
		f.Skip("CPU has no AVX2")
	}
	r := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{0, 63, 64, 65, 255, 256, 257, 1000} {
		seed := make([]byte, n)
		for i := range seed {
			seed[i] = byte(r.Uint32())
		}
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, es := range []int{2, 4, 8} {
			in := src[:len(src)/es*es]
			k := kernelPairs[es]
			for dir := range 2 {
				want, got := make([]byte, len(in)), make([]byte, len(in))
				k.scalar[dir](want, in)
				k.vector[dir](got, in)
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("es %d, %d bytes, direction %d: vector differs from scalar at byte %d", es, len(in), dir, i)
				}
			}
		}
	})
}

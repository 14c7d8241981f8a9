package shuffle

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// naiveShuffle is the definition from numcodecs' _shuffle.pyx.
func naiveShuffle(src []byte, es int) []byte {
	dst := make([]byte, len(src))
	if es <= 1 {
		copy(dst, src)
		return dst
	}
	count := len(src) / es
	for i := range count {
		for b := range es {
			dst[b*count+i] = src[i*es+b]
		}
	}
	return dst
}

func TestKernelsMatchDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, es := range []int{0, 1, 2, 3, 4, 5, 7, 8, 16} {
		for _, count := range []int{0, 1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000} {
			n := count * max(es, 1)
			src := make([]byte, n)
			for i := range src {
				src[i] = byte(r.Uint32())
			}
			want := naiveShuffle(src, es)
			got := make([]byte, n)
			Shuffle(got, src, es)
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("es %d count %d: Shuffle differs at byte %d", es, count, i)
			}
			back := make([]byte, n)
			Unshuffle(back, got, es)
			if i := firstDiff(back, src); i >= 0 {
				t.Fatalf("es %d count %d: Unshuffle differs at byte %d", es, count, i)
			}
		}
	}
}

func firstDiff(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestShufflePanicsOnBadLengths(t *testing.T) {
	for _, tc := range []struct{ dst, src, es int }{{4, 5, 1}, {6, 6, 4}} {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			Shuffle(make([]byte, tc.dst), make([]byte, tc.src), tc.es)
		})
	}
}

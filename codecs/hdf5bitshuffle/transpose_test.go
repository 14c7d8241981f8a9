package hdf5bitshuffle

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// referenceShuffle is the layout, one bit at a time: bit k of byte b of
// element i goes to bit i%8 of byte i/8 of plane 8*b+k.
func referenceShuffle(src []byte, es int) []byte {
	n := len(src) / es
	dst := make([]byte, len(src))
	for i := range n {
		for b := range es {
			for k := range 8 {
				bit := src[i*es+b] >> k & 1
				dst[(8*b+k)*(n/8)+i/8] |= bit << (i % 8)
			}
		}
	}
	return dst
}

func TestTransposeMatchesDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for es := 1; es <= 17; es++ {
		for _, n := range []int{0, 8, 16, 64, 72, 200} {
			src := make([]byte, n*es)
			for i := range src {
				src[i] = byte(r.Uint32())
			}
			want := referenceShuffle(src, es)
			got := make([]byte, len(src))
			scratch := make([]byte, len(src))
			bitShuffle(got, src, scratch, es)
			if !bytes.Equal(got, want) {
				t.Fatalf("es %d, n %d: shuffle differs from the definition", es, n)
			}
			back := make([]byte, len(src))
			bitUnshuffle(back, got, scratch, es)
			if !bytes.Equal(back, src) {
				t.Fatalf("es %d, n %d: unshuffle does not invert shuffle", es, n)
			}
		}
	}
}

// TestSingleBits moves one set bit through every position of 16 elements
// of 3 bytes: each must land on the one bit the layout names.
func TestSingleBits(t *testing.T) {
	const es, n = 3, 16
	for pos := range n * es * 8 {
		src := make([]byte, n*es)
		src[pos/8] = 1 << (pos % 8)
		got := make([]byte, len(src))
		bitShuffle(got, src, make([]byte, len(src)), es)
		i, b, k := pos/8/es, pos/8%es, pos%8
		at := (8*b+k)*(n/8)*8 + i // bit index in the output
		for j := range got {
			for bit := range 8 {
				set := got[j]>>bit&1 == 1
				if set != (j*8+bit == at) {
					t.Fatalf("bit %d of element %d byte %d: output bit %d is %v", k, i, b, j*8+bit, set)
				}
			}
		}
	}
}

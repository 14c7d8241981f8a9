package bitshuffle

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// referenceShuffle is the definition, one bit at a time: bit k of byte b
// of element i goes to bit i%8 of byte i/8 of plane 8*b+k.
func referenceShuffle(src []byte, es int) []byte {
	n := len(src) / es
	dst := make([]byte, len(src))
	for i := range n {
		for b := range es {
			for k := range 8 {
				bit := src[i*es+b] >> k & 1
				plane := 8*b + k
				dst[plane*(n/8)+i/8] |= bit << (i % 8)
			}
		}
	}
	return dst
}

func random(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 3))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// checkAgainstDefinition shuffles src with Shuffle and compares with the reference, then
// unshuffles and compares with src.
func checkAgainstDefinition(t testing.TB, src []byte, es int) {
	t.Helper()
	want := referenceShuffle(src, es)
	got := make([]byte, len(src))
	scratch := make([]byte, len(src))
	Shuffle(got, src, scratch, es)
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("es %d, %d bytes: shuffle differs from the definition at byte %d", es, len(src), i)
	}
	back := make([]byte, len(src))
	Unshuffle(back, got, scratch, es)
	if i := firstDiff(back, src); i >= 0 {
		t.Fatalf("es %d, %d bytes: unshuffle does not give the input back (byte %d)", es, len(src), i)
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

func TestMatchesDefinition(t *testing.T) {
	for _, es := range []int{1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 32, 64, 255} {
		for _, n := range []int{0, 8, 16, 56, 64, 72, 128, 136, 1000, 4096 + 24} {
			t.Run(fmt.Sprintf("es%d/n%d", es, n), func(t *testing.T) {
				checkAgainstDefinition(t, random(n*es, uint64(n*1000+es)), es)
			})
		}
	}
}

// TestSingleBits moves one set bit through every position of a few
// groups: each must land on exactly the bit the definition names.
func TestSingleBits(t *testing.T) {
	for _, es := range []int{1, 2, 4, 8, 3} {
		n := 136 // two whole groups and one tail of 8
		for pos := range n * es * 8 {
			src := make([]byte, n*es)
			src[pos/8] = 1 << (pos % 8)
			checkAgainstDefinition(t, src, es)
		}
	}
}

// TestKnownLayout pins the layout with a hand-worked example: eight
// two-byte elements 0x0100, 0x0302, ... give planes whose bytes are the
// bit columns of the low bytes 0, 2, 4, ..., 14 and the high bytes 1, 3,
// ..., 15.
func TestKnownLayout(t *testing.T) {
	src := []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	got := make([]byte, 16)
	Shuffle(got, src, make([]byte, 16), 2)
	// low bytes 0,2,...,14: bit 0 is never set; bit 1 is set in 2,6,10,14
	// (elements 1,3,5,7 -> 0b10101010); bit 2 in 4,6,12,14 (elements
	// 2,3,6,7 -> 0b11001100); bit 3 in 8..14 (elements 4..7 -> 0xf0).
	// high bytes 1,3,...,15: bit 0 in all (0xff), bits 1..3 as above.
	want := []byte{0x00, 0xaa, 0xcc, 0xf0, 0, 0, 0, 0, 0xff, 0xaa, 0xcc, 0xf0, 0, 0, 0, 0}
	if !bytes.Equal(got, want) {
		t.Fatalf("got % x, want % x", got, want)
	}
}

func TestPanicsOnBadArguments(t *testing.T) {
	for _, tc := range []struct {
		dst, src, scratch, es int
	}{
		{8, 9, 0, 1},     // lengths differ
		{12, 12, 0, 1},   // 12 elements: not a multiple of 8
		{24, 24, 0, 2},   // 12 elements
		{24, 24, 0, 3},   // 8 elements of 3 bytes but no scratch
		{0, 0, 0, 0},     // element size 0
		{15, 15, 15, 2},  // not a multiple of the element size
		{48, 48, 47, 6},  // scratch too short
		{64, 64, 0, -1},  // negative element size
		{16, 16, 16, 16}, // one element
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%+v: no panic", tc)
				}
			}()
			Shuffle(make([]byte, tc.dst), make([]byte, tc.src), make([]byte, tc.scratch), tc.es)
		}()
	}
}

package ndcopy

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// refIndex is the byte offset of element idx (C order) in an array of
// shape, computed element by element as the reference.
func refIndex(shape, idx []int, elem int) int {
	off := 0
	for i := range shape {
		off = off*shape[i] + idx[i]
	}
	return off * elem
}

// refCopy copies the box element by element.
func refCopy(dst []byte, dstShape, dstStart []int, src []byte, srcShape, srcStart, box []int, elem int) {
	n := 1
	for _, b := range box {
		n *= b
	}
	idx := make([]int, len(box))
	d, s := make([]int, len(box)), make([]int, len(box))
	for e := 0; e < n; e++ {
		rem := e
		for i := len(box) - 1; i >= 0; i-- {
			idx[i] = rem % box[i]
			rem /= box[i]
			d[i], s[i] = dstStart[i]+idx[i], srcStart[i]+idx[i]
		}
		copy(dst[refIndex(dstShape, d, elem):][:elem], src[refIndex(srcShape, s, elem):][:elem])
	}
}

func size(shape []int, elem int) int {
	n := elem
	for _, d := range shape {
		n *= d
	}
	return n
}

func TestCopyMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		rank := rng.IntN(5)
		elem := []int{1, 2, 4, 8, 3}[rng.IntN(5)]
		box := make([]int, rank)
		srcShape, dstShape := make([]int, rank), make([]int, rank)
		srcStart, dstStart := make([]int, rank), make([]int, rank)
		for i := range rank {
			box[i] = rng.IntN(4)
			if rng.IntN(4) == 0 {
				box[i] = 1 + rng.IntN(3)
			}
			srcStart[i], dstStart[i] = rng.IntN(3), rng.IntN(3)
			srcShape[i] = srcStart[i] + box[i] + rng.IntN(2)
			dstShape[i] = dstStart[i] + box[i] + rng.IntN(2)
			if rng.IntN(2) == 0 {
				srcStart[i], dstStart[i], srcShape[i], dstShape[i] = 0, 0, box[i], box[i]
			}
			srcShape[i], dstShape[i] = max(srcShape[i], 1), max(dstShape[i], 1)
		}
		src := make([]byte, size(srcShape, elem))
		for i := range src {
			src[i] = byte(rng.Uint32())
		}
		got := bytes.Repeat([]byte{0xaa}, size(dstShape, elem))
		want := bytes.Clone(got)
		Copy(got, dstShape, dstStart, src, srcShape, srcStart, box, elem)
		refCopy(want, dstShape, dstStart, src, srcShape, srcStart, box, elem)
		if !bytes.Equal(got, want) {
			t.Fatalf("box %v dst %v@%v src %v@%v elem %d:\n got %x\nwant %x", box, dstShape, dstStart, srcShape, srcStart, elem, got, want)
		}
		// Fill of the same box equals a copy from a filled source.
		pat := []byte{1, 2, 3, 4, 5, 6, 7, 8}[:elem]
		filled := bytes.Repeat(pat, size(srcShape, elem)/elem)
		got2 := bytes.Repeat([]byte{0xaa}, size(dstShape, elem))
		want2 := bytes.Clone(got2)
		Fill(got2, dstShape, dstStart, box, pat)
		refCopy(want2, dstShape, dstStart, filled, srcShape, srcStart, box, elem)
		if !bytes.Equal(got2, want2) {
			t.Fatalf("fill box %v dst %v@%v elem %d:\n got %x\nwant %x", box, dstShape, dstStart, elem, got2, want2)
		}
	}
}

// TestCopyHighRank copies boxes of more dimensions than the odometer
// holds.
func TestCopyHighRank(t *testing.T) {
	rank := maxStackRank + 3
	shape, start, box := make([]int, rank), make([]int, rank), make([]int, rank)
	for i := range rank {
		shape[i], box[i] = 1, 1
	}
	shape[0], shape[rank-2], shape[rank-1] = 3, 3, 4
	box[0], box[rank-2], box[rank-1] = 2, 2, 3
	start[0], start[rank-2] = 1, 1
	src := make([]byte, size(shape, 2))
	for i := range src {
		src[i] = byte(i)
	}
	got, want := make([]byte, size(box, 2)), make([]byte, size(box, 2))
	zero := make([]int, rank)
	Copy(got, box, zero, src, shape, start, box, 2)
	refCopy(want, box, zero, src, shape, start, box, 2)
	if !bytes.Equal(got, want) {
		t.Fatalf("got %x, want %x", got, want)
	}
	Fill(got, box, zero, box, []byte{7, 9})
	if !bytes.Equal(got, bytes.Repeat([]byte{7, 9}, len(got)/2)) {
		t.Fatalf("fill: %x", got)
	}
}

func TestPattern(t *testing.T) {
	pat := []byte{9, 8, 7}
	b := make([]byte, 3*1000)
	FillPattern(b, pat)
	if !bytes.Equal(b, bytes.Repeat(pat, 1000)) {
		t.Fatal("FillPattern")
	}
	ref := make([]byte, 3*17)
	FillPattern(ref, pat)
	if !IsPattern(b, ref) || !IsPattern(nil, ref) {
		t.Fatal("IsPattern: false on a filled slice")
	}
	for _, i := range []int{0, 1, 50, 51, 2999} {
		c := bytes.Clone(b)
		c[i] ^= 1
		if IsPattern(c, ref) {
			t.Fatalf("IsPattern: true with byte %d changed", i)
		}
	}
}

func TestCopyAllocs(t *testing.T) {
	src := make([]byte, 8*8*8*4)
	dst := make([]byte, 4*4*4*4)
	shape, start, box := []int{8, 8, 8}, []int{2, 2, 2}, []int{4, 4, 4}
	zero := []int{0, 0, 0}
	if n := testing.AllocsPerRun(100, func() { Copy(dst, box, zero, src, shape, start, box, 4) }); n != 0 {
		t.Errorf("Copy: %v allocs", n)
	}
}

package bitpack

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPackUnpack packs random values of every width from 1 to 64 bits in
// blocks of several sizes, checks the stream bit by bit against the
// definition (value j in bits [j*m, (j+1)*m), most significant first), and
// unpacks it from every starting value.
func TestPackUnpack(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for m := uint(1); m <= 64; m++ {
		n := 1 + r.IntN(100)
		vals := make([]uint64, n)
		for i := range vals {
			vals[i] = r.Uint64()
			if m < 64 {
				vals[i] &= 1<<m - 1
			}
		}
		var p Packer
		for at := 0; at < n; {
			k := min(n-at, 1+r.IntN(7))
			p.PutBlock(vals[at:at+k], m)
			at += k
		}
		p.Flush()
		if len(p.Out) != PackedLen(n, m) {
			t.Fatalf("m %d: %d bytes, want %d", m, len(p.Out), PackedLen(n, m))
		}
		for j, v := range vals {
			for b := uint(0); b < m; b++ {
				pos := uint64(j)*uint64(m) + uint64(b)
				got := p.Out[pos/8] >> (7 - pos%8) & 1
				if want := byte(v >> (m - 1 - b) & 1); got != want {
					t.Fatalf("m %d: bit %d of value %d is %d, want %d", m, b, j, got, want)
				}
			}
			if g := BitsAt(p.Out, uint64(j)*uint64(m), m); g != v {
				t.Fatalf("m %d: BitsAt value %d = %x, want %x", m, j, g, v)
			}
		}
		for first := 0; first < n; first += 1 + n/5 {
			got := make([]uint64, n-first)
			Unpack(got, p.Out, first, m)
			if !slices.Equal(got, vals[first:]) {
				t.Fatalf("m %d: Unpack from %d differs", m, first)
			}
		}
	}
}

// TestElems loads and stores elements of every size and byte order.
func TestElems(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, size := range []int{1, 2, 4, 8} {
		for _, big := range []bool{false, true} {
			src := make([]byte, 13*size)
			for i := range src {
				src[i] = byte(r.Uint32())
			}
			vals := make([]uint64, 13)
			LoadElems(vals, src, size, big)
			for i, v := range vals {
				var want uint64
				for k := range size {
					b := src[i*size+k]
					if big {
						want = want<<8 | uint64(b)
					} else {
						want |= uint64(b) << (8 * k)
					}
				}
				if v != want {
					t.Fatalf("size %d big %v: element %d is %x, want %x", size, big, i, v, want)
				}
			}
			back := make([]byte, len(src))
			StoreElems(back, vals, size, big)
			if !slices.Equal(back, src) {
				t.Fatalf("size %d big %v: StoreElems does not give the bytes back", size, big)
			}
		}
	}
}

package numcodecs

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// TestPackBitsLoops checks the word-at-a-time packing and the table
// unpacking against np.packbits' definition, one bit at a time, on chunks
// of every length up to a few blocks, with bytes that are 0 and 1 and
// bytes that are any non-zero value.
func TestPackBitsLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= 300; n++ {
		c, err := parseCodec(PackBitsName, "")
		if err != nil {
			t.Fatal(err)
		}
		b, err := c.ResolveArray(spec(numeric.Bool, n, numeric.Scalar{}))
		if err != nil {
			t.Fatal(err)
		}
		for trial := range 3 {
			src := make([]byte, n)
			for i := range src {
				src[i] = byte(r.IntN(2))
				if trial == 2 && r.IntN(50) == 0 {
					src[i] = byte(r.Uint32())
				}
			}
			want := make([]byte, 1+(n+7)/8)
			want[0] = byte((8 - n%8) % 8)
			for i, x := range src {
				if x != 0 {
					want[1+i/8] |= 0x80 >> (i % 8)
				}
			}
			got := make([]byte, len(want))
			if err := b.EncodeArray(got, src); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("n=%d: encode %x: got %x, want %x", n, src, got, want)
			}
			stored := make([]byte, len(want))
			for i := range stored {
				stored[i] = byte(r.Uint32())
			}
			stored[0] = want[0]
			dec := make([]byte, n)
			if err := b.DecodeArray(dec, stored); err != nil {
				t.Fatal(err)
			}
			for i, x := range dec {
				if w := stored[1+i/8] >> (7 - i%8) & 1; x != w {
					t.Fatalf("n=%d: decode %x: element %d is %d, want %d", n, stored, i, x, w)
				}
			}
		}
	}
}

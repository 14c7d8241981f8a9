package blosclz

import (
	"bytes"
	"testing"
)

// TestShortDistances decodes a match at every distance from 1 to 9 bytes
// back and every length from 3 to 40, into an output of exactly the
// decoded size and into one with 64 spare bytes (the word-copy paths run
// only away from the end of the output). The expected bytes come from the
// format's definition: the match copies byte by byte from distance bytes
// back, each copied byte available to the next.
func TestShortDistances(t *testing.T) {
	for dist := 1; dist <= 9; dist++ {
		for length := 3; length <= 40; length++ {
			lits := make([]byte, 10)
			for i := range lits {
				lits[i] = byte(0x41 + i*37)
			}
			want := append([]byte{}, lits...)
			for range length {
				want = append(want, want[len(want)-dist])
			}
			want = append(want, '.')
			var s []byte
			s = append(s, 0x20|byte(len(lits)-1))
			s = append(s, lits...)
			// length = (c>>5)+2 for c>>5 < 7, else 9 + extension bytes
			d := dist - 1
			if length < 9 {
				s = append(s, byte(length-2)<<5|byte(d>>8), byte(d))
			} else {
				s = append(s, 7<<5|byte(d>>8), byte(length-9), byte(d))
			}
			s = append(s, 0, '.')
			for _, spare := range []int{0, 64} {
				out := make([]byte, len(want)+spare)
				n, err := Decompress(out, s)
				if err != nil || !bytes.Equal(out[:n], want) {
					t.Fatalf("distance %d, length %d, spare %d: got %v (%v), want %v", dist, length, spare, out[:n], err, want)
				}
			}
		}
	}
}

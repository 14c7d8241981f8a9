package blosclz

import (
	"bytes"
	"testing"
)

func seeds(f *testing.F) {
	var e Encoder
	for _, in := range inputs() {
		enc := make([]byte, len(in))
		if k := e.Compress(enc, in, 5); k > 0 && k < 8192 {
			f.Add(enc[:k], uint16(len(in)))
		}
	}
	f.Add([]byte{0x20 | 3, 'a', 'b', 'c', 'd', ctl(1, 0), 3, 0, 'e'}, uint16(8))
	f.Add([]byte{0, 'a', 7 << 5, 255, 255, 3, 0, 0}, uint16(600))
}

// FuzzDecompress: no input panics or writes past dst; whatever decodes
// re-encodes and decodes back to the same bytes.
func FuzzDecompress(f *testing.F) {
	seeds(f)
	var e Encoder
	f.Fuzz(func(t *testing.T, src []byte, size uint16) {
		dst := make([]byte, int(size))
		n, err := Decompress(dst, src)
		if n < 0 || n > len(dst) {
			t.Fatalf("wrote %d bytes into %d", n, len(dst))
		}
		if err != nil {
			return
		}
		out := dst[:n]
		enc := make([]byte, len(out)+len(out)/8+64)
		k := e.Compress(enc, out, 5)
		if k == 0 {
			return
		}
		back := make([]byte, len(out))
		if m, err := Decompress(back, enc[:k]); err != nil || m != len(out) || !bytes.Equal(back, out) {
			t.Fatalf("re-encoded stream: %d, %v", m, err)
		}
	})
}

// FuzzRoundTrip: every input compresses to a stream (or to nothing, when
// it does not fit) that decodes to exactly the input.
func FuzzRoundTrip(f *testing.F) {
	for _, in := range inputs() {
		f.Add(in[:min(len(in), 4096)], uint8(5), uint16(0))
	}
	var e Encoder
	f.Fuzz(func(t *testing.T, in []byte, clevel uint8, slack uint16) {
		lvl := int(clevel%9) + 1
		enc := make([]byte, max(len(in)-int(slack), 1))
		k := e.Compress(enc, in, lvl)
		if k == 0 {
			return
		}
		if k > len(enc) {
			t.Fatalf("wrote %d bytes into %d", k, len(enc))
		}
		out := make([]byte, len(in))
		n, err := Decompress(out, enc[:k])
		if err != nil || n != len(in) || !bytes.Equal(out, in) {
			t.Fatalf("round trip: %d of %d bytes, %v", n, len(in), err)
		}
	})
}

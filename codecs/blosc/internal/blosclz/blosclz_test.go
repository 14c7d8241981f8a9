package blosclz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// inputs are byte strings of several kinds: runs, text-like repetition,
// matches further back than the near form reaches, smooth floats split
// into byte planes, and noise.
func inputs() map[string][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 50000)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	far := make([]byte, 0, 60000)
	block := noise[:9000]
	far = append(far, block...)
	far = append(far, bytes.Repeat([]byte{7}, 100)...)
	far = append(far, block...) // repeats from 9100 bytes back: far matches
	planes := make([]byte, 4*8192)
	for i := range 8192 {
		v := math.Float32bits(float32(273.15 + 20*math.Sin(float64(i)/500)))
		for b := range 4 {
			planes[b*8192+i] = byte(v >> (8 * b))
		}
	}
	text := bytes.Repeat([]byte("the quick brown fox jumps over the lazy dog; "), 300)
	return map[string][]byte{
		"zeros":    make([]byte, 70000),
		"run-then": append(bytes.Repeat([]byte{1}, 1000), noise[:100]...),
		"text":     text,
		"far":      far,
		"planes":   planes,
		"noise":    noise,
		"short":    []byte("0123456789abcdef0123"),
		"period3":  bytes.Repeat([]byte{1, 2, 3}, 3000),
	}
}

// ctl is a match's control byte: length code l (1..7), distance high bits
// hi (0..31).
func ctl(l, hi byte) byte { return l<<5 | hi }

func TestRoundTrip(t *testing.T) {
	var e Encoder
	for name, in := range inputs() {
		for _, clevel := range []int{1, 2, 5, 9} {
			t.Run(fmt.Sprintf("%s/clevel%d", name, clevel), func(t *testing.T) {
				enc := make([]byte, len(in)+len(in)/8+64)
				k := e.Compress(enc, in, clevel)
				if k == 0 {
					if name != "noise" {
						t.Fatalf("%d bytes did not compress", len(in))
					}
					return
				}
				enc = enc[:k]
				if enc[0]&0xe0 != 0x20 {
					t.Fatalf("first byte %#x lacks the stream marker", enc[0])
				}
				out := make([]byte, len(in))
				n, err := Decompress(out, enc)
				if err != nil || n != len(in) || !bytes.Equal(out, in) {
					t.Fatalf("decompress: %d bytes, %v; equal %v", n, err, bytes.Equal(out[:n], in[:n]))
				}
				t.Logf("%d -> %d bytes", len(in), k)
			})
		}
	}
}

// TestCompressLimit: with an output buffer one byte shorter than the
// stream needs, Compress reports that it does not fit.
func TestCompressLimit(t *testing.T) {
	var e Encoder
	in := inputs()["text"]
	enc := make([]byte, len(in))
	k := e.Compress(enc, in, 5)
	if k == 0 {
		t.Fatal("did not compress")
	}
	for _, short := range []int{k - 1, k / 2, 1} {
		if got := e.Compress(make([]byte, short), in, 5); got != 0 {
			t.Fatalf("%d-byte buffer for a %d-byte stream: wrote %d", short, k, got)
		}
	}
	if got := e.Compress(make([]byte, k), in, 5); got != k {
		t.Fatalf("exact buffer: %d, want %d", got, k)
	}
}

// TestFarMatches: data that repeats from further back than 8191 bytes is
// coded with far matches, which decode.
func TestFarMatches(t *testing.T) {
	in := inputs()["far"]
	var e Encoder
	enc := make([]byte, len(in))
	k := e.Compress(enc, in, 9)
	// 9000 noise bytes cost 9000 + 9000/32 as literals; the repeat must
	// cost next to nothing (a few literals until the sparse index of the
	// skipped-over noise finds it).
	if k == 0 || k > 9000+9000/32+256 {
		t.Fatalf("far repeat compressed to %d of %d bytes", k, len(in))
	}
	out := make([]byte, len(in))
	if n, err := Decompress(out, enc[:k]); err != nil || n != len(in) || !bytes.Equal(out, in) {
		t.Fatalf("decompress: %d, %v", n, err)
	}
}

// TestHandWritten decodes streams written from the format description.
func TestHandWritten(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
		want []byte
	}{
		{"literals with marker", []byte{0x20 | 2, 'a', 'b', 'c'}, []byte("abc")},
		{"run", []byte{0x20, 'x', ctl(3, 0), 0, 0, 'y'}, []byte("xxxxxxy")},
		{"near match", []byte{0x20 | 3, 'a', 'b', 'c', 'd', ctl(1, 0), 3, 0, 'e'}, []byte("abcdabce")},
		{"overlap period 2", []byte{0x20 | 1, 'a', 'b', ctl(4, 0), 1, 0, '.'}, []byte("abababab.")},
		{"long match", append([]byte{0x20, 'z', ctl(7, 0), 255, 1, 0, 0}, '!'), append(bytes.Repeat([]byte{'z'}, 1+9+256), '!')},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := make([]byte, len(tc.want))
			n, err := Decompress(out, tc.in)
			if err != nil || !bytes.Equal(out[:n], tc.want) {
				t.Fatalf("got %q (%d), %v; want %q", out[:n], n, err, tc.want)
			}
		})
	}
	// A far match: 8192 literal bytes, then a copy of the first 5 from
	// D = 8191 + 0 + 1 = 8192 back (offset 8192+1-1...).
	lits := make([]byte, 8192)
	for i := range lits {
		lits[i] = byte(i * 7)
	}
	var s []byte
	for i := 0; i < len(lits); i += 32 {
		s = append(s, 31)
		s = append(s, lits[i:i+32]...)
	}
	s = append(s, 3<<5|31, 255, 0, 0, 0, '#') // length 5, D = 8191
	want := append(append(append([]byte{}, lits...), lits[0:5]...), '#')
	out := make([]byte, len(want))
	if n, err := Decompress(out, s); err != nil || !bytes.Equal(out[:n], want) {
		t.Fatalf("far match: %d bytes, %v", n, err)
	}
}

func TestCorrupt(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
		size int
	}{
		{"literal past input", []byte{5, 'a', 'b'}, 6},
		{"literal past output", []byte{5, 'a', 'b', 'c', 'd', 'e', 'f'}, 5},
		{"match before start", []byte{0, 'a', ctl(1, 0), 5, 0, 'b'}, 10},
		{"match past output", []byte{0, 'a', ctl(6, 0), 0, 0, 'b'}, 5},
		{"ends with match", []byte{0, 'a', ctl(1, 0), 0}, 4},
		{"match without distance byte", []byte{0, 'a', 1 << 5}, 4},
		{"long match cut", []byte{0, 'a', 7 << 5, 255}, 400},
		{"far match cut", []byte{0, 'a', ctl(1, 31), 255, 0}, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Decompress(make([]byte, tc.size), tc.in)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("got %d bytes, %v; want ErrCorrupt", n, err)
			}
		})
	}
}

// TestShortOutput: a stream decoding to fewer bytes than dst holds returns
// its length without error.
func TestShortOutput(t *testing.T) {
	n, err := Decompress(make([]byte, 10), []byte{2, 'a', 'b', 'c'})
	if n != 3 || err != nil {
		t.Fatalf("got %d, %v", n, err)
	}
}

// TestEncoderReuse: one Encoder over many inputs, including one after the
// position base wraps, gives streams that decode.
func TestEncoderReuse(t *testing.T) {
	var e Encoder
	in := inputs()["text"]
	out := make([]byte, len(in))
	enc := make([]byte, len(in))
	for i := range 5 {
		if i == 3 {
			e.base = math.MaxUint32 - 10 // next call clears the table
		}
		k := e.Compress(enc, in[i*100:], 5)
		if k == 0 {
			t.Fatal("did not compress")
		}
		if n, err := Decompress(out, enc[:k]); err != nil || !bytes.Equal(out[:n], in[i*100:]) {
			t.Fatalf("call %d: %d, %v", i, n, err)
		}
	}
}

package zstd

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestEnginesInteroperate: frames written by this build's engine (libzstd
// with the libzstd tag) decode with the pure-Go decoder, and frames of the
// pure-Go encoder decode with this build's decoder, for every level class,
// with and without checksum, on sizes around the single-segment limit.
func TestEnginesInteroperate(t *testing.T) {
	t.Logf("engine: %s", Engine)
	r := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{0, 1, 100, smallInput, smallInput + 1, 70000, 1 << 20} {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(i/97) + byte(r.IntN(3)) // compressible
		}
		for _, level := range []int{-5, 1, 3, 7, 19} {
			for _, sum := range []bool{false, true} {
				c := &Codec{Level: level, Checksum: sum}
				bb, err := c.ResolveBytesToBytes(codec.FixedBytes(n, codec.ChunkSpec{DataType: numeric.Uint8, Shape: []int{n}}))
				if err != nil {
					t.Fatal(err)
				}
				b := bb.(*bound)
				ours, err := compress(nil, src, b.level, b.checksum)
				if err != nil {
					t.Fatal(err)
				}
				theirs, err := compressGo(nil, src, b.level, b.checksum)
				if err != nil {
					t.Fatal(err)
				}
				cases := []struct {
					name  string
					frame []byte
					dec   func(dst, src []byte) ([]byte, string, error)
				}{
					{"this engine's frame, pure-Go decoder", ours, decompressGo},
					{"pure-Go frame, this engine's decoder", theirs, decompress},
				}
				for _, tc := range cases {
					out, _, err := tc.dec(make([]byte, 0, n), tc.frame)
					if err != nil || !bytes.Equal(out, src) {
						t.Fatalf("level %d checksum %v, %d bytes: %s: %v", level, sum, n, tc.name, err)
					}
				}
				if fhd := ours[4]; fhd>>6 == 0 && fhd>>5&1 == 0 {
					t.Errorf("level %d, %d bytes: frame header %#02x has no content size", level, n, fhd)
				}
			}
		}
	}
}

package main

import (
	"testing"

	"github.com/klauspost/compress/huff0"
	"github.com/klauspost/compress/zstd"
)

// TestLiteralThreshold shows why klauspost/compress stores the literal
// chunk raw where libzstd compresses it: Huffman coding the chunk's bytes
// saves about 4% (huff0 without a minimum gain), but the zstd block
// encoder asks huff0 for at least 1/16 (its WantLogLess 4, which no
// encoder option changes), so the frame is no smaller than the chunk even
// with WithAllLitEntropyCompression. libzstd asks for 1/64 plus 2 bytes
// (ZSTD_minGain) and keeps the Huffman-coded literals; docs/zstd.md has
// the figures.
func TestLiteralThreshold(t *testing.T) {
	src := quantised(1.4)
	var s huff0.Scratch
	out, _, err := huff0.Compress4X(src, &s)
	if err != nil {
		t.Fatalf("huff0 with no minimum gain: %v", err)
	}
	huff := float64(len(src)) / float64(len(out))
	s = huff0.Scratch{WantLogLess: 4}
	if _, _, err := huff0.Compress4X(src, &s); err != huff0.ErrIncompressible {
		t.Errorf("huff0 asking for 1/16: %v, want ErrIncompressible", err)
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithAllLitEntropyCompression(true))
	if err != nil {
		t.Fatal(err)
	}
	frame := float64(len(src)) / float64(len(enc.EncodeAll(src, nil)))
	t.Logf("literal chunk: Huffman alone %.3f, klauspost frame %.3f", huff, frame)
	if huff < 1.02 || frame > 1.0 {
		t.Errorf("Huffman alone %.3f, frame %.3f: want the first above 1.02 and the second at most 1", huff, frame)
	}
}

package blosc

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestBitshuffleFramesMatchCBlosc encodes the inputs of
// testdata/bitshuffle_sums.json (written by gen_bitshuffle_sums.py with
// c-blosc 1.21.3) with lz4 at clevel 5 and bitshuffle, for element sizes 1
// to 64 and block sizes whose element counts are and are not multiples of
// 8, and requires c-blosc's frame, byte for byte (by its SHA-256), then
// decodes it back. The bit transposes run whichever kernels this CPU and
// build choose.
func TestBitshuffleFramesMatchCBlosc(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "bitshuffle_sums.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sums struct {
		Input struct {
			Kind   string
			Nbytes int
			Seed   uint32
		}
		Cases []struct {
			Typesize, Blocksize, Nbytes int
			FrameBytes                  int    `json:"frame_bytes"`
			FrameSHA256                 string `json:"frame_sha256"`
		}
	}
	if err := json.Unmarshal(raw, &sums); err != nil {
		t.Fatal(err)
	}
	shuffled := 0
	for _, c := range sums.Cases {
		t.Run(fmt.Sprintf("ts%d/bs%d", c.Typesize, c.Blocksize), func(t *testing.T) {
			in := makeInput(sums.Input.Kind, sums.Input.Nbytes, c.Typesize, sums.Input.Seed)[:c.Nbytes]
			dt, err := numeric.NewRawBytes(c.Typesize)
			if err != nil {
				t.Fatal(err)
			}
			spec := codec.FixedBytes(len(in), codec.ChunkSpec{DataType: dt, Shape: []int{len(in) / c.Typesize}, FillValue: numeric.Zero(dt)})
			bd, err := (&Codec{Config{Cname: "lz4", Clevel: 5, Shuffle: BitShuffle, Typesize: c.Typesize, Blocksize: c.Blocksize}}).ResolveBytesToBytes(spec)
			if err != nil {
				t.Fatal(err)
			}
			frame, err := bd.AppendEncode(nil, in)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(frame)
			if got := hex.EncodeToString(sum[:]); len(frame) != c.FrameBytes || got != c.FrameSHA256 {
				t.Fatalf("frame of %d bytes, SHA-256 %s; c-blosc's has %d bytes, %s", len(frame), got, c.FrameBytes, c.FrameSHA256)
			}
			if frame[2]&flagMemcpy == 0 {
				shuffled++
			}
			back, err := bd.AppendDecode(nil, frame)
			if err != nil || string(back) != string(in) {
				t.Fatalf("decoding gives back %d bytes (%v), not the input", len(back), err)
			}
		})
	}
	if shuffled < len(sums.Cases)*3/4 {
		t.Errorf("only %d of %d frames hold shuffled blocks; the rest are stored", shuffled, len(sums.Cases))
	}
}

package blosc

import (
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/numeric"
)

// TestBitshuffleZeroAllocs: bit-shuffled frames of every way an element
// size reaches its byte planes (sizes 1, 2, 3, 6, 12, 16, 24 and 40)
// encode and decode without allocating once the pooled scratch space has
// grown.
func TestBitshuffleZeroAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, ts := range []int{1, 2, 3, 6, 12, 16, 24, 40} {
		in := makeInput("smooth", 200*1024/ts*ts, ts, 3)
		dt, err := numeric.NewRawBytes(ts)
		if err != nil {
			t.Fatal(err)
		}
		spec := codec.FixedBytes(len(in), codec.ChunkSpec{DataType: dt, Shape: []int{len(in) / ts}, FillValue: numeric.Zero(dt)})
		bd, err := (&Codec{Config{Cname: "lz4", Clevel: 5, Shuffle: BitShuffle, Typesize: ts}}).ResolveBytesToBytes(spec)
		if err != nil {
			t.Fatal(err)
		}
		frame, err := bd.AppendEncode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, 0, len(in)+headerSize)
		enc := testing.AllocsPerRun(10, func() { bd.AppendEncode(dst[:0], in) })
		dec := testing.AllocsPerRun(10, func() { bd.AppendDecode(dst[:0], frame) })
		if enc != 0 || dec != 0 {
			t.Errorf("%s: %.1f allocations to encode, %.1f to decode", fmt.Sprintf("type size %d", ts), enc, dec)
		}
	}
}

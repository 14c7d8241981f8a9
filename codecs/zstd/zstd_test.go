package zstd_test

import (
	"encoding/binary"
	"github.com/zcodec/zcodec/codec"
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name":"zstd","configuration":{"level":3,"checksum":true}}`, Want: `{"name":"zstd","configuration":{"level":3,"checksum":true}}`},
		{JSON: `{"name":"zstd","configuration":{"level":-5,"checksum":false}}`, Want: `{"name":"zstd","configuration":{"level":-5,"checksum":false}}`},
		{JSON: `{"name":"zstd","configuration":{"level":3}}`, Want: `{"name":"zstd","configuration":{"level":3,"checksum":false}}`},
		{JSON: `{"name":"zstd","configuration":{"checksum":true}}`, Err: `missing required key "level"`},
		{JSON: `{"name":"zstd"}`, Err: `"level" is required`},
		{JSON: `{"name":"zstd","configuration":{"level":23,"checksum":false}}`, Want: `{"name":"zstd","configuration":{"level":23,"checksum":false}}`},
		{JSON: `{"name":"zstd","configuration":{"level":1,"checksum":1}}`, Err: "want true or false"},
	})
}

var codecs = []string{
	`{"name":"zstd","configuration":{"level":0,"checksum":false}}`,
	`{"name":"zstd","configuration":{"level":1,"checksum":true}}`,
	`{"name":"zstd","configuration":{"level":7,"checksum":true}}`,
	`{"name":"zstd","configuration":{"level":19,"checksum":false}}`,
}

func TestRoundTrip(t *testing.T) {
	for _, js := range codecs {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckRoundTrip(t, c, numeric.Float32)
			b2btest.CheckWrongSize(t, c, numeric.Float32)
			b2btest.CheckTruncated(t, c, numeric.Float32)
		})
	}
}

func TestConcurrent(t *testing.T) {
	b2btest.CheckConcurrent(t, b2btest.Parse(t, codecs[1]), numeric.Float32)
}

// TestEmptyFrame: an empty chunk still encodes to a frame, which decodes.
func TestEmptyFrame(t *testing.T) {
	b := b2btest.Bind(t, b2btest.Parse(t, codecs[1]), numeric.Uint8, 0)
	enc, err := b.AppendEncode(nil, nil)
	if err != nil || len(enc) < 4 || string(enc[:4]) != "\x28\xb5\x2f\xfd" {
		t.Fatalf("encode empty = %x, %v; want a zstd frame", enc, err)
	}
	if out, err := b.AppendDecode(nil, enc); err != nil || len(out) != 0 {
		t.Fatalf("decode = %x, %v", out, err)
	}
	if _, err := b.AppendDecode(nil, nil); !b2btest.IsCorrupt(err) {
		t.Fatalf("decode of nothing: %v; want a *codec.CorruptError", err)
	}
}

// TestChecksum: with checksum true a flipped byte of the content is caught.
func TestChecksum(t *testing.T) {
	in := make([]byte, 4096)
	for i := range in {
		in[i] = byte(i * i)
	}
	b := b2btest.Bind(t, b2btest.Parse(t, codecs[1]), numeric.Uint8, len(in))
	enc, _ := b.AppendEncode(nil, in)
	enc[len(enc)-1] ^= 1
	if _, err := b.AppendDecode(nil, enc); !b2btest.IsCorrupt(err) {
		t.Fatalf("flipped checksum: %v; want a *codec.CorruptError", err)
	}
}

// TestBomb: a frame of 64 MiB (its header says so) fails for a 1 MiB chunk
// without allocating much more than 1 MiB.
func TestBomb(t *testing.T) {
	const big, limit = 64 << 20, 1 << 20
	c := b2btest.Parse(t, codecs[0])
	bomb, err := b2btest.Bind(t, c, numeric.Uint8, big).AppendEncode(nil, make([]byte, big))
	if err != nil {
		t.Fatal(err)
	}
	b2btest.CheckBombBounded(t, c, bomb, limit, 256<<10)
}

func TestTrailing(t *testing.T) {
	in := b2btest.Smooth(1000, 1)
	b := b2btest.Bind(t, b2btest.Parse(t, codecs[1]), numeric.Float32, len(in))
	enc, _ := b.AppendEncode(nil, in)
	if _, err := b.AppendDecode(nil, append(enc, "garbage"...)); !b2btest.IsCorrupt(err) {
		t.Fatalf("trailing garbage: %v; want a *codec.CorruptError", err)
	}
	half := b2btest.Bind(t, b2btest.Parse(t, codecs[1]), numeric.Float32, len(in)/2)
	e1, _ := half.AppendEncode(nil, in[:len(in)/2])
	e2, _ := half.AppendEncode(nil, in[len(in)/2:])
	out, err := b.AppendDecode(nil, append(e1, e2...))
	if err != nil {
		t.Fatalf("two frames: %v", err)
	}
	b2btest.Equal(t, "two frames", out, in)
}

// TestContentSizeInHeader: every frame declares its content size, which
// numcodecs 0.11 needs to decode it (RFC 8878 section 3.1.1.1.1).
func TestContentSizeInHeader(t *testing.T) {
	for _, n := range []int{0, 1, 2, 255, 256, 1024, 1025, 70000, 1 << 20} {
		for _, js := range codecs {
			b := b2btest.Bind(t, b2btest.Parse(t, js), numeric.Uint8, n)
			enc, err := b.AppendEncode(nil, b2btest.Random(n, uint64(n)))
			if err != nil {
				t.Fatal(err)
			}
			fhd := enc[4]
			fcsFlag, single := fhd>>6, fhd>>5&1
			if fcsFlag == 0 && single == 0 {
				t.Errorf("%s, %d bytes: frame header %#02x has no content size", js, n, fhd)
			}
		}
	}
}

// TestForgedContentSize: a frame whose header claims 2 GiB (patched into a
// valid 1 MiB frame) is refused without allocating beyond the chunk size.
func TestForgedContentSize(t *testing.T) {
	const limit = 1 << 20
	c := b2btest.Parse(t, codecs[0])
	b := b2btest.Bind(t, c, numeric.Uint8, limit)
	enc, err := b.AppendEncode(nil, b2btest.Smooth(limit/4, 2))
	if err != nil {
		t.Fatal(err)
	}
	fhd := enc[4]
	if fhd>>6 != 2 || fhd>>5&1 != 1 {
		t.Fatalf("frame header descriptor %#02x: want a single-segment frame with a 4-byte content size", fhd)
	}
	for _, claim := range []uint32{2 << 30, limit + 1, limit - 1} {
		forged := append([]byte(nil), enc...)
		binary.LittleEndian.PutUint32(forged[5:9], claim)
		var err error
		n := b2btest.AllocBytes(func() { _, err = b.AppendDecode(nil, forged) })
		if !b2btest.IsCorrupt(err) {
			t.Errorf("content size %d: %v; want a *codec.CorruptError", claim, err)
		}
		if n > limit+256<<10 {
			t.Errorf("content size %d: allocated %d bytes for a %d-byte chunk", claim, n, limit)
		}
	}
}

// TestSlackIsNotOutput: AppendDecode leaves room past the largest size a chunk
// may decode to; a frame of 1 to 16 bytes more, which lands in that room,
// is still refused, whether the destination has the room or AppendDecode
// makes it: from the content size its header declares, as more than the
// limit.
func TestSlackIsNotOutput(t *testing.T) {
	const limit = 4096
	c := b2btest.Parse(t, codecs[0])
	spec := codec.VariableBytes(limit, b2btest.ArraySpec(numeric.Uint8, limit))
	b, err := c.ResolveBytesToBytes(spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, over := range []int{0, 1, 15, 16, 17} {
		n := limit + over
		frame, err := b2btest.Bind(t, c, numeric.Uint8, n).AppendEncode(nil, b2btest.Random(n, 3))
		if err != nil {
			t.Fatal(err)
		}
		for _, dst := range [][]byte{nil, make([]byte, 0, limit), make([]byte, 0, 2*limit)} {
			out, err := b.AppendDecode(dst, frame)
			switch {
			case over == 0 && (err != nil || len(out) != limit):
				t.Errorf("%d bytes into cap %d: %d bytes, %v", n, cap(dst), len(out), err)
			case over > 0 && !b2btest.IsLimit(err):
				t.Errorf("%d bytes into cap %d: %d bytes, %v; want a *codec.LimitError", n, cap(dst), len(out), err)
			}
		}
	}
}

// TestLevelOutOfRange reads what numcodecs wrote with level 100 and
// -200000, which libzstd clamps (docs/decisions.md#d23).
func TestLevelOutOfRange(t *testing.T) { b2btest.CheckClampVectors(t, "clamp-zstd-") }

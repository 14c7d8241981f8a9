package zstd_test

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"testing"

	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/vlen"
	"github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

// rleFrame returns a valid zstd frame of n copies of the byte c made of RLE
// blocks (4 bytes per 128 KiB), with a 2 MiB window; its header declares
// the content size n when fcs is set.
func rleFrame(n uint64, c byte, fcs bool) []byte {
	const block = 128 << 10
	f := []byte{0x28, 0xb5, 0x2f, 0xfd}
	if fcs {
		f = append(f, 0xc0, 0x58) // 8-byte content size, 2 MiB window
		f = binary.LittleEndian.AppendUint64(f, n)
	} else {
		f = append(f, 0x00, 0x58)
	}
	for {
		size := min(n, block)
		n -= size
		h := uint32(size)<<3 | 1<<1 // RLE block
		if n == 0 {
			h |= 1
		}
		f = append(f, byte(h), byte(h>>8), byte(h>>16), c)
		if n == 0 {
			return f
		}
	}
}

// vlenZstd returns a pipeline of vlen-bytes then zstd for chunks of one
// element under the limit max.
func vlenZstd(t *testing.T, max int64) *codec.Pipeline {
	t.Helper()
	cs, err := registry.Default().ParseCodecs(json.RawMessage(`[{"name":"vlen-bytes"},{"name":"zstd","configuration":{"level":1}}]`), "")
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Bytes, Shape: []int{1}, FillValue: numeric.Zero(numeric.Bytes)}
	p, err := codec.NewPipeline(spec, cs.Codecs, &codec.Options{MaxChunkBytes: max})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The tests below measure allocations (runtime.MemStats, process-wide) and
// so do not run in parallel.

// TestDeclaredSizeOverLimit: a valid frame whose header declares 2e9
// bytes, more than Options.MaxChunkBytes, is refused from its header with
// a *codec.LimitError naming the limit, before any buffer of that size is
// allocated.
func TestDeclaredSizeOverLimit(t *testing.T) {
	const limit = 64 << 20
	frame := rleFrame(2e9, 0, true)
	p := vlenZstd(t, limit)
	var err error
	got := b2btest.AllocBytes(func() { _, err = p.AppendDecode(nil, frame) })
	t.Logf("%d bytes allocated: %v", got, err)
	var le *codec.LimitError
	if !errors.As(err, &le) || le.Size != 2e9 || le.Limit != limit || !errors.Is(err, codec.ErrLimit) || errors.Is(err, codec.ErrCorrupt) {
		t.Fatalf("decode of a frame declaring 2e9 bytes: %v; want a *codec.LimitError of 2e9 bytes over %d", err, limit)
	}
	if got > 1<<20 {
		t.Errorf("the refused decode allocated %d bytes; want at most 1 MiB", got)
	}
}

// TestDeclaredSizeWithinLimit: a frame whose header declares a size within
// the limit decodes into one buffer of that size.
func TestDeclaredSizeWithinLimit(t *testing.T) {
	const n = 4 << 20
	chunk := binary.LittleEndian.AppendUint32(nil, 1)
	chunk = binary.LittleEndian.AppendUint32(chunk, n-8)
	chunk = append(chunk, make([]byte, n-8)...)
	p := vlenZstd(t, 1<<30)
	enc, err := p.AppendEncode(nil, chunk)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	got := b2btest.AllocBytes(func() { out, err = p.AppendDecode(nil, enc) })
	if err != nil || len(out) != n {
		t.Fatalf("decode: %d bytes, %v; want %d", len(out), err, n)
	}
	if got > 2*n {
		t.Errorf("decode of %d bytes allocated %d bytes; want at most %d", n, got, 2*n)
	}
}

// TestUndeclaredSizeOverLimit: a frame without a content size streams
// under the limit and fails when it passes it, without a buffer larger
// than the limit.
func TestUndeclaredSizeOverLimit(t *testing.T) {
	const limit = 8 << 20
	frame := rleFrame(64<<20, 0, false)
	p := vlenZstd(t, limit)
	var err error
	got := b2btest.AllocBytes(func() { _, err = p.AppendDecode(nil, frame) })
	t.Logf("%d bytes allocated: %v", got, err)
	if err == nil {
		t.Fatal("a frame of 64 MiB decoded under a limit of 8 MiB")
	}
	if got > 2*limit {
		t.Errorf("the refused decode allocated %d bytes; want at most %d", got, 2*limit)
	}
}

// TestLyingSizeOverLimit: a frame whose header declares less than it holds
// fails without a buffer much larger than the limit.
func TestLyingSizeOverLimit(t *testing.T) {
	const limit = 8 << 20
	frame := rleFrame(64<<20, 0, false)
	frame = append(append(frame[:4:4], 0xc0, 0x58), binary.LittleEndian.AppendUint64(nil, limit-100)...)
	frame = append(frame, rleFrame(64<<20, 0, false)[6:]...)
	p := vlenZstd(t, limit)
	var err error
	got := b2btest.AllocBytes(func() { _, err = p.AppendDecode(nil, frame) })
	t.Logf("%d bytes allocated: %v", got, err)
	if err == nil {
		t.Fatal("a frame of 64 MiB decoded under a limit of 8 MiB")
	}
	if got > 2*limit {
		t.Errorf("the refused decode allocated %d bytes; want at most %d", got, 2*limit)
	}
}

// TestFramesWithAndWithoutSize: a chunk of two frames, the first declaring
// its size and the second not, decodes to both under the limit.
func TestFramesWithAndWithoutSize(t *testing.T) {
	const n = 1 << 20
	head := binary.LittleEndian.AppendUint32(nil, 1)
	head = binary.LittleEndian.AppendUint32(head, n)
	src, err := zstd.AppendFrame(nil, head, 1)
	if err != nil {
		t.Fatal(err)
	}
	src = append(src, rleFrame(n, 9, false)...)
	out, err := vlenZstd(t, 2*n).AppendDecode(nil, src)
	if err != nil || len(out) != n+8 || out[8] != 9 || out[n+7] != 9 {
		t.Fatalf("decode: %d bytes, %v; want %d", len(out), err, n+8)
	}
	if _, err := vlenZstd(t, n).AppendDecode(nil, src); err == nil {
		t.Errorf("%d bytes decoded under a limit of %d", n+8, n)
	}
}

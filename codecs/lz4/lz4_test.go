package lz4_test

import (
	"encoding/binary"
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name":"numcodecs.lz4"}`, Want: `{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`},
		{JSON: `{"name":"numcodecs.lz4","configuration":{"acceleration":10}}`, Want: `{"name":"numcodecs.lz4","configuration":{"acceleration":10}}`},
		{JSON: `{"name":"numcodecs.lz4","configuration":{"acceleration":0}}`, Want: `{"name":"numcodecs.lz4","configuration":{"acceleration":0}}`},
		{JSON: `{"name":"numcodecs.lz4","configuration":{"level":1}}`, Err: `unknown configuration key "level"`},
	})
}

const lz = `{"name":"numcodecs.lz4","configuration":{"acceleration":1}}`

func TestRoundTrip(t *testing.T) {
	for _, js := range []string{lz, `{"name":"numcodecs.lz4","configuration":{"acceleration":50}}`} {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckRoundTrip(t, c, numeric.Float64)
			b2btest.CheckWrongSize(t, c, numeric.Float64)
			b2btest.CheckTruncated(t, c, numeric.Float64)
		})
	}
}

func TestConcurrent(t *testing.T) {
	b2btest.CheckConcurrent(t, b2btest.Parse(t, lz), numeric.Float32)
}

// TestEmpty: numcodecs writes 00000000 00 for the empty chunk; zcodec
// writes and reads it.
func TestEmpty(t *testing.T) {
	b := b2btest.Bind(t, b2btest.Parse(t, lz), numeric.Uint8, 0)
	enc, err := b.AppendEncode(nil, nil)
	if err != nil || string(enc) != "\x00\x00\x00\x00\x00" {
		t.Fatalf("encode empty = %x, %v", enc, err)
	}
	for _, src := range []string{"\x00\x00\x00\x00\x00", "\x00\x00\x00\x00"} {
		if out, err := b.AppendDecode(nil, []byte(src)); err != nil || len(out) != 0 {
			t.Errorf("decode %x = %x, %v", src, out, err)
		}
	}
	for _, src := range []string{"\x00\x00\x00\x00\x00\x00", "\x00\x00\x00\x00\x10a", "\x00\x00\x00"} {
		if _, err := b.AppendDecode(nil, []byte(src)); !b2btest.IsCorrupt(err) {
			t.Errorf("decode %x: %v; want a *codec.CorruptError", src, err)
		}
	}
}

// TestForgedHeader: a header claiming 2 GiB (or any size but the chunk's)
// is rejected before anything is allocated.
func TestForgedHeader(t *testing.T) {
	const limit = 1 << 20
	c := b2btest.Parse(t, lz)
	in := b2btest.Smooth(limit/4, 1)
	enc, _ := b2btest.Bind(t, c, numeric.Uint8, limit).AppendEncode(nil, in)
	for _, claim := range []uint32{2 << 30, 1<<32 - 1, limit + 1, limit - 1} {
		forged := append([]byte(nil), enc...)
		binary.LittleEndian.PutUint32(forged, claim)
		b := b2btest.Bind(t, c, numeric.Uint8, limit)
		var err error
		if n := b2btest.AllocBytes(func() { _, err = b.AppendDecode(nil, forged) }); n > 1024 {
			t.Errorf("header %d: allocated %d bytes", claim, n)
		}
		if !b2btest.IsCorrupt(err) {
			t.Errorf("header %d: %v; want a *codec.CorruptError", claim, err)
		}
	}
}

// TestAccelerationBelowOne reads what numcodecs wrote with acceleration 0
// and -1, which liblz4 takes as 1 (docs/decisions.md#d23).
func TestAccelerationBelowOne(t *testing.T) { b2btest.CheckClampVectors(t, "clamp-lz4-") }

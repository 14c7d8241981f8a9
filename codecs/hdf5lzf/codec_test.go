package hdf5lzf_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5lzf"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestRoundTrips(t *testing.T) {
	c := &hdf5lzf.Codec{}
	for _, dt := range []numeric.DataType{numeric.Uint8, numeric.Int16, numeric.Float32, numeric.Float64} {
		t.Run(dt.String(), func(t *testing.T) {
			b2btest.CheckRoundTrip(t, c, dt)
			b2btest.CheckWrongSize(t, c, dt)
		})
	}
	b2btest.CheckTruncated(t, c, numeric.Float32)
	b2btest.CheckConcurrent(t, c, numeric.Float32)
}

// TestStreams holds the encoder and decoder to streams written out by hand
// from the format.
func TestStreams(t *testing.T) {
	for _, tc := range []struct{ in, stream string }{
		// a literal 'a', then 4 bytes from 1 back (control 0x40: length
		// field 2, offset high bits 0; offset low byte 0)
		{"aaaaa", "0061" + "4000"},
		// the encoder leaves the last three bytes literal
		{"aaaa", "0361616161"},
		// the literal run "abc", then 9 bytes from 3 back: length field 7
		// (0xe0) plus 0 from the next byte, offset low byte 2
		{"abcabcabcabc", "02616263" + "e00002"},
		// 40 distinct bytes: runs of 32 and 8 literals
		{"0123456789abcdefghijklmnopqrstuvwxyzABCD", "1f" + hex.EncodeToString([]byte("0123456789abcdefghijklmnopqrstuv")) + "07" + hex.EncodeToString([]byte("wxyzABCD"))},
	} {
		want, _ := hex.DecodeString(tc.stream)
		b := bind(t, len(tc.in))
		enc, err := b.AppendEncode(nil, []byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		b2btest.Equal(t, tc.in+" encoded", enc, want)
		dec, err := b.AppendDecode(nil, want)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		b2btest.Equal(t, tc.in+" decoded", dec, []byte(tc.in))
	}
	// a reference 8192 bytes back with length 264 (the largest of both):
	// control 0xff (length field 7, offset high bits 31), 255, offset low
	// byte 255
	in := append(b2btest.Random(8192, 1), b2btest.Random(264, 1)...)
	var stream []byte
	for lit := in[:8192]; len(lit) > 0; lit = lit[32:] {
		stream = append(append(stream, 31), lit[:32]...)
	}
	stream = append(stream, 0xff, 0xff, 0xff)
	dec, err := bind(t, len(in)).AppendDecode(nil, stream)
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "farthest and longest reference", dec, in)
}

func TestCorrupt(t *testing.T) {
	for _, tc := range []struct {
		stream string
		size   int
		want   string
	}{
		{"056162", 6, "ends inside the item at byte 0"},
		{"0061" + "20", 4, "ends inside the item at byte 2"},
		{"0061" + "e0", 12, "ends inside the item at byte 2"},
		{"0061" + "e000", 12, "ends inside the item at byte 2"},
		{"2000", 3, "before the start"},
		{"0061" + "2001", 4, "before the start"},
		{"0061" + "2000", 3, "past the 3 bytes"},
		{"0061" + "2000", 5, "decodes to 4 bytes, want 5"},
		{"0161", 2, "ends inside"},
		{"", 1, "decodes to 0 bytes, want 1"},
	} {
		in, _ := hex.DecodeString(tc.stream)
		out, err := bind(t, tc.size).AppendDecode([]byte("x"), in)
		var ce *codec.CorruptError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s for %d bytes: %v; want a *codec.CorruptError about %q", tc.stream, tc.size, err, tc.want)
		}
		if string(out) != "x" {
			t.Errorf("%s: dst became %q", tc.stream, out)
		}
	}
}

// TestVariableSize decodes with a bound instead of an exact size: the
// stream decides the length, up to the bound.
func TestVariableSize(t *testing.T) {
	in := b2btest.Smooth(1000, 4)
	enc, err := bind(t, len(in)).AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{len(in), len(in) + 1, 1 << 20} {
		b, err := (&hdf5lzf.Codec{}).ResolveBytesToBytes(codec.VariableBytes(limit, b2btest.ArraySpec(numeric.Uint8, limit)))
		if err != nil {
			t.Fatal(err)
		}
		dec, err := b.AppendDecode(nil, enc)
		if err != nil {
			t.Fatal(err)
		}
		b2btest.Equal(t, "decoded", dec, in)
		if cap(dec) != len(in) {
			t.Errorf("bound %d: decoding allocated %d bytes for %d", limit, cap(dec), len(in))
		}
	}
	b, _ := (&hdf5lzf.Codec{}).ResolveBytesToBytes(codec.VariableBytes(len(in)-1, b2btest.ArraySpec(numeric.Uint8, len(in))))
	if _, err := b.AppendDecode(nil, enc); !b2btest.IsCorrupt(err) {
		t.Fatalf("decode past the bound: %v", err)
	}
	if _, err := b.AppendEncode(nil, in); !errors.Is(err, codec.ErrSize) {
		t.Fatalf("encode past the bound: %v", err)
	}
}

// TestBombBounded decodes a stream of longest references, far more than a
// chunk holds: it fails having allocated the chunk and nothing more.
func TestBombBounded(t *testing.T) {
	bomb := []byte{0, 0}
	for range 20000 {
		bomb = append(bomb, 0xe0, 0xff, 0x00)
	}
	b2btest.CheckBombBounded(t, &hdf5lzf.Codec{}, bomb, 64<<10, 1024)
	b, _ := (&hdf5lzf.Codec{}).ResolveBytesToBytes(codec.VariableBytes(64<<10, b2btest.ArraySpec(numeric.Uint8, 1)))
	var err error
	if got := b2btest.AllocBytes(func() { _, err = b.AppendDecode(nil, bomb) }); !b2btest.IsCorrupt(err) || got > 1024 {
		t.Fatalf("bounded decode: %v, allocated %d bytes", err, got)
	}
}

// TestMaxEncodedLen encodes incompressible chunks of many lengths: each
// stream is at most MaxEncodedLen, which the spec reports.
func TestMaxEncodedLen(t *testing.T) {
	for n := range 300 {
		in := b2btest.Random(n, uint64(n))
		b := bind(t, n)
		enc, _ := b.AppendEncode(nil, in)
		if len(enc) > hdf5lzf.MaxEncodedLen(n) || b.Encoded().MaxSize != hdf5lzf.MaxEncodedLen(n) {
			t.Fatalf("%d bytes: encoded %d, MaxEncodedLen %d, spec %v", n, len(enc), hdf5lzf.MaxEncodedLen(n), b.Encoded())
		}
	}
	if hdf5lzf.MaxEncodedLen(0) != 0 || hdf5lzf.MaxEncodedLen(32) != 33 || hdf5lzf.MaxEncodedLen(33) != 35 {
		t.Fatal("MaxEncodedLen")
	}
}

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name": "zcodec.hdf5_lzf"}`, Want: `{"name":"zcodec.hdf5_lzf"}`},
		{JSON: `{"name": "zcodec.hdf5_lzf", "configuration": {}}`, Want: `{"name":"zcodec.hdf5_lzf"}`},
		{JSON: `{"name": "zcodec.hdf5_lzf", "configuration": {"level": 1}}`, Err: "level"},
	})
}

func TestFromCDValues(t *testing.T) {
	for _, cd := range [][]uint32{nil, {4, 261, 8192}, {4, 261, 0}, {4}, {4, 261, 8192, 7}} {
		if c, err := hdf5lzf.FromCDValues(cd, 4); err != nil || c == nil {
			t.Errorf("FromCDValues(%v, 4): %v", cd, err)
		}
	}
	if _, err := hdf5lzf.FromCDValues([]uint32{4, 261, 8190}, 0); err != nil {
		t.Errorf("unknown element size: %v", err)
	}
	for _, tc := range []struct {
		cd   []uint32
		es   int
		want string
	}{
		{[]uint32{4, 261, 8190}, 4, "whole number"},
		{[]uint32{4, 261, 12}, -1, "negative"},
	} {
		_, err := hdf5lzf.FromCDValues(tc.cd, tc.es)
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || ce.Key != "cd_values" || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FromCDValues(%v, %d): %v; want a cd_values error about %q", tc.cd, tc.es, err, tc.want)
		}
	}
}

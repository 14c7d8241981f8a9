package hdf5bitshuffle_test

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/hdf5bitshuffle"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

var configs = []string{
	`{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "none"}}`,
	`{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4"}}`,
	`{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "zstd"}}`,
	`{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4", "blocksize": 64}}`,
	`{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "zstd", "blocksize": 8, "level": -3}}`,
}

func TestRoundTrips(t *testing.T) {
	for _, js := range configs {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			for _, dt := range []numeric.DataType{numeric.Uint8, numeric.Int16, numeric.Float32, numeric.Complex128} {
				t.Run(dt.String(), func(t *testing.T) {
					b2btest.CheckRoundTrip(t, c, dt)
					b2btest.CheckWrongSize(t, c, dt)
				})
			}
			b2btest.CheckConcurrent(t, c, numeric.Float32)
			if !strings.Contains(js, "none") {
				b2btest.CheckTruncated(t, c, numeric.Float32)
			}
		})
	}
}

// TestOddSizes round-trips element sizes of no data type, element counts
// around the multiples of 8 and blocks of every kind.
func TestOddSizes(t *testing.T) {
	for _, es := range []int{3, 5, 12, 24} {
		for _, block := range []int{0, 8, 16, 128} {
			for _, comp := range []hdf5bitshuffle.Compression{hdf5bitshuffle.None, hdf5bitshuffle.LZ4, hdf5bitshuffle.Zstd} {
				c := &hdf5bitshuffle.Codec{ElementSize: es, BlockSize: block, Compression: comp}
				for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 127, 128, 129, 1003, 3001} {
					in := b2btest.Random(n*es, uint64(n*es+block))
					b := bind(t, c, len(in))
					enc, err := b.AppendEncode(nil, in)
					if err != nil {
						t.Fatal(err)
					}
					if len(enc) > b.Encoded().MaxSize {
						t.Fatalf("%+v, %d elements: %d encoded bytes, more than the bound %d", c, n, len(enc), b.Encoded().MaxSize)
					}
					dec, err := b.AppendDecode(nil, enc)
					if err != nil {
						t.Fatalf("%+v, %d elements: %v", c, n, err)
					}
					b2btest.Equal(t, "round trip", dec, in)
				}
			}
		}
	}
}

// TestHandChecked encodes eleven bytes 1..11 with LZ4, written out by hand:
// the header (11 bytes, blocks of 8192 one-byte elements), one block of
// the first eight elements (bit plane k holds bit k of elements 0..7: 0x55,
// 0x66, 0x78, 0x80, then zeros) as an LZ4 block of literals only (token
// 0x80: eight literals, no match), then the three trailing elements.
func TestHandChecked(t *testing.T) {
	want, _ := hex.DecodeString("000000000000000b" + "00002000" + "00000009" + "80" + "5566788000000000" + "090a0b")
	in := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	b := bind(t, &hdf5bitshuffle.Codec{ElementSize: 1, Compression: hdf5bitshuffle.LZ4}, len(in))
	enc, err := b.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "encoded", enc, want)
	dec, err := b.AppendDecode(nil, want)
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "decoded", dec, in)
}

// TestHeaderBlockSize decodes with the block size the header records, as
// the filter does, whatever the configured one, and reads a recorded 0 as
// the default.
func TestHeaderBlockSize(t *testing.T) {
	in := b2btest.Smooth(3000, 1)
	enc, err := bind(t, &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.LZ4, BlockSize: 64}, len(in)).AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.BigEndian.Uint32(enc[8:]); got != 64 {
		t.Fatalf("header block size %d, want 64 bytes", got)
	}
	dec, err := bind(t, &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.LZ4, BlockSize: 1024}, len(in)).AppendDecode(nil, enc)
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "decoded", dec, in)

	def, err := bind(t, &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.LZ4}, len(in)).AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	binary.BigEndian.PutUint32(def[8:], 0)
	if dec, err = bind(t, &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.LZ4}, len(in)).AppendDecode(nil, def); err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "decoded with block size 0", dec, in)
}

func TestCorrupt(t *testing.T) {
	in := b2btest.Smooth(1003, 2)[:4*1003]
	lz4 := &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.LZ4, BlockSize: 256}
	zstd := &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.Zstd, BlockSize: 256}
	for _, c := range []*hdf5bitshuffle.Codec{lz4, zstd} {
		b := bind(t, c, len(in))
		good, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		mut := func(f func(b []byte)) []byte { m := append([]byte{}, good...); f(m); return m }
		firstLen := int(binary.BigEndian.Uint32(good[12:]))
		for name, bad := range map[string][]byte{
			"empty":          nil,
			"short header":   good[:11],
			"huge total":     mut(func(b []byte) { binary.BigEndian.PutUint64(b, 1<<62) }),
			"larger total":   mut(func(b []byte) { binary.BigEndian.PutUint64(b, uint64(len(in)+4)) }),
			"smaller total":  mut(func(b []byte) { binary.BigEndian.PutUint64(b, uint64(len(in)-4)) }),
			"partial elem":   mut(func(b []byte) { binary.BigEndian.PutUint64(b, uint64(len(in)-1)) }),
			"block not x8":   mut(func(b []byte) { binary.BigEndian.PutUint32(b[8:], 4*12) }),
			"block length":   mut(func(b []byte) { binary.BigEndian.PutUint32(b[12:], 1<<31) }),
			"short block":    mut(func(b []byte) { binary.BigEndian.PutUint32(b[12:], uint32(firstLen-1)) }),
			"bad block":      mut(func(b []byte) { copy(b[16:], []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) }),
			"no trailing":    good[:len(good)-12],
			"some trailing":  good[:len(good)-1],
			"only header":    good[:12],
			"length cut off": good[:14],
		} {
			out, err := b.AppendDecode(nil, bad)
			var ce *codec.CorruptError
			if !errors.As(err, &ce) {
				t.Errorf("%v %s: %d bytes, error %v; want a *codec.CorruptError", c.Compression, name, len(out), err)
			}
		}
	}
	none := bind(t, &hdf5bitshuffle.Codec{Compression: hdf5bitshuffle.None}, len(in))
	for _, n := range []int{0, len(in) - 4, len(in) + 4} {
		if _, err := none.AppendDecode(nil, make([]byte, n)); !b2btest.IsCorrupt(err) {
			t.Errorf("none, %d bytes for %d: %v", n, len(in), err)
		}
	}
	varNone, err := (&hdf5bitshuffle.Codec{ElementSize: 4}).ResolveBytesToBytes(codec.VariableBytes(100, b2btest.ArraySpec(numeric.Uint8, 100)))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{101, 99} {
		if _, err := varNone.AppendDecode(nil, make([]byte, n)); !b2btest.IsCorrupt(err) {
			t.Errorf("none, %d bytes for at most 100: %v", n, err)
		}
	}
	if _, err := varNone.AppendEncode(nil, make([]byte, 99)); !errors.Is(err, codec.ErrSize) {
		t.Errorf("encode of 99 bytes in 4-byte elements: %v", err)
	}
}

// TestBombBounded decodes a header that claims far more than the chunk
// holds: it fails before allocating.
func TestBombBounded(t *testing.T) {
	bomb := make([]byte, 64)
	binary.BigEndian.PutUint64(bomb, 1<<40)
	binary.BigEndian.PutUint32(bomb[8:], 8192)
	for _, comp := range []string{"lz4", "zstd"} {
		c := b2btest.Parse(t, `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "`+comp+`"}}`)
		b2btest.CheckBombBounded(t, c, bomb, 1<<20, 1024)
	}
}

// TestDecodeAllocations checks that decoding allocates the chunk and
// little else: the scratch buffer is one block, and pooled.
func TestDecodeAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items in race builds")
	}
	const n = 1 << 20
	in := b2btest.Smooth(n/4, 3)
	for _, comp := range []hdf5bitshuffle.Compression{hdf5bitshuffle.None, hdf5bitshuffle.LZ4, hdf5bitshuffle.Zstd} {
		b := bind(t, &hdf5bitshuffle.Codec{Compression: comp}, n)
		enc, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		b.AppendDecode(nil, enc) // warm the pools
		got := b2btest.AllocBytes(func() { _, err = b.AppendDecode(nil, enc) })
		if err != nil {
			t.Fatal(err)
		}
		if got > n+64<<10 {
			t.Errorf("%v: decoding %d bytes allocated %d", comp, n, got)
		}
	}
}

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4"}}`,
			Want: `{"name":"zcodec.hdf5_bitshuffle","configuration":{"compression":"lz4"}}`},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"level": 0, "compression": "zstd", "blocksize": 0, "elementsize": 0}}`,
			Want: `{"name":"zcodec.hdf5_bitshuffle","configuration":{"compression":"zstd"}}`},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "zstd", "level": 22, "blocksize": 1024, "elementsize": 8}}`,
			Want: `{"name":"zcodec.hdf5_bitshuffle","configuration":{"elementsize":8,"blocksize":1024,"compression":"zstd","level":22}}`},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle"}`, Err: "compression"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {}}`, Err: "compression"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz5"}}`, Err: "compression"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": 2}}`, Err: "compression"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4", "blocksize": 12}}`, Err: "multiple of 8"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4", "blocksize": -8}}`, Err: "blocksize"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4", "elementsize": -1}}`, Err: "elementsize"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4", "elementsize": 1048577}}`, Err: "elementsize"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "lz4", "level": 3}}`, Err: "zstd"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "zstd", "level": 23}}`, Err: "level"},
		{JSON: `{"name": "zcodec.hdf5_bitshuffle", "configuration": {"compression": "zstd", "clevel": 3}}`, Err: "clevel"},
	})
}

func TestResolveErrors(t *testing.T) {
	for _, tc := range []struct {
		c    *hdf5bitshuffle.Codec
		dt   numeric.DataType
		n    int
		want string
	}{
		{&hdf5bitshuffle.Codec{ElementSize: 4}, numeric.Uint8, 10, "whole number"},
		{&hdf5bitshuffle.Codec{}, numeric.Float64, 12, "whole number"},
		{&hdf5bitshuffle.Codec{BlockSize: 12}, numeric.Uint8, 8, "blocksize"},
		{&hdf5bitshuffle.Codec{Compression: 1}, numeric.Uint8, 8, "compression"},
		{&hdf5bitshuffle.Codec{Level: 3, Compression: hdf5bitshuffle.LZ4}, numeric.Uint8, 8, "level"},
		{&hdf5bitshuffle.Codec{ElementSize: 1 << 20, BlockSize: 1 << 13, Compression: hdf5bitshuffle.LZ4}, numeric.Uint8, 1 << 20, "4 GiB"},
		{&hdf5bitshuffle.Codec{ElementSize: 1 << 20, BlockSize: 1 << 11, Compression: hdf5bitshuffle.LZ4}, numeric.Uint8, 1 << 20, "LZ4"},
	} {
		spec := codec.FixedBytes(tc.n, b2btest.ArraySpec(tc.dt, max(tc.n/tc.dt.Size(), 1)))
		_, err := tc.c.ResolveBytesToBytes(spec)
		if !errors.Is(err, codec.ErrConfig) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v for %d bytes of %v: %v; want a configuration error about %q", tc.c, tc.n, tc.dt, err, tc.want)
		}
	}
	// the block size limit of the header does not apply without one
	if _, err := (&hdf5bitshuffle.Codec{ElementSize: 1 << 20, BlockSize: 1 << 13}).ResolveBytesToBytes(codec.FixedBytes(1<<20, b2btest.ArraySpec(numeric.Uint8, 1<<20))); err != nil {
		t.Error(err)
	}
}

func TestFromCDValues(t *testing.T) {
	for _, tc := range []struct {
		cd   []uint32
		es   int
		want hdf5bitshuffle.Codec
	}{
		{[]uint32{0, 3, 4}, 0, hdf5bitshuffle.Codec{ElementSize: 4}},
		{[]uint32{0, 3, 0, 0, 2}, 8, hdf5bitshuffle.Codec{ElementSize: 8, Compression: hdf5bitshuffle.LZ4}},
		{[]uint32{0, 4, 2, 64, 3, 9}, 2, hdf5bitshuffle.Codec{ElementSize: 2, BlockSize: 64, Compression: hdf5bitshuffle.Zstd, Level: 9}},
		{[]uint32{0, 5, 2, 0, 3}, 2, hdf5bitshuffle.Codec{ElementSize: 2, Compression: hdf5bitshuffle.Zstd}},
		{[]uint32{0, 4, 2, 0, 3, 0xFFFFFFFB}, 2, hdf5bitshuffle.Codec{ElementSize: 2, Compression: hdf5bitshuffle.Zstd, Level: -5}},
		{[]uint32{0, 4, 2, 0, 3, 100}, 2, hdf5bitshuffle.Codec{ElementSize: 2, Compression: hdf5bitshuffle.Zstd, Level: 22}},
		{[]uint32{0, 3, 2, 0, 3, 3}, 2, hdf5bitshuffle.Codec{ElementSize: 2}},
		{[]uint32{0, 4, 2, 0, 2, 7}, 2, hdf5bitshuffle.Codec{ElementSize: 2, Compression: hdf5bitshuffle.LZ4}},
	} {
		got, err := hdf5bitshuffle.FromCDValues(tc.cd, tc.es)
		if err != nil || *got != tc.want {
			t.Errorf("FromCDValues(%v, %d) = %+v, %v; want %+v", tc.cd, tc.es, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		cd   []uint32
		es   int
		want string
	}{
		{nil, 4, "at least 3"},
		{[]uint32{0, 3}, 4, "at least 3"},
		{[]uint32{0, 3, 0}, 0, "element size"},
		{[]uint32{0, 3, 1 << 21}, 0, "element size"},
		{[]uint32{0, 3, 4, 12}, 0, "block size"},
		{[]uint32{0, 3, 4, 0, 1}, 0, "compression 1"},
		{[]uint32{0, 4, 4, 0, 4}, 0, "compression 4"},
		{[]uint32{0, 4, 1 << 20, 1 << 13, 2}, 0, "4 GiB"},
	} {
		_, err := hdf5bitshuffle.FromCDValues(tc.cd, tc.es)
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || ce.Key != "cd_values" || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FromCDValues(%v, %d): %v; want a cd_values error about %q", tc.cd, tc.es, err, tc.want)
		}
	}
}

func TestDefaultBlockSize(t *testing.T) {
	for es, want := range map[int]int{1: 8192, 2: 4096, 3: 2728, 4: 2048, 8: 1024, 12: 680, 16: 512, 64: 128, 100: 128, 1 << 20: 128} {
		if got := hdf5bitshuffle.DefaultBlockSize(es); got != want {
			t.Errorf("DefaultBlockSize(%d) = %d, want %d", es, got, want)
		}
	}
}

func TestCompressionString(t *testing.T) {
	got := fmt.Sprint(hdf5bitshuffle.None, hdf5bitshuffle.LZ4, hdf5bitshuffle.Zstd, hdf5bitshuffle.Compression(7))
	if got != "none lz4 zstd compression 7" {
		t.Fatal(got)
	}
}

package blosc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/zcodec/zcodec/codec"
	_ "github.com/zcodec/zcodec/codecs/crc32c"
	_ "github.com/zcodec/zcodec/codecs/sharding"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/registry"
)

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		// the spec's example
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":1,"shuffle":"shuffle","typesize":4,"blocksize":0}}`,
			Want: `{"name":"blosc","configuration":{"cname":"lz4","clevel":1,"shuffle":"shuffle","typesize":4,"blocksize":0}}`},
		// what zarr-python 3 writes for a uint8 array
		{JSON: `{"name":"blosc","configuration":{"typesize":1,"cname":"zstd","clevel":5,"shuffle":"bitshuffle","blocksize":0}}`,
			Want: `{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"shuffle":"bitshuffle","typesize":1,"blocksize":0}}`},
		// typesize, shuffle and blocksize left to the array
		{JSON: `{"name":"blosc","configuration":{"cname":"zstd","clevel":3}}`,
			Want: `{"name":"blosc","configuration":{"cname":"zstd","clevel":3,"blocksize":0}}`},
		{JSON: `{"name":"blosc","configuration":{"cname":"zlib","clevel":0,"shuffle":"noshuffle","blocksize":65536}}`,
			Want: `{"name":"blosc","configuration":{"cname":"zlib","clevel":0,"shuffle":"noshuffle","blocksize":65536}}`},
		{JSON: `{"name":"blosc","configuration":{"clevel":5}}`, Err: `missing required key "cname"`},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4"}}`, Err: `missing required key "clevel"`},
		{JSON: `{"name":"blosc"}`, Err: `configuration with "cname" is required`},
		{JSON: `{"name":"blosc","configuration":{"cname":"lzma","clevel":5}}`, Err: `"lzma" is not one of`},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":10}}`, Err: "out of range [0, 9]"},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":-1}}`, Err: "out of range [0, 9]"},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1}}`, Err: "want a string"},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"byteshuffle"}}`, Err: `"byteshuffle" is not one of`},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"typesize":0}}`, Err: "out of range [1,"},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"blocksize":-1}}`, Err: "out of range [0,"},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"blocksize":1.5}}`, Err: "want an integer"},
		{JSON: `{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"nthreads":2}}`, Err: `unknown configuration key "nthreads"`},

		// numcodecs.blosc: numcodecs' get_config without "id"
		{JSON: `{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}}`,
			Want: `{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}}`},
		{JSON: `{"name":"numcodecs.blosc","configuration":{"cname":"zstd","clevel":9,"shuffle":-1,"blocksize":1024,"typesize":8}}`,
			Want: `{"name":"numcodecs.blosc","configuration":{"cname":"zstd","clevel":9,"shuffle":-1,"blocksize":1024,"typesize":8}}`},
		{JSON: `{"name":"numcodecs.blosc"}`,
			Want: `{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0}}`},
		{JSON: `{"name":"numcodecs.blosc","configuration":{"shuffle":2}}`,
			Want: `{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":2,"blocksize":0}}`},
		{JSON: `{"name":"numcodecs.blosc","configuration":{"shuffle":3}}`, Err: "out of range [-1, 2]"},
		{JSON: `{"name":"numcodecs.blosc","configuration":{"shuffle":"shuffle"}}`, Err: "want an integer"},
		{JSON: `{"name":"numcodecs.blosc","configuration":{"cname":"LZ4"}}`, Err: `"LZ4" is not one of`},
		{JSON: `{"name":"numcodecs.blosc","configuration":{"id":"blosc"}}`, Err: `unknown configuration key "id"`},
	})
}

// TestResolvedCodec: what the array decides (typesize, shuffle) is made
// explicit on the bound codec, and used in the frame.
func TestResolvedCodec(t *testing.T) {
	for _, tc := range []struct {
		js   string
		dt   numeric.DataType
		want string
		ts   byte
		flag byte
	}{
		{`{"name":"blosc","configuration":{"cname":"lz4","clevel":5}}`, numeric.Float32,
			`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}`, 4, flagByteShuffle},
		{`{"name":"blosc","configuration":{"cname":"lz4","clevel":5}}`, numeric.Uint8,
			`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"bitshuffle","typesize":1,"blocksize":0}}`, 1, flagBitShuffle},
		{`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"typesize":2}}`, numeric.Float64,
			`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":2,"blocksize":0}}`, 2, flagByteShuffle},
		{`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"noshuffle"}}`, numeric.Complex128,
			`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"noshuffle","typesize":16,"blocksize":0}}`, 16, 0},
		{`{"name":"numcodecs.blosc","configuration":{"shuffle":-1}}`, numeric.Int16,
			`{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0,"typesize":2}}`, 2, flagByteShuffle},
		{`{"name":"numcodecs.blosc","configuration":{"shuffle":-1}}`, numeric.Int8,
			`{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":2,"blocksize":0,"typesize":1}}`, 1, flagBitShuffle},
		{`{"name":"numcodecs.blosc","configuration":{"typesize":300}}`, numeric.Int8,
			`{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":1,"blocksize":0,"typesize":300}}`, 1, flagByteShuffle},
	} {
		t.Run(tc.js+"/"+tc.dt.String(), func(t *testing.T) {
			b := b2btest.Bind(t, b2btest.Parse(t, tc.js), tc.dt, 4096*tc.dt.Size())
			rc, ok := b.(interface{ ResolvedCodec() codec.Codec })
			if !ok {
				t.Fatal("bound codec has no ResolvedCodec")
			}
			js, err := rc.ResolvedCodec().MarshalJSON()
			if err != nil || string(js) != tc.want {
				t.Fatalf("resolved %s, %v; want %s", js, err, tc.want)
			}
			enc, err := b.AppendEncode(nil, b2btest.Smooth(1024*tc.dt.Size(), 1))
			if err != nil {
				t.Fatal(err)
			}
			if enc[3] != tc.ts || enc[2]&(flagByteShuffle|flagBitShuffle) != tc.flag {
				t.Fatalf("frame typesize %d flags %#02x; want %d and shuffle flag %#02x", enc[3], enc[2], tc.ts, tc.flag)
			}
		})
	}
}

// TestResolveErrors: settings built in Go are checked at resolution.
func TestResolveErrors(t *testing.T) {
	spec := codec.FixedBytes(1024, b2btest.ArraySpec(numeric.Uint8, 1024))
	for _, tc := range []struct {
		c   codec.BytesToBytes
		key string
	}{
		{&Codec{Config{Cname: "brotli", Clevel: 5}}, "cname"},
		{&Codec{Config{Cname: "lz4", Clevel: 11}}, "clevel"},
		{&Codec{Config{Cname: "lz4", Clevel: 5, Shuffle: 3}}, "shuffle"},
		{&NumcodecsCodec{Config{Cname: "lz4", Clevel: 5, Typesize: -1}}, "typesize"},
		{&NumcodecsCodec{Config{Cname: "lz4", Clevel: 5, Blocksize: -5}}, "blocksize"},
	} {
		_, err := tc.c.ResolveBytesToBytes(spec)
		var ce *codec.ConfigError
		if !errors.As(err, &ce) || ce.Key != tc.key {
			t.Errorf("%+v: %v; want a *codec.ConfigError for %q", tc.c, err, tc.key)
		}
	}
	big := codec.FixedBytes(MaxChunkBytes+1, b2btest.ArraySpec(numeric.Uint8, 1))
	if _, err := (&Codec{Config{Cname: "lz4", Clevel: 5}}).ResolveBytesToBytes(big); !errors.Is(err, codec.ErrConfig) {
		t.Errorf("chunk of 2^31-16 bytes: %v; want a configuration error", err)
	}
}

// configs covers every compressor and shuffle.
var configs = []string{
	`{"name":"blosc","configuration":{"cname":"blosclz","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}`,
	`{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"bitshuffle","typesize":4,"blocksize":0}}`,
	`{"name":"blosc","configuration":{"cname":"lz4hc","clevel":9,"shuffle":"noshuffle","blocksize":0}}`,
	`{"name":"blosc","configuration":{"cname":"snappy","clevel":1,"shuffle":"shuffle","blocksize":4096}}`,
	`{"name":"blosc","configuration":{"cname":"zlib","clevel":1,"shuffle":"shuffle","blocksize":0}}`,
	`{"name":"blosc","configuration":{"cname":"zstd","clevel":3,"shuffle":"bitshuffle","blocksize":1000}}`,
	`{"name":"numcodecs.blosc","configuration":{"cname":"blosclz","clevel":9,"shuffle":-1,"blocksize":0}}`,
	`{"name":"numcodecs.blosc","configuration":{"cname":"lz4","clevel":0,"shuffle":1,"blocksize":0}}`,
}

func TestRoundTrip(t *testing.T) {
	for _, js := range configs {
		for _, dt := range []numeric.DataType{numeric.Uint8, numeric.Float32, numeric.Float64, numeric.Complex128} {
			t.Run(js+"/"+dt.String(), func(t *testing.T) {
				b2btest.CheckRoundTrip(t, b2btest.Parse(t, js), dt)
			})
		}
	}
}

func TestWrongSizeAndTruncated(t *testing.T) {
	for _, js := range configs {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckWrongSize(t, c, numeric.Float32)
			b2btest.CheckTruncated(t, c, numeric.Float32)
		})
	}
}

func TestConcurrent(t *testing.T) {
	for _, js := range configs[:6] {
		b2btest.CheckConcurrent(t, b2btest.Parse(t, js), numeric.Float32)
	}
}

// TestZeroAllocs: encoding and decoding allocate nothing once the pooled
// scratch space has grown, for every compressor and shuffle.
func TestZeroAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	in := b2btest.Smooth(1<<17, 1)
	for _, js := range configs {
		b := b2btest.Bind(t, b2btest.Parse(t, js), numeric.Float32, len(in))
		frame, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, 0, len(in)+headerSize)
		enc := testing.AllocsPerRun(10, func() { b.AppendEncode(dst[:0], in) })
		dec := testing.AllocsPerRun(10, func() { b.AppendDecode(dst[:0], frame) })
		if enc != 0 || dec != 0 {
			t.Errorf("%s: %.1f allocations to encode, %.1f to decode", js, enc, dec)
		}
	}
}

// TestPipeline runs bytes -> blosc in a codec.Pipeline, with the type
// size taken from the array.
func TestPipeline(t *testing.T) {
	c := b2btest.Parse(t, `{"name":"blosc","configuration":{"cname":"zstd","clevel":5}}`)
	in := b2btest.Smooth(10000, 4)
	p := b2btest.Pipeline(t, numeric.Float32, 10000, c)
	enc, err := p.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	if enc[3] != 4 || enc[2]&flagByteShuffle == 0 {
		t.Fatalf("typesize %d, flags %#02x; want 4 with byte shuffle", enc[3], enc[2])
	}
	out := make([]byte, len(in))
	if err := p.Decode(out, enc); err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "pipeline", out, in)
}

// TestInsideShard: blosc as the compressor of a shard's inner chunks,
// the way zarr-python 3 writes sharded arrays, with the type size taken
// from the array.
func TestInsideShard(t *testing.T) {
	chain, err := registry.Default().ParseCodecs([]byte(`[{"name": "sharding_indexed", "configuration": {
		"chunk_shape": [16, 16],
		"codecs": [{"name": "bytes", "configuration": {"endian": "little"}},
		           {"name": "blosc", "configuration": {"cname": "zstd", "clevel": 5, "shuffle": "shuffle", "blocksize": 0}}],
		"index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}]}}]`), "/codecs")
	if err != nil {
		t.Fatal(err)
	}
	spec := codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{64, 64}, FillValue: numeric.Zero(numeric.Float32)}
	p, err := codec.NewPipeline(spec, chain.Codecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := b2btest.Smooth(64*64, 5)
	enc, err := p.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(in))
	if err := p.Decode(out, enc); err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "shard", out, in)
	// the first inner chunk is a Blosc frame of 16x16 float32 values
	if binary.LittleEndian.Uint32(enc[4:]) != 16*16*4 || enc[3] != 4 {
		t.Fatalf("first inner chunk header % x", enc[:16])
	}
}

// TestEmpty: the empty chunk is a 16-byte stored frame, and decodes.
func TestEmpty(t *testing.T) {
	for _, js := range configs {
		b := b2btest.Bind(t, b2btest.Parse(t, js), numeric.Uint8, 0)
		enc, err := b.AppendEncode(nil, nil)
		if err != nil || len(enc) != headerSize || enc[2]&flagMemcpy == 0 || binary.LittleEndian.Uint32(enc[12:]) != headerSize {
			t.Fatalf("%s: empty chunk encodes to % x, %v", js, enc, err)
		}
		if out, err := b.AppendDecode(nil, enc); err != nil || len(out) != 0 {
			t.Fatalf("%s: decode %d bytes, %v", js, len(out), err)
		}
	}
}

// TestStoredWhenIncompressible: noise gives a stored frame of the data
// plus 16 bytes, never more.
func TestStoredWhenIncompressible(t *testing.T) {
	in := b2btest.Random(100000, 9)
	for _, js := range configs {
		b := b2btest.Bind(t, b2btest.Parse(t, js), numeric.Uint8, len(in))
		enc, err := b.AppendEncode(nil, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) > len(in)+headerSize {
			t.Fatalf("%s: %d bytes for %d", js, len(enc), len(in))
		}
	}
}

// TestBomb: a frame whose header claims more than the chunk is refused
// before anything is allocated; so is one with a stream that inflates
// past its block.
func TestBomb(t *testing.T) {
	const limit = 1 << 20
	c := b2btest.Parse(t, configs[1])
	big := b2btest.Bind(t, c, numeric.Uint8, 64<<20)
	bomb, err := big.AppendEncode(nil, make([]byte, 64<<20))
	if err != nil {
		t.Fatal(err)
	}
	b2btest.CheckBombBounded(t, c, bomb, limit, 4<<10)

	// A frame of the right size whose one zstd stream declares a window
	// and content of 256 MiB.
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithWindowSize(1<<20))
	stream := enc.EncodeAll(make([]byte, 256<<20), nil)
	frame := make([]byte, headerSize+8, headerSize+8+len(stream))
	frame[0], frame[1], frame[2], frame[3] = 2, 1, byte(formatZstd)<<5|flagDontSplit, 1
	binary.LittleEndian.PutUint32(frame[4:], limit)
	binary.LittleEndian.PutUint32(frame[8:], limit)
	binary.LittleEndian.PutUint32(frame[headerSize:], headerSize+4)
	binary.LittleEndian.PutUint32(frame[headerSize+4:], uint32(len(stream)))
	frame = append(frame, stream...)
	binary.LittleEndian.PutUint32(frame[12:], uint32(len(frame)))
	// slack: the chunk is 1 MiB; klauspost's decoder keeps about 320 KiB
	// of tables in pools that a GC empties, whatever the stream
	b2btest.CheckBombBounded(t, c, frame, limit, 512<<10)
}

// TestForged builds frames field by field and checks the decoder's
// answer, including the leniencies the package documents.
func TestForged(t *testing.T) {
	data := b2btest.Smooth(2048, 3)
	b := b2btest.Bind(t, b2btest.Parse(t, configs[0]), numeric.Float32, len(data))
	good, err := b.AppendEncode(nil, data)
	if err != nil {
		t.Fatal(err)
	}
	set := func(off int, v uint32) []byte {
		f := append([]byte{}, good...)
		binary.LittleEndian.PutUint32(f[off:], v)
		return f
	}
	// a block size larger than the data: one block (c-blosc 2 reads it so)
	f := set(8, uint32(len(data)+1000))
	f = f[:headerSize+4]
	f = binary.LittleEndian.AppendUint32(f, uint32(len(data)))
	f = append(f, data...)
	binary.LittleEndian.PutUint32(f[headerSize:], headerSize+4)
	f[2] = flagDontSplit // no shuffle, blosclz, unsplit
	binary.LittleEndian.PutUint32(f[12:], uint32(len(f)))
	if out, err := b.AppendDecode(nil, f); err != nil || !bytes.Equal(out, data) {
		t.Fatalf("block size past the data: %v", err)
	}
	for _, tc := range []struct {
		name  string
		frame []byte
	}{
		{"typesize 0", func() []byte { f := append([]byte{}, good...); f[3] = 0; return f }()},
		{"block offset into nowhere", set(headerSize, 1<<30)},
		{"negative nbytes", set(4, 1<<31)},
		{"cbytes beyond 2^31", set(12, 1<<31)},
	} {
		if _, err := b.AppendDecode(nil, tc.frame); !b2btest.IsCorrupt(err) {
			t.Errorf("%s: %v; want a *codec.CorruptError", tc.name, err)
		}
	}
}

// TestSplitNotWhole: a block whose size the type size does not divide
// cannot be split (only forged frames have one).
func TestSplitNotWhole(t *testing.T) {
	// 200 bytes of type size 3, one unsplit-flag-free block: 200/3 >= 128
	// is false, so no split: fine. Type size 2 with 301 bytes and blocksize
	// 301: 150 elements, split, but 301 is odd.
	f := make([]byte, headerSize+4)
	f[0], f[1], f[2], f[3] = 2, 1, 0, 2
	binary.LittleEndian.PutUint32(f[4:], 602)
	binary.LittleEndian.PutUint32(f[8:], 301)
	binary.LittleEndian.PutUint32(f[headerSize:], headerSize+8)
	f = append(f, make([]byte, 8)...)
	binary.LittleEndian.PutUint32(f[12:], uint32(len(f)))
	b := b2btest.Bind(t, b2btest.Parse(t, configs[0]), numeric.Uint8, 602)
	_, err := b.AppendDecode(nil, f)
	if !b2btest.IsCorrupt(err) {
		t.Fatalf("%v; want a *codec.CorruptError", err)
	}
	var ce *codec.CorruptError
	errors.As(err, &ce)
	if ce.Codec != Name {
		t.Fatalf("error names %q, want %q", ce.Codec, Name)
	}
}

// TestBlocksizeRules pins c-blosc's block size choices on a few cases
// worked by hand from its rules.
func TestBlocksizeRules(t *testing.T) {
	for _, tc := range []struct {
		comp                   compressor
		clevel, ts, n, req, bs int
	}{
		{compLZ4, 5, 4, 1 << 20, 0, 512 << 10},      // 32K*4, split: *4
		{compLZ4, 1, 4, 1 << 20, 0, 64 << 10},       // 16K, split: *4 = 64K
		{compZstd, 5, 4, 1 << 20, 0, 256 << 10},     // 64K*4, never split
		{compZstd, 9, 4, 1 << 20, 0, 1 << 20},       // 64K*16
		{compZlib, 9, 8, 1 << 20, 0, 1 << 20},       // 64K*16=1M, split: min(1M,256K)*8 capped 1M
		{compBlosclz, 5, 2, 100000, 0, 100000},      // 128K*2 -> 256K -> n
		{compBlosclz, 5, 32, 1 << 20, 0, 128 << 10}, // typesize over 16: no split
		{compLZ4, 5, 4, 1000, 0, 1000},
		{compLZ4, 5, 4, 3, 0, 1},             // fewer bytes than one element
		{compLZ4, 5, 4, 100000, 100, 128},    // raised to 128; 32 elements: no split
		{compLZ4, 5, 4, 100000, 1000, 65536}, // split: 1000*4, raised to 64K
		{compLZ4, 5, 3, 1 << 20, 0, 393216},  // 128K*3
		{compLZ4, 0, 4, 1 << 20, 0, 8192},
	} {
		got := computeBlocksize(tc.comp, tc.clevel, tc.ts, tc.n, tc.req)
		if got != tc.bs {
			t.Errorf("%+v: block size %d, want %d", tc, got, tc.bs)
		}
	}
}

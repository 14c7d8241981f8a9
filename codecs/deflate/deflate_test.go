package deflate_test

import (
	"bytes"
	stdgzip "compress/gzip"
	stdzlib "compress/zlib"
	"io"
	"testing"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/deflate"
	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name":"gzip","configuration":{"level":5}}`, Want: `{"name":"gzip","configuration":{"level":5}}`},
		{JSON: `{"name":"numcodecs.gzip","configuration":{"level":0}}`, Want: `{"name":"numcodecs.gzip","configuration":{"level":0}}`},
		{JSON: `"numcodecs.gzip"`, Want: `{"name":"numcodecs.gzip","configuration":{"level":1}}`},
		{JSON: `{"name":"numcodecs.gzip","configuration":{"level":-1}}`, Want: `{"name":"numcodecs.gzip","configuration":{"level":-1}}`},
		{JSON: `{"name":"gzip","configuration":{"level":-1}}`, Err: "out of range [0, 9]"},
		{JSON: `{"name":"gzip"}`, Err: `"level" is required`},
		{JSON: `{"name":"gzip","configuration":{"level":10}}`, Err: "out of range [0, 9]"},
		{JSON: `{"name":"gzip","configuration":{"level":1.5}}`, Err: "want an integer"},
		{JSON: `{"name":"gzip","configuration":{"level":1,"mtime":0}}`, Err: `unknown configuration key "mtime"`},
		{JSON: `{"name":"numcodecs.zlib"}`, Want: `{"name":"numcodecs.zlib","configuration":{"level":1}}`},
		{JSON: `{"name":"numcodecs.zlib","configuration":{"level":-1}}`, Want: `{"name":"numcodecs.zlib","configuration":{"level":-1}}`},
		{JSON: `{"name":"numcodecs.zlib","configuration":{"level":-2}}`, Err: "out of range [-1, 9]"},
		{JSON: `{"name":"numcodecs.zlib","configuration":{"level":"5"}}`, Err: "want an integer"},
	})
	if _, err := (&deflate.Gzip{Level: 11}).ResolveBytesToBytes(codec.FixedBytes(4, b2btest.ArraySpec(numeric.Float32, 1))); err == nil {
		t.Error("gzip level 11 resolved")
	}
}

var codecs = map[string]string{
	"gzip0":  `{"name":"gzip","configuration":{"level":0}}`,
	"gzip1":  `{"name":"gzip","configuration":{"level":1}}`,
	"gzip9":  `{"name":"gzip","configuration":{"level":9}}`,
	"zlib1":  `{"name":"numcodecs.zlib","configuration":{"level":1}}`,
	"zlib-1": `{"name":"numcodecs.zlib","configuration":{"level":-1}}`,
	"zlib9":  `{"name":"numcodecs.zlib","configuration":{"level":9}}`,
}

func TestRoundTrip(t *testing.T) {
	for name, js := range codecs {
		t.Run(name, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckRoundTrip(t, c, numeric.Float32)
			b2btest.CheckWrongSize(t, c, numeric.Float32)
			b2btest.CheckTruncated(t, c, numeric.Float32)
		})
	}
}

func TestConcurrent(t *testing.T) {
	b2btest.CheckConcurrent(t, b2btest.Parse(t, codecs["gzip1"]), numeric.Float32)
	b2btest.CheckConcurrent(t, b2btest.Parse(t, codecs["zlib1"]), numeric.Float32)
}

// TestStdlibReadsOutput checks our streams with Go's own compress/gzip and
// compress/zlib, an implementation independent of klauspost/compress.
func TestStdlibReadsOutput(t *testing.T) {
	in := b2btest.Smooth(50000, 1)
	g, _ := b2btest.Bind(t, b2btest.Parse(t, codecs["gzip9"]), numeric.Float32, len(in)).AppendEncode(nil, in)
	zr, err := stdgzip.NewReader(bytes.NewReader(g))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Header.OS != 255 || !zr.Header.ModTime.IsZero() && zr.Header.ModTime.Unix() != 0 {
		t.Errorf("gzip header OS %d, mtime %v; want 255 and 0", zr.Header.OS, zr.Header.ModTime)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "stdlib gzip", got, in)
	z, _ := b2btest.Bind(t, b2btest.Parse(t, codecs["zlib1"]), numeric.Float32, len(in)).AppendEncode(nil, in)
	if z[0] != 0x78 {
		t.Errorf("zlib header byte %#x, want 0x78", z[0])
	}
	zz, err := stdzlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	got, err = io.ReadAll(zz)
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "stdlib zlib", got, in)
}

// TestEmptyGzip: numcodecs decodes an empty byte string as an empty gzip
// chunk; so does zcodec, and only for an empty chunk.
func TestEmptyGzip(t *testing.T) {
	c := b2btest.Parse(t, codecs["gzip1"])
	if out, err := b2btest.Bind(t, c, numeric.Uint8, 0).AppendDecode(nil, nil); err != nil || len(out) != 0 {
		t.Errorf("empty input, empty chunk: %d bytes, %v", len(out), err)
	}
	if _, err := b2btest.Bind(t, c, numeric.Uint8, 4).AppendDecode(nil, nil); !b2btest.IsCorrupt(err) {
		t.Errorf("empty input, 4-byte chunk: %v; want a *codec.CorruptError", err)
	}
	if _, err := b2btest.Bind(t, b2btest.Parse(t, codecs["zlib1"]), numeric.Uint8, 0).AppendDecode(nil, nil); !b2btest.IsCorrupt(err) {
		t.Errorf("zlib, empty input: %v; want a *codec.CorruptError", err)
	}
}

// TestBomb: streams that inflate to 64 MiB must fail for a 1 MiB chunk
// without allocating much more than 1 MiB.
func TestBomb(t *testing.T) {
	const big, limit = 64 << 20, 1 << 20
	zeros := make([]byte, big)
	for _, name := range []string{"gzip9", "zlib9"} {
		t.Run(name, func(t *testing.T) {
			c := b2btest.Parse(t, codecs[name])
			bomb, err := b2btest.Bind(t, c, numeric.Uint8, big).AppendEncode(nil, zeros)
			if err != nil {
				t.Fatal(err)
			}
			b2btest.CheckBombBounded(t, c, bomb, limit, 256<<10)
		})
	}
}

// TestPipeline runs numcodecs.shuffle-free chains through codec.Pipeline.
func TestPipeline(t *testing.T) {
	in := b2btest.Smooth(4096, 9)
	for name, js := range codecs {
		p := b2btest.Pipeline(t, numeric.Float32, 4096, b2btest.Parse(t, js))
		enc, err := p.AppendEncode(nil, in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := make([]byte, len(in))
		if err := p.Decode(out, enc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b2btest.Equal(t, name, out, in)
		if err := p.Decode(out, append(enc[:len(enc):len(enc)], 0xff)); name[0] == 'g' && err == nil {
			t.Errorf("%s: trailing 0xff accepted", name)
		}
	}
}

// TestForgedGzipHeader: header fields that announce large sizes (FEXTRA
// length, ISIZE trailer) neither allocate much nor pass.
func TestForgedGzipHeader(t *testing.T) {
	const limit = 1 << 20
	c := b2btest.Parse(t, codecs["gzip1"])
	b := b2btest.Bind(t, c, numeric.Uint8, limit)
	in := b2btest.Smooth(limit/4, 3)
	enc, err := b.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	extra := []byte{0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 255, 0xff, 0xff, 'x', 'y'}
	isize := append([]byte(nil), enc...)
	copy(isize[len(isize)-4:], []byte{0, 0, 0, 0x80}) // 2 GiB
	for name, src := range map[string][]byte{"FEXTRA 65535, truncated": extra, "ISIZE 2 GiB": isize} {
		var err error
		n := b2btest.AllocBytes(func() { _, err = b.AppendDecode(nil, src) })
		if !b2btest.IsCorrupt(err) {
			t.Errorf("%s: %v; want a *codec.CorruptError", name, err)
		}
		if n > limit+128<<10 {
			t.Errorf("%s: allocated %d bytes", name, n)
		}
		t.Logf("%s: %v; %d bytes allocated", name, err, n)
	}
}

package bzip2_test

import (
	"bytes"
	stdbzip2 "compress/bzip2"
	_ "github.com/zcodec/zcodec/codecs/shuffle"
	"io"
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

func TestConfig(t *testing.T) {
	b2btest.CheckConfigs(t, []b2btest.ConfigCase{
		{JSON: `{"name":"numcodecs.bz2"}`, Want: `{"name":"numcodecs.bz2","configuration":{"level":1}}`},
		{JSON: `{"name":"numcodecs.bz2","configuration":{"level":9}}`, Want: `{"name":"numcodecs.bz2","configuration":{"level":9}}`},
		{JSON: `{"name":"numcodecs.bz2","configuration":{"level":0}}`, Err: "out of range [1, 9]"},
		{JSON: `{"name":"numcodecs.bz2","configuration":{"level":1,"x":1}}`, Err: `unknown configuration key "x"`},
	})
}

const bz9 = `{"name":"numcodecs.bz2","configuration":{"level":9}}`

func TestRoundTrip(t *testing.T) {
	for _, js := range []string{`{"name":"numcodecs.bz2"}`, bz9} {
		t.Run(js, func(t *testing.T) {
			c := b2btest.Parse(t, js)
			b2btest.CheckRoundTrip(t, c, numeric.Float32)
			b2btest.CheckWrongSize(t, c, numeric.Float32)
			b2btest.CheckTruncated(t, c, numeric.Float32)
		})
	}
}

func TestConcurrent(t *testing.T) {
	b2btest.CheckConcurrent(t, b2btest.Parse(t, bz9), numeric.Float32)
}

// TestStdlibReadsOutput checks our streams with Go's compress/bzip2, an
// implementation independent of dsnet/compress.
func TestStdlibReadsOutput(t *testing.T) {
	in := b2btest.Smooth(50000, 1)
	enc, err := b2btest.Bind(t, b2btest.Parse(t, bz9), numeric.Float32, len(in)).AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	if string(enc[:4]) != "BZh9" {
		t.Errorf("header %q, want BZh9", enc[:4])
	}
	got, err := io.ReadAll(stdbzip2.NewReader(bytes.NewReader(enc)))
	if err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "stdlib bzip2", got, in)
}

// TestTrailing: bytes after the last stream are ignored when they do not
// begin a stream header (as numcodecs does) and rejected otherwise.
func TestTrailing(t *testing.T) {
	in := b2btest.Smooth(1000, 2)
	b := b2btest.Bind(t, b2btest.Parse(t, bz9), numeric.Float32, len(in))
	enc, _ := b.AppendEncode(nil, in)
	empty := b2btest.Bind(t, b2btest.Parse(t, bz9), numeric.Uint8, 0)
	encEmpty, _ := empty.AppendEncode(nil, nil)
	for _, tc := range []struct {
		name string
		b    interface {
			AppendDecode(dst, src []byte) ([]byte, error)
		}
		src   []byte
		ok    bool
		check []byte
	}{
		{"garbage", b, append(enc[:len(enc):len(enc)], "not bzip2"...), true, in},
		{"zeros", b, append(enc[:len(enc):len(enc)], 0, 0, 0, 0, 0, 0), true, in},
		{"after empty stream", empty, append(encEmpty[:len(encEmpty):len(encEmpty)], "garbage!"...), true, nil},
		{"two streams", empty, append(encEmpty[:len(encEmpty):len(encEmpty)], encEmpty...), true, nil},
		{"short garbage", b, append(enc[:len(enc):len(enc)], 'x'), false, nil},
		{"bad second stream", b, append(enc[:len(enc):len(enc)], "BZh9garbage!"...), false, nil},
		{"garbage only", b, []byte("garbage garbage"), false, nil},
		{"empty", empty, nil, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.b.AppendDecode(nil, tc.src)
			if tc.ok {
				if err != nil {
					t.Fatal(err)
				}
				b2btest.Equal(t, "decoded", out, tc.check)
			} else if !b2btest.IsCorrupt(err) {
				t.Fatalf("error %v; want a *codec.CorruptError", err)
			}
		})
	}
}

func TestBomb(t *testing.T) {
	const big, limit = 32 << 20, 1 << 20
	c := b2btest.Parse(t, bz9)
	bomb, err := b2btest.Bind(t, c, numeric.Uint8, big).AppendEncode(nil, make([]byte, big))
	if err != nil {
		t.Fatal(err)
	}
	// A dsnet reader grows its block buffers (about 7.3 MiB for a level-9
	// stream, whatever the stream claims) the first time it meets a
	// level; pooled decoders keep them. The bound shows that the 32 MiB
	// the stream holds are never allocated.
	b2btest.CheckBombBounded(t, c, bomb, limit, 8<<20)
}

func TestPipeline(t *testing.T) {
	in := b2btest.Smooth(4096, 9)
	p := b2btest.Pipeline(t, numeric.Float32, 4096, b2btest.Parse(t, `{"name":"numcodecs.shuffle"}`), b2btest.Parse(t, bz9))
	enc, err := p.AppendEncode(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(in))
	if err := p.Decode(out, enc); err != nil {
		t.Fatal(err)
	}
	b2btest.Equal(t, "pipeline", out, in)
}

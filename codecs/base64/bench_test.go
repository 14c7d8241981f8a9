package base64_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
	"github.com/zcodec/zcodec/numeric"
)

// benchInput is a 1 MiB chunk of a smooth float32 field.
func benchInput() []byte { return b2btest.Smooth(256<<10, 7) }

func BenchmarkEncode(b *testing.B) {
	src := benchInput()
	c := b2btest.Bind(b, b2btest.Parse(b, `"numcodecs.base64"`), numeric.Float32, len(src))
	dst, _ := c.AppendEncode(nil, src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		dst, _ = c.AppendEncode(dst[:0], src)
	}
	b.ReportMetric(float64(len(src))/float64(len(dst)), "ratio")
}

func BenchmarkDecode(b *testing.B) {
	src := benchInput()
	c := b2btest.Bind(b, b2btest.Parse(b, `"numcodecs.base64"`), numeric.Float32, len(src))
	enc, err := c.AppendEncode(nil, src)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, 0, len(src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if dst, err = c.AppendDecode(dst[:0], enc); err != nil {
			b.Fatal(err)
		}
	}
}

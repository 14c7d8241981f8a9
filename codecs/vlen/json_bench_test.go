package vlen_test

import (
	"fmt"
	"testing"

	"github.com/zcodec/zcodec/numeric"
)

// BenchmarkJSONEncode: json2 writing a 64x256 chunk of short strings.
func BenchmarkJSONEncode(b *testing.B) {
	shape := []int{64, 256}
	var es [][]byte
	for i := range shape[0] * shape[1] {
		es = append(es, fmt.Appendf(nil, "s%d é", i))
	}
	src := vlenForm(es)
	for _, cfg := range []string{`{}`, `{"indent": 2}`} {
		b.Run(cfg, func(b *testing.B) {
			p := pipeline(b, `{"name":"numcodecs.json2","configuration":`+cfg+`}`, numeric.String, shape)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var dst []byte
			for b.Loop() {
				var err error
				if dst, err = p.AppendEncode(dst[:0], src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

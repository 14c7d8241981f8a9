package deflate_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecodeGzip(f *testing.F) {
	b2btest.FuzzDecode(f, "gzip-", `{"name":"gzip","configuration":{"level":1}}`)
}

func FuzzDecodeZlib(f *testing.F) {
	b2btest.FuzzDecode(f, "zlib-", `"numcodecs.zlib"`)
}

func FuzzConfigGzip(f *testing.F) {
	b2btest.FuzzConfig(f, "gzip", `{"level":1}`, `{}`, `{"level":9.0}`)
}

func FuzzConfigZlib(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.zlib", `{"level":-1}`, `{}`)
}

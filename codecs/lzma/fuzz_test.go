package lzma_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecode(f *testing.F) {
	b2btest.FuzzExtraDecode(f, "lzma-", `"numcodecs.lzma"`,
		`{"name":"numcodecs.lzma","configuration":{"format":2}}`,
		`{"name":"numcodecs.lzma","configuration":{"format":3,"filters":[{"id":33,"dict_size":65536}]}}`)
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.lzma", `{}`, `{"format":1,"check":-1,"preset":null,"filters":null}`,
		`{"format":2,"preset":9}`, `{"format":3,"filters":[{"id":33,"preset":1,"lc":0}]}`, `{"filters":[{"id":3,"dist":4}]}`)
}

package lz4_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecode(f *testing.F) {
	b2btest.FuzzDecode(f, "lz4-", `"numcodecs.lz4"`)
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.lz4", `{}`, `{"acceleration":1}`, `{"acceleration":65537}`)
}

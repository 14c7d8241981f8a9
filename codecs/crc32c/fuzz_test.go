package crc32c_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

// FuzzDecode seeds from every numcodecs vector: any byte string is a
// candidate crc32c chunk.
func FuzzDecode(f *testing.F) {
	b2btest.FuzzDecode(f, "", `"crc32c"`)
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "crc32c", `{}`, `{"a":1}`)
}

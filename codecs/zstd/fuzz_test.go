package zstd_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecode(f *testing.F) {
	b2btest.FuzzDecode(f, "zstd-", `{"name":"zstd","configuration":{"level":1,"checksum":true}}`)
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "zstd", `{"level":3,"checksum":false}`, `{"level":-131072,"checksum":true}`, `{"level":3}`)
}

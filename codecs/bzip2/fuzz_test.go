package bzip2_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecode(f *testing.F) {
	b2btest.FuzzDecode(f, "bz2-", `"numcodecs.bz2"`)
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.bz2", `{}`, `{"level":9}`, `{"level":0}`)
}
